import { useEffect } from 'react';
import { toastError } from '../../../lib/api-client';

/**
 * Spec §8: a failed load shows an error toast with the server's error text or the screen's
 * default message (e.g. "Could not fetch doctors"), once per failure.
 */
export function useErrorToast(error: unknown, fallback: string) {
  useEffect(() => {
    if (error) toastError(error, fallback);
  }, [error, fallback]);
}
