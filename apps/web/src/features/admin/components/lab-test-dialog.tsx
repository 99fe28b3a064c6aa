import {
  LAB_CATALOGUE_MESSAGES,
  LAB_RESULT_TYPES,
  LAB_TEST_KINDS,
  type LabTest,
  SPECIMEN_TYPE_CODES,
  SPECIMEN_TYPES,
} from '@carepoint/contract';
import { Plus, Trash2 } from 'lucide-react';
import { type Path, useFieldArray } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import type { ButtonVariant } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateLabTest, usePanelMemberChoices, useUpdateLabTest } from '@/features/admin/api/lab-tests';
import {
  BLANK_LAB_TEST,
  BLANK_RANGE,
  checkLabTest,
  type LabTestFormValues,
  labTestFormValues,
} from '@/features/admin/lab-test-form';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS: ReadonlyArray<Path<LabTestFormValues>> = [
  'code',
  'name',
  'loincCode',
  'kind',
  'specimenType',
  'container',
  'resultType',
  'unit',
  'decimals',
  'choices',
  'abnormalChoices',
  'turnaroundMinutes',
  'price',
  'ranges',
  'memberIds',
];

const RESULT_LABELS: Record<(typeof LAB_RESULT_TYPES)[number], string> = {
  quantity: 'Number (with unit)',
  choice: 'Choice of answers',
  text: 'Text',
};
const CONTAINERS = [
  'EDTA (purple top)',
  'Fluoride oxalate (grey top)',
  'Plain/SST (gold top)',
  'Sodium citrate (light blue top)',
  'Sterile urine container',
  'Sterile stool container',
];

/**
 * A range's numbers, in the order a row reads them: the age band (whole or part years), then the
 * reference and critical limits, which take any decimals the test's results carry.
 */
const RANGE_NUMBERS = [
  ['ageFrom', 'Age from', undefined],
  ['ageTo', 'Age to', undefined],
  ['low', 'Low', 'any'],
  ['high', 'High', 'any'],
  ['criticalLow', 'Critical low', 'any'],
  ['criticalHigh', 'Critical high', 'any'],
] as const satisfies ReadonlyArray<
  readonly [keyof LabTestFormValues['ranges'][number], string, 'any' | undefined]
>;

/** A panel's members: the active tests, ticked in the order the report lists them. */
function MemberPicker({
  value,
  onChange,
  error,
  selfId,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  selfId?: string;
}) {
  const choices = usePanelMemberChoices();
  const tests = (choices.data?.data ?? []).filter((t) => t.id !== selfId);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Member tests</legend>
      <p className="text-xs text-ink-soft">Tick the tests in the order the report lists them.</p>
      <div className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-border p-3 sm:grid-cols-2">
        {choices.isPending ? <span className="text-sm text-ink-soft">Loading...</span> : null}
        {tests.map((t) => (
          <Checkbox
            key={t.id}
            label={`${t.name} (${t.code})`}
            checked={value.includes(t.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, t.id] : value.filter((id) => id !== t.id))
            }
          />
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Add Lab Test (no test) or Edit Lab Test: the entry whole, with its ranges or its members. */
export function LabTestDialog({ open, onOpenChange, test }: DialogComponentProps & { test?: LabTest }) {
  const create = useCreateLabTest();
  const update = useUpdateLabTest();
  const {
    register,
    onSubmit,
    control,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: test ? labTestFormValues(test) : BLANK_LAB_TEST,
    check: checkLabTest,
    fields: FIELDS,
    send: (body) => (test ? update.mutateAsync({ id: test.id, body }) : create.mutateAsync(body)),
    success: test ? LAB_CATALOGUE_MESSAGES.updated : LAB_CATALOGUE_MESSAGES.added,
    resetOnSave: !test,
    onSaved: () => onOpenChange(false),
  });
  const ranges = useFieldArray({ control, name: 'ranges' });
  const kind = watch('kind');
  const resultType = watch('resultType');
  const memberIds = watch('memberIds');

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={test ? `Edit ${test.name}` : 'Add Lab Test'}
      submitLabel={test ? 'Save' : 'Add Lab Test'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Code"
          autoComplete="off"
          hint="Short, on labels: FBC, K"
          error={errors.code?.message}
          {...register('code')}
        />
        <Input
          label="LOINC code"
          autoComplete="off"
          inputMode="numeric"
          hint="Digits, a dash and the check digit: 2823-3"
          error={errors.loincCode?.message}
          {...register('loincCode')}
        />
        <div className="sm:col-span-2">
          <Input label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        </div>
        <Select
          label="Kind"
          options={LAB_TEST_KINDS.map((k) => ({ value: k, label: k === 'test' ? 'Test' : 'Panel' }))}
          disabled={test !== undefined}
          hint={test ? 'A test stays a test, a panel a panel.' : undefined}
          error={errors.kind?.message}
          {...register('kind')}
        />
        <Select
          label="Specimen"
          options={SPECIMEN_TYPE_CODES.map((code) => ({ value: code, label: SPECIMEN_TYPES[code] }))}
          error={errors.specimenType?.message}
          {...register('specimenType')}
        />
        <Input
          label="Container"
          list="lab-containers"
          autoComplete="off"
          error={errors.container?.message}
          {...register('container')}
        />
        <datalist id="lab-containers">
          {CONTAINERS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Input
          label="Turnaround (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.turnaroundMinutes?.message}
          {...register('turnaroundMinutes')}
        />
        <Input
          label="Price (₦)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          error={errors.price?.message}
          {...register('price')}
        />
        {kind === 'test' ? (
          <Select
            label="Result"
            options={LAB_RESULT_TYPES.map((r) => ({ value: r, label: RESULT_LABELS[r] }))}
            error={errors.resultType?.message}
            {...register('resultType')}
          />
        ) : null}
        {kind === 'test' && resultType === 'quantity' ? (
          <>
            <Input
              label="Unit (UCUM)"
              autoComplete="off"
              hint="mmol/L, g/dL, 10*9/L, %"
              error={errors.unit?.message}
              {...register('unit')}
            />
            <Input
              label="Decimals"
              type="number"
              inputMode="numeric"
              min={0}
              max={4}
              error={errors.decimals?.message}
              {...register('decimals')}
            />
          </>
        ) : null}
        {kind === 'test' && resultType === 'choice' ? (
          <>
            <Textarea
              label="Answers"
              hint="One a line: Negative, Positive"
              rows={4}
              error={errors.choices?.message}
              {...register('choices')}
            />
            <Textarea
              label="Abnormal answers"
              hint="One a line, among the answers: Positive"
              rows={4}
              error={errors.abnormalChoices?.message}
              {...register('abnormalChoices')}
            />
          </>
        ) : null}
      </div>

      {kind === 'test' && resultType === 'quantity' ? (
        <section aria-labelledby="lab-ranges" className="mt-6 flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <h3 id="lab-ranges" className="text-sm font-medium text-ink">
              Reference ranges
            </h3>
            <Button variant="secondary" size="sm" onClick={() => ranges.append({ ...BLANK_RANGE })}>
              <Plus aria-hidden className="h-4 w-4" /> Add range
            </Button>
          </div>
          <p className="text-xs text-ink-soft">
            Ages in years, "to" not included; empty: from birth, no upper bound. The most specific range that
            holds the patient applies.
          </p>
          {ranges.fields.map((field, index) => (
            <fieldset
              key={field.id}
              className="grid grid-cols-2 gap-2 rounded-lg border border-border p-3 sm:grid-cols-4"
            >
              <legend className="sr-only">Range {index + 1}</legend>
              <Select
                label="Sex"
                placeholder="Either"
                options={[
                  { value: 'male', label: 'Male' },
                  { value: 'female', label: 'Female' },
                ]}
                {...register(`ranges.${index}.sex`)}
              />
              {RANGE_NUMBERS.map(([field, label, step]) => (
                <Input
                  key={field}
                  label={label}
                  type="number"
                  inputMode="decimal"
                  step={step}
                  {...register(`ranges.${index}.${field}`)}
                />
              ))}
              <div className="flex items-end">
                <Button variant="ghost" size="sm" onClick={() => ranges.remove(index)}>
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Remove<span className="sr-only"> range {index + 1}</span>
                </Button>
              </div>
            </fieldset>
          ))}
          {errors.ranges?.message ? (
            <p role="alert" className="text-sm text-danger-700">
              {errors.ranges.message}
            </p>
          ) : null}
        </section>
      ) : null}

      {kind === 'panel' ? (
        <div className="mt-6">
          <MemberPicker
            value={memberIds}
            selfId={test?.id}
            onChange={(ids) => setValue('memberIds', ids, { shouldValidate: false })}
            error={errors.memberIds?.message}
          />
        </div>
      ) : null}
    </FormDialog>
  );
}

export function AddLabTestButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Lab Test" dialog={LabTestDialog} variant={variant} />;
}
