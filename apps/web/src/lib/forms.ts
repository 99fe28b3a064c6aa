import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiRequestError } from './api-client';

/*
 * How a form is sent: the one way every CarePoint form follows.
 *
 * 1. It validates with the contract's schema, the one the server checks the body with:
 *    `useForm({ resolver: zodResolver(createBedSchema), defaultValues })`. A form whose fields
 *    depend on a choice (a report's kind) parses with the contract's schema in its submit handler
 *    and sets the issues with `setError`. Nothing is sent while a field is wrong; the message
 *    shows under the field.
 *
 * 2. Its submit handler sends it through `submitForm`, below:
 *
 *      const onSubmit = handleSubmit(async (values) => {
 *        const saved = await submitForm(() => create.mutateAsync(values), {
 *          success: TOASTS.bedAdded, // the success toast, or a function of the answer
 *          setError,
 *          fields: ['label'], // the form's fields the server's refusal may name
 *        });
 *        if (!saved) return; // refused: the dialog stays open, nothing typed is lost
 *        reset(BLANK);
 *        onOpenChange(false);
 *      });
 *
 *    Work that belongs to the save (uploading a report's files, reading the session again) goes
 *    inside `send`, so the success toast comes when all of it is done. A screen that shows the
 *    outcome itself (Forgot Password's answer) gives no `success`. react-hook-form's
 *    `isSubmitting` keeps the submit button loading until the handler returns.
 *
 * 3. A refusal: the server's `fieldErrors` (400 VALIDATION, 409 EMAIL_TAKEN, ...) go under the
 *    named fields, the first one focused. Any other failure is the mutation's error toast (its
 *    `meta.errorMessage`, shown once by lib/query-client.tsx), never repeated by the form. A
 *    mutation whose field refusals should not be toasted as well sets
 *    `meta.shownInline: answersField(FIELDS)` (or `answersFields`). What a refusal changes beyond
 *    the messages (a taken time cleared, a bad link shown) goes in `onRefused`.
 *
 * Not yet on this way: three one-field confirmations with their own state (Cancel appointment
 * at the desk and the doctor's, an invoice's Mark paid / Refund) check their field and read the
 * server's field message by hand.
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
