import {
  CLAIM_MESSAGES,
  type ClaimDetail,
  type ClaimEncounter,
  type ClaimLine,
  formatNaira,
} from '@carepoint/contract';
import { ArrowLeft, Download, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { formatCalendarDate, plural } from '@/lib/format';
import { useRowDialog } from '@/lib/use-row-dialog';
import { claimFileHref, useClaim, useRemoveLine, useSubmitClaim } from '../api';
import { ClaimStatusBadge, OutcomeBadge } from '../components/claim-status';
import {
  CorrectLineDialog,
  type LineTarget,
  RemittanceDialog,
  ResubmitLineDialog,
} from '../components/line-dialogs';

const FLAG_TEXT = { preauth: 'Pre-auth code missing', diagnosis: 'Diagnosis not coded' } as const;

/** What can be done with a line now: correct or remove on a draft, remit once submitted, resubmit when denied. */
function LineActions({
  claim,
  target,
  on,
}: {
  claim: ClaimDetail;
  target: LineTarget;
  on: {
    correct: (t: LineTarget) => void;
    remove: (t: LineTarget) => void;
    remit: (t: LineTarget) => void;
    resubmit: (t: LineTarget) => void;
  };
}) {
  const { line } = target;
  if (claim.status === 'draft')
    return (
      <span className="flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={() => on.correct(target)}>
          Correct
        </Button>
        <Button size="sm" variant="ghost" onClick={() => on.remove(target)}>
          Remove
        </Button>
      </span>
    );
  if (!line.outcome)
    return (
      <Button size="sm" variant="secondary" onClick={() => on.remit(target)}>
        Record Remittance
      </Button>
    );
  if (line.outcome === 'denied' && !line.resubmittedIn)
    return (
      <Button size="sm" variant="secondary" onClick={() => on.resubmit(target)}>
        Resubmit
      </Button>
    );
  return null;
}

/** A line's status: its flags on a draft; the payer's answer once submitted, with the reason and where it went next. */
function LineStatus({ claim, line }: { claim: ClaimDetail; line: ClaimLine }) {
  if (claim.status === 'draft')
    return line.flags.length ? (
      <span className="flex flex-wrap gap-1">
        {line.flags.map((f) => (
          <Badge key={f} tone="red">
            {FLAG_TEXT[f]}
          </Badge>
        ))}
      </span>
    ) : (
      <Badge tone="green">Ready</Badge>
    );
  return (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={line.outcome} />
        {line.outcome === 'part-paid' && line.paidAmount !== null ? (
          <span className="text-xs text-ink-muted">{formatNaira(line.paidAmount)} paid</span>
        ) : null}
      </span>
      {line.denialReason ? <span className="text-xs text-ink-muted">{line.denialReason}</span> : null}
      {line.resubmittedIn ? (
        <Link
          className="text-xs text-primary-700 hover:underline"
          to={`/billing/claims/${line.resubmittedIn.claimId}`}
        >
          Resubmitted in {line.resubmittedIn.claimNumber}
        </Link>
      ) : null}
    </span>
  );
}

const cell = 'px-3 py-2 align-top';

function EncounterCard({
  claim,
  encounter,
  on,
}: {
  claim: ClaimDetail;
  encounter: ClaimEncounter;
  on: Parameters<typeof LineActions>[0]['on'];
}) {
  const e = encounter;
  const days =
    e.from === e.to
      ? formatCalendarDate(e.from)
      : `${formatCalendarDate(e.from)} – ${formatCalendarDate(e.to)}`;
  return (
    <Card
      flush
      className="min-w-0"
      title={
        <span className="flex flex-wrap items-baseline gap-x-3">
          <span>{e.patient.name}</span>
          <span className="text-sm font-normal text-ink-muted">
            {e.patient.recordNumber} · Member {e.memberNumber}
          </span>
        </span>
      }
      actions={
        <Badge tone={e.kind === 'inpatient' ? 'slate' : 'blue'}>
          {e.kind === 'inpatient' ? 'Inpatient' : 'Outpatient'}
        </Badge>
      }
    >
      <p className="flex flex-wrap gap-x-4 gap-y-1 border-b border-border px-4 py-2 text-sm text-ink-muted">
        <span>{days}</span>
        <span>
          Diagnosis:{' '}
          {e.diagnosis ? (
            <span className="text-ink">
              {e.diagnosis.code} {e.diagnosis.title}
            </span>
          ) : (
            <span className="font-medium text-danger-700">not coded</span>
          )}
        </span>
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">Services of {e.patient.name}</caption>
          <thead className="bg-surface-muted text-left text-xs uppercase text-ink-muted">
            <tr>
              <th className={cell}>Date</th>
              <th className={cell}>Service</th>
              <th className={cell}>Auth. code</th>
              <th className={`${cell} text-right`}>Qty</th>
              <th className={`${cell} text-right`}>Unit price</th>
              <th className={`${cell} text-right`}>Claimed</th>
              <th className={cell}>Status</th>
              <th className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {e.lines.map((line) => (
              <tr key={line.id} className="border-t border-border">
                <td className={`${cell} whitespace-nowrap`}>{formatCalendarDate(line.careDate)}</td>
                <td className={cell}>
                  {line.service.name}
                  {line.service.code ? (
                    <span className="block text-xs text-ink-soft">{line.service.code}</span>
                  ) : null}
                </td>
                <td className={cell}>{line.preauthCode ?? (line.preauthRequired ? 'Required' : '—')}</td>
                <td className={`${cell} text-right`}>{line.quantity}</td>
                <td className={`${cell} whitespace-nowrap text-right`}>{formatNaira(line.unitPrice)}</td>
                <td className={`${cell} whitespace-nowrap text-right font-medium`}>
                  {formatNaira(line.amount)}
                </td>
                <td className={cell}>
                  <LineStatus claim={claim} line={line} />
                </td>
                <td className={`${cell} text-right`}>
                  <LineActions claim={claim} target={{ line, encounter: e }} on={on} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function Downloads({ claimId }: { claimId: string }) {
  return (
    <>
      {(['csv', 'pdf'] as const).map((kind) => (
        <a
          key={kind}
          href={claimFileHref(claimId, kind)}
          download
          className={buttonClass({ variant: 'secondary' })}
        >
          <Download aria-hidden size={16} /> {kind.toUpperCase()}
        </a>
      ))}
    </>
  );
}

/** A claim: its encounters and lines with their flags, Submit, the downloads, remittance and resubmission per line. */
export default function ClaimPage() {
  const { id = '' } = useParams();
  const claim = useClaim(id);
  const submit = useSubmitClaim(id);
  const remove = useRemoveLine(id);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const correct = useRowDialog<LineTarget>();
  const removing = useRowDialog<LineTarget>();
  const remit = useRowDialog<LineTarget>();
  const resubmit = useRowDialog<LineTarget>();
  if (claim.isPending) return <PageSkeleton />;
  if (claim.isError)
    return <ErrorState message={CLAIM_MESSAGES.loadFailed} onRetry={() => void claim.refetch()} />;
  const c = claim.data;
  const draft = c.status === 'draft';
  const on = { correct: correct.edit, remove: removing.edit, remit: remit.edit, resubmit: resubmit.edit };
  return (
    <>
      <PageHeader
        title={`Claim ${c.number}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {c.payer.name}
            {c.payer.code ? ` (${c.payer.code})` : ''} · {formatCalendarDate(c.periodFrom)} –{' '}
            {formatCalendarDate(c.periodTo)} <ClaimStatusBadge claim={c} />
          </span>
        }
        actions={
          <>
            <Link to="/billing/claims" className={buttonClass({ variant: 'ghost' })}>
              <ArrowLeft aria-hidden size={16} /> Claims
            </Link>
            <Downloads claimId={c.id} />
            {draft ? (
              <Button
                onClick={() => setConfirmSubmit(true)}
                disabled={c.flaggedCount > 0 || c.lineCount === 0}
              >
                <Send aria-hidden size={16} /> Submit
              </Button>
            ) : null}
          </>
        }
      />
      {draft && c.flaggedCount > 0 ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-800"
        >
          {plural(c.flaggedCount, 'line')} {c.flaggedCount === 1 ? 'lacks' : 'lack'} a pre-authorisation code
          or a diagnosis. Correct or remove {c.flaggedCount === 1 ? 'it' : 'them'} before submitting.
        </p>
      ) : null}
      <div className="mb-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
        <StatTile label="Encounters" value={c.encounters.length} />
        <StatTile label="Lines" value={c.lineCount} />
        <StatTile label="Claimed" value={formatNaira(c.totalClaimed)} />
        <StatTile label="Paid" value={formatNaira(c.totalPaid)} />
      </div>
      <div className="grid min-w-0 gap-4">
        {c.encounters.map((e) => (
          <EncounterCard key={e.key} claim={c} encounter={e} on={on} />
        ))}
      </div>
      <ConfirmDialog
        open={confirmSubmit}
        onOpenChange={setConfirmSubmit}
        title="Submit this claim?"
        description={`${plural(c.lineCount, 'line')}, ${formatNaira(c.totalClaimed)}, go to ${c.payer.name}. A submitted claim cannot change.`}
        confirmLabel="Submit"
        destructive={false}
        loading={submit.isPending}
        onConfirm={() => submit.mutate(undefined, { onSuccess: () => setConfirmSubmit(false) })}
      />
      <ConfirmDialog
        open={removing.row !== null}
        onOpenChange={removing.dialogProps.onOpenChange}
        title="Remove this line?"
        description="Its charge stays on the patient's bill, unclaimed: a later claim for the period takes it."
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() =>
          removing.row && remove.mutate(removing.row.line.id, { onSuccess: () => removing.edit(null) })
        }
      />
      <CorrectLineDialog claimId={c.id} target={correct.row} {...correct.dialogProps} />
      <RemittanceDialog claimId={c.id} target={remit.row} {...remit.dialogProps} />
      <ResubmitLineDialog claimId={c.id} target={resubmit.row} {...resubmit.dialogProps} />
    </>
  );
}
