import {
  AMBULANCE_MESSAGES,
  AMBULANCE_STATUSES,
  type Ambulance,
  replaceAmbulanceSchema,
  type UpdateAmbulance,
} from '@carepoint/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { optionsOf } from '../../../components/form/options';
import type { ButtonVariant } from '../../../components/ui/button';
import { DialogButton, type DialogComponentProps } from '../../../components/ui/dialog-button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useCreateAmbulance, useUpdateAmbulance } from '../api';
import { useStaffRecordForm } from './staff-record-form';

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
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    onSubmit,
  } = useStaffRecordForm({
    schema: replaceAmbulanceSchema,
    record: ambulance,
    blank,
    valuesOf: ({ code, driverName, status }) => ({ code, driverName, status }),
    create: (fields) => create.mutateAsync(fields),
    update: (id, body) => update.mutateAsync({ id, body }),
    messages: {
      added: AMBULANCE_MESSAGES.added,
      updated: AMBULANCE_MESSAGES.updated,
    },
    fields: FIELDS,
    onDone: () => onOpenChange(false),
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
