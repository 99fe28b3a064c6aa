import { type ReactNode, useId } from 'react';
import { cx } from '@/lib/cx';

export type FieldProps = {
  /** Shown above the control. */
  label: ReactNode;
  /** Shown in red under the control; marks it aria-invalid. */
  error?: string;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
  className?: string;
};

export type FieldIds = { id: string; errorId: string; hintId: string };

/** Ids and ARIA attributes that tie a control to its label, hint and message. */
export function useFieldIds(explicitId?: string): FieldIds {
  const generated = useId();
  const id = explicitId ?? generated;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

export function describedBy(ids: FieldIds, error?: string, hint?: ReactNode): string | undefined {
  const list = [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

export const controlClass = (invalid: boolean, extra?: string) =>
  cx(
    'block w-full rounded-lg border bg-surface px-3 text-sm text-ink placeholder:text-ink-muted',
    'focus:outline-2 focus:outline-offset-0 focus:outline-primary-600 disabled:bg-muted disabled:text-ink-muted',
    invalid ? 'border-danger-600' : 'border-border-strong',
    extra,
  );

/** Label above, the control, then the hint and the red message: the layout every form uses. */
export function FieldShell({
  ids,
  label,
  error,
  hint,
  hideLabel,
  className,
  children,
}: FieldProps & { ids: FieldIds; children: ReactNode }) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={ids.id} className={cx('text-sm font-medium text-ink-soft', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="text-sm text-danger-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
