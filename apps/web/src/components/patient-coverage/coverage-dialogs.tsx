import {
  type AddPreauthOutput,
  addPreauthSchema,
  COVERAGE_MESSAGES,
  type Coverage,
  endCoverageSchema,
  PATIENT_SHARE_KINDS,
  type PatientShareKind,
} from '@carepoint/contract';
import type { Path } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAddPreauth, useCreateCoverage, useEndCoverage, useUpdateCoverage } from '@/lib/api/coverage';
import { usePayers } from '@/lib/api/price-lists';
import { deviceToday, formatCalendarDate } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { blankCoverage, type CoverageFormValues, checkCoverage, coverageFormValues } from './coverage-form';

const M = COVERAGE_MESSAGES;
const FIELDS: ReadonlyArray<Path<CoverageFormValues>> = [
  'payerId',
  'plan',
  'memberNumber',
  'validFrom',
  'validTo',
  'shareKind',
  'percent',
  'copay',
];
const SHARE_LABELS: Record<PatientShareKind, string> = {
  percent: 'A percentage of each charge',
  copay: 'A fixed co-payment per visit',
};

/** The active NHIA and HMOs, the choices of a new coverage. */
function usePayerOptions(open: boolean) {
  const payers = usePayers();
  if (!open) return [];
  return (payers.data ?? [])
    .filter((p) => p.active && p.kind !== 'self-pay')
    .map((p) => ({ value: p.id, label: p.name }));
}

type CoverageDialogProps = DialogComponentProps & { patientId: string; coverage?: Coverage };

/**
 * Add Coverage, or Edit one (everything but its payer: another payer is another coverage). The
 * share is a percentage of each charge or a fixed co-payment per visit; the field that the kind
 * does not use is hidden and not sent.
 */
export function CoverageDialog({ open, onOpenChange, patientId, coverage }: CoverageDialogProps) {
  const create = useCreateCoverage(patientId);
  const update = useUpdateCoverage(coverage?.id ?? '');
  const payerOptions = usePayerOptions(open && !coverage);
  const {
    register,
    onSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: coverage ? coverageFormValues(coverage) : blankCoverage(deviceToday()),
    check: checkCoverage,
    fields: FIELDS,
    open,
    send: ({ payerId, ...body }) =>
      coverage ? update.mutateAsync(body) : create.mutateAsync({ payerId, ...body }),
    success: coverage ? M.updated : M.added,
    onSaved: () => onOpenChange(false),
  });
  const shareKind = watch('shareKind');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={coverage ? 'Edit Coverage' : 'Add Coverage'}
      description={
        coverage
          ? `${coverage.payer.name}. A charge already made keeps the split it was made with.`
          : 'Care on the days it is valid is charged to its payer; the patient pays their share.'
      }
      submitLabel={coverage ? 'Save Coverage' : 'Add Coverage'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      {coverage ? null : (
        <Select
          label="Payer"
          placeholder="Select NHIA or an HMO"
          options={payerOptions}
          error={errors.payerId?.message}
          {...register('payerId')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Member number"
          autoComplete="off"
          error={errors.memberNumber?.message}
          {...register('memberNumber')}
        />
        <Input
          label="Plan (optional)"
          autoComplete="off"
          error={errors.plan?.message}
          {...register('plan')}
        />
        <Input label="Valid from" type="date" error={errors.validFrom?.message} {...register('validFrom')} />
        <Input
          label="Valid to (optional)"
          type="date"
          hint="Empty: valid until ended"
          error={errors.validTo?.message}
          {...register('validTo')}
        />
      </div>
      <Select
        label="The patient pays"
        options={PATIENT_SHARE_KINDS.map((kind) => ({ value: kind, label: SHARE_LABELS[kind] }))}
        error={errors.shareKind?.message}
        {...register('shareKind')}
      />
      {shareKind === 'copay' ? (
        <Input
          label="Co-payment per visit (₦)"
          inputMode="decimal"
          autoComplete="off"
          hint="Charged on the consultation or a stay's first night"
          error={errors.copay?.message}
          {...register('copay')}
        />
      ) : (
        <Input
          label="Patient’s share (%)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.percent?.message}
          {...register('percent')}
        />
      )}
    </FormDialog>
  );
}

type ForCoverage = DialogComponentProps & { coverage: Coverage };

/** End: the coverage's last valid day. Care after it is charged to self-pay (or a newer coverage). */
export function EndCoverageDialog({ open, onOpenChange, coverage }: ForCoverage) {
  const end = useEndCoverage(coverage.id);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: endCoverageSchema,
    defaultValues: { validTo: deviceToday() },
    fields: ['validTo'],
    open,
    send: (body) => end.mutateAsync(body),
    success: M.ended,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`End ${coverage.payer.name} coverage`}
      description={`Valid from ${formatCalendarDate(coverage.validFrom)}. Care after the last valid day is charged to self-pay.`}
      submitLabel="End Coverage"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input label="Last valid day" type="date" error={errors.validTo?.message} {...register('validTo')} />
    </FormDialog>
  );
}

/** Add a pre-authorisation code the payer gave, for one of the services it requires one for. */
export function PreauthDialog({ open, onOpenChange, coverage }: ForCoverage) {
  const add = useAddPreauth(coverage.id);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: addPreauthSchema,
    defaultValues: { serviceId: coverage.preauthServices[0]?.id ?? '', code: '' } satisfies AddPreauthOutput,
    fields: ['serviceId', 'code'],
    open,
    send: (body) => add.mutateAsync(body),
    success: M.preauthAdded,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Pre-authorisation Code"
      description={`${coverage.payer.name}, member ${coverage.memberNumber}.`}
      submitLabel="Add Code"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Select
        label="Service"
        options={coverage.preauthServices.map((s) => ({
          value: s.id,
          label: s.code ? `${s.name} (${s.code})` : s.name,
        }))}
        error={errors.serviceId?.message}
        {...register('serviceId')}
      />
      <Input label="Code" autoComplete="off" error={errors.code?.message} {...register('code')} />
    </FormDialog>
  );
}
