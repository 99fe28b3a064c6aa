import {
  CLAIM_MESSAGES,
  type ClaimDetail,
  type ClaimEncounter,
  type ClaimLine,
  COMMON_DENIAL_REASONS,
  type CodedDiagnosis,
  correctLineSchema,
  formatNaira,
  REMITTANCE_OUTCOME_LABELS,
  REMITTANCE_OUTCOMES,
} from '@carepoint/contract';
import { useState } from 'react';
import type { FieldErrors, Path, UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DiagnosisCodePicker } from '@/components/form/diagnosis-code-picker';
import { FormDialog } from '@/components/form/form-dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { checkedBy, useContractForm } from '@/lib/use-contract-form';
import { claimDiagnosisSearch, useCorrectLine, useRecordRemittance, useResubmit } from '../api';
import { BLANK_REMITTANCE, checkRemittance, type RemittanceValues } from '../claim-forms';

/** The line a dialog is open for, with its encounter (whose diagnosis it shows). */
export type LineTarget = { line: ClaimLine; encounter: ClaimEncounter };
type LineDialogProps = {
  claimId: string;
  target: LineTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type FixValues = { diagnosisCode: string; preauthCode: string };
type FixBody = { diagnosisCode: string | null; preauthCode: string | null };
const FIX_FIELDS: ReadonlyArray<Path<FixValues>> = ['diagnosisCode', 'preauthCode'];

const lineTitle = (line: ClaimLine) => `${line.service.name}, ${formatNaira(line.amount)}`;

/** The fields Correct and Resubmit share: the encounter's ICD-10 diagnosis and the line's pre-auth code. */
function FixFields({
  target,
  diagnosis,
  onDiagnosis,
  errors,
  preauth,
}: {
  target: LineTarget;
  diagnosis: CodedDiagnosis | null;
  onDiagnosis: (d: CodedDiagnosis | null) => void;
  errors: FieldErrors<FixValues>;
  preauth: UseFormRegisterReturn<'preauthCode'>;
}) {
  return (
    <div className="grid gap-4">
      <DiagnosisCodePicker
        label="Diagnosis (ICD-10)"
        search={claimDiagnosisSearch}
        value={diagnosis}
        onChange={onDiagnosis}
        error={errors.diagnosisCode?.message}
      />
      <Input
        label="Pre-authorisation code"
        autoComplete="off"
        hint={target.line.preauthRequired ? 'The payer requires one for this service' : 'Optional'}
        error={errors.preauthCode?.message}
        {...preauth}
      />
    </div>
  );
}

function useFixForm(
  target: LineTarget | null,
  open: boolean,
  send: (values: FixBody) => Promise<ClaimDetail>,
  success: string,
  onSaved: (result: ClaimDetail) => void,
) {
  const [diagnosis, setDiagnosis] = useState<CodedDiagnosis | null>(target?.encounter.diagnosis ?? null);
  const form = useContractForm<FixValues, FixValues, FixBody, ClaimDetail>({
    defaultValues: {
      diagnosisCode: target?.encounter.diagnosis?.code ?? '',
      preauthCode: target?.line.preauthCode ?? '',
    },
    check: (values) => checkedBy(correctLineSchema.safeParse(values)),
    fields: FIX_FIELDS,
    open,
    onReset: () => setDiagnosis(target?.encounter.diagnosis ?? null),
    send,
    success,
    onSaved,
  });
  const chooseDiagnosis = (chosen: CodedDiagnosis | null) => {
    setDiagnosis(chosen);
    form.setValue('diagnosisCode', chosen?.code ?? '');
  };
  return { form, diagnosis, chooseDiagnosis };
}

/** Correct a draft's line: the encounter's diagnosis (all its lines) and this line's pre-auth code. */
export function CorrectLineDialog({ claimId, target, open, onOpenChange }: LineDialogProps) {
  const correct = useCorrectLine(claimId);
  const { form, diagnosis, chooseDiagnosis } = useFixForm(
    target,
    open,
    (body) => correct.mutateAsync({ lineId: target?.line.id ?? '', ...body }),
    CLAIM_MESSAGES.corrected,
    () => onOpenChange(false),
  );
  if (!target) return null;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Correct Line"
      description={`${target.encounter.patient.name}: ${lineTitle(target.line)}. The diagnosis applies to every line of this encounter.`}
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      onSubmit={form.onSubmit}
    >
      <FixFields
        target={target}
        diagnosis={diagnosis}
        onDiagnosis={chooseDiagnosis}
        errors={form.formState.errors}
        preauth={form.register('preauthCode')}
      />
    </FormDialog>
  );
}

/** Resubmit a denied line, corrected, in a new draft claim (which then opens). */
export function ResubmitLineDialog({ claimId, target, open, onOpenChange }: LineDialogProps) {
  const resubmit = useResubmit(claimId);
  const navigate = useNavigate();
  const { form, diagnosis, chooseDiagnosis } = useFixForm(
    target,
    open,
    (fix) => resubmit.mutateAsync({ lines: [{ lineId: target?.line.id ?? '', ...fix }] }),
    CLAIM_MESSAGES.resubmitted,
    (claim) => {
      onOpenChange(false);
      void navigate(`/billing/claims/${claim.id}`);
    },
  );
  if (!target) return null;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Resubmit Line"
      description={`Denied: ${target.line.denialReason ?? ''}. Correct what the payer asked for; the line goes on a new draft claim.`}
      submitLabel="Resubmit"
      submitting={form.formState.isSubmitting}
      onSubmit={form.onSubmit}
    >
      <FixFields
        target={target}
        diagnosis={diagnosis}
        onDiagnosis={chooseDiagnosis}
        errors={form.formState.errors}
        preauth={form.register('preauthCode')}
      />
    </FormDialog>
  );
}

const REMITTANCE_FIELDS: ReadonlyArray<Path<RemittanceValues>> = ['outcome', 'paid', 'reason'];

/** Record Remittance: what the payer did with the line. */
export function RemittanceDialog({ claimId, target, open, onOpenChange }: LineDialogProps) {
  const record = useRecordRemittance(claimId);
  const {
    register,
    watch,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: BLANK_REMITTANCE,
    check: (values: RemittanceValues) => checkRemittance(values, target?.line.amount ?? 0),
    fields: REMITTANCE_FIELDS,
    open,
    send: (body) => record.mutateAsync({ lineId: target?.line.id ?? '', ...body }),
    success: CLAIM_MESSAGES.remittanceRecorded,
    onSaved: () => onOpenChange(false),
  });
  const outcome = watch('outcome');
  if (!target) return null;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record Remittance"
      description={`${target.encounter.patient.name}: ${lineTitle(target.line)} claimed.`}
      submitLabel="Record"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4">
        <Select
          label="Outcome"
          placeholder="Choose paid, part-paid or denied"
          options={REMITTANCE_OUTCOMES.map((o) => ({ value: o, label: REMITTANCE_OUTCOME_LABELS[o] }))}
          error={errors.outcome?.message}
          {...register('outcome')}
        />
        {outcome === 'part-paid' ? (
          <Input
            label="Amount paid (₦)"
            inputMode="decimal"
            autoComplete="off"
            hint={`Less than the ${formatNaira(target.line.amount)} claimed`}
            error={errors.paid?.message}
            {...register('paid')}
          />
        ) : null}
        {outcome === 'denied' ? (
          <>
            <Input
              label="Payer's reason"
              autoComplete="off"
              list="claim-denial-reasons"
              error={errors.reason?.message}
              {...register('reason')}
            />
            <datalist id="claim-denial-reasons">
              {COMMON_DENIAL_REASONS.map((r) => (
                <option key={r} value={r} />
              ))}
            </datalist>
          </>
        ) : null}
      </div>
    </FormDialog>
  );
}
