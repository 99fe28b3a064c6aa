import {
  AMBULANCE_MESSAGES,
  AMBULANCE_STATUSES,
  type Ambulance,
  replaceAmbulanceSchema,
  type UpdateAmbulance,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { ButtonVariant } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useCreateAmbulance, useUpdateAmbulance } from '../api';
import { DialogButton, type DialogComponentProps } from './dialog-button';
import { FormDialog } from './form-dialog';
import { optionsOf } from './options';
import { submitWithToasts } from './submit';

const FIELDS = ['code', 'driverName', 'status'] as const;

/** Add Ambulance (no ambulance: new ones are Available) or edit one, status included. */
export function AmbulanceDialog({
  open,
  onOpenChange,
  ambulance,
}: DialogComponentProps & { ambulance?: Ambulance }) {
  const create = useCreateAmbulance();
  const update = useUpdateAmbulance();
  const blank = { code: '', driverName: '', status: 'Available' } satisfies UpdateAmbulance;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(replaceAmbulanceSchema),
    defaultValues: ambulance
      ? { code: ambulance.code, driverName: ambulance.driverName, status: ambulance.status }
      : blank,
  });

  const onSubmit = handleSubmit(async ({ status, ...fields }) => {
    const saved = await submitWithToasts(
      () =>
        ambulance
          ? update.mutateAsync({ id: ambulance.id, body: { ...fields, status } })
          : create.mutateAsync(fields),
      {
        success: ambulance ? AMBULANCE_MESSAGES.updated : AMBULANCE_MESSAGES.added,
        failure: ambulance ? 'Failed to update ambulance' : 'Failed to add ambulance',
        setError,
        fields: FIELDS,
      },
    );
    if (!saved) return;
    if (!ambulance) reset(blank);
    onOpenChange(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ambulance ? 'Edit Ambulance' : 'Add Ambulance'}
      submitLabel={ambulance ? 'Save' : 'Add Ambulance'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input
        label="Unit code"
        autoComplete="off"
        hint="For example AMB-07. Stored in capitals."
        error={errors.code?.message}
        {...register('code')}
      />
      <Input
        label="Driver name"
        autoComplete="off"
        error={errors.driverName?.message}
        {...register('driverName')}
      />
      {ambulance ? (
        <Select
          label="Status"
          options={optionsOf(AMBULANCE_STATUSES)}
          error={errors.status?.message}
          {...register('status')}
        />
      ) : null}
    </FormDialog>
  );
}

export function AddAmbulanceButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Ambulance" dialog={AmbulanceDialog} variant={variant} />;
}
