import {
  BED_MESSAGES,
  BED_STATUSES,
  type Bed,
  createBedSchema,
  TOASTS,
  type UpdateBed,
  updateBedSchema,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { type PatientChoice, PatientPicker } from '@/components/form/patient-picker';
import type { ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateBed, useDeleteBed, useUpdateBed } from '@/features/admin/api/beds';
import { patientSearch } from '@/features/admin/api/patients';
import { submitForm } from '@/lib/forms';

/** Add Bed: a label; new beds are Free. */
function AddBedDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateBed();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createBedSchema), defaultValues: { label: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await submitForm(() => create.mutateAsync(values), {
      success: TOASTS.bedAdded,
      setError,
      fields: ['label'],
    });
    if (!saved) return;
    reset({ label: '' });
    onOpenChange(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Bed"
      description="New beds are Free."
      submitLabel="Add Bed"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input label="Label" autoComplete="off" error={errors.label?.message} {...register('label')} />
    </FormDialog>
  );
}

export function AddBedButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Bed" dialog={AddBedDialog} variant={variant} />;
}

/** Edit Bed: label, Free or Occupied, and the patient in it while Occupied. */
export function EditBedDialog({ open, onOpenChange, bed }: DialogComponentProps & { bed: Bed }) {
  const update = useUpdateBed();
  const [patient, setPatient] = useState<PatientChoice>({ id: bed.patientId, name: bed.patientName ?? '' });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(updateBedSchema),
    defaultValues: { label: bed.label, status: bed.status, patientId: bed.patientId } satisfies UpdateBed,
  });
  const occupied = watch('status') === 'Occupied';

  const onSubmit = handleSubmit(async (values) => {
    if (occupied && patient.name.trim() && !patient.id) {
      setError('patientId', { type: 'manual', message: BED_MESSAGES.patientNotFound }, { shouldFocus: true });
      return;
    }
    const body = { ...values, patientId: occupied ? patient.id : null };
    const saved = await submitForm(() => update.mutateAsync({ id: bed.id, body }), {
      success: TOASTS.bedUpdated,
      setError,
      fields: ['label', 'status', 'patientId'],
    });
    if (saved) onOpenChange(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Bed"
      submitLabel="Save"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input label="Label" autoComplete="off" error={errors.label?.message} {...register('label')} />
      <Select
        label="Status"
        options={optionsOf(BED_STATUSES)}
        error={errors.status?.message}
        {...register('status')}
      />
      {occupied ? (
        <PatientPicker
          search={patientSearch}
          label="Patient (optional)"
          value={patient}
          onChange={(next) => {
            setPatient(next);
            clearErrors('patientId');
          }}
          error={errors.patientId?.message}
          hint="Search registered patients by name or e-mail."
        />
      ) : null}
    </FormDialog>
  );
}

/** Delete a Free bed after confirming (the server refuses an occupied one). */
export function DeleteBedDialog({ bed, onClose }: { bed: Bed | null; onClose: () => void }) {
  const remove = useDeleteBed();
  const confirm = async () => {
    if (!bed) return;
    try {
      await remove.mutateAsync(bed.id);
      toast.success('Bed removed');
      onClose();
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };
  return (
    <ConfirmDialog
      open={bed !== null}
      onOpenChange={(open) => !open && onClose()}
      title={bed ? `Delete ${bed.label}?` : ''}
      description="The bed is removed from the ward list. This cannot be undone."
      confirmLabel="Delete"
      destructive
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
