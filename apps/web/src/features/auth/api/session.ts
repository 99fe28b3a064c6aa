import {
  type ChangePassword,
  type ForgotPassword,
  type LoginInput,
  type LoginResponse,
  MESSAGES,
  PASSKEY_MESSAGES,
  type RegisterPatient,
  type ResetPassword,
  type SecondFactorLogin,
  type SignupAnswer,
  TWO_FACTOR_MESSAGES,
} from '@carepoint/contract';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { api, isApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { answersField } from '@/lib/forms';
import { ceremonyMeta, inBrowser, toastCeremonyError } from '@/lib/passkeys';

/*
 * The sign-in pages' calls (/api/auth/*). A failure shows an error toast with the server's
 * text (a 429's plain-text body) or the spec's "An error occurred. Please try again."; the
 * forms add the server's field messages under their fields.
 */
const meta = { errorMessage: MESSAGES.genericError };

/** Signs in through the session (useAuth): a 401 here is a failed login, not a lost session. */
export function useLogin() {
  const { login } = useAuth();
  return useMutation({ mutationFn: (values: LoginInput) => login(values), meta });
}

/** "Sign in with a passkey": no e-mail, the browser offers the passkeys it holds for this site. */
export function usePasskeySignIn() {
  const { completeSignIn } = useAuth();
  const noRedirect = { authRedirect: false };
  return useMutation({
    mutationFn: async (rememberMe: boolean) => {
      const { options } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        '/auth/passkey/options',
        {},
        noRedirect,
      );
      const response = await inBrowser(
        () => startAuthentication({ optionsJSON: options }),
        PASSKEY_MESSAGES.signInFailed,
      );
      return completeSignIn(
        await api.post<LoginResponse>('/auth/passkey/verify', { response, rememberMe }, noRedirect),
      );
    },
    onError: toastCeremonyError,
    meta: ceremonyMeta(PASSKEY_MESSAGES.signInFailed),
  });
}

/**
 * The passkey step after the password, for an account with passkeys: the browser offers only
 * that account's passkeys (the server's options name them).
 */
export function usePasskeyStep(challenge: string) {
  const { completeSecondFactor } = useAuth();
  return useMutation({
    mutationFn: async () => {
      const { options } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        '/auth/login/second-factor/passkey-options',
        { challenge },
        { authRedirect: false },
      );
      const response = await inBrowser(
        () => startAuthentication({ optionsJSON: options }),
        TWO_FACTOR_MESSAGES.passkeyFailed,
      );
      return completeSecondFactor({ method: 'passkey', challenge, response });
    },
    onError: toastCeremonyError,
    meta: ceremonyMeta(TWO_FACTOR_MESSAGES.passkeyFailed),
  });
}

/** The code step of a sign-in with a second factor: a wrong code is the form's to show. */
export function useSecondFactorLogin() {
  const { completeSecondFactor } = useAuth();
  return useMutation({
    mutationFn: (values: SecondFactorLogin) => completeSecondFactor(values),
    meta: { ...meta, shownInline: answersField(['code']) },
  });
}

export const useSignup = () =>
  useMutation({
    mutationFn: (values: RegisterPatient) =>
      api.post<SignupAnswer>('/auth/register/patient', values, { authRedirect: false }),
    meta,
  });

/** Answers the same whether or not the account exists (`message`, else the spec's text). */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (values: ForgotPassword) =>
      api.post<{ message?: string }>('/auth/forgot-password', values, { authRedirect: false }),
    meta,
  });

/** A 400 from reset-password is the page's to show: field messages, or the link's problem. */
export const isResetFormAnswer = (error: unknown): boolean =>
  isApiRequestError(error) && error.status === 400;

export const useResetPassword = () =>
  useMutation({
    mutationFn: (values: ResetPassword) =>
      api.post<{ ok: true }>('/auth/reset-password', values, { authRedirect: false }),
    meta: { ...meta, shownInline: isResetFormAnswer },
  });

export const PASSWORD_CHANGED = 'Password changed. Your other sessions have been signed out.';

/** Change Password (every role), and the first sign-in's own password replacing the one-time password. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (values: ChangePassword) => api.post<{ ok: true }>('/auth/change-password', values),
    meta,
  });
