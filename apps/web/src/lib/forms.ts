import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
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

type SubmitOptions<T extends FieldValues, R> = {
  /** The success toast (the contract's TOASTS text where it names one). */
  success: string | ((result: R) => string);
  setError: UseFormSetError<T>;
  /** Form fields that may receive the server's fieldErrors. */
  fields: readonly Path<T>[];
};

/**
 * Sends a form through a mutation (`send` calls its mutateAsync): on success the toast and the
 * result; on failure the server's field messages under their fields and undefined (a dialog
 * stays open, nothing typed is lost). The error toast is the mutation's own (its
 * `meta.errorMessage`, shown by the query client), so it is not repeated here.
 */
export async function submitForm<T extends FieldValues, R>(
  send: () => Promise<R>,
  { success, setError, fields }: SubmitOptions<T, R>,
): Promise<R | undefined> {
  try {
    const result = await send();
    toast.success(typeof success === 'function' ? success(result) : success);
    return result;
  } catch (err) {
    applyServerFieldErrors(err, setError, fields);
    return undefined;
  }
}

/**
 * A mutation's `meta.shownInline` for a form: a refusal that names one of the form's fields is
 * shown under that field only (no toast as well); any other failure still gets its toast.
 */
export const answersField =
  (fields: readonly string[]) =>
  (err: unknown): boolean =>
    err instanceof ApiRequestError && fields.some((f) => Boolean(err.fieldErrors?.[f]?.length));

/**
 * `meta.shownInline` for a form whose fields are not a fixed list (lines added and removed): any
 * refusal that names fields is shown under them only.
 */
export const answersFields = (err: unknown): boolean =>
  err instanceof ApiRequestError &&
  Object.values(err.fieldErrors ?? {}).some((messages) => Boolean(messages?.length));
