import type { ComponentPropsWithRef } from 'react';
import { cx } from '@/lib/cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows "Loading..." and disables the button while work is in progress. */
  loading?: boolean;
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800 disabled:bg-primary-700/60',
  secondary: 'border border-border-strong bg-surface text-ink hover:bg-muted disabled:text-ink-muted',
  ghost: 'text-ink-soft hover:bg-muted hover:text-ink disabled:text-ink-muted',
  danger: 'bg-danger-700 text-white hover:bg-danger-800 disabled:bg-danger-700/60',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
};

/** The button look for other elements, e.g. `<Link className={buttonClass({ variant: 'secondary' })}>`. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  return cx(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({
  variant,
  size,
  loading = false,
  className,
  disabled,
  children,
  type,
  ...rest
}: ButtonProps) {
  const classes = buttonClass({ variant, size, className });
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? 'Loading...' : children}
    </button>
  );
}
