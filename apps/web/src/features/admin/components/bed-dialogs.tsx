import {
  BED_MESSAGES,
  BED_STATUSES,
  type Bed,
  createBedSchema,
  TOASTS,
  type UpdateBed,
  updateBedSchema,
} from '@carepoint/contract';
import { useState } from 'react';
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
import { type Checked, useContractForm } from '@/lib/use-contract-form';

/** Add Bed: a label; new beds are Free. */
function AddBedDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateBed();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createBedSchema,
    defaultValues: { label: '' },
    fields: ['label'],
    send: (values) => create.mutateAsync(values),
    success: TOASTS.bedAdded,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
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
    onSubmit,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: updateBedSchema,
    defaultValues: { label: bed.label, status: bed.status, patientId: bed.patientId } satisfies UpdateBed,
    // A name typed but not chosen from the list is no patient: it is not sent as none.
    check: (values): Checked<UpdateBed> => {
      const inBed = values.status === 'Occupied';
      return inBed && patient.name.trim() && !patient.id
        ? { issues: [{ path: ['patientId'], message: BED_MESSAGES.patientNotFound }] }
        : { data: { ...values, patientId: inBed ? patient.id : null } };
    },
    fields: ['label', 'status', 'patientId'],
    send: (body) => update.mutateAsync({ id: bed.id, body }),
    success: TOASTS.bedUpdated,
    onSaved: () => onOpenChange(false),
  });
  const occupied = watch('status') === 'Occupied';

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
