import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { cx } from '@/lib/cx';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'className'> & {
  label: ReactNode;
  error?: string;
  className?: string;
};

/** A native checkbox with its label on the right (works with react-hook-form's `register`). */
export function Checkbox({ label, error, className, id, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label
        htmlFor={inputId}
        className="inline-flex cursor-pointer items-center gap-2 text-sm text-ink-soft"
      >
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-4 w-4 rounded border-border-strong accent-primary-700"
          {...rest}
        />
        {label}
      </label>
      {error ? (
        <p id={errorId} className="text-sm text-danger-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
