import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { toastError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/forms';

type SubmitOptions<T extends FieldValues, R> = {
  /** The success toast (spec §8 text where it names one). */
  success: string | ((result: R) => string);
  /** The default error toast when the server gives no error text. */
  failure: string;
  setError: UseFormSetError<T>;
  /** Form fields that may receive the server's fieldErrors. */
  fields: readonly Path<T>[];
};

/**
 * Sends a dialog's form: on success the toast and the result; on failure the server's field
 * messages under their fields, an error toast, and undefined (the dialog stays open, nothing
 * typed is lost).
 */
export async function submitWithToasts<T extends FieldValues, R>(
  send: () => Promise<R>,
  { success, failure, setError, fields }: SubmitOptions<T, R>,
): Promise<R | undefined> {
  try {
    const result = await send();
    toast.success(typeof success === 'function' ? success(result) : success);
    return result;
  } catch (err) {
    applyServerFieldErrors(err, setError, fields);
    toastError(err, failure);
    return undefined;
  }
}
