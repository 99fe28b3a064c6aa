import {
  DEPARTMENTS,
  isRoutedElsewhere,
  TRIAGE_MESSAGES,
  type TriageAssessment,
  type TriageIntakeInput,
  triage,
  triageIntakeSchema,
  VITAL_RANGES,
  type VitalName,
  vitalsSchema,
} from '@carepoint/contract';
import { type UseFormRegister, useWatch } from 'react-hook-form';
import { PatientPicker } from '@/components/form/patient-picker';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { triagePatientSearch, useRecordTriage } from '@/features/doctor/api/triage';
import { useContractForm } from '@/lib/use-contract-form';
import { TriageResultPanel } from './triage-result';

/** The form holds what is typed; the contract's schema turns it into the intake. */
type Values = TriageIntakeInput;

const EMPTY = {
  patientId: null,
  patientName: '',
  complaint: '',
  heartRate: '',
  systolic: '',
  diastolic: '',
  temperature: '',
  respiratoryRate: '',
  oxygenSaturation: '',
  department: '',
  routingReason: '',
} satisfies Values;

const FIELDS = Object.keys(EMPTY) as Array<keyof typeof EMPTY>;

/** The rule's vitals come first: they decide the score. */
const RULE_VITALS = ['heartRate', 'systolic', 'temperature'] as const;
const OTHER_VITALS = ['diastolic', 'respiratoryRate', 'oxygenSaturation'] as const;

function VitalInput({
  name,
  register,
  error,
  required,
}: {
  name: (typeof RULE_VITALS)[number] | (typeof OTHER_VITALS)[number];
  register: UseFormRegister<Values>;
  error?: string;
  required?: boolean;
}) {
  const range = VITAL_RANGES[name as VitalName];
  return (
    <Input
      label={`${range.label} (${range.unit})`}
      type="number"
      inputMode="decimal"
      step={range.step}
      min={range.min}
      max={range.max}
      aria-required={required || undefined}
      hint={required ? undefined : 'Optional'}
      error={error}
      {...register(name)}
    />
  );
}

const placedWhere = (saved: TriageAssessment) =>
  saved.department === 'ER' ? 'the emergency room' : `the ${saved.department} queue`;

/**
 * Triage Intake: the patient (registered, or a name for a walk-in), the vitals with their
 * units, and the contract's triage result as they are typed. Saving places the patient; a
 * department other than the suggested one needs a stated reason.
 */
export function TriageForm() {
  const record = useRecordTriage();
  const {
    register,
    onSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: triageIntakeSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    send: (intake) => record.mutateAsync(intake),
    success: (s) => `${TRIAGE_MESSAGES.saved}: ${s.patientName} (${s.priority}) sent to ${placedWhere(s)}`,
    resetOnSave: true,
  });

  const [patientName, patientId, heartRate, systolic, temperature, department] = useWatch({
    control,
    name: ['patientName', 'patientId', 'heartRate', 'systolic', 'temperature', 'department'],
  });
  const vitals = vitalsSchema.safeParse({ heartRate, systolic, temperature });
  const result = vitals.success ? triage(vitals.data) : null;
  const chosen = DEPARTMENTS.find((d) => d === department) ?? null;
  const needsReason = result !== null && isRoutedElsewhere(chosen, result);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-6">
        <Card title="Patient">
          <div className="flex flex-col gap-4">
            <PatientPicker
              label="Patient"
              search={triagePatientSearch}
              value={{ id: patientId ?? null, name: patientName ?? '' }}
              onChange={(v) => {
                setValue('patientId', v.id);
                setValue('patientName', v.name, { shouldValidate: Boolean(errors.patientName) });
              }}
              allowFreeText
              hint="Search registered patients by name, or type the name of a new patient."
              error={errors.patientName?.message ?? errors.patientId?.message}
            />
            <Textarea
              label="Chief complaint"
              rows={2}
              hint="Optional"
              error={errors.complaint?.message}
              {...register('complaint')}
            />
          </div>
        </Card>
        <Card title="Vital signs">
          <div className="grid gap-4 sm:grid-cols-2">
            {RULE_VITALS.map((name) => (
              <VitalInput key={name} name={name} register={register} error={errors[name]?.message} required />
            ))}
            {OTHER_VITALS.map((name) => (
              <VitalInput key={name} name={name} register={register} error={errors[name]?.message} />
            ))}
          </div>
        </Card>
      </div>
      <div className="flex flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
        <Card title="Triage result">
          <TriageResultPanel result={result} />
        </Card>
        <Card title="Placement">
          <div className="flex flex-col gap-4">
            <Select
              label="Department"
              placeholder={result ? `As suggested (${result.department})` : 'As suggested'}
              options={DEPARTMENTS.map((d) => ({ value: d, label: d === 'ER' ? 'ER (emergency room)' : d }))}
              hint="Choose another department only to route the patient elsewhere."
              error={errors.department?.message}
              {...register('department')}
            />
            {needsReason || errors.routingReason ? (
              <Textarea
                label="Reason for routing elsewhere"
                rows={3}
                aria-required
                error={errors.routingReason?.message}
                {...register('routingReason')}
              />
            ) : null}
            <Button type="submit" loading={isSubmitting} className="w-full">
              Save triage
            </Button>
          </div>
        </Card>
      </div>
    </form>
  );
}
