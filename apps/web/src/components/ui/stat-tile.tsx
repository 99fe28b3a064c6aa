import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '@/lib/cx';

export type StatTileProps = {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  /** Small text under the value (e.g. "3 new today"). */
  hint?: ReactNode;
  /** Makes the whole tile a link. */
  to?: string;
  /** Shows a skeleton instead of the value. */
  loading?: boolean;
  className?: string;
};

/** A count tile: label, big number, optional icon and hint. */
export function StatTile({ label, value, icon: Icon, hint, to, loading = false, className }: StatTileProps) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-ink-muted">{label}</p>
        {Icon ? (
          <span className="rounded-lg bg-primary-50 p-2 text-primary-700">
            <Icon aria-hidden size={18} />
          </span>
        ) : null}
      </div>
      {loading ? (
        <span className="mt-2 block h-8 w-16 animate-pulse rounded bg-muted">
          <span className="sr-only">Loading</span>
        </span>
      ) : (
        <p className="mt-1 text-3xl font-semibold tabular-nums text-ink">{value}</p>
      )}
      {hint ? <p className="mt-1 text-xs text-ink-muted">{hint}</p> : null}
    </>
  );
  const classes = cx('block rounded-lg border border-border bg-surface p-4 shadow-sm', className);
  if (to) {
    return (
      <Link to={to} className={cx(classes, 'transition-colors hover:border-primary-300')}>
        {body}
      </Link>
    );
  }
  return <div className={classes}>{body}</div>;
}
