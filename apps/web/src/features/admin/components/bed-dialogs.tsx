import {
  BED_MESSAGES,
  BED_STATUSES,
  BED_STATUSES_WITH_PATIENT,
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
import { useWardChoices } from '@/features/admin/api/wards';
import { submitForm } from '@/lib/forms';

/** The ward a bed lies in; '' (Add Bed only) leaves it to the default ward. */
function WardSelect({
  value,
  onChange,
  error,
  placeholder,
}: {
  value: string;
  onChange: (wardId: string) => void;
  error?: string | undefined;
  placeholder?: string;
}) {
  const wards = useWardChoices();
  return (
    <Select
      label="Ward"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      options={(wards.data?.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
      error={error}
    />
  );
}

/** Add Bed: a label and its ward (the default ward unless chosen); new beds are Free. */
function AddBedDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateBed();
  const [wardId, setWardId] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createBedSchema), defaultValues: { label: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await submitForm(() => create.mutateAsync({ ...values, wardId: wardId || undefined }), {
      success: TOASTS.bedAdded,
      setError,
      fields: ['label', 'wardId'],
    });
    if (!saved) return;
    reset({ label: '' });
    setWardId('');
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
      <WardSelect
        value={wardId}
        onChange={setWardId}
        placeholder="The default ward"
        error={errors.wardId?.message}
      />
    </FormDialog>
  );
}

export function AddBedButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Bed" dialog={AddBedDialog} variant={variant} />;
}

/** Edit Bed: label, ward, status, and the patient in it while Occupied or Reserved. */
export function EditBedDialog({ open, onOpenChange, bed }: DialogComponentProps & { bed: Bed }) {
  const update = useUpdateBed();
  const [patient, setPatient] = useState<PatientChoice>({ id: bed.patientId, name: bed.patientName ?? '' });
  const [wardId, setWardId] = useState(bed.wardId);
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
  // Named "occupied" for the spec's Occupied; a Reserved bed names the patient on the way too.
  const occupied = BED_STATUSES_WITH_PATIENT.includes(watch('status'));

  const onSubmit = handleSubmit(async (values) => {
    if (occupied && patient.name.trim() && !patient.id) {
      setError('patientId', { type: 'manual', message: BED_MESSAGES.patientNotFound }, { shouldFocus: true });
      return;
    }
    const body = { ...values, wardId, patientId: occupied ? patient.id : null };
    const saved = await submitForm(() => update.mutateAsync({ id: bed.id, body }), {
      success: TOASTS.bedUpdated,
      setError,
      fields: ['label', 'status', 'patientId', 'wardId'],
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
      <WardSelect value={wardId} onChange={setWardId} error={errors.wardId?.message} />
      <Select
        label="Status"
        options={optionsOf(BED_STATUSES)}
        hint="Reserved: a patient is on the way. Cleaning: after a discharge, until made ready (Free)."
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
