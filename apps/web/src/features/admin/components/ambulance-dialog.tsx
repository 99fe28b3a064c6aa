import {
  AMBULANCE_MESSAGES,
  AMBULANCE_STATUSES,
  type Ambulance,
  replaceAmbulanceSchema,
  type UpdateAmbulance,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import type { ButtonVariant } from '@/components/ui/button';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateAmbulance, useUpdateAmbulance } from '@/features/admin/api/ambulances';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['code', 'driverName', 'status'] as const;
/** An empty form; new ambulances are Available (the server sets it). */
const BLANK = { code: '', driverName: '', status: 'Available' } satisfies UpdateAmbulance;

/** Add Ambulance (no ambulance: new ones are Available) or edit one, status included. */
export function AmbulanceDialog({
  open,
  onOpenChange,
  ambulance,
}: DialogComponentProps & { ambulance?: Ambulance }) {
  const create = useCreateAmbulance();
  const update = useUpdateAmbulance();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: replaceAmbulanceSchema,
    defaultValues: ambulance
      ? { code: ambulance.code, driverName: ambulance.driverName, status: ambulance.status }
      : BLANK,
    fields: FIELDS,
    send: (values) => {
      // The status is set by the server on create and edited only on existing ambulances.
      const { status: _status, ...fields } = values;
      return ambulance ? update.mutateAsync({ id: ambulance.id, body: values }) : create.mutateAsync(fields);
    },
    success: ambulance ? AMBULANCE_MESSAGES.updated : AMBULANCE_MESSAGES.added,
    resetOnSave: !ambulance,
    onSaved: () => onOpenChange(false),
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
