import {
  LOGIN_REDIRECT_MS,
  type LoginInput,
  loginSchema,
  type SecondFactorMethod,
  TOASTS,
  type User,
} from '@carepoint/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin, usePasskeySignIn } from '@/features/auth/api/session';
import { AuthCard } from '@/features/auth/components/auth-layout';
import { SecondFactorForm } from '@/features/auth/components/second-factor-form';
import { destinationAfterLogin, SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { useContractForm } from '@/lib/use-contract-form';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';

function LoginPageForm() {
  const login = useLogin();
  const passkey = usePasskeySignIn();
  const navigateLater = useDelayedNavigate();
  const [params] = useSearchParams();
  const [signedIn, setSignedIn] = useState(false);
  // Set by the password step of an account with a second factor: the second step shows.
  const [challenge, setChallenge] = useState<{ challenge: string; methods: SecondFactorMethod[] } | null>(
    null,
  );
  // Sent by sign-up: the address just registered.
  const state: unknown = useLocation().state;
  const signedUpEmail =
    state && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
      ? state.email
      : '';

  const goOn = (user: User) => {
    setSignedIn(true);
    navigateLater(destinationAfterLogin(user, params.get('next')), LOGIN_REDIRECT_MS, { replace: true });
  };

  const {
    register,
    onSubmit,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: loginSchema,
    defaultValues: { email: signedUpEmail, password: '', rememberMe: false } satisfies LoginInput,
    fields: ['email', 'password'],
    // The error toast (the server's text; a 429's plain-text body) is the mutation's.
    send: (values) => login.mutateAsync(values),
    success: (answer) => ('user' in answer ? TOASTS.loginSuccess : ''),
    onSaved: (outcome) => {
      if ('challenge' in outcome) setChallenge(outcome);
      else goOn(outcome.user);
    },
  });

  // No e-mail needed: the browser offers the passkeys it holds for this site. Remember Me applies too.
  const signInWithPasskey = () =>
    passkey.mutate(getValues('rememberMe') ?? false, {
      onSuccess: (user) => {
        toast.success(TOASTS.loginSuccess);
        goOn(user);
      },
    });

  if (challenge) {
    return (
      <SecondFactorForm
        challenge={challenge.challenge}
        methods={challenge.methods}
        onSignedIn={goOn}
        onBack={() => {
          setChallenge(null);
          // The password is typed again: a challenge is single use and short-lived.
          reset({ ...getValues(), password: '' });
        }}
      />
    );
  }

  return (
    <AuthCard title="Login" subtitle="Welcome back. Sign in to continue to CarePoint.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex items-center justify-between gap-3">
          <Checkbox label="Remember Me" {...register('rememberMe')} />
          <Link to="/forgot-password" className="text-sm font-medium text-primary-800 hover:underline">
            Forgot Password
          </Link>
        </div>
        <Button type="submit" loading={isSubmitting || signedIn} className="w-full">
          Login
        </Button>
      </form>
      {browserSupportsWebAuthn() ? (
        <>
          <p className="my-4 flex items-center gap-3 text-xs uppercase text-ink-muted before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
            or
          </p>
          <Button
            variant="secondary"
            className="w-full"
            loading={passkey.isPending || (signedIn && passkey.isSuccess)}
            disabled={isSubmitting || signedIn}
            onClick={signInWithPasskey}
          >
            <KeyRound aria-hidden size={16} /> Sign in with a passkey
          </Button>
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-ink-muted">
        Don&apos;t have an account?{' '}
        <Link to="/signup" className="font-medium text-primary-800 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}

/** Signed-in users are sent to their area instead of seeing this form. */
export default function LoginPage() {
  return (
    <SignedInRedirect>
      <LoginPageForm />
    </SignedInRedirect>
  );
}
