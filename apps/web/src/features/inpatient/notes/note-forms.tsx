import {
  createNursingNoteSchema,
  createWardRoundNoteSchema,
  NURSING_NOTE_CATEGORIES,
  SOAP_LABELS,
  SOAP_PARTS,
  WARD_NOTE_MAX_LENGTH,
  WARD_NOTE_MESSAGES,
  type WardNote,
} from '@carepoint/contract';
import { optionsOf } from '@/components/form/options';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useWriteNursingNote, useWriteWardRoundNote } from './api';

/** What the SOAP form's boxes ask for, so a doctor new to the format knows what goes where. */
const SOAP_HINTS = {
  subjective: 'What the patient says: symptoms, how they feel',
  objective: 'What you find: observations, examination, results',
  assessment: 'Your impression: progress, working diagnosis',
  plan: 'What happens next: treatment, tests, orders, discharge',
} as const;

interface FormProps {
  stayId: string;
  /** The caller's own note being corrected; the form starts with its words. */
  correcting?: WardNote | undefined;
  /** After a save, or when a correction is given up. */
  onDone: () => void;
}

/** Above a correction: what is being corrected, and that the original stays in the record. */
function CorrectingBanner({ note, onCancel }: { note: WardNote; onCancel: () => void }) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-warning-800/30 bg-warning-50 p-3 text-sm text-warning-900"
    >
      <p>
        Correcting your note of {formatDateTime(note.writtenAt)}. The original stays in the record, marked as
        corrected.
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        Cancel correction
      </Button>
    </div>
  );
}

/** The nurse's note: a category and the text. */
export function NursingNoteForm({ stayId, correcting, onDone }: FormProps) {
  const write = useWriteNursingNote(stayId);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createNursingNoteSchema,
    defaultValues: {
      category: correcting?.category ?? 'General',
      text: correcting?.text ?? '',
      correctsId: correcting?.id ?? null,
    },
    fields: ['text', 'category', 'correctsId'],
    send: (values) => write.mutateAsync(values),
    success: correcting ? WARD_NOTE_MESSAGES.correctionSaved : WARD_NOTE_MESSAGES.nursingSaved,
    resetOnSave: true,
    onSaved: onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Nursing note">
      {correcting ? <CorrectingBanner note={correcting} onCancel={onDone} /> : null}
      <Select
        label="Category"
        options={optionsOf(NURSING_NOTE_CATEGORIES)}
        error={errors.category?.message}
        {...register('category')}
      />
      <Textarea
        label="Note"
        rows={6}
        maxLength={WARD_NOTE_MAX_LENGTH}
        error={errors.text?.message ?? errors.correctsId?.message}
        {...register('text')}
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          {correcting ? 'Save correction' : 'Save note'}
        </Button>
      </div>
    </form>
  );
}

/** The doctor's ward round note in SOAP parts: any of them, at least one. */
export function WardRoundNoteForm({ stayId, correcting, onDone }: FormProps) {
  const write = useWriteWardRoundNote(stayId);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createWardRoundNoteSchema,
    defaultValues: {
      subjective: correcting?.subjective ?? '',
      objective: correcting?.objective ?? '',
      assessment: correcting?.assessment ?? '',
      plan: correcting?.plan ?? '',
      correctsId: correcting?.id ?? null,
    },
    fields: [...SOAP_PARTS, 'correctsId'],
    send: (values) => write.mutateAsync(values),
    success: correcting ? WARD_NOTE_MESSAGES.correctionSaved : WARD_NOTE_MESSAGES.wardRoundSaved,
    resetOnSave: true,
    onSaved: onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Ward round note">
      {correcting ? <CorrectingBanner note={correcting} onCancel={onDone} /> : null}
      {SOAP_PARTS.map((part) => (
        <Textarea
          key={part}
          label={SOAP_LABELS[part]}
          hint={SOAP_HINTS[part]}
          rows={3}
          maxLength={WARD_NOTE_MAX_LENGTH}
          error={errors[part]?.message ?? (part === 'plan' ? errors.correctsId?.message : undefined)}
          {...register(part)}
        />
      ))}
      <div>
        <Button type="submit" loading={isSubmitting}>
          {correcting ? 'Save correction' : 'Save ward round note'}
        </Button>
      </div>
    </form>
  );
}
