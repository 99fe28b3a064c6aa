import { type ChangePassword, changePasswordSchema } from '@carepoint/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PasswordInput } from '@/components/ui/password-input';
import { PASSWORD_CHANGED, useChangePassword } from '@/features/auth/api/session';
import { useContractForm } from '@/lib/use-contract-form';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' } satisfies ChangePassword;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Change Password: the current password, then the new one twice (they must match).
 * The server checks the current one and signs the user out everywhere else. Every signed-in
 * area (admin, doctor, patient) mounts this one page inside its shell.
 */
export default function ChangePasswordPage() {
  const changePassword = useChangePassword();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: changePasswordSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    send: (values) => changePassword.mutateAsync(values),
    success: PASSWORD_CHANGED,
    resetOnSave: true,
  });

  return (
    <>
      <PageHeader title="Change Password" />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={isSubmitting}>
              Change Password
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
