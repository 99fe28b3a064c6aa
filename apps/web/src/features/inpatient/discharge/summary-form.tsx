import {
  allergyWarning,
  DISCHARGE_MEDICINES_MAX,
  type DischargeSummary,
  type DischargeSummaryInput,
  dischargeSummaryInputSchema,
  findAllergyConflicts,
  DISCHARGE_SUMMARY_MESSAGES as M,
  SECONDARY_DIAGNOSES_MAX,
} from '@carepoint/contract';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { type Path, useFieldArray, useWatch } from 'react-hook-form';
import { DiagnosisCodePicker } from '@/components/form/diagnosis-code-picker';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/lib/use-contract-form';
import { dischargeDiagnosisSearch, useSaveDischargeSummary, useSignDischargeSummary } from './api';

type Values = DischargeSummaryInput;
type Medicine = NonNullable<Values['medicines']>[number];
type Secondary = NonNullable<Values['secondaryDiagnoses']>[number];

const EMPTY_MEDICINE: Medicine = { name: '', dose: '', frequency: '', duration: '' };
const EMPTY_DIAGNOSIS: Secondary = { code: '', text: '' };
const MEDICINE_FIELDS = ['name', 'dose', 'frequency', 'duration'] as const;
const STATIC_FIELDS: Array<Path<Values>> = [
  'principalDiagnosis.code',
  'principalDiagnosis.text',
  'secondaryDiagnoses',
  'procedures',
  'course',
  'medicines',
  'followUpInstructions',
  'acknowledgeAllergies',
];
const DISCHARGE_FORM_ID = 'discharge-summary-form';

/** The form's values for a saved draft, or an empty summary. */
function valuesOf(s: DischargeSummary | null): Values {
  return {
    principalDiagnosis: {
      code: s?.principalDiagnosis.coded?.code ?? '',
      text: s?.principalDiagnosis.text ?? '',
    },
    secondaryDiagnoses: (s?.secondaryDiagnoses ?? []).map((d) => ({
      code: d.coded?.code ?? '',
      text: d.text ?? '',
    })),
    procedures: s?.procedures ?? '',
    course: s?.course ?? '',
    medicines: s?.medicines ?? [],
    followUpInstructions: s?.followUpInstructions ?? '',
    acknowledgeAllergies: s?.allergyOverride != null,
  };
}

/** The titles of the codes a saved summary already has (a picker shows a code with its title). */
const titlesOf = (s: DischargeSummary | null) =>
  Object.fromEntries(
    [s?.principalDiagnosis, ...(s?.secondaryDiagnoses ?? [])].flatMap((d) =>
      d?.coded ? [[d.coded.code, d.coded.title]] : [],
    ),
  );

/**
 * The doctor's discharge summary: the principal and secondary diagnoses (each an ICD-10-CM code
 * from the picker beside the doctor's wording), what was done, the course, the medicines to
 * continue and the follow-up instructions. Save draft keeps it as it is; Sign saves it and makes
 * it final, after a confirmation (the server says what is still missing, under each field).
 */
export function DischargeSummaryForm({
  stayId,
  summary,
  allergies,
  children,
}: {
  stayId: string;
  summary: DischargeSummary | null;
  /** The patient's recorded allergies: a medicine matching one is flagged as the doctor types. */
  allergies: readonly string[];
  /** Shown between the form's cards and its buttons (the follow-up booking, a form of its own). */
  children?: ReactNode;
}) {
  const save = useSaveDischargeSummary(stayId);
  const sign = useSignDischargeSummary(stayId);
  const signing = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const [titles, setTitles] = useState<Record<string, string>>(() => titlesOf(summary));
  const {
    register,
    control,
    onSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: dischargeSummaryInputSchema,
    defaultValues: valuesOf(summary),
    fields: (data) => [
      ...STATIC_FIELDS,
      ...data.secondaryDiagnoses.flatMap((_, i) => [
        `secondaryDiagnoses.${i}.code` as Path<Values>,
        `secondaryDiagnoses.${i}.text` as Path<Values>,
      ]),
      ...data.medicines.flatMap((_, i) => MEDICINE_FIELDS.map((f) => `medicines.${i}.${f}` as Path<Values>)),
    ],
    send: async (data) => {
      const saved = await save.mutateAsync(data);
      return signing.current ? sign.mutateAsync(undefined) : saved;
    },
    success: (answer) => (answer.summary?.status === 'Signed' ? M.signed : M.saved),
  });
  const diagnoses = useFieldArray({ control, name: 'secondaryDiagnoses' });
  const medicines = useFieldArray({ control, name: 'medicines' });
  const [principalCode, secondaryCodes, listed] = useWatch({
    control,
    name: ['principalDiagnosis.code', 'secondaryDiagnoses', 'medicines'],
  });
  const conflicts = findAllergyConflicts(
    (listed ?? []).map((m) => ({ name: String(m?.name ?? '') })),
    allergies,
  );
  const allergyFlag = (i: number) => {
    const conflict = conflicts.find((c) => c.index === i);
    return conflict ? allergyWarning(conflict) : undefined;
  };

  const coded = (code: unknown) => {
    const c = typeof code === 'string' ? code : '';
    return c ? { code: c, title: titles[c] ?? '' } : null;
  };
  const choose = (field: Path<Values>) => (chosen: { code: string; title: string } | null) => {
    if (chosen) setTitles((known) => ({ ...known, [chosen.code]: chosen.title }));
    setValue(field, chosen?.code ?? '', { shouldValidate: false });
  };

  const signNow = async () => {
    signing.current = true;
    try {
      await onSubmit();
    } finally {
      signing.current = false;
      setConfirming(false);
    }
  };

  return (
    <>
      <form id={DISCHARGE_FORM_ID} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <Card title="Diagnoses">
          <div className="grid gap-4 md:grid-cols-2">
            <DiagnosisCodePicker
              label="Principal diagnosis (ICD-10-CM)"
              search={dischargeDiagnosisSearch}
              value={coded(principalCode)}
              onChange={choose('principalDiagnosis.code')}
              error={errors.principalDiagnosis?.code?.message}
            />
            <Input
              label="Principal diagnosis, as you would write it"
              {...register('principalDiagnosis.text')}
              error={errors.principalDiagnosis?.text?.message}
            />
          </div>
          <h3 className="mt-6 mb-2 text-sm font-semibold text-ink">Secondary diagnoses</h3>
          {diagnoses.fields.length === 0 ? <p className="text-sm text-ink-soft">None added.</p> : null}
          <ol className="flex flex-col gap-4">
            {diagnoses.fields.map((line, i) => (
              <li
                key={line.id}
                className="grid gap-3 rounded-lg border border-border p-3 md:grid-cols-[1fr_1fr_auto]"
              >
                <DiagnosisCodePicker
                  label={`Secondary diagnosis ${i + 1} (ICD-10-CM)`}
                  search={dischargeDiagnosisSearch}
                  value={coded(secondaryCodes?.[i]?.code)}
                  onChange={choose(`secondaryDiagnoses.${i}.code` as Path<Values>)}
                  error={errors.secondaryDiagnoses?.[i]?.code?.message}
                />
                <Input
                  label={`Secondary diagnosis ${i + 1}, wording`}
                  {...register(`secondaryDiagnoses.${i}.text`)}
                  error={errors.secondaryDiagnoses?.[i]?.text?.message}
                />
                <div className="flex items-start md:pt-6">
                  <Button variant="ghost" size="sm" onClick={() => diagnoses.remove(i)}>
                    <Trash2 aria-hidden size={16} /> Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          {errors.secondaryDiagnoses?.message ? (
            <p className="mt-2 text-sm text-danger-700">{errors.secondaryDiagnoses.message}</p>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={diagnoses.fields.length >= SECONDARY_DIAGNOSES_MAX}
            onClick={() => diagnoses.append(EMPTY_DIAGNOSIS)}
          >
            <Plus aria-hidden size={16} /> Add diagnosis
          </Button>
        </Card>

        <Card title="In hospital">
          <div className="flex flex-col gap-4">
            <Textarea
              label="What was done (procedures and treatment)"
              rows={4}
              {...register('procedures')}
              error={errors.procedures?.message}
            />
            <Textarea
              label="Course in hospital"
              rows={5}
              {...register('course')}
              error={errors.course?.message}
            />
          </div>
        </Card>

        <Card title="Medicines to continue">
          {medicines.fields.length === 0 ? (
            <p className="text-sm text-ink-soft">No medicines to continue.</p>
          ) : null}
          <ol className="flex flex-col gap-4">
            {medicines.fields.map((line, i) => (
              <li
                key={line.id}
                className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
              >
                <Input
                  label="Medicine"
                  {...register(`medicines.${i}.name`)}
                  error={errors.medicines?.[i]?.name?.message ?? allergyFlag(i)}
                />
                <Input
                  label="Dose"
                  {...register(`medicines.${i}.dose`)}
                  error={errors.medicines?.[i]?.dose?.message}
                />
                <Input
                  label="How often"
                  {...register(`medicines.${i}.frequency`)}
                  error={errors.medicines?.[i]?.frequency?.message}
                />
                <Input
                  label="How long"
                  {...register(`medicines.${i}.duration`)}
                  error={errors.medicines?.[i]?.duration?.message}
                />
                <div className="flex items-start lg:pt-6">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => medicines.remove(i)}
                    aria-label={`Remove medicine ${i + 1}`}
                  >
                    <Trash2 aria-hidden size={16} /> Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={medicines.fields.length >= DISCHARGE_MEDICINES_MAX}
            onClick={() => medicines.append(EMPTY_MEDICINE)}
          >
            <Plus aria-hidden size={16} /> Add medicine
          </Button>
          {conflicts.length > 0 || errors.acknowledgeAllergies ? (
            <Checkbox
              label="I have seen the allergy warning and list it anyway"
              className="mt-4"
              error={errors.acknowledgeAllergies?.message}
              {...register('acknowledgeAllergies')}
            />
          ) : null}
        </Card>

        <Card title="Follow-up instructions">
          <Textarea
            label="Instructions for the patient"
            rows={4}
            {...register('followUpInstructions')}
            error={errors.followUpInstructions?.message}
          />
        </Card>
      </form>
      {children}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign the discharge summary"
        description={M.confirmSign}
        confirmLabel="Sign"
        destructive={false}
        loading={isSubmitting}
        onConfirm={signNow}
      />
      <SummaryActions submitting={isSubmitting} onSign={() => setConfirming(true)} />
    </>
  );
}

/** Save draft and Sign, under the form (the follow-up booking sits between them and the form's cards). */
function SummaryActions({ submitting, onSign }: { submitting: boolean; onSign: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button type="submit" form={DISCHARGE_FORM_ID} variant="secondary" loading={submitting}>
        Save draft
      </Button>
      <Button onClick={onSign} disabled={submitting}>
        Sign
      </Button>
    </div>
  );
}
