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
import type { Path } from 'react-hook-form';
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

/** What Correct and Resubmit each do with the fixed line, and how their dialog reads. */
type FixAction = {
  title: string;
  submitLabel: string;
  description: (target: LineTarget) => string;
  send: (lineId: string, fix: FixBody) => Promise<ClaimDetail>;
  success: string;
  onSaved: (claim: ClaimDetail) => void;
};

/**
 * The line's fix: the encounter's diagnosis with the ICD-10 picker and the line's pre-auth code
 * (the contract's correctLineSchema checks both), then the action's own save.
 */
function FixLineDialog({
  target,
  open,
  onOpenChange,
  action,
}: Omit<LineDialogProps, 'claimId'> & { action: FixAction }) {
  const [diagnosis, setDiagnosis] = useState<CodedDiagnosis | null>(target?.encounter.diagnosis ?? null);
  const {
    register,
    setValue,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<FixValues, FixValues, FixBody, ClaimDetail>({
    defaultValues: {
      diagnosisCode: target?.encounter.diagnosis?.code ?? '',
      preauthCode: target?.line.preauthCode ?? '',
    },
    check: (values) => checkedBy(correctLineSchema.safeParse(values)),
    fields: FIX_FIELDS,
    open,
    onReset: () => setDiagnosis(target?.encounter.diagnosis ?? null),
    send: (fix) => action.send(target?.line.id ?? '', fix),
    success: action.success,
    onSaved: action.onSaved,
  });
  if (!target) return null;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={action.title}
      description={action.description(target)}
      submitLabel={action.submitLabel}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4">
        <DiagnosisCodePicker
          label="Diagnosis (ICD-10)"
          search={claimDiagnosisSearch}
          value={diagnosis}
          onChange={(chosen) => {
            setDiagnosis(chosen);
            setValue('diagnosisCode', chosen?.code ?? '');
          }}
          error={errors.diagnosisCode?.message}
        />
        <Input
          label="Pre-authorisation code"
          autoComplete="off"
          hint={target.line.preauthRequired ? 'The payer requires one for this service' : 'Optional'}
          error={errors.preauthCode?.message}
          {...register('preauthCode')}
        />
      </div>
    </FormDialog>
  );
}

/** Correct a draft's line: the encounter's diagnosis (all its lines) and this line's pre-auth code. */
export function CorrectLineDialog({ claimId, ...dialog }: LineDialogProps) {
  const correct = useCorrectLine(claimId);
  return (
    <FixLineDialog
      {...dialog}
      action={{
        title: 'Correct Line',
        submitLabel: 'Save',
        description: (t) =>
          `${t.encounter.patient.name}: ${lineTitle(t.line)}. The diagnosis applies to every line of this encounter.`,
        send: (lineId, fix) => correct.mutateAsync({ lineId, ...fix }),
        success: CLAIM_MESSAGES.corrected,
        onSaved: () => dialog.onOpenChange(false),
      }}
    />
  );
}

/** Resubmit a denied line, corrected, in a new draft claim (which then opens). */
export function ResubmitLineDialog({ claimId, ...dialog }: LineDialogProps) {
  const resubmit = useResubmit(claimId);
  const navigate = useNavigate();
  return (
    <FixLineDialog
      {...dialog}
      action={{
        title: 'Resubmit Line',
        submitLabel: 'Resubmit',
        description: (t) =>
          `Denied: ${t.line.denialReason ?? ''}. Correct what the payer asked for; the line goes on a new draft claim.`,
        send: (lineId, fix) => resubmit.mutateAsync({ lines: [{ lineId, ...fix }] }),
        success: CLAIM_MESSAGES.resubmitted,
        onSaved: (claim) => {
          dialog.onOpenChange(false);
          void navigate(`/billing/claims/${claim.id}`);
        },
      }}
    />
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
