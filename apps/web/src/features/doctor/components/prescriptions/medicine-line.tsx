import {
  type AllergyConflict,
  allergyWarning,
  MEDICINE_DURATION_MAX_DAYS,
  type PrescriptionInput,
} from '@carepoint/contract';
import { AlertTriangle, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { MedicinePicker, type PickedMedicine } from '@/components/form/medicine-picker';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { medicineSearch } from '@/features/doctor/api/prescriptions';
import { cx } from '@/lib/cx';

type Values = PrescriptionInput;
type LineErrors = FieldErrors<Values['medicines'][number]> | undefined;

type MedicineLineFieldsProps = {
  index: number;
  register: UseFormRegister<Values>;
  errors: LineErrors;
  /** The line's medicine as written, and the formulary medicine it was picked from. */
  medicine: PickedMedicine;
  onMedicineChange: (medicine: PickedMedicine) => void;
  /** The recorded allergy this medicine matches, if any. */
  conflict: AllergyConflict | null;
  /** "Other number of days" is chosen: the count is asked for beside the duration. */
  otherDuration: boolean;
  /** Absent for the last line left (a prescription has at least one medicine). */
  onRemove?: () => void;
  options: { duration: SelectOption[]; time: SelectOption[]; interval: SelectOption[] };
};

/** One medicine line: name, dosage, duration, time, interval and comment, flagged when it matches an allergy. */
export function MedicineLineFields({
  index,
  register,
  errors,
  medicine,
  onMedicineChange,
  conflict,
  otherDuration,
  onRemove,
  options,
}: MedicineLineFieldsProps) {
  const n = index + 1;
  const name = `medicines.${index}` as const;
  return (
    <li
      aria-label={`Medicine ${n}`}
      className={cx(
        'rounded-lg border p-3',
        conflict ? 'border-warning-800 bg-warning-50' : 'border-border bg-surface',
      )}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-ink">Medicine {n}</p>
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove medicine ${n}`}>
            <Trash2 aria-hidden size={16} /> Remove
          </Button>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <MedicinePicker
          label="Name"
          search={medicineSearch}
          value={medicine}
          onChange={onMedicineChange}
          error={errors?.name?.message ?? errors?.medicineId?.message}
        />
        <Input
          label="Dosage"
          placeholder="1 tablet"
          error={errors?.dosage?.message}
          {...register(`${name}.dosage`)}
        />
        <Select
          label="Duration"
          placeholder="Choose"
          options={options.duration}
          error={errors?.duration?.message}
          {...register(`${name}.duration`)}
        />
        {otherDuration ? (
          <Input
            label="Number of days"
            type="number"
            inputMode="numeric"
            min={1}
            max={MEDICINE_DURATION_MAX_DAYS}
            hint={`1 to ${MEDICINE_DURATION_MAX_DAYS}`}
            error={errors?.durationDays?.message}
            {...register(`${name}.durationDays`)}
          />
        ) : null}
        <Select
          label="Time"
          placeholder="Choose"
          options={options.time}
          error={errors?.time?.message}
          {...register(`${name}.time`)}
        />
        <Select
          label="Interval"
          placeholder="Choose"
          options={options.interval}
          error={errors?.interval?.message}
          {...register(`${name}.interval`)}
        />
        <Input
          label="Comment"
          hint="Optional"
          error={errors?.comment?.message}
          {...register(`${name}.comment`)}
        />
      </div>
      {conflict ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-warning-900" role="status">
          <AlertTriangle aria-hidden size={16} className="shrink-0" />
          {allergyWarning(conflict)}
        </p>
      ) : null}
    </li>
  );
}

/** Under the medicines: what matched and the acknowledgement the save needs. */
export function AllergyNotice({
  conflicts,
  acknowledged,
  error,
  children,
}: {
  conflicts: AllergyConflict[];
  acknowledged: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cx(
        'mt-4 flex flex-col gap-2 rounded-lg border p-3',
        acknowledged ? 'border-border bg-muted' : 'border-warning-800 bg-warning-50',
      )}
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-warning-900">
        <AlertTriangle aria-hidden size={16} /> Allergy warning
      </p>
      {conflicts.length ? (
        <ul className="list-disc pl-6 text-sm text-ink">
          {conflicts.map((c) => (
            <li key={c.index}>
              {c.medicine}: recorded allergy to {c.allergy}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      {error ? (
        <p className="text-sm text-danger-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
