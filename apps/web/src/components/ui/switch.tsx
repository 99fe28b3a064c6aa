import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

export type SwitchProps = {
  on: boolean;
  onChange: (on: boolean) => void;
  /** The accessible name: what the switch turns on and off. */
  label: string;
  /** The words beside the track (the state, e.g. "On" or "Active"). */
  children: ReactNode;
  disabled?: boolean;
  /** Read-only look for someone who may not change it. */
  dimmed?: boolean;
  title?: string;
};

/** An on/off switch (role="switch"): a track and a knob, with the state in words beside it. */
export function Switch({ on, onChange, label, children, disabled, dimmed, title }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={() => onChange(!on)}
      className="inline-flex items-center gap-2 rounded-full text-sm disabled:cursor-not-allowed"
    >
      <span
        aria-hidden
        className={cx(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors',
          on ? 'bg-primary-700' : 'bg-border-strong',
          dimmed && 'opacity-60',
        )}
      >
        <span
          className={cx(
            'inline-block h-4 w-4 rounded-full bg-surface shadow transition-transform',
            on ? 'translate-x-4.5' : 'translate-x-0.5',
          )}
        />
      </span>
      <span className={on ? 'text-ink' : 'text-ink-muted'}>{children}</span>
    </button>
  );
}
