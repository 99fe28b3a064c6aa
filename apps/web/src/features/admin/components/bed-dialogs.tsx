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
import { useWardChoices } from '@/features/admin/api/wards';
import { type Checked, useContractForm } from '@/lib/use-contract-form';

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
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createBedSchema,
    defaultValues: { label: '' },
    fields: ['label', 'wardId'],
    send: (values) => create.mutateAsync({ ...values, wardId: wardId || undefined }),
    success: TOASTS.bedAdded,
    resetOnSave: true,
    onReset: () => setWardId(''),
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
    onSubmit,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: updateBedSchema,
    defaultValues: { label: bed.label, status: bed.status, patientId: bed.patientId } satisfies UpdateBed,
    // A name typed but not chosen from the list is no patient: it is not sent as none.
    check: (values): Checked<UpdateBed> => {
      const inBed = BED_STATUSES_WITH_PATIENT.includes(values.status);
      return inBed && patient.name.trim() && !patient.id
        ? { issues: [{ path: ['patientId'], message: BED_MESSAGES.patientNotFound }] }
        : { data: { ...values, wardId, patientId: inBed ? patient.id : null } };
    },
    fields: ['label', 'status', 'patientId', 'wardId'],
    send: (body) => update.mutateAsync({ id: bed.id, body }),
    success: TOASTS.bedUpdated,
    onSaved: () => onOpenChange(false),
  });
  // Named "occupied" for the spec's Occupied; a Reserved bed names the patient on the way too.
  const occupied = BED_STATUSES_WITH_PATIENT.includes(watch('status'));

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
