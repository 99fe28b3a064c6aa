import {
  allergyWarning,
  findAllergyConflicts,
  MEDICATION_ROUND_MESSAGES,
  MEDICATION_ROUTES,
  type MedicationOrderInput,
  medicationOrderInputSchema,
  SCHEDULE_KIND_LABELS,
  SCHEDULE_KINDS,
  toLocalInput,
} from '@carepoint/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/form/form-dialog';
import { MedicinePicker } from '@/components/form/medicine-picker';
import { optionsOf } from '@/components/form/options';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/lib/use-contract-form';
import { medicineOrderSearch, useCreateOrder } from './api';

const FIELDS = [
  'medicine',
  'medicineId',
  'unitsPerDose',
  'dose',
  'route',
  'kind',
  'times',
  'everyHours',
  'minIntervalHours',
  'maxPerDay',
  'controlled',
  'startsAt',
  'endsAt',
  'acknowledgeAllergies',
] as const;

const KIND_OPTIONS = SCHEDULE_KINDS.map((kind) => ({ value: kind, label: SCHEDULE_KIND_LABELS[kind] }));

/**
 * New order: medicine, dose, route, the schedule (times of day, every N hours from the start,
 * or as needed with its limits), start and optional stop on the facility's clock, controlled.
 * The medicine is picked from the formulary (its route and controlled mark come with it, and the
 * units one dose takes from the ward's store are asked), or written outside it: Not stocked, its
 * doses take no stock. The allergy rule flags the medicine as it is typed; ordering past it needs
 * the box ticked.
 */
export function OrderDialog({
  stayId,
  allergies,
  open,
  onOpenChange,
  now,
  timeZone,
}: {
  stayId: string;
  allergies: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  now: Date;
  timeZone: string;
}) {
  const create = useCreateOrder(stayId);
  // The picked medicine's dispensing unit ("tablet"), for the units per dose field's hint.
  const [unit, setUnit] = useState<string | null>(null);
  const {
    register,
    watch,
    setValue,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: medicationOrderInputSchema,
    defaultValues: {
      medicine: '',
      medicineId: '',
      unitsPerDose: '',
      dose: '',
      route: 'Oral',
      kind: 'times',
      times: '08:00, 20:00',
      everyHours: '',
      minIntervalHours: '',
      maxPerDay: '',
      controlled: false,
      startsAt: toLocalInput(now, timeZone),
      endsAt: '',
      acknowledgeAllergies: false,
    } satisfies MedicationOrderInput,
    fields: FIELDS,
    send: (body) => create.mutateAsync(body),
    success: MEDICATION_ROUND_MESSAGES.ordered,
    open,
    onSaved: () => onOpenChange(false),
  });
  const kind = watch('kind');
  const name = watch('medicine') ?? '';
  // The form holds the schema's input, loosely typed: an id picked, or '' (written outside the formulary).
  const picked = watch('medicineId');
  const medicineId = typeof picked === 'string' && picked !== '' ? picked : null;
  const [conflict] = findAllergyConflicts([{ name }], allergies);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New order"
      submitLabel="Order"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <MedicinePicker
          label="Medicine"
          search={medicineOrderSearch}
          className="sm:col-span-2"
          value={{ name, medicineId }}
          onChange={(picked, chosen) => {
            setValue('medicine', picked.name, {
              shouldDirty: true,
              shouldValidate: Boolean(errors.medicine),
            });
            setValue('medicineId', picked.medicineId ?? '', { shouldDirty: true });
            setUnit(chosen?.dispensingUnit ?? null);
            if (!chosen) return;
            setValue('route', chosen.route);
            if (chosen.controlled) setValue('controlled', true);
          }}
          error={
            errors.medicine?.message ??
            errors.medicineId?.message ??
            (conflict ? allergyWarning(conflict) : undefined)
          }
        />
        {medicineId ? (
          <Input
            label="Units per dose"
            type="number"
            inputMode="numeric"
            min={1}
            hint={`How many ${unit ?? 'dispensing unit'}s one dose takes from the ward store`}
            className="sm:col-span-2"
            error={errors.unitsPerDose?.message}
            {...register('unitsPerDose')}
          />
        ) : null}
        <Input
          label="Dose"
          placeholder="500 mg"
          autoComplete="off"
          error={errors.dose?.message}
          {...register('dose')}
        />
        <Select
          label="Route"
          options={optionsOf(MEDICATION_ROUTES)}
          error={errors.route?.message}
          {...register('route')}
        />
        <Select
          label="Schedule"
          className="sm:col-span-2"
          options={KIND_OPTIONS}
          error={errors.kind?.message}
          {...register('kind')}
        />
        {kind === 'times' ? (
          <Input
            label="Times of day"
            hint="HH:MM, separated by commas"
            className="sm:col-span-2"
            error={errors.times?.message}
            {...register('times')}
          />
        ) : null}
        {kind === 'interval' ? (
          <Input
            label="Every (hours)"
            type="number"
            inputMode="numeric"
            hint="The first dose at the start"
            className="sm:col-span-2"
            error={errors.everyHours?.message}
            {...register('everyHours')}
          />
        ) : null}
        {kind === 'prn' ? (
          <>
            <Input
              label="At least (hours apart)"
              type="number"
              inputMode="numeric"
              error={errors.minIntervalHours?.message}
              {...register('minIntervalHours')}
            />
            <Input
              label="At most (doses in 24 h)"
              type="number"
              inputMode="numeric"
              error={errors.maxPerDay?.message}
              {...register('maxPerDay')}
            />
          </>
        ) : null}
        <Input
          label="Start"
          type="datetime-local"
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <Input
          label="Stop (optional)"
          type="datetime-local"
          error={errors.endsAt?.message}
          {...register('endsAt')}
        />
        <Checkbox
          label="Controlled medicine (a second nurse witnesses each dose)"
          className="sm:col-span-2"
          {...register('controlled')}
        />
        {conflict || errors.acknowledgeAllergies ? (
          <Checkbox
            label="I have seen the allergy warning and order it anyway"
            className="sm:col-span-2"
            error={errors.acknowledgeAllergies?.message}
            {...register('acknowledgeAllergies')}
          />
        ) : null}
      </div>
    </FormDialog>
  );
}
