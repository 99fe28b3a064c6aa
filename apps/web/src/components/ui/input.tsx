import type { ComponentPropsWithRef } from 'react';
import { controlClass, describedBy, type FieldProps, FieldShell, useFieldIds } from './field';

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'className'> &
  FieldProps & {
    inputClassName?: string;
  };

/**
 * A read-only value (one taken from the patient's record, say) must not look like a box to type in:
 * muted like a disabled field, but its text keeps full contrast because it is still read.
 */
const READ_ONLY_LOOK = '[&[readonly]]:bg-muted [&[readonly]]:border-dashed';

/** A labelled text input (works with react-hook-form's `register`). */
export function Input({ label, error, hint, hideLabel, className, inputClassName, id, ...rest }: InputProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={controlClass(Boolean(error), `h-10 ${READ_ONLY_LOOK} ${inputClassName ?? ''}`)}
        {...rest}
      />
    </FieldShell>
  );
}
