import { MESSAGES, type ResetPassword, resetPasswordSchema } from '@carepoint/contract';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { isResetFormAnswer, useResetPassword } from '@/features/auth/api/session';
import { AuthCard } from '@/features/auth/components/auth-layout';
import { errorMessage } from '@/lib/api-client';
import { useContractForm } from '@/lib/use-contract-form';

const AFTER_RESET_REDIRECT_MS = 2000;

/** Sets a new password from the single-use link sent by Forgot Password (?token=...). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(token ? null : MESSAGES.resetTokenInvalid);

  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: resetPasswordSchema,
    defaultValues: { token, password: '', confirmPassword: '' } satisfies ResetPassword,
    fields: ['password', 'confirmPassword'],
    send: (values) => reset.mutateAsync(values),
    success: 'Your password has been reset. Please login.',
    // A 400 is shown here (no toast): under its field, else as the link's problem. Other
    // failures get the mutation's error toast.
    onRefused: (err, underFields) => {
      if (!underFields && isResetFormAnswer(err)) setLinkError(errorMessage(err, MESSAGES.resetTokenInvalid));
    },
    onSaved: () => setDone(true),
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => void navigate('/login', { replace: true }),
      AFTER_RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <AuthCard title="Password reset">
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <CheckCircle2 aria-hidden size={32} className="text-success-700" />
          <p className="text-sm text-ink">
            Your password has been reset. You can now login with your new password.
          </p>
          <Link to="/login" className={buttonClass({ className: 'w-full' })}>
            Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      {linkError ? (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-800"
        >
          {linkError}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Request a new link
          </Link>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} disabled={!token} className="w-full">
          Reset Password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        <Link to="/login" className="font-medium text-primary-800 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
