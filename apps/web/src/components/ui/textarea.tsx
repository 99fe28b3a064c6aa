import type { ComponentPropsWithRef } from 'react';
import { controlClass, describedBy, type FieldProps, FieldShell, useFieldIds } from './field';

export type TextareaProps = Omit<ComponentPropsWithRef<'textarea'>, 'className'> & FieldProps;

export function Textarea({ label, error, hint, hideLabel, className, id, rows = 4, ...rest }: TextareaProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <textarea
        id={ids.id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={controlClass(Boolean(error), 'py-2')}
        {...rest}
      />
    </FieldShell>
  );
}
