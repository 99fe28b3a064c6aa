import {
  type BatchOption,
  DISPENSING_MESSAGES,
  type DispenseInput,
  type DispensingLine,
  dispenseInputSchema,
} from '@carepoint/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/form/form-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatCalendarDate } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useDispense, useMedicineBatches } from '../api/dispensing';
import { type MedicineChoice, MedicinePicker } from './medicine-picker';

const FIELDS = [
  'lines.0.medicineId',
  'lines.0.quantityPrescribed',
  'lines.0.quantity',
  'lines.0.batchId',
  'lines.0.overrideReason',
  'lines.0.substitutionReason',
  'counselled',
] as const;

/** "B-1234 · expires 31 Mar 2030 · 8 on hand". */
const batchText = (batch: BatchOption) =>
  `${batch.batchNumber} · expires ${formatCalendarDate(batch.expiryDate)} · ${batch.onHand} on hand`;

/** What the form starts from: the medicine already given, else the one prescribed; the course as set. */
function defaultsOf(line: DispensingLine): DispenseInput {
  const medicine = line.supply?.medicine ?? line.prescribedMedicine;
  return {
    lines: [
      {
        lineId: line.id,
        medicineId: medicine?.id ?? '',
        quantityPrescribed: line.supply ? String(line.supply.quantityPrescribed) : '',
        quantity: line.supply ? String(line.supply.owed) : '',
        batchId: '',
        overrideReason: '',
        substitutionReason: '',
      },
    ],
    counselled: false,
  };
}

/**
 * Dispensing one line: the formulary medicine (the prescribed one preselected; another is a
 * substitute and needs a reason), the whole course (set the first time), what is handed over now
 * (the rest stays owed), and the batch: the one expiring first unless the pharmacist chooses
 * another, with a reason. Counselling is ticked here when it was given.
 */
export function DispenseLineDialog({
  prescriptionId,
  line,
  onClose,
}: {
  prescriptionId: string;
  line: DispensingLine | null;
  onClose: () => void;
}) {
  const dispense = useDispense(prescriptionId);
  const open = line !== null;
  const given = line?.supply?.medicine ?? line?.prescribedMedicine ?? null;
  const [medicine, setMedicine] = useState<MedicineChoice | null>(given);
  const {
    register,
    onSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: dispenseInputSchema,
    defaultValues: line ? defaultsOf(line) : undefined,
    fields: FIELDS,
    open,
    onReset: () => setMedicine(given),
    send: (body) => dispense.mutateAsync(body),
    success: DISPENSING_MESSAGES.dispensed,
    onSaved: onClose,
  });
  const batches = useMedicineBatches(medicine?.id ?? null);
  const batchId = watch('lines.0.batchId');
  const lineErrors = errors.lines?.[0];
  const substitute = line?.prescribedMedicine && medicine && medicine.id !== line.prescribedMedicine.id;
  const [first, ...others] = batches.data ?? [];
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={`Dispense ${line?.name ?? ''}`}
      description={line?.instructions}
      submitLabel="Dispense"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      {line?.supply ? (
        <p className="text-sm text-ink-soft">
          Given as {line.supply.medicine.label}: the same medicine to the end.
        </p>
      ) : (
        <MedicinePicker
          label="Medicine from the formulary"
          value={medicine}
          onChange={(choice) => {
            setMedicine(choice);
            setValue('lines.0.medicineId', choice?.id ?? '');
            setValue('lines.0.batchId', '');
          }}
          hint={line?.prescribedMedicine ? undefined : 'Written outside the formulary: choose what to give.'}
          error={lineErrors?.medicineId?.message}
        />
      )}
      {substitute ? (
        <Input
          label="Why a substitute"
          error={lineErrors?.substitutionReason?.message}
          {...register('lines.0.substitutionReason')}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Whole course (units)"
          inputMode="numeric"
          readOnly={Boolean(line?.supply)}
          hint={line?.supply ? 'Set at the first dispense.' : 'What the prescription asks for in all.'}
          error={lineErrors?.quantityPrescribed?.message}
          {...register('lines.0.quantityPrescribed')}
        />
        <Input
          label="Hand over now"
          inputMode="numeric"
          hint="The rest stays owed."
          error={lineErrors?.quantity?.message}
          {...register('lines.0.quantity')}
        />
      </div>
      <Select
        label="Batch"
        options={
          first
            ? [
                { value: '', label: `Expiring first: ${batchText(first)}` },
                ...others.map((batch) => ({ value: batch.id, label: batchText(batch) })),
              ]
            : [
                {
                  value: '',
                  label: medicine ? 'No batch in date in the main pharmacy' : 'Choose the medicine first',
                },
              ]
        }
        hint="First expiry, first out: another batch needs a reason."
        error={lineErrors?.batchId?.message}
        {...register('lines.0.batchId')}
      />
      {batchId ? (
        <Input
          label="Why this batch"
          error={lineErrors?.overrideReason?.message}
          {...register('lines.0.overrideReason')}
        />
      ) : null}
      <Checkbox
        label="Patient counselled on how to take it"
        error={errors.counselled?.message}
        {...register('counselled')}
      />
    </FormDialog>
  );
}
