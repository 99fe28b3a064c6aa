import {
  createStaffAccountSchema,
  STAFF_ACCOUNT_MESSAGES,
  STAFF_ACCOUNT_ROLES,
  type StaffAccount,
  staffRoleLabel,
  USER_STATUSES,
  userStatusSchema,
} from '@carepoint/contract';
import type { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import type { ButtonVariant } from '@/components/ui/button';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateStaffAccount, useUpdateStaffAccount } from '@/features/admin/api/staff';
import { fullName } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

/** The roles Manage Staff keeps, each named as the role map names it: the Role field's and filter's choices. */
export const STAFF_ROLE_OPTIONS = STAFF_ACCOUNT_ROLES.map((role) => ({
  value: role,
  label: staffRoleLabel(role),
}));

/**
 * One form for Add and Edit, as Manage Nurses has: Add sends the account's fields (new accounts
 * are Active), Edit sends the names, phone and account status (the e-mail and role stay).
 */
const formSchema = createStaffAccountSchema.extend({ status: userStatusSchema });
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'role', 'status'] as const;
const BLANK: z.input<typeof formSchema> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  role: STAFF_ACCOUNT_ROLES[0],
  status: 'Active',
};

/**
 * Add Staff (no account: it is made Active and its owner gets an e-mail to set a password) or
 * edit one, the account status included (Inactive: cannot sign in, signed out everywhere).
 */
export function StaffAccountDialog({
  open,
  onOpenChange,
  account,
}: DialogComponentProps & { account?: StaffAccount }) {
  const create = useCreateStaffAccount();
  const update = useUpdateStaffAccount();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: formSchema,
    defaultValues: account ? { ...account, phone: account.phone ?? '' } : BLANK,
    fields: FIELDS,
    send: ({ status, email, role, ...names }) =>
      account
        ? update.mutateAsync({ id: account.id, body: { ...names, status } })
        : create.mutateAsync({ ...names, email, role }),
    success: account ? STAFF_ACCOUNT_MESSAGES.updated : STAFF_ACCOUNT_MESSAGES.added,
    resetOnSave: !account,
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={account ? 'Edit Staff' : 'Add Staff'}
      description={
        account
          ? `${fullName(account)}, ${staffRoleLabel(account.role)} (${account.email}).`
          : 'They get an e-mail with a link to choose their password.'
      }
      submitLabel={account ? 'Save' : 'Add Staff'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="First name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <Input
          label="Last name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      {account ? null : (
        <Input
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
      )}
      <Input
        label="Phone"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...register('phone')}
      />
      {account ? (
        <Select
          label="Account"
          options={optionsOf(USER_STATUSES)}
          hint="Inactive: they cannot sign in and are signed out everywhere."
          error={errors.status?.message}
          {...register('status')}
        />
      ) : (
        <Select
          label="Role"
          options={STAFF_ROLE_OPTIONS}
          error={errors.role?.message}
          {...register('role')}
        />
      )}
    </FormDialog>
  );
}

export function AddStaffButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Staff" dialog={StaffAccountDialog} variant={variant} />;
}
