import {
  COVERAGE_MESSAGES,
  COVERAGE_STATUS_LABELS,
  type Coverage,
  type CoverageStatus,
  PAYER_KIND_LABELS,
  patientShareText,
} from '@carepoint/contract';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCoverages, useRemovePreauth } from '@/lib/api/coverage';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/format';
import { useRowDialog } from '@/lib/use-row-dialog';
import { CoverageDialog, EndCoverageDialog, PreauthDialog } from './coverage-dialogs';
import { CoverageWarningText } from './coverage-warning';

/*
 * A patient's coverage as the desk (the admin's patient page) and the cashier (the account's
 * Coverage tab) see and manage it: one component, both screens (docs/areas/billing-coverage.md).
 */

const M = COVERAGE_MESSAGES;
const STATUS_TONES: Record<CoverageStatus, BadgeTone> = {
  'in-force': 'green',
  'not-yet-valid': 'blue',
  expired: 'amber',
};

type Preauth = Coverage['preauths'][number];

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

const period = (c: Coverage) =>
  `${formatCalendarDate(c.validFrom)} – ${c.validTo ? formatCalendarDate(c.validTo) : 'until ended'}`;

function PreauthCodes({ coverage, onAdd }: { coverage: Coverage; onAdd: () => void }) {
  const remove = useRemovePreauth(coverage.id);
  const [removing, setRemoving] = useState<Preauth | null>(null);
  if (coverage.preauthServices.length === 0 && coverage.preauths.length === 0) return null;
  return (
    <div className="mt-3 border-t border-border pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-medium text-ink">Pre-authorisation codes</h4>
        {coverage.preauthServices.length > 0 ? (
          <Button size="sm" variant="secondary" onClick={onAdd}>
            <Plus aria-hidden size={14} /> Add Code
          </Button>
        ) : null}
      </div>
      {coverage.preauths.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">
          None yet. {coverage.payer.name} requires one for:{' '}
          {coverage.preauthServices.map((s) => s.name).join(', ')}.
        </p>
      ) : (
        <ul
          className="mt-2 flex flex-col gap-1"
          aria-label={`Pre-authorisation codes, ${coverage.payer.name}`}
        >
          {coverage.preauths.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-mono font-medium">{p.code}</span>{' '}
                <span className="text-ink-soft">{p.service.name}</span>
              </span>
              {p.inUse ? (
                <span className="text-xs text-ink-muted">Used by a charge</span>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setRemoving(p)}>
                  Remove<span className="sr-only"> {p.code}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove the code?"
        description={`${removing?.code ?? ''} for ${removing?.service.name ?? ''}. A charge for this service will then need another code.`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(M.preauthRemoved);
              setRemoving(null);
            },
          })
        }
      />
    </div>
  );
}

function CoverageItem({
  coverage,
  onEdit,
  onEnd,
  onAddCode,
}: {
  coverage: Coverage;
  onEdit: () => void;
  onEnd: () => void;
  onAddCode: () => void;
}) {
  const ended = coverage.status === 'expired';
  return (
    <li className="rounded-md border border-border p-4" aria-label={`${coverage.payer.name} coverage`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold text-ink">{coverage.payer.name}</h3>
          <Badge tone="grey">{PAYER_KIND_LABELS[coverage.payer.kind]}</Badge>
          <Badge tone={STATUS_TONES[coverage.status]}>{COVERAGE_STATUS_LABELS[coverage.status]}</Badge>
          {coverage.payer.active ? null : <Badge tone="grey">Payer inactive</Badge>}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit<span className="sr-only"> {coverage.payer.name} coverage</span>
          </Button>
          {ended ? null : (
            <Button size="sm" variant="secondary" onClick={onEnd}>
              End<span className="sr-only"> {coverage.payer.name} coverage</span>
            </Button>
          )}
        </div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Detail label="Member number">{coverage.memberNumber}</Detail>
        <Detail label="Plan">{coverage.plan ?? '—'}</Detail>
        <Detail label="Valid">{period(coverage)}</Detail>
        <Detail label="The patient pays">{patientShareText(coverage)}</Detail>
      </dl>
      <PreauthCodes coverage={coverage} onAdd={onAddCode} />
    </li>
  );
}

/** The Coverage card: today's warning, every coverage newest first, Add / Edit / End and the codes. */
export function CoverageCard({ patientId }: { patientId: string }) {
  const list = useCoverages(patientId);
  const [adding, setAdding] = useState(false);
  const editing = useRowDialog<Coverage>();
  const ending = useRowDialog<Coverage>();
  const coding = useRowDialog<Coverage>();
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <ErrorState message={errorMessage(list.error, M.loadFailed)} onRetry={() => void list.refetch()} />
    );
  } else {
    const { coverages, status } = list.data;
    body = (
      <div className="flex flex-col gap-3">
        <CoverageWarningText warning={status.warning} />
        {coverages.length === 0 ? (
          <p className="text-sm text-ink-muted">{M.none}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {coverages.map((c) => (
              <CoverageItem
                key={c.id}
                coverage={c}
                onEdit={() => editing.edit(c)}
                onEnd={() => ending.edit(c)}
                onAddCode={() => coding.edit(c)}
              />
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <Card
      aria-label="Coverage"
      title="Coverage"
      actions={
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden size={14} /> Add Coverage
        </Button>
      }
    >
      {body}
      <CoverageDialog open={adding} onOpenChange={setAdding} patientId={patientId} />
      {editing.row ? (
        <CoverageDialog patientId={patientId} coverage={editing.row} {...editing.dialogProps} />
      ) : null}
      {ending.row ? <EndCoverageDialog coverage={ending.row} {...ending.dialogProps} /> : null}
      {coding.row ? <PreauthDialog coverage={coding.row} {...coding.dialogProps} /> : null}
    </Card>
  );
}
