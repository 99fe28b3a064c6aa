import { LAB_RESULT_MESSAGES, type LabResultLine, type LabResultSheet } from '@carepoint/contract';
import { CircleCheck, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Badge, StatusBadge as OrderStateBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useEnterResults, useLabSheet, useVerifyResults } from '@/features/lab-results/api';
import { CorrectionDialog } from '@/features/lab-results/correction-dialog';
import { FlagBadge, rangeText, StatusBadge, valueText } from '@/features/lab-results/display';
import {
  entryDefaults,
  entryFields,
  entrySchema,
  openLines,
  previewFlag,
} from '@/features/lab-results/entry-form';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

/** A value filed: the value, its flag and status, who entered and verified it; corrected versions struck through. */
function FiledValue({ line, onCorrect }: { line: LabResultLine; onCorrect: (line: LabResultLine) => void }) {
  const current = line.current;
  if (!current) return null;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base font-semibold text-ink">{valueText(current.value, line.test.unit)}</span>
        <FlagBadge flag={current.interpretation} />
        <StatusBadge status={current.status} />
        {current.status !== 'preliminary' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onCorrect(line)}
            aria-label={`Correct ${line.test.name}`}
          >
            <Pencil aria-hidden size={14} /> Correct
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-ink-muted">
        {current.enteredBy ? `Entered by ${current.enteredBy.name}` : 'From the analyser'}
        {current.verifiedBy ? ` · verified by ${current.verifiedBy.name}` : ''}
        {current.correctionReason ? ` · reason: ${current.correctionReason}` : ''}
      </p>
      {line.previous.map((old) => (
        <p key={old.id} className="text-xs text-ink-muted">
          <span className="line-through">{valueText(old.value, line.test.unit)}</span> corrected{' '}
          {old.supersededAt ? formatDateTime(old.supersededAt) : ''}
        </p>
      ))}
    </div>
  );
}

/** The sheet's tests: each with its range; a field for those without a value, all saved at once. */
function ResultsForm({
  sheet,
  onCorrect,
}: {
  sheet: LabResultSheet;
  onCorrect: (line: LabResultLine) => void;
}) {
  const enter = useEnterResults(sheet.id);
  const schema = useMemo(() => entrySchema(sheet.lines), [sheet.lines]);
  const defaults = useMemo(() => entryDefaults(sheet.lines), [sheet.lines]);
  const {
    register,
    watch,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema,
    defaultValues: defaults,
    values: defaults,
    fields: entryFields,
    send: (body) => enter.mutateAsync(body),
    success: LAB_RESULT_MESSAGES.saved,
  });
  const fields = openLines(sheet.lines);
  const typed = watch('values');
  const canEnter = sheet.specimen !== null && sheet.state !== 'Verified' && sheet.state !== 'Cancelled';
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-border">
        {sheet.lines.map((line) => {
          const index = fields.findIndex((f) => f.test.id === line.test.id);
          const range = rangeText(line.range, line.test.unit);
          const label = `${line.test.name}${line.test.unit ? ` (${line.test.unit})` : ''}`;
          const error = index >= 0 ? errors.values?.[index]?.value?.message : undefined;
          return (
            <li
              key={line.test.id}
              className="grid gap-2 py-3 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-start"
            >
              <div className="min-w-0">
                <p className="font-medium text-ink">{line.test.name}</p>
                <p className="text-xs text-ink-muted">
                  {[line.panel?.name, line.test.code, `LOINC ${line.test.loincCode}`]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-xs text-ink-muted">
                  {range ? `Reference ${range}` : 'No reference range'}
                </p>
              </div>
              {line.current ? (
                <FiledValue line={line} onCorrect={onCorrect} />
              ) : index >= 0 && canEnter ? (
                <div className="flex flex-wrap items-start gap-2">
                  {line.test.resultType === 'choice' ? (
                    <Select
                      label={label}
                      hideLabel
                      placeholder="Choose"
                      className="min-w-48"
                      options={line.test.choices.map((c) => ({ value: c, label: c }))}
                      error={error}
                      {...register(`values.${index}.value`)}
                    />
                  ) : line.test.resultType === 'text' ? (
                    <Textarea
                      label={label}
                      hideLabel
                      rows={2}
                      className="min-w-64 flex-1"
                      error={error}
                      {...register(`values.${index}.value`)}
                    />
                  ) : (
                    <Input
                      label={label}
                      hideLabel
                      inputMode="decimal"
                      className="w-36"
                      error={error}
                      {...register(`values.${index}.value`)}
                    />
                  )}
                  <span className="pt-2">
                    <FlagBadge flag={previewFlag(line, typed?.[index]?.value ?? '')} />
                  </span>
                </div>
              ) : (
                <p className="text-sm text-ink-muted">No value</p>
              )}
            </li>
          );
        })}
      </ul>
      {fields.length > 0 && canEnter ? (
        <div>
          <Button type="submit" loading={isSubmitting}>
            Save results
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function Verification({ sheet }: { sheet: LabResultSheet }) {
  const verify = useVerifyResults(sheet.id);
  if (sheet.state === 'Verified')
    return (
      <p className="flex items-center gap-2 text-sm text-success-800">
        <CircleCheck aria-hidden size={16} /> Verified and released to the ordering doctor.
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        disabled={!sheet.canVerify}
        loading={verify.isPending}
        onClick={() =>
          verify.mutate(undefined, { onSuccess: () => toast.success(LAB_RESULT_MESSAGES.verified) })
        }
      >
        <CircleCheck aria-hidden size={16} /> Verify and release
      </Button>
      {sheet.verifyBlockedBy ? <p className="text-sm text-ink-muted">{sheet.verifyBlockedBy}</p> : null}
    </div>
  );
}

function SheetHeader({ sheet }: { sheet: LabResultSheet }) {
  const facts = [
    sheet.patient.recordNumber,
    sheet.patient.sex,
    sheet.patient.dateOfBirth ? `born ${sheet.patient.dateOfBirth}` : null,
    `Dr ${sheet.requester.name}`,
  ].filter(Boolean);
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-ink">{sheet.patient.name}</p>
          <p className="text-sm text-ink-muted">{facts.join(' · ')}</p>
          <p className="mt-1 text-sm text-ink-soft">
            {sheet.specimen ? (
              <>
                <span className="font-mono">{sheet.specimen.accession}</span> · collected{' '}
                {formatDateTime(sheet.specimen.collectedAt)}
              </>
            ) : (
              'No specimen collected yet'
            )}
          </p>
          {sheet.clinicalNote ? <p className="mt-1 text-sm text-ink-soft">{sheet.clinicalNote}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={sheet.priority === 'Routine' ? 'grey' : 'red'}>{sheet.priority}</Badge>
          <OrderStateBadge status={sheet.state} />
        </div>
      </div>
    </Card>
  );
}

/**
 * A lab order's results (/lab/orders/:id), reached from the worklist: each test with its unit and
 * the range for this patient, the values entered in one save, verification by a second scientist
 * (or the same one in a separate step, by the lab's setting), corrections of verified values.
 */
export default function OrderResultsPage() {
  const { id = '' } = useParams();
  const sheet = useLabSheet(id);
  const [correcting, setCorrecting] = useState<LabResultLine | null>(null);
  return (
    <>
      <PageHeader
        title="Results"
        description="Enter each test's value, then a scientist verifies them before the doctor sees them."
        actions={
          <Link to="/lab/worklist" className="text-sm font-medium text-primary-800 hover:underline">
            Back to the worklist
          </Link>
        }
      />
      {sheet.data ? (
        <div className="flex flex-col gap-4">
          <SheetHeader sheet={sheet.data} />
          <Card title="Tests">
            <ResultsForm sheet={sheet.data} onCorrect={setCorrecting} />
            <div className="mt-4 border-t border-border pt-4">
              <Verification sheet={sheet.data} />
            </div>
          </Card>
          <CorrectionDialog orderId={id} line={correcting} onClose={() => setCorrecting(null)} />
        </div>
      ) : sheet.isError ? (
        <Card>
          <ErrorState
            message={errorMessage(sheet.error, LAB_RESULT_MESSAGES.loadFailed)}
            onRetry={() => void sheet.refetch()}
            retrying={sheet.isFetching}
          />
        </Card>
      ) : (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-28" />
          <Skeleton className="h-64" />
        </div>
      )}
    </>
  );
}
