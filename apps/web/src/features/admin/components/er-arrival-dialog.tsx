import { type CreateErEntry, createErEntrySchema, TRIAGE_LEVELS } from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { PatientPicker } from '@/components/form/patient-picker';
import type { ButtonVariant } from '@/components/ui/button';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateErEntry } from '@/features/admin/api/emergency';
import { patientSearch } from '@/features/admin/api/patients';
import { useContractForm } from '@/lib/use-contract-form';

const BLANK: CreateErEntry = { patientName: '', patientId: null, triageLevel: 'Medium', complaint: '' };

/** Add Arrival: a walk-in by name, or a registered patient; arrival time is now. */
function ErArrivalDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateErEntry();
  const {
    register,
    onSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useContractForm({
    schema: createErEntrySchema,
    defaultValues: BLANK,
    fields: ['patientName', 'patientId', 'triageLevel', 'complaint'],
    send: (values) => create.mutateAsync(values),
    success: (entry) => `${entry.patientName} added to the emergency room`,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
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
