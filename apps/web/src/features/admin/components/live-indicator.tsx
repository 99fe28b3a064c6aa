import type { LiveStatus } from '@/features/admin/use-live-events';
import { cx } from '@/lib/cx';

const TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline: reload to resume live updates',
};

/** Whether a live board is receiving changes as they happen. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span
      role="status"
      data-testid="live-status"
      data-status={status}
      className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-ink-soft"
    >
      <span
        aria-hidden
        className={cx(
          'h-2 w-2 rounded-full',
          status === 'live' ? 'bg-success-700' : 'animate-pulse bg-warning-800',
        )}
      />
      {TEXT[status]}
    </span>
  );
}
