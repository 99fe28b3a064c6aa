import {
  AIR_OR_OXYGEN,
  CONSCIOUSNESS_LEVELS,
  news2,
  OBSERVATION_MESSAGES,
  type RecordObservationsInput,
  recordObservationsSchema,
  SPO2_SCALES,
  VITAL_RANGES,
  type VitalName,
} from '@carepoint/contract';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/lib/use-contract-form';
import { useRecordObservations } from './api';
import { News2Panel } from './news2-panel';

type Values = RecordObservationsInput;

const EMPTY = {
  respiratoryRate: '',
  oxygenSaturation: '',
  spo2Scale: '1',
  airOrOxygen: 'Air',
  systolic: '',
  pulse: '',
  consciousness: 'Alert',
  temperature: '',
} as unknown as Values;

const FIELDS = [
  'respiratoryRate',
  'oxygenSaturation',
  'spo2Scale',
  'airOrOxygen',
  'systolic',
  'pulse',
  'consciousness',
  'temperature',
] as const;

/** The measured fields, in the RCP chart's order, with the label the form shows. */
const MEASURED: ReadonlyArray<{ name: (typeof FIELDS)[number]; vital: VitalName; label: string }> = [
  { name: 'respiratoryRate', vital: 'respiratoryRate', label: 'Respiration rate' },
  { name: 'oxygenSaturation', vital: 'oxygenSaturation', label: 'SpO2' },
  { name: 'systolic', vital: 'systolic', label: 'Systolic blood pressure' },
  { name: 'pulse', vital: 'heartRate', label: 'Pulse' },
  { name: 'temperature', vital: 'temperature', label: 'Temperature' },
];

/**
 * Record a set of observations, taken now: the seven NEWS2 parameters, with the score and the
 * clinical response shown as they are typed (the contract's `news2`, the same the server stores).
 * (The API also takes `takenAt` for a set written down later; the form leaves it to the server's clock.)
 */
export function ObservationForm({ stayId }: { stayId: string }) {
  const record = useRecordObservations(stayId);
  const {
    register,
    onSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: recordObservationsSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    send: (set) => record.mutateAsync(set),
    success: (set) => `${OBSERVATION_MESSAGES.saved}: NEWS2 ${set.score} (${set.risk} risk)`,
    resetOnSave: true,
  });
  const typed = useWatch({ control });
  const parsed = recordObservationsSchema.safeParse(typed);
  const result = parsed.success ? news2(parsed.data) : null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Record observations"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <Card title="New observations">
        <div className="grid gap-4 sm:grid-cols-2">
          {MEASURED.map(({ name, vital, label }) => {
            const range = VITAL_RANGES[vital];
            return (
              <Input
                key={name}
                label={`${label} (${range.unit})`}
                type="number"
                inputMode="decimal"
                step={range.step}
                min={range.min}
                max={range.max}
                aria-required
                error={errors[name]?.message}
                {...register(name)}
              />
            );
          })}
          <Select
            label="SpO2 scale"
            options={SPO2_SCALES.map((scale) => ({
              value: String(scale),
              label: scale === 2 ? 'Scale 2 (hypercapnic respiratory failure)' : 'Scale 1',
            }))}
            hint="Scale 2 only when a clinician set a target of 88–92%."
            error={errors.spo2Scale?.message}
            {...register('spo2Scale')}
          />
          <Select
            label="Air or oxygen"
            options={AIR_OR_OXYGEN.map((v) => ({
              value: v,
              label: v === 'Oxygen' ? 'Supplemental oxygen' : 'Air',
            }))}
            error={errors.airOrOxygen?.message}
            {...register('airOrOxygen')}
          />
          <Select
            label="Consciousness (ACVPU)"
            options={CONSCIOUSNESS_LEVELS.map((v) => ({ value: v, label: v }))}
            error={errors.consciousness?.message}
            {...register('consciousness')}
          />
        </div>
      </Card>
      <div className="flex flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
        <Card title="NEWS2">
          <div className="flex flex-col gap-4">
            <News2Panel result={result} />
            <Button type="submit" loading={isSubmitting} className="w-full">
              Save observations
            </Button>
          </div>
        </Card>
      </div>
    </form>
  );
}
