import {
  LAB_ORDER_MESSAGES,
  LAB_PRIORITIES,
  type LabOrderInput,
  type LabTestOption,
  labOrderInputSchema,
  SPECIMEN_TYPES,
} from '@carepoint/contract';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/lib/use-contract-form';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLabTestOptions, usePlaceLabOrder } from '../api/orders';

/** Where the dialog was opened: the chart, one of the doctor's appointments, or a stay. */
export interface LabOrderOrigin {
  patientId: string;
  patientName: string;
  stayId?: string;
  appointmentId?: string;
}

/**
 * Order lab tests: a searchable list of the active catalogue to tick (tests and panels), the
 * priority and a clinical note. When a chosen test is already pending for the patient the server
 * asks first: its message appears with "Order anyway" to tick.
 */
export function OrderLabTestsDialog({
  origin,
  open,
  onOpenChange,
}: {
  origin: LabOrderOrigin;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const place = usePlaceLabOrder();
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), 250);
  const options = useLabTestOptions(search, open);
  const [chosen, setChosen] = useState<LabTestOption[]>([]);
  const form = useContractForm({
    schema: labOrderInputSchema,
    defaultValues: {
      patientId: origin.patientId,
      testIds: [],
      priority: 'Routine',
      clinicalNote: '',
      stayId: origin.stayId ?? null,
      appointmentId: origin.appointmentId ?? null,
      confirmDuplicates: false,
    } satisfies LabOrderInput,
    fields: ['testIds', 'priority', 'clinicalNote', 'confirmDuplicates'],
    open,
    send: (body) => place.mutateAsync(body),
    success: LAB_ORDER_MESSAGES.ordered,
    onSaved: () => {
      setChosen([]);
      setTerm('');
      onOpenChange(false);
    },
  });
  const {
    register,
    control,
    setValue,
    onSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const confirmed = useWatch({ control, name: 'confirmDuplicates' });
  const asked = Boolean(errors.confirmDuplicates) || confirmed === true;

  const choose = (next: LabTestOption[]) => {
    setChosen(next);
    setValue(
      'testIds',
      next.map((t) => t.id),
      { shouldValidate: Boolean(errors.testIds) },
    );
  };
  const toggle = (option: LabTestOption) =>
    choose(
      chosen.some((c) => c.id === option.id) ? chosen.filter((c) => c.id !== option.id) : [...chosen, option],
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setChosen([]);
          setTerm('');
        }
        onOpenChange(next);
      }}
      title="Order lab tests"
      description={`For ${origin.patientName}. Tests needing different containers become separate specimens.`}
      submitLabel="Order tests"
      submitting={isSubmitting}
      onSubmit={onSubmit}
      size="lg"
    >
      <div className="space-y-2">
        <Input
          label="Find tests"
          placeholder="Name, code or LOINC"
          autoComplete="off"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          error={errors.testIds?.message}
        />
        {chosen.length > 0 ? (
          <ul aria-label="Chosen tests" className="flex flex-wrap gap-2">
            {chosen.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => toggle(t)}
                  className="inline-flex items-center gap-1 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-900"
                  aria-label={`Remove ${t.name}`}
                >
                  {t.code} · {t.name} <X aria-hidden size={12} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <fieldset className="max-h-56 overflow-y-auto rounded-md border border-border">
          <legend className="sr-only">Lab tests</legend>
          {options.data?.length === 0 ? <p className="p-3 text-sm text-ink-muted">No tests found.</p> : null}
          {options.data?.map((option) => (
            <div key={option.id} className="border-b border-border px-3 py-2 last:border-b-0">
              <Checkbox
                label={
                  <span>
                    <span className="font-medium text-ink">{option.name}</span>{' '}
                    <span className="text-xs text-ink-muted">
                      {option.code}
                      {option.kind === 'panel' ? ' · panel' : ''} · {SPECIMEN_TYPES[option.specimenType]},{' '}
                      {option.container}
                    </span>
                  </span>
                }
                checked={chosen.some((c) => c.id === option.id)}
                onChange={() => toggle(option)}
              />
            </div>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Priority"
          options={optionsOf(LAB_PRIORITIES)}
          error={errors.priority?.message}
          {...register('priority')}
        />
      </div>
      <Textarea
        label="Clinical note"
        rows={3}
        hint="What the laboratory should know (symptoms, medicines, fasting)"
        error={errors.clinicalNote?.message}
        {...register('clinicalNote')}
      />
      {asked ? (
        <Checkbox
          label="Order anyway"
          error={errors.confirmDuplicates?.message}
          {...register('confirmDuplicates')}
        />
      ) : null}
    </FormDialog>
  );
}
