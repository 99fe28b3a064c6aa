import { STOCK_ALERT_LABELS, type StockAlert, type StockBatch } from '@carepoint/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatCalendarDate } from '@/lib/format';

const ALERT_TONES: Record<StockAlert, BadgeTone> = {
  'below-reorder': 'amber',
  expiring: 'amber',
  expired: 'red',
};

/** A medicine's alerts as badges; nothing when it has none. */
export function StockAlerts({ alerts }: { alerts: readonly StockAlert[] }) {
  if (alerts.length === 0) return <span className="text-ink-muted">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {alerts.map((alert) => (
        <Badge key={alert} tone={ALERT_TONES[alert]}>
          {STOCK_ALERT_LABELS[alert]}
        </Badge>
      ))}
    </span>
  );
}

/** A batch's expiry flag beside its date; nothing while it is far off. */
export function ExpiryBadge({ status }: { status: StockBatch['status'] }) {
  if (status === 'ok') return null;
  return (
    <Badge tone={status === 'expired' ? 'red' : 'amber'}>
      {status === 'expired' ? 'Expired' : 'Expiring'}
    </Badge>
  );
}

/** A batch's number as the stock screens show it (monospaced, never wrapped). */
export const BatchNumber = ({ batch }: { batch: Pick<StockBatch, 'batchNumber'> }) => (
  <span className="font-mono text-sm whitespace-nowrap text-ink">{batch.batchNumber}</span>
);

/** A batch's expiry date with its Expiring or Expired flag. */
export const BatchExpiry = ({ batch }: { batch: Pick<StockBatch, 'expiryDate' | 'status'> }) => (
  <span className="flex flex-wrap items-center gap-1 whitespace-nowrap">
    {formatCalendarDate(batch.expiryDate)} <ExpiryBadge status={batch.status} />
  </span>
);
