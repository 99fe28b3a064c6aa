import type { ComponentPropsWithRef } from 'react';
import { controlClass, describedBy, type FieldProps, FieldShell, useFieldIds } from './field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'className'> &
  FieldProps & {
    options: readonly SelectOption[];
    /** First, empty option (e.g. "Select a doctor"). */
    placeholder?: string;
  };

/** A labelled native select (keyboard and mobile friendly). */
export function Select({
  label,
  error,
  hint,
  hideLabel,
  className,
  id,
  options,
  placeholder,
  ...rest
}: SelectProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={controlClass(Boolean(error), 'h-10 pr-8')}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
