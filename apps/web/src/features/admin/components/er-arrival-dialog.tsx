import { type CreateErEntry, createErEntrySchema, TRIAGE_LEVELS } from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { PatientPicker } from '@/components/form/patient-picker';
import type { ButtonVariant } from '@/components/ui/button';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateErEntry } from '@/features/admin/api/emergency';
import { patientSearch } from '@/features/admin/api/patients';
import { submitForm } from '@/lib/forms';

const BLANK: CreateErEntry = { patientName: '', patientId: null, triageLevel: 'Medium', complaint: '' };

/** Add Arrival: a walk-in by name, or a registered patient; arrival time is now. */
function ErArrivalDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateErEntry();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({ resolver: zodResolver(createErEntrySchema), defaultValues: BLANK });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await submitForm(() => create.mutateAsync(values), {
      success: (entry) => `${entry.patientName} added to the emergency room`,
      setError,
      fields: ['patientName', 'patientId', 'triageLevel', 'complaint'],
    });
    if (!saved) return;
    reset(BLANK);
    onOpenChange(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Arrival"
      description="The arrival time is now; the wait counts from it."
      submitLabel="Add Arrival"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <PatientPicker
        search={patientSearch}
        label="Patient"
        allowFreeText
        hint="Type a name, or choose a registered patient."
        value={{ id: watch('patientId') ?? null, name: watch('patientName') ?? '' }}
        onChange={({ id, name }) => {
          setValue('patientId', id);
          setValue('patientName', name, { shouldValidate: isSubmitted });
        }}
        error={errors.patientName?.message ?? errors.patientId?.message}
      />
      <Select
        label="Triage level"
        options={optionsOf(TRIAGE_LEVELS)}
        error={errors.triageLevel?.message}
        {...register('triageLevel')}
      />
      <Textarea
        label="Complaint (optional)"
        rows={3}
        error={errors.complaint?.message}
        {...register('complaint')}
      />
    </FormDialog>
  );
}

export function AddArrivalButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Arrival" dialog={ErArrivalDialog} variant={variant} />;
}
