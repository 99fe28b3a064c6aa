import {
  recoveryCodeField,
  type SecondFactorLogin,
  TOASTS,
  TWO_FACTOR_MESSAGES,
  totpCodeField,
  type User,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { submitForm } from '../../../lib/forms';
import { useSecondFactorLogin } from '../api/session';
import { AuthCard } from './auth-layout';

type Method = SecondFactorLogin['method'];

const schemas = {
  totp: z.object({ code: totpCodeField }),
  'recovery-code': z.object({ code: recoveryCodeField }),
} as const;

/** One method's form; remounted (fresh field and errors) when the user switches method. */
function CodeForm({
  method,
  challenge,
  onSignedIn,
}: {
  method: Method;
  challenge: string;
  onSignedIn: (user: User) => void;
}) {
  const login = useSecondFactorLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schemas[method]), defaultValues: { code: '' } });
  const [signedIn, setSignedIn] = useState(false);

  const onSubmit = handleSubmit(async ({ code }) => {
    const user = await submitForm(() => login.mutateAsync({ method, challenge, code }), {
      success: TOASTS.loginSuccess,
      setError,
      fields: ['code'],
    });
    if (!user) return;
    setSignedIn(true);
    onSignedIn(user);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {method === 'totp' ? (
        <Input
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
      ) : (
        <Input
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      <Button type="submit" loading={isSubmitting || signedIn} className="w-full">
        Verify
      </Button>
    </form>
  );
}

/**
 * The code step of a sign-in with a second factor, after the password step: a code from the
 * authenticator app, or one of the recovery codes. "Back" starts the sign-in again.
 */
export function SecondFactorForm({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (user: User) => void;
  onBack: () => void;
}) {
  const [method, setMethod] = useState<Method>('totp');
  const other: Method = method === 'totp' ? 'recovery-code' : 'totp';
  return (
    <AuthCard
      title="Login"
      subtitle={method === 'totp' ? TWO_FACTOR_MESSAGES.codeStepTitle : TWO_FACTOR_MESSAGES.recoveryStepTitle}
    >
      <CodeForm key={method} method={method} challenge={challenge} onSignedIn={onSignedIn} />
      <div className="mt-6 flex flex-col items-center gap-3 text-sm">
        <button
          type="button"
          className="font-medium text-primary-800 hover:underline"
          onClick={() => setMethod(other)}
        >
          {other === 'recovery-code'
            ? TWO_FACTOR_MESSAGES.useRecoveryCode
            : TWO_FACTOR_MESSAGES.useAuthenticatorCode}
        </button>
        <button type="button" className="text-ink-muted hover:underline" onClick={onBack}>
          Back to login
        </button>
      </div>
    </AuthCard>
  );
}
