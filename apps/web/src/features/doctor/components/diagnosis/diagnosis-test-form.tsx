import {
  DIABETES_STATUSES,
  DIAGNOSIS_MESSAGES,
  DIAGNOSIS_PROPERTIES_MAX,
  DIAGNOSIS_RANGES,
  type DiagnosisMeasure,
  type DiagnosisTest,
  type DiagnosisTestFields,
  type DiagnosisTestInput,
  diagnosisTestInputSchema,
} from '@carepoint/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Path, useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { optionsOf } from '@/components/form/options';
import { PatientPicker } from '@/components/form/patient-picker';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCategoryOptions } from '@/features/doctor/api/diagnosis';
import { triagePatientSearch } from '@/features/doctor/api/triage';
import { useContractForm } from '@/lib/use-contract-form';

type Values = DiagnosisTestInput;

const MEASURES: DiagnosisMeasure[] = [
  'age',
  'height',
  'weight',
  'systolic',
  'diastolic',
  'bloodSugar',
  'averageGlucose',
  'urinSugar',
  'cholesterol',
];

const BLANK: Values = {
  patientId: '',
  name: '',
  categoryId: '',
  ...Object.fromEntries(MEASURES.map((m) => [m, ''])),
  diabetes: '',
  properties: [],
};

/** The form's values for a stored test (numbers as typed text, "not measured" empty). */
function valuesOf(test: DiagnosisTest): Values {
  return {
    patientId: test.patient.id,
    name: test.name,
    categoryId: test.category.id,
    ...Object.fromEntries(MEASURES.map((m) => [m, test[m] ?? ''])),
    diabetes: test.diabetes ?? '',
    properties: test.properties,
  };
}

/** Every field the server's messages can name, properties included. */
const FIELDS: Array<Path<Values>> = [
  'patientId',
  'name',
  'categoryId',
  'diabetes',
  'properties',
  ...MEASURES,
  ...Array.from({ length: DIAGNOSIS_PROPERTIES_MAX }, (_, i) => [
    `properties.${i}.name` as const,
    `properties.${i}.value` as const,
  ]).flat(),
];

export type DiagnosisTestFormProps = {
  /** The stored test when editing; a new test without. */
  test?: DiagnosisTest;
  /** Sends the checked fields; resolves to the saved test, or undefined when refused. */
  onSave: (fields: DiagnosisTestFields) => Promise<DiagnosisTest>;
  onSaved: (saved: DiagnosisTest) => void;
  successMessage: (saved: DiagnosisTest) => string;
};

/**
 * New and Edit Patient Diagnosis Test (docs/areas/diagnosis.md): the patient (a registered one), the test's
 * name and category, the report number (assigned on save, shown read-only), the measurements
 * with their units and ranges, and extra name/value properties. Another doctor's test is shown
 * read-only.
 */
export function DiagnosisTestForm({ test, onSave, onSaved, successMessage }: DiagnosisTestFormProps) {
  const categories = useCategoryOptions();
  const readOnly = test !== undefined && !test.editable;
  const [patientName, setPatientName] = useState(test?.patient.fullName ?? '');
  const {
    register,
    onSubmit,
    setValue,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: diagnosisTestInputSchema,
    defaultValues: test ? valuesOf(test) : BLANK,
    fields: FIELDS,
    send: onSave,
    success: successMessage,
    onSaved,
  });
  const properties = useFieldArray({ control, name: 'properties' });
  const patientId = watch('patientId');
  // The stored category is an option from the start: a select set before its option exists shows none.
  const loaded = categories.data ?? [];
  const categoryOptions = [
    ...(test && !loaded.some((c) => c.id === test.category.id) ? [test.category] : []),
    ...loaded,
  ].map((c) => ({ value: c.id, label: c.name }));

  const measureInput = (name: DiagnosisMeasure) => {
    const range = DIAGNOSIS_RANGES[name];
    return (
      <Input
        key={name}
        label={`${range.label} (${range.unit})`}
        type="number"
        inputMode="decimal"
        step={range.step}
        min={range.min}
        max={range.max}
        error={errors[name]?.message}
        {...register(name)}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        {readOnly ? (
          <p role="note" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm text-ink-soft">
            {DIAGNOSIS_MESSAGES.notYours}. Recorded by {test?.doctor.fullName}.
          </p>
        ) : null}
        <Card title="Patient and test">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <PatientPicker
                label="Patient"
                search={triagePatientSearch}
                value={{ id: patientId || null, name: patientName }}
                onChange={(v) => {
                  setPatientName(v.name);
                  setValue('patientId', v.id ?? '', { shouldValidate: Boolean(errors.patientId) });
                }}
                hint="Search registered patients by name or e-mail."
                error={errors.patientId?.message}
              />
            </div>
            <Input
              label="Test name"
              autoComplete="off"
              aria-required
              error={errors.name?.message}
              {...register('name')}
            />
            <Select
              label="Diagnosis category"
              placeholder={categories.isPending ? 'Loading...' : 'Select a category'}
              options={categoryOptions}
              aria-required
              error={errors.categoryId?.message}
              {...register('categoryId')}
            />
            <Input
              label="Report number"
              readOnly
              value={test?.reportNumber ?? ''}
              placeholder="Assigned on save"
              hint={test ? undefined : 'Given when the test is saved: unique and in sequence for the year.'}
            />
          </div>
        </Card>
        <Card title="Measurements">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {MEASURES.map(measureInput)}
            <Select
              label="Diabetes"
              placeholder="Not assessed"
              options={optionsOf(DIABETES_STATUSES)}
              error={errors.diabetes?.message}
              {...register('diabetes')}
            />
          </div>
        </Card>
        <Card
          title="Other properties"
          actions={
            readOnly ? null : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => properties.append({ name: '', value: '' })}
                disabled={properties.fields.length >= DIAGNOSIS_PROPERTIES_MAX}
              >
                <Plus aria-hidden size={14} /> Add property
              </Button>
            )
          }
        >
          {properties.fields.length === 0 ? (
            <p className="text-sm text-ink-muted">
              {readOnly
                ? 'None.'
                : `None. Add a name and value for any other result (up to ${DIAGNOSIS_PROPERTIES_MAX}).`}
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {properties.fields.map((field, index) => (
                <li
                  key={field.id}
                  className="grid items-start gap-2 border-b border-border pb-3 last:border-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:border-0 sm:pb-0"
                >
                  <Input
                    label={`Property ${index + 1} name`}
                    autoComplete="off"
                    error={errors.properties?.[index]?.name?.message}
                    {...register(`properties.${index}.name`)}
                  />
                  <Input
                    label={`Property ${index + 1} value`}
                    autoComplete="off"
                    error={errors.properties?.[index]?.value?.message}
                    {...register(`properties.${index}.value`)}
                  />
                  {readOnly ? null : (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="justify-self-end sm:mt-6"
                      aria-label={`Remove property ${index + 1}`}
                      title="Remove"
                      onClick={() => properties.remove(index)}
                    >
                      <Trash2 aria-hidden size={16} />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {errors.properties?.message ? (
            <p role="alert" className="mt-2 text-sm text-danger-700">
              {errors.properties.message}
            </p>
          ) : null}
        </Card>
      </fieldset>
      <div className="mt-6 flex justify-end gap-2">
        <Link to="/doctor/diagnosis" className={buttonClass({ variant: 'secondary' })}>
          {readOnly ? 'Back' : 'Cancel'}
        </Link>
        {readOnly ? null : (
          <Button type="submit" loading={isSubmitting}>
            {test ? 'Save changes' : 'Save test'}
          </Button>
        )}
      </div>
    </form>
  );
}
