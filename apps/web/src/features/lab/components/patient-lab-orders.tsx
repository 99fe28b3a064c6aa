import { LAB_CANCELLABLE, LAB_ORDER_MESSAGES, type LabOrder, type Role } from '@carepoint/contract';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import {
  labelUrl,
  useCancelLabOrder,
  useCollectSpecimen,
  useLabLiveUpdates,
  usePatientLabOrders,
} from '../api/orders';
import { CollectedDialog } from './collected-dialog';
import { LabStateBadge, PriorityBadge } from './lab-badges';
import { type LabOrderOrigin, OrderLabTestsDialog } from './order-lab-tests-dialog';

/** Why the last specimen was rejected, in the danger colour: the doctor needs to see it. */
function Rejection({ order }: { order: LabOrder }) {
  const r = order.lastRejection;
  if (!r || order.state !== 'Ordered') return null;
  return (
    <p className="text-xs text-danger-700">
      Specimen {r.accession} rejected: {r.reason}
      {r.note ? ` (${r.note})` : ''}, {formatDateTime(r.rejectedAt)}. Waiting for a new specimen.
    </p>
  );
}

function OrderRow({
  order,
  role,
  onCollected,
}: {
  order: LabOrder;
  role: Role;
  onCollected: (order: LabOrder) => void;
}) {
  const collect = useCollectSpecimen();
  const cancel = useCancelLabOrder();
  const [cancelling, setCancelling] = useState(false);
  const canCancel = role === 'doctor' && LAB_CANCELLABLE.includes(order.state);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-ink">{order.tests.map((t) => t.name).join(', ')}</span>
        <PriorityBadge priority={order.priority} />
        <LabStateBadge state={order.state} />
      </div>
      <p className="text-xs text-ink-muted">
        {order.container} · ordered {formatDateTime(order.orderedAt)} by {order.requester.name}
        {order.specimen ? ` · ${order.specimen.accession}` : ''}
      </p>
      <Rejection order={order} />
      {order.cancelled ? (
        <p className="text-xs text-ink-muted">
          Cancelled by {order.cancelled.by.name}
          {order.cancelled.reason ? `: ${order.cancelled.reason}` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {role === 'nurse' && order.state === 'Ordered' ? (
          <Button
            size="sm"
            loading={collect.isPending}
            onClick={() =>
              collect.mutate(order.id, {
                onSuccess: (done) => {
                  toast.success(LAB_ORDER_MESSAGES.collected);
                  onCollected(done);
                },
              })
            }
          >
            Collect
          </Button>
        ) : null}
        {role === 'nurse' && order.specimen ? (
          <a
            href={labelUrl(order.id)}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Print label
          </a>
        ) : null}
        {canCancel ? (
          <Button size="sm" variant="ghost" onClick={() => setCancelling(true)}>
            Cancel order
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel this lab order?"
        description={`${order.tests.map((t) => t.name).join(', ')} for ${order.patient.name}.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep it"
        loading={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(
            { id: order.id, body: { reason: 'Cancelled by the ordering doctor' } },
            {
              onSuccess: () => {
                toast.success(LAB_ORDER_MESSAGES.cancelled);
                setCancelling(false);
              },
            },
          )
        }
      />
    </li>
  );
}

/**
 * A patient's lab orders with their state, specimen and any rejection's reason: on the doctor's
 * chart and appointment (with Order lab tests and Cancel), and on the stay page (the nurse's
 * pending orders with Collect and Print label). Live on the role's stream.
 */
export function PatientLabOrders({
  origin,
  viewer: role,
  pendingOnly = false,
}: {
  origin: LabOrderOrigin;
  /** Who is looking: a doctor orders and cancels, a nurse collects. */
  viewer: Role;
  pendingOnly?: boolean;
}) {
  useLabLiveUpdates(role);
  const orders = usePatientLabOrders(origin.patientId, pendingOnly);
  const [ordering, setOrdering] = useState(false);
  const [collected, setCollected] = useState<LabOrder | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {role === 'doctor' ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setOrdering(true)}>
            <FlaskConical aria-hidden size={14} /> Order lab tests
          </Button>
          <OrderLabTestsDialog origin={origin} open={ordering} onOpenChange={setOrdering} />
        </div>
      ) : null}
      {orders.isPending ? (
        <Skeleton className="h-16" />
      ) : orders.isError ? (
        <ErrorState
          message={errorMessage(orders.error, LAB_ORDER_MESSAGES.loadFailed)}
          onRetry={() => orders.refetch()}
        />
      ) : orders.data.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {pendingOnly ? 'No lab orders waiting.' : 'No lab orders yet.'}
        </p>
      ) : (
        <ul aria-label="Lab orders" className="flex flex-col divide-y divide-border">
          {orders.data.map((order) => (
            <OrderRow key={order.id} order={order} role={role} onCollected={setCollected} />
          ))}
        </ul>
      )}
      <CollectedDialog order={collected} onClose={() => setCollected(null)} />
    </div>
  );
}
