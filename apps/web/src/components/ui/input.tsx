import type { ComponentPropsWithRef } from 'react';
import { controlClass, describedBy, type FieldProps, FieldShell, useFieldIds } from './field';

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'className'> &
  FieldProps & {
    inputClassName?: string;
  };

/** A labelled text input (works with react-hook-form's `register`). */
export function Input({ label, error, hint, hideLabel, className, inputClassName, id, ...rest }: InputProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={controlClass(Boolean(error), `h-10 ${inputClassName ?? ''}`)}
        {...rest}
      />
    </FieldShell>
  );
}
