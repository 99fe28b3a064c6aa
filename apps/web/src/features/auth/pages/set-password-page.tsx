import { type ChangePassword, changePasswordSchema, homeOf, type User } from '@carepoint/contract';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { useChangePassword } from '@/features/auth/api/session';
import { AuthCard } from '@/features/auth/components/auth-layout';
import { useAuth } from '@/lib/auth';
import { type Checked, useContractForm } from '@/lib/use-contract-form';

/**
 * First sign-in with a one-time password (user.mustChangePassword): the user picks their
 * own password before using the app.
 */
export default function SetPasswordPage() {
  const { user, refreshUser, setUser, logout } = useAuth();
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: changePasswordSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } satisfies ChangePassword,
    // Only a signed-in user sees the form: without one nothing is sent.
    check: (values): Checked<{ values: ChangePassword; user: User }> =>
      user ? { data: { values, user } } : { issues: [] },
    fields: ['currentPassword', 'newPassword', 'confirmPassword'],
    // The error toast is the mutation's.
    send: async ({ values, user }) => {
      await changePassword.mutateAsync(values);
      // The session's user, read again (else updated here): no longer bound to change its password.
      const changed = { ...user, mustChangePassword: false };
      try {
        return (await refreshUser()) ?? changed;
      } catch {
        setUser(changed);
        return changed;
      }
    },
    success: 'Your password has been changed.',
    onSaved: (fresh) => navigate(homeOf(fresh.role), { replace: true }),
  });

  if (!user) return <Navigate to="/login?next=%2Fset-password" replace />;
  if (!user.mustChangePassword && !isSubmitting) return <Navigate to={homeOf(user.role)} replace />;

  return (
    <AuthCard
      title="Set Your Password"
      subtitle="Your account was created with a one-time password. Choose your own password to continue."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordInput
          label="Current password (the one-time password)"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} className="w-full">
          Set Password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        Signed in as {user.email}.{' '}
        <button
          type="button"
          className="font-medium text-primary-800 hover:underline"
          onClick={() => void logout()}
        >
          Logout
        </button>
      </p>
    </AuthCard>
  );
}
