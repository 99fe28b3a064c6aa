import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * Puts the server's `fieldErrors` (400 VALIDATION, 409 EMAIL_TAKEN, ...) under the matching
 * fields of a react-hook-form form. Returns whether any field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiRequestError) || !err.fieldErrors) return false;
  let applied = false;
  for (const field of fields) {
    const message = err.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
