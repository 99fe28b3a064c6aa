import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useEffect, useRef } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { submitForm } from './forms';

/*
 * How a form is set up and sent: the one way every CarePoint form follows.
 *
 *   const { register, onSubmit, formState: { errors, isSubmitting } } = useContractForm({
 *     schema: createBedSchema,         // the contract's schema, the one the server checks the body with
 *     defaultValues: { label: '' },
 *     fields: ['label'],               // the form's fields the server's refusal may name
 *     send: (values) => create.mutateAsync(values),
 *     success: TOASTS.bedAdded,        // the success toast, or a function of the answer
 *     resetOnSave: true,               // blank again for the next one
 *     onSaved: () => onOpenChange(false),
 *   });
 *
 * 1. Nothing is sent while a field is wrong: the contract's message shows under the field and
 *    the first wrong field is focused. A form whose fields depend on a choice (a report's kind)
 *    or that sends something else than it holds (lines of text to lists) gives `check` instead
 *    of (or after) `schema`: it answers the body to send, or the issues to place under fields.
 * 2. `send` runs its mutation. Work that belongs to the save (uploading a report's files, reading
 *    the session again) goes inside it, so the success toast comes when all of it is done. A
 *    screen that shows the outcome itself (Forgot Password's answer) gives no `success`.
 *    `isSubmitting` keeps the submit button loading until the save and `onSaved` are done.
 * 3. A refusal: the server's `fieldErrors` (400 VALIDATION, 409 EMAIL_TAKEN, ...) go under the
 *    named fields, the first one focused, and the dialog stays open with nothing typed lost. Any
 *    other failure is the mutation's error toast (lib/query-client.tsx), never repeated by the
 *    form; a mutation whose field refusals should not be toasted as well sets
 *    `meta.shownInline: answersField(FIELDS)` (lib/forms.ts). What a refusal changes beyond the
 *    messages (a taken time cleared, a bad link shown) goes in `onRefused`.
 * 4. Reset: `resetOnSave` empties the form after a save (an Add dialog opened again starts
 *    blank); `open`, a dialog's open state, puts the form back to its defaults (as they are
 *    then) each time the dialog opens or closes, with `onReset` for state kept beside the form
 *    (a chosen patient).
 */

/** A problem found by a form's own `check`: the field is the path's first part. */
export type FormIssue = { path: readonly PropertyKey[]; message: string };

/** What a form's `check` answers: the body to send, or the issues to show under fields. */
export type Checked<T> = { data: T } | { issues: readonly FormIssue[] };

/** A Zod `safeParse` answer as a `check` answer. */
export function checkedBy<T>(
  result: { success: true; data: T } | { success: false; error: { issues: readonly FormIssue[] } },
): Checked<T> {
  return result.success ? { data: result.data } : { issues: result.error.issues };
}

export type ContractFormOptions<TForm extends FieldValues, TParsed, TSent, R> = {
  /** The contract's schema: the form's values are checked with it before anything is sent. */
  schema?: z.ZodType<TParsed, TForm>;
  /** A check of the (parsed) values made on submit, for what a schema over the fields cannot say. */
  check?: (values: TParsed) => Checked<TSent>;
  defaultValues?: DefaultValues<TForm>;
  /** Values that follow the server's (a settings page): the form shows them as they change. */
  values?: TForm;
  mode?: Mode;
  reValidateMode?: Exclude<Mode, 'onTouched' | 'all'>;
  /** The form's fields the server's refusal may name (a function for lines added and removed). */
  fields: readonly Path<TForm>[] | ((sent: TSent) => readonly Path<TForm>[]);
  /** Sends the form: a mutation's mutateAsync (it always answers something). */
  send: (sent: TSent) => Promise<R>;
  /** The success toast (the contract's TOASTS text where it names one); none when the screen shows the outcome. */
  success?: string | ((result: R, sent: TSent) => string);
  /** After a refusal, once its field messages are placed: `underFields` tells whether any was. */
  onRefused?: (err: unknown, underFields: boolean) => void;
  /** After a save (and its reset): close the dialog, go on to the next step. */
  onSaved?: (result: R, sent: TSent) => unknown;
  /** Back to the defaults after a save, or to values made from the answer (the saved schedule). */
  resetOnSave?: boolean | ((result: R) => DefaultValues<TForm>);
  /** A dialog's open state: the form is back at its defaults each time it opens or closes. */
  open?: boolean;
  /** With each reset: state kept beside the form goes back too. */
  onReset?: () => void;
};

export type ContractForm<TForm extends FieldValues, TParsed> = UseFormReturn<TForm, unknown, TParsed> & {
  /** The form's onSubmit: checks, sends, and shows the outcome. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
};

/**
 * Puts a check's issues under the form's fields (an issue about anything else is not the
 * user's to fix): the first issue of each field, the first field focused, as a schema's
 * messages are. Answers whether any issue was placed.
 */
export function placeIssues<T extends FieldValues>(
  issues: readonly FormIssue[],
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  const placed = new Set<string>();
  for (const issue of issues) {
    const first = issue.path[0];
    if (typeof first !== 'string' || !fields.includes(first) || placed.has(first)) continue;
    setError(first as Path<T>, { type: 'check', message: issue.message }, { shouldFocus: placed.size === 0 });
    placed.add(first);
  }
  return placed.size > 0;
}

/** One form: its contract's checks, its save, its refusals under its fields, its resets (see above). */
export function useContractForm<
  TForm extends FieldValues,
  TParsed = TForm,
  TSent = TParsed,
  R extends NonNullable<unknown> = NonNullable<unknown>,
>(options: ContractFormOptions<TForm, TParsed, TSent, R>): ContractForm<TForm, TParsed> {
  const { schema, defaultValues, values, mode, reValidateMode, open } = options;
  const form = useForm<TForm, unknown, TParsed>({
    resolver: schema ? zodResolver(schema) : undefined,
    defaultValues,
    values,
    // react-hook-form's own defaults, spelt out: an option given as undefined would replace them
    // (and a field fixed after a refused submit would keep its message until the next submit).
    mode: mode ?? 'onSubmit',
    reValidateMode: reValidateMode ?? 'onChange',
  });
  const { reset, setError, clearErrors, handleSubmit } = form;

  // The latest options, for the submit handler and the resets (defaults may follow a prop).
  const latest = useRef(options);
  latest.current = options;

  const backToDefaults = (to?: DefaultValues<TForm>) => {
    reset(to ?? latest.current.defaultValues);
    latest.current.onReset?.();
  };

  const wasOpen = useRef(open);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of `open` resets the form
  useEffect(() => {
    if (wasOpen.current === open) return;
    wasOpen.current = open;
    backToDefaults();
  }, [open]);

  const submit = handleSubmit(async (parsed) => {
    const { check, send, success, fields, onRefused, onSaved, resetOnSave } = latest.current;
    let sent: TSent;
    if (check) {
      const checked = check(parsed);
      if ('issues' in checked) {
        // A check comes with the form's fixed list of fields (only lines change with what is sent).
        placeIssues(checked.issues, setError, typeof fields === 'function' ? [] : fields);
        return;
      }
      sent = checked.data;
    } else {
      sent = parsed as unknown as TSent;
    }
    const result = await submitForm(() => send(sent), {
      success: typeof success === 'function' ? (answer) => success(answer, sent) : success,
      setError,
      fields: typeof fields === 'function' ? fields(sent) : fields,
      onRefused,
    });
    if (!result) return;
    if (resetOnSave) backToDefaults(typeof resetOnSave === 'function' ? resetOnSave(result) : undefined);
    await onSaved?.(result, sent);
  });

  const onSubmit = (event?: BaseSyntheticEvent) => {
    // Without a schema, a message placed by hand (a check's, the server's, one under a field that
    // is no registered input) is not checked again by the form: every submit starts without one.
    // With a schema, the schema's answer replaces them all.
    if (!schema) clearErrors();
    return submit(event);
  };

  return { ...form, onSubmit };
}
