import { FORGOT_PASSWORD_ANSWER, type ForgotPassword, forgotPasswordSchema } from '@carepoint/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useForgotPassword } from '@/features/auth/api/session';
import { AuthCard } from '@/features/auth/components/auth-layout';
import { useContractForm } from '@/lib/use-contract-form';

/** Requests a reset link; the answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' } satisfies ForgotPassword,
    fields: ['email'],
    send: (values) => forgot.mutateAsync(values),
    // No success toast: the page shows the answer. The error toast is the mutation's.
    onSaved: (result) => setAnswer(result.message || FORGOT_PASSWORD_ANSWER),
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your account's email and we will send you a link to reset your password."
    >
      {answer ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-lg bg-primary-50 p-4 text-center"
        >
          <MailCheck aria-hidden size={28} className="text-primary-700" />
          <p className="text-sm text-ink">{answer}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" loading={isSubmitting} className="w-full">
            Forgot Password
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-ink-muted">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-primary-800 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
