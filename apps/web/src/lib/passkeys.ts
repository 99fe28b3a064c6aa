import { PASSKEY_MESSAGES } from '@carepoint/contract';
import { WebAuthnError } from '@simplewebauthn/browser';
import toast from 'react-hot-toast';
import type { CallMeta } from './query-client';

/*
 * The browser's part of a passkey ceremony (adding one on the Security page, signing in with one
 * on the login page): the server's options go to the browser, which makes or uses the passkey,
 * and its answer goes back to the server to verify.
 */

/** The browser refused or the person cancelled: no call failed, so its message is the toast. */
class CeremonyError extends Error {}

/** Runs the browser's part of a ceremony, its failures as messages the person can read. */
export async function inBrowser<T>(ceremony: () => Promise<T>, otherwise: string): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      throw new CeremonyError(PASSKEY_MESSAGES.alreadyRegistered);
    // Cancelled, timed out, or no passkey chosen: browsers do not say which.
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
      throw new CeremonyError(PASSKEY_MESSAGES.cancelled);
    throw new CeremonyError(otherwise);
  }
}

/** A ceremony mutation's `onError`: the browser's refusal as a toast (the server's are the meta's). */
export const toastCeremonyError = (error: unknown) => {
  if (error instanceof CeremonyError) toast.error(error.message);
};

/** A ceremony mutation's meta: the server's failures toasted as usual, the browser's by toastCeremonyError. */
export const ceremonyMeta = (errorMessage: string): CallMeta => ({
  errorMessage,
  shownInline: (error) => error instanceof CeremonyError,
});
