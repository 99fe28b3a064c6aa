import {
  DEPARTMENTS,
  NURSE_MESSAGES,
  NURSE_STATUSES,
  type Nurse,
  replaceNurseSchema,
  USER_STATUSES,
} from '@carepoint/contract';
import { useId } from 'react';
import type { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import type { ButtonVariant } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateNurse, useUpdateNurse } from '@/features/admin/api/staff';
import { useWardChoices } from '@/features/admin/api/wards';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['fullName', 'email', 'department', 'wardIds', 'status', 'accountStatus'] as const;
/** An empty form; new nurses are Active (the server sets it). */
const BLANK: z.input<typeof replaceNurseSchema> = {
  fullName: '',
  email: '',
  department: '',
  wardIds: [],
  status: 'Active',
};

/** The wards the nurse works on, one box a ward: their own area shows these first. */
function WardChecklist({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (wardIds: string[]) => void;
  error?: string | undefined;
}) {
  const wards = useWardChoices();
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">Wards</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(wards.data?.data ?? []).map((ward) => (
          <Checkbox
            key={ward.id}
            label={ward.name}
            checked={value.includes(ward.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, ward.id] : value.filter((id) => id !== ward.id))
            }
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Add Nurse (no nurse: new nurses are Active, and get an e-mail to set their password) or edit
 * one, the duty status and the account (Inactive: cannot sign in, signed out everywhere) included.
 */
export function NurseDialog({ open, onOpenChange, nurse }: DialogComponentProps & { nurse?: Nurse }) {
  const create = useCreateNurse();
  const update = useUpdateNurse();
  const departmentsId = useId();
  const {
    register,
    onSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: replaceNurseSchema,
    defaultValues: nurse
      ? {
          fullName: nurse.fullName,
          email: nurse.email,
          department: nurse.department,
          wardIds: nurse.wards.map((ward) => ward.id),
          status: nurse.status,
          accountStatus: nurse.accountStatus,
        }
      : BLANK,
    fields: FIELDS,
    send: (values) => {
      // The statuses are set by the server on create and edited only on existing nurses.
      const { status: _status, accountStatus: _account, ...fields } = values;
      return nurse ? update.mutateAsync({ id: nurse.id, body: values }) : create.mutateAsync(fields);
    },
    success: nurse ? NURSE_MESSAGES.updated : NURSE_MESSAGES.added,
    resetOnSave: !nurse,
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={nurse ? 'Edit Nurse' : 'Add Nurse'}
      submitLabel={nurse ? 'Save' : 'Add Nurse'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input
        label="Full name"
        autoComplete="off"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <Input
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Department"
        list={departmentsId}
        autoComplete="off"
        hint="A ward (ICU, Maternity) or a clinic department."
        error={errors.department?.message}
        {...register('department')}
      />
      <datalist id={departmentsId}>
        {DEPARTMENTS.map((d) => (
          <option key={d} value={d} />
        ))}
      </datalist>
      <WardChecklist
        value={watch('wardIds') ?? []}
        onChange={(wardIds) => setValue('wardIds', wardIds, { shouldDirty: true })}
        error={errors.wardIds?.message}
      />
      {nurse ? (
        <Select
          label="Status"
          options={optionsOf(NURSE_STATUSES)}
          error={errors.status?.message}
          {...register('status')}
        />
      ) : null}
      {nurse ? (
        <Select
          label="Account"
          options={optionsOf(USER_STATUSES)}
          hint="Inactive: the nurse cannot sign in and is signed out everywhere."
          error={errors.accountStatus?.message}
          {...register('accountStatus')}
        />
      ) : null}
    </FormDialog>
  );
}

export function AddNurseButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Nurse" dialog={NurseDialog} variant={variant} />;
}
