import {
  recoveryCodeField,
  type SecondFactorMethod,
  TOASTS,
  TWO_FACTOR_MESSAGES,
  totpCodeField,
  type User,
} from '@carepoint/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { usePasskeyStep, useSecondFactorLogin } from '@/features/auth/api/session';
import { useContractForm } from '@/lib/use-contract-form';
import { AuthCard } from './auth-layout';

type CodeMethod = 'totp' | 'recovery-code';
type Method = CodeMethod | 'passkey';

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
  method: CodeMethod;
  challenge: string;
  onSignedIn: (user: User) => void;
}) {
  const login = useSecondFactorLogin();
  const [signedIn, setSignedIn] = useState(false);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: schemas[method],
    defaultValues: { code: '' },
    fields: ['code'],
    send: ({ code }) => login.mutateAsync({ method, challenge, code }),
    success: TOASTS.loginSuccess,
    onSaved: (user) => {
      setSignedIn(true);
      onSignedIn(user);
    },
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

/** The passkey step: one button that asks the browser for one of the account's passkeys. */
function PasskeyStep({ challenge, onSignedIn }: { challenge: string; onSignedIn: (user: User) => void }) {
  const passkey = usePasskeyStep(challenge);
  const use = () =>
    passkey.mutate(undefined, {
      onSuccess: (user) => {
        toast.success(TOASTS.loginSuccess);
        onSignedIn(user);
      },
    });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">{TWO_FACTOR_MESSAGES.passkeyStepHint}</p>
      <Button autoFocus className="w-full" loading={passkey.isPending || passkey.isSuccess} onClick={use}>
        <KeyRound aria-hidden size={16} /> {TWO_FACTOR_MESSAGES.passkeyStepButton}
      </Button>
    </div>
  );
}

const SUBTITLES: Record<Method, string> = {
  totp: TWO_FACTOR_MESSAGES.codeStepTitle,
  'recovery-code': TWO_FACTOR_MESSAGES.recoveryStepTitle,
  passkey: TWO_FACTOR_MESSAGES.passkeyStepTitle,
};

const SWITCH_LABELS: Record<Method, string> = {
  totp: TWO_FACTOR_MESSAGES.useAuthenticatorCode,
  'recovery-code': TWO_FACTOR_MESSAGES.useRecoveryCode,
  passkey: TWO_FACTOR_MESSAGES.usePasskey,
};

/**
 * The second step of a sign-in, after the password step: a code from the authenticator app or
 * one of the recovery codes (accounts with an app), or one of the account's passkeys (accounts
 * with passkeys). An account with both starts with the code and may switch. "Back" starts the
 * sign-in again.
 */
export function SecondFactorForm({
  challenge,
  methods,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  methods: SecondFactorMethod[];
  onSignedIn: (user: User) => void;
  onBack: () => void;
}) {
  const offered: Method[] = methods.includes('totp') ? [...methods, 'recovery-code'] : [...methods];
  const [method, setMethod] = useState<Method>(offered[0] ?? 'totp');
  return (
    <AuthCard title="Login" subtitle={SUBTITLES[method]}>
      {method === 'passkey' ? (
        <PasskeyStep challenge={challenge} onSignedIn={onSignedIn} />
      ) : (
        <CodeForm key={method} method={method} challenge={challenge} onSignedIn={onSignedIn} />
      )}
      <div className="mt-6 flex flex-col items-center gap-3 text-sm">
        {offered
          .filter((other) => other !== method)
          .map((other) => (
            <button
              key={other}
              type="button"
              className="font-medium text-primary-800 hover:underline"
              onClick={() => setMethod(other)}
            >
              {SWITCH_LABELS[other]}
            </button>
          ))}
        <button type="button" className="text-ink-muted hover:underline" onClick={onBack}>
          Back to login
        </button>
      </div>
    </AuthCard>
  );
}
