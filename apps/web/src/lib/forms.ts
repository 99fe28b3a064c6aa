import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiRequestError } from './api-client';

/*
 * How a form is sent and how a refusal is shown: the send step of `useContractForm`
 * (lib/use-contract-form.ts, which every form is set up with; read it first), and the
 * `meta.shownInline` rules its mutations give so a field's refusal is not toasted as well.
 */

type SubmitOptions<T extends FieldValues, R> = {
  /** The success toast (the contract's TOASTS text where it names one); none when the screen shows the outcome. */
  success?: string | ((result: R) => string);
  setError: UseFormSetError<T>;
  /** Form fields that may receive the server's fieldErrors. */
  fields: readonly Path<T>[];
  /** After a refusal, once its field messages are placed: `underFields` tells whether any was. */
  onRefused?: (err: unknown, underFields: boolean) => void;
};

/**
 * Sends a form (`send` calls its mutation's mutateAsync): on success the toast and the answer;
 * on a refusal the server's field messages under their fields and undefined. `send` answers
 * something (every CarePoint write answers JSON), so undefined only ever means refused.
 */
export async function submitForm<T extends FieldValues, R extends NonNullable<unknown>>(
  send: () => Promise<R>,
  { success, setError, fields, onRefused }: SubmitOptions<T, R>,
): Promise<R | undefined> {
  try {
    const result = await send();
    // A function may answer '' for an outcome that is not yet a success (a sign-in's code step follows).
    const text = typeof success === 'function' ? success(result) : success;
    if (text) toast.success(text);
    return result;
  } catch (err) {
    // Placed first, whether or not the form reacts further: `onRefused?.(…)` would skip its arguments.
    const underFields = showUnderFields(err, setError, fields);
    onRefused?.(err, underFields);
    return undefined;
  }
}

/** Puts the server's `fieldErrors` under the matching fields; answers whether any field got one. */
function showUnderFields<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiRequestError) || !err.fieldErrors) return false;
  let shown = false;
  for (const field of fields) {
    const message = err.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
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

/**
 * Who answers a change's refusal: a form (`'form'`) shows one that names its fields under them,
 * so only a refusal naming none is toasted; a button (`'toast'`) toasts every refusal.
 */
export type RefusalShown = 'form' | 'toast';

/** A change's `meta`: its error toast, kept back for a form's refusal shown under its fields. */
export const changeMeta = (errorMessage: string, shown: RefusalShown) => ({
  errorMessage,
  ...(shown === 'form' ? { shownInline: answersFields } : {}),
});
