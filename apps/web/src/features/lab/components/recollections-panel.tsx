import { FlaskConical } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useLabLiveUpdates, useRecollections } from '../api/orders';

/**
 * The doctor's notice of rejected specimens: their orders the laboratory rejected a specimen of,
 * waiting for a new one, with the reason. Shown only while there is one; live on the doctor's stream.
 */
export function RecollectionsPanel() {
  useLabLiveUpdates('doctor');
  const orders = useRecollections();
  if (!orders.data || orders.data.length === 0) return null;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <FlaskConical aria-hidden size={16} className="text-danger-700" />
          Specimens rejected
          <span className="text-sm font-normal text-ink-muted">{orders.data.length} to recollect</span>
        </span>
      }
    >
      <ul aria-label="Specimens rejected" className="flex flex-col divide-y divide-border">
        {orders.data.map((order) => (
          <li key={order.id} className="py-2 text-sm first:pt-0 last:pb-0">
            <p className="font-medium text-ink">
              {order.patient.name} · {order.tests.map((t) => t.name).join(', ')}
            </p>
            {order.lastRejection ? (
              <p className="text-xs text-danger-700">
                {order.lastRejection.reason}
                {order.lastRejection.note ? ` (${order.lastRejection.note})` : ''},{' '}
                {formatDateTime(order.lastRejection.rejectedAt)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
