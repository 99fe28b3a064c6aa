import {
  type CodedDiagnosis,
  DIABETIC_STATUSES,
  durationChoiceOf,
  findAllergyConflicts,
  MEDICINE_DURATION_OTHER,
  MEDICINE_DURATIONS,
  MEDICINE_INTERVALS,
  MEDICINE_TIMES,
  MEDICINES_MAX,
  NEXT_VISIT_UNITS,
  PRESCRIPTION_VITALS,
  type Prescription,
  type PrescriptionData,
  type PrescriptionInput,
  prescriptionInputSchema,
} from '@carepoint/contract';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Path, useFieldArray, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { DiagnosisCodePicker } from '@/components/form/diagnosis-code-picker';
import type { PickedMedicine } from '@/components/form/medicine-picker';
import { optionsOf } from '@/components/form/options';
import { PatientPicker } from '@/components/form/patient-picker';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  diagnosisCodeSearch,
  usePrescriptionPatient,
  useSavePrescription,
} from '@/features/doctor/api/prescriptions';
import { triagePatientSearch } from '@/features/doctor/api/triage';
import { useContractForm } from '@/lib/use-contract-form';
import { LatestTriage } from './latest-triage';
import { AllergyNotice, MedicineLineFields } from './medicine-line';

type Values = PrescriptionInput;

const EMPTY_MEDICINE: Values['medicines'][number] = {
  name: '',
  medicineId: null,
  dosage: '',
  duration: '',
  durationDays: '',
  time: '',
  interval: '',
  comment: '',
};

/** The form's values for a stored prescription (edit), or an empty one for a patient (new). */
export function valuesOf(
  p: Prescription | null,
  start: { patientId?: string; appointmentId?: string } = {},
): Values {
  return {
    patientId: p?.patient.id ?? start.patientId ?? '',
    appointmentId: p?.appointmentId ?? start.appointmentId ?? '',
    status: p?.status ?? true,
    physicalInfo: {
      bloodPressure: p?.physicalInfo.bloodPressure ?? '',
      foodAllergies: p?.physicalInfo.foodAllergies ?? '',
      diabetic: p?.physicalInfo.diabetic ?? '',
      currentMedication: p?.physicalInfo.currentMedication ?? '',
      pulseRate: p?.physicalInfo.pulseRate ?? '',
      temperature: p?.physicalInfo.temperature ?? '',
      problemDescription: p?.physicalInfo.problemDescription ?? '',
    },
    diagnosisCode: p?.diagnosis?.code ?? '',
    medicines: p?.medicines.map(({ id: _id, comment, duration: _label, durationDays, ...m }) => ({
      ...m,
      ...durationChoiceOf(durationDays),
      comment: comment ?? '',
    })) ?? [EMPTY_MEDICINE],
    test: p?.test ?? '',
    advice: p?.advice ?? '',
    nextVisit: { count: p?.nextVisit?.count ?? '', unit: p?.nextVisit?.unit ?? 'Days' },
    acknowledgeAllergies: p ? p.allergyOverride !== null : false,
  };
}

/** A watched line's medicine as the picker shows it (the form's values are the schema's input, loosely typed). */
const pickedOf = (line: { name?: unknown; medicineId?: unknown } | undefined): PickedMedicine => ({
  name: typeof line?.name === 'string' ? line.name : '',
  medicineId: typeof line?.medicineId === 'string' && line.medicineId !== '' ? line.medicineId : null,
});

const MEDICINE_FIELDS = [
  'name',
  'medicineId',
  'dosage',
  'duration',
  'durationDays',
  'time',
  'interval',
  'comment',
] as const;
const DURATION_OPTIONS = optionsOf([...MEDICINE_DURATIONS, MEDICINE_DURATION_OTHER]);
const STATIC_FIELDS: Array<Path<Values>> = [
  'patientId',
  'appointmentId',
  'medicines',
  'physicalInfo.bloodPressure',
  'physicalInfo.foodAllergies',
  'physicalInfo.diabetic',
  'physicalInfo.currentMedication',
  'physicalInfo.pulseRate',
  'physicalInfo.temperature',
  'physicalInfo.problemDescription',
  'diagnosisCode',
  'test',
  'advice',
  'nextVisit.count',
  'nextVisit.unit',
  'acknowledgeAllergies',
];

type PrescriptionFormProps = {
  /** The prescription being edited; null for a new one. */
  prescription: Prescription | null;
  initial: Values;
  /** The patient's name when the form starts with one chosen (edit, or from an appointment). */
  initialPatientName: string;
  onSaved: (saved: Prescription) => void;
  successMessage: string;
};

/**
 * New Prescription and its edit: the patient (a registered patient, chosen from the searchable
 * list), Physical Information, the Medicines lines and Additional Information. Each medicine
 * is checked against the patient's recorded allergies as it is typed (the contract's rule, the
 * one the server applies); a match must be acknowledged before saving.
 */
export function PrescriptionForm({
  prescription,
  initial,
  initialPatientName,
  onSaved,
  successMessage,
}: PrescriptionFormProps) {
  const save = useSavePrescription(prescription?.id);
  const {
    register,
    control,
    onSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: prescriptionInputSchema,
    defaultValues: initial,
    // Each medicine line's fields may be named, as many lines as were sent.
    fields: (data) => [
      ...STATIC_FIELDS,
      ...data.medicines.flatMap((_, i) => MEDICINE_FIELDS.map((f) => `medicines.${i}.${f}` as Path<Values>)),
    ],
    send: (data) => save.mutateAsync({ ...data, physicalInfo: initialPhysical(data) }),
    success: successMessage,
    onSaved: (saved) => onSaved(saved.prescription),
  });
  const lines = useFieldArray({ control, name: 'medicines' });
  const [patientName, setPatientName] = useState(initialPatientName);
  // The chosen code's title is shown beside it; the form sends the code only.
  const [diagnosis, setDiagnosis] = useState<CodedDiagnosis | null>(prescription?.diagnosis ?? null);
  const [patientId, medicines, acknowledged] = useWatch({
    control,
    name: ['patientId', 'medicines', 'acknowledgeAllergies'],
  });
  const chosenId = patientId ? String(patientId) : null;
  const patient = usePrescriptionPatient(chosenId);

  // Arriving from an appointment: the patient's name comes with their record.
  useEffect(() => {
    if (patient.data && !patientName) setPatientName(patient.data.fullName);
  }, [patient.data, patientName]);

  const conflicts = findAllergyConflicts(
    (medicines ?? []).map((m) => ({ name: String(m?.name ?? '') })),
    patient.data?.allergies ?? [],
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card title="Patient">
        <PatientPicker
          label="Patient"
          search={triagePatientSearch}
          value={{ id: chosenId, name: patientName }}
          onChange={(v) => {
            setPatientName(v.name);
            setValue('patientId', v.id ?? '', { shouldValidate: Boolean(errors.patientId) });
            // An appointment belongs to the patient it was opened for.
            if (v.id !== initial.patientId) setValue('appointmentId', '');
          }}
          error={errors.patientId?.message ?? errors.appointmentId?.message}
        />
        {patient.data ? (
          <p className="mt-3 text-sm text-ink-soft">
            Recorded allergies:{' '}
            {patient.data.allergies.length ? (
              <span className="font-medium text-ink">{patient.data.allergies.join(', ')}</span>
            ) : (
              'none'
            )}
          </p>
        ) : null}
      </Card>

      <Card title="Physical Information">
        {patient.data?.latestTriage ? (
          <LatestTriage
            vitals={patient.data.latestTriage}
            onUse={(readings) => {
              for (const field of ['bloodPressure', 'pulseRate', 'temperature'] as const) {
                const value = readings[field];
                if (value !== undefined) setValue(`physicalInfo.${field}`, value, { shouldDirty: true });
              }
            }}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Input
            label="Blood pressure (mmHg)"
            placeholder="120/80"
            inputMode="numeric"
            error={errors.physicalInfo?.bloodPressure?.message}
            {...register('physicalInfo.bloodPressure')}
          />
          <Input
            label={`Pulse rate (${PRESCRIPTION_VITALS.pulseRate.unit})`}
            type="number"
            inputMode="numeric"
            min={PRESCRIPTION_VITALS.pulseRate.min}
            max={PRESCRIPTION_VITALS.pulseRate.max}
            error={errors.physicalInfo?.pulseRate?.message}
            {...register('physicalInfo.pulseRate')}
          />
          <Input
            label={`Temperature (${PRESCRIPTION_VITALS.temperature.unit})`}
            type="number"
            inputMode="decimal"
            step={PRESCRIPTION_VITALS.temperature.step}
            min={PRESCRIPTION_VITALS.temperature.min}
            max={PRESCRIPTION_VITALS.temperature.max}
            error={errors.physicalInfo?.temperature?.message}
            {...register('physicalInfo.temperature')}
          />
          <Select
            label="Diabetic"
            placeholder="Not recorded"
            options={optionsOf(DIABETIC_STATUSES)}
            error={errors.physicalInfo?.diabetic?.message}
            {...register('physicalInfo.diabetic')}
          />
          <Input
            label="Food allergies"
            error={errors.physicalInfo?.foodAllergies?.message}
            {...register('physicalInfo.foodAllergies')}
          />
          <Input
            label="Current medication"
            error={errors.physicalInfo?.currentMedication?.message}
            {...register('physicalInfo.currentMedication')}
          />
          <div className="sm:col-span-2 lg:col-span-3">
            <DiagnosisCodePicker
              label="Diagnosis (ICD-10-CM)"
              search={diagnosisCodeSearch}
              value={diagnosis}
              onChange={(chosen) => {
                setDiagnosis(chosen);
                setValue('diagnosisCode', chosen?.code ?? '', {
                  shouldValidate: Boolean(errors.diagnosisCode),
                });
              }}
              error={errors.diagnosisCode?.message}
            />
          </div>
          <Textarea
            label="Problem description"
            hint="The diagnosis and findings in your own words"
            rows={3}
            className="sm:col-span-2 lg:col-span-3"
            error={errors.physicalInfo?.problemDescription?.message}
            {...register('physicalInfo.problemDescription')}
          />
        </div>
      </Card>

      <Card
        title="Medicines"
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => lines.append(EMPTY_MEDICINE)}
            disabled={lines.fields.length >= MEDICINES_MAX}
          >
            <Plus aria-hidden size={16} /> Add medicine
          </Button>
        }
      >
        <ol className="flex flex-col gap-4">
          {lines.fields.map((field, index) => (
            <MedicineLineFields
              key={field.id}
              index={index}
              register={register}
              errors={errors.medicines?.[index]}
              medicine={pickedOf(medicines?.[index])}
              onMedicineChange={(picked) => {
                const show = { shouldDirty: true, shouldValidate: Boolean(errors.medicines?.[index]?.name) };
                setValue(`medicines.${index}.name`, picked.name, show);
                setValue(`medicines.${index}.medicineId`, picked.medicineId, { shouldDirty: true });
              }}
              conflict={conflicts.find((c) => c.index === index) ?? null}
              otherDuration={medicines?.[index]?.duration === MEDICINE_DURATION_OTHER}
              onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
              options={{
                duration: DURATION_OPTIONS,
                time: optionsOf(MEDICINE_TIMES),
                interval: optionsOf(MEDICINE_INTERVALS),
              }}
            />
          ))}
        </ol>
        {errors.medicines?.message || errors.medicines?.root?.message ? (
          <p className="mt-3 text-sm text-danger-700" role="alert">
            {errors.medicines.message ?? errors.medicines.root?.message}
          </p>
        ) : null}
        {conflicts.length > 0 || errors.acknowledgeAllergies ? (
          <AllergyNotice
            conflicts={conflicts}
            acknowledged={Boolean(acknowledged)}
            error={errors.acknowledgeAllergies?.message}
          >
            <Checkbox
              label="I have checked the allergy and prescribe it anyway"
              {...register('acknowledgeAllergies')}
            />
          </AllergyNotice>
        ) : null}
      </Card>

      <Card title="Additional Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Test"
            hint="Investigations to do"
            error={errors.test?.message}
            {...register('test')}
          />
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-3">
            <Input
              label="Next visit in"
              type="number"
              inputMode="numeric"
              min={1}
              error={errors.nextVisit?.count?.message}
              {...register('nextVisit.count')}
            />
            <Select
              label="Unit"
              options={optionsOf(NEXT_VISIT_UNITS)}
              error={errors.nextVisit?.unit?.message}
              {...register('nextVisit.unit')}
            />
          </div>
          <Textarea
            label="Advice"
            rows={3}
            className="sm:col-span-2"
            error={errors.advice?.message}
            {...register('advice')}
          />
        </div>
      </Card>

      <div className="flex flex-wrap justify-end gap-3">
        <Link to="/doctor/prescription" className={buttonClass({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={isSubmitting}>
          {prescription ? 'Save changes' : 'Save prescription'}
        </Button>
      </div>
    </form>
  );
}

/** The parsed physical information goes back as the form typed it (the server parses it again). */
function initialPhysical(data: PrescriptionData): PrescriptionInput['physicalInfo'] {
  const bp = data.physicalInfo.bloodPressure;
  return { ...data.physicalInfo, bloodPressure: bp ? `${bp.systolic}/${bp.diastolic}` : null };
}
