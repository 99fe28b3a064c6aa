import {
  BLOOD_GROUPS,
  CHART_MESSAGES,
  type PatientChart,
  updateMedicalDetailsSchema,
  VITAL_RANGES,
  type VitalName,
} from '@carepoint/contract';
import { type FormEvent, useState } from 'react';
import { Controller } from 'react-hook-form';
import { optionsOf } from '@/components/form/options';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateMedicalDetails } from '@/features/doctor/api/patients';
import { useContractForm } from '@/lib/use-contract-form';
import { AllergyInput, withTypedAllergy } from './allergy-input';

const FIELDS = [
  'bloodGroup',
  'treatment',
  'ongoingSurgeries',
  'allergies',
  'weight',
  'systolic',
  'diastolic',
  'bloodGlucose',
] as const;

const MEASURES: ReadonlyArray<{ name: VitalName & (typeof FIELDS)[number]; label: string }> = [
  { name: 'weight', label: 'Weight' },
  { name: 'systolic', label: 'Systolic' },
  { name: 'diastolic', label: 'Diastolic' },
  { name: 'bloodGlucose', label: 'Blood glucose' },
];

const errorText = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : undefined;

/**
 * Edit mode of Medical details: the standing details, and optionally a new measurement of
 * weight, blood pressure and blood glucose (recorded as of now; the history is kept).
 */
export function MedicalDetailsForm({ chart, onDone }: { chart: PatientChart; onDone: () => void }) {
  const update = useUpdateMedicalDetails(chart.patient.id);
  const { medical } = chart;
  const {
    register,
    control,
    onSubmit: save,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: updateMedicalDetailsSchema,
    defaultValues: {
      bloodGroup: medical.bloodGroup ?? '',
      treatment: medical.treatment ?? '',
      ongoingSurgeries: medical.ongoingSurgeries ?? '',
      allergies: medical.allergies,
      weight: '',
      systolic: '',
      diastolic: '',
      bloodGlucose: '',
    },
    fields: FIELDS,
    send: (values) => update.mutateAsync(values),
    success: CHART_MESSAGES.saved,
    onSaved: onDone,
  });

  const [allergyText, setAllergyText] = useState('');
  // An allergy typed but not Added is what the doctor means to record: it goes into the list (and
  // through the same checks) before the save, never silently dropped (the prescription allergy
  // check reads this list).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (allergyText.trim()) {
      setValue('allergies', withTypedAllergy(getValues('allergies') ?? [], allergyText));
      setAllergyText('');
    }
    return save(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Edit medical details">
      <Select
        label="Blood group"
        placeholder="Not recorded"
        options={optionsOf(BLOOD_GROUPS)}
        error={errorText(errors.bloodGroup)}
        {...register('bloodGroup')}
      />
      <Textarea label="Treatment" rows={2} error={errors.treatment?.message} {...register('treatment')} />
      <Textarea
        label="Any ongoing surgeries"
        rows={2}
        error={errors.ongoingSurgeries?.message}
        {...register('ongoingSurgeries')}
      />
      <Controller
        control={control}
        name="allergies"
        render={({ field }) => (
          <AllergyInput
            value={field.value ?? []}
            onChange={field.onChange}
            text={allergyText}
            onTextChange={setAllergyText}
            error={errors.allergies?.message ?? errors.allergies?.find?.((e) => e?.message)?.message}
          />
        )}
      />
      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-medium text-ink-soft">New measurement (optional)</legend>
        <div className="grid grid-cols-2 gap-3">
          {MEASURES.map(({ name, label }) => {
            const range = VITAL_RANGES[name];
            return (
              <Input
                key={name}
                label={`${label} (${range.unit})`}
                inputMode="decimal"
                autoComplete="off"
                hint={`${range.min}–${range.max} ${range.unit}`}
                error={errorText(errors[name])}
                {...register(name)}
              />
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save details
        </Button>
      </div>
    </form>
  );
}
