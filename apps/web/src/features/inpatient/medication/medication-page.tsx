import { addDays, FORMULARY_MESSAGES, type MarOrder, type MedicationOrder } from '@carepoint/contract';
import { ChevronLeft, ChevronRight, Pill, Plus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { cx } from '@/lib/cx';
import { facilityTimeZone, formatDateTime, plural } from '@/lib/format';
import { useMar } from './api';
import { DoseDialog, type DoseTarget } from './dose-dialog';
import { DoseRow } from './dose-row';
import { OrderDialog } from './order-dialog';
import { StopOrderDialog } from './stop-dialog';

/** As-needed orders: when the next dose is allowed, and how many were given in the last day. */
function PrnStatus({ order }: { order: MarOrder }) {
  if (!order.prn) return null;
  const { nextAllowedAt, givenLast24h } = order.prn;
  return (
    <p className="text-sm text-ink-soft">
      {nextAllowedAt ? `Next dose allowed from ${formatDateTime(nextAllowedAt)}` : 'Can be given now'}
      {` · ${givenLast24h} given in the last 24 h`}
    </p>
  );
}

/**
 * A formulary medicine's stock in the ward's store, in date, so the nurse sees before the round
 * whether it will last; none for a medicine written outside the formulary.
 */
function WardStock({ order }: { order: MarOrder }) {
  const stock = order.wardStock;
  if (!stock || !order.unitsPerDose) return null;
  const doses = Math.floor(stock.onHand / order.unitsPerDose);
  return (
    <p className={cx('text-sm', doses === 0 ? 'font-medium text-warning-900' : 'text-ink-soft')}>
      Ward stock: {plural(stock.onHand, stock.dispensingUnit)} in date ·{' '}
      {plural(order.unitsPerDose, stock.dispensingUnit)} a dose ·{' '}
      {doses === 0 ? 'not enough for a dose' : `enough for ${plural(doses, 'dose')}`}
    </p>
  );
}

function OrderCard({
  order,
  role,
  onRecord,
  onStop,
}: {
  order: MarOrder;
  role: string | undefined;
  onRecord: (target: DoseTarget) => void;
  onStop: (order: MedicationOrder) => void;
}) {
  const nurse = role === 'nurse';
  const title = (
    <span className="flex flex-wrap items-center gap-2">
      <span>{order.medicine}</span>
      {/* The dose apart from the name: a formulary name has its own strength ("Paracetamol 500 mg Tablet"). */}
      <span className="text-sm font-normal text-ink-muted">
        {order.dose} · {order.route}
      </span>
      {order.controlled ? <Badge tone="amber">Controlled</Badge> : null}
      {order.medicineId ? null : <Badge tone="grey">{FORMULARY_MESSAGES.notStocked}</Badge>}
      {order.stopped ? <Badge tone="grey">Stopped</Badge> : null}
    </span>
  );
  const actions =
    role === 'doctor' && !order.stopped ? (
      <Button size="sm" variant="secondary" onClick={() => onStop(order)}>
        Stop order
      </Button>
    ) : null;
  return (
    <Card title={title} actions={actions} aria-label={`${order.medicine} order`}>
      <p className="text-sm text-ink-soft">
        {order.scheduleText} · ordered by {order.orderedBy.name}
      </p>
      {order.acknowledgedAllergies.length > 0 ? (
        <p className="text-sm text-danger-700">
          Ordered despite the recorded allergy to {order.acknowledgedAllergies.join(', ')}
        </p>
      ) : null}
      {order.stopped ? (
        <p className="text-sm text-ink-muted">
          Stopped {formatDateTime(order.stopped.at)} by {order.stopped.by.name}: {order.stopped.reason}
        </p>
      ) : null}
      <WardStock order={order} />
      <PrnStatus order={order} />
      {order.doses.length > 0 ? (
        <ul className="mt-2 divide-y divide-border">
          {order.doses.map((dose) => (
            <DoseRow
              key={dose.scheduledFor ?? dose.administration?.id}
              order={order}
              dose={dose}
              canRecord={nurse}
              onRecord={(outcome) => onRecord({ order, scheduledFor: dose.scheduledFor, outcome })}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">No doses this day.</p>
      )}
      {nurse && order.prn && !order.stopped ? (
        <div className="mt-3">
          <Button
            size="sm"
            disabled={order.prn.nextAllowedAt !== null}
            onClick={() => onRecord({ order, scheduledFor: null, outcome: 'Given' })}
          >
            Give dose
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * The medication administration record of a stay for a day (route `stays/:stayId/medication`):
 * every order with its doses and their state. Nurses record each dose; doctors order and stop.
 */
export default function MedicationPage() {
  const stayId = useParams().stayId ?? '';
  const role = useAuth().user?.role;
  const [date, setDate] = useState<string | null>(null);
  const [dose, setDose] = useState<DoseTarget | null>(null);
  const [stopping, setStopping] = useState<MedicationOrder | null>(null);
  const [ordering, setOrdering] = useState(false);
  const mar = useMar(stayId, date);
  const shown = mar.data?.date ?? date;
  const move = (days: number) => shown && setDate(addDays(shown, days));

  const dayPicker = (
    <div className="flex items-end gap-1">
      <Button variant="secondary" size="icon" aria-label="Previous day" onClick={() => move(-1)}>
        <ChevronLeft aria-hidden size={16} />
      </Button>
      <Input
        label="Day"
        hideLabel
        type="date"
        value={shown ?? ''}
        onChange={(e) => e.target.value && setDate(e.target.value)}
      />
      <Button variant="secondary" size="icon" aria-label="Next day" onClick={() => move(1)}>
        <ChevronRight aria-hidden size={16} />
      </Button>
      <Button variant="ghost" onClick={() => setDate(null)}>
        Today
      </Button>
    </div>
  );

  const overdue =
    mar.data?.orders.reduce((n, o) => n + o.doses.filter((d) => d.state === 'Overdue').length, 0) ?? 0;

  return (
    <div>
      <PageHeader
        level={2}
        title="Medication"
        description={mar.data ? `${mar.data.patient.name} · medication administration record` : undefined}
        actions={
          <>
            {dayPicker}
            {role === 'doctor' && mar.data?.stayStatus === 'Admitted' ? (
              <Button onClick={() => setOrdering(true)}>
                <Plus aria-hidden size={16} /> New order
              </Button>
            ) : null}
          </>
        }
      />
      {mar.data ? (
        <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          {mar.data.patient.allergies.length > 0 ? (
            <Badge tone="red">Allergies: {mar.data.patient.allergies.join(', ')}</Badge>
          ) : (
            <span className="text-ink-muted">No recorded allergies</span>
          )}
          {overdue > 0 ? <Badge tone="red">{overdue} overdue</Badge> : null}
        </div>
      ) : null}
      {mar.isPending ? (
        <Card>
          <SkeletonRows rows={4} columns={3} />
        </Card>
      ) : mar.isError && !mar.data ? (
        <ErrorState
          message="Could not load the medication record"
          onRetry={() => void mar.refetch()}
          retrying={mar.isFetching}
        />
      ) : mar.data && mar.data.orders.length === 0 ? (
        <Card>
          <EmptyState icon={Pill} title="No medication orders this day." />
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          {mar.data?.orders.map((order) => (
            <OrderCard key={order.id} order={order} role={role} onRecord={setDose} onStop={setStopping} />
          ))}
        </div>
      )}
      <DoseDialog stayId={stayId} target={dose} onClose={() => setDose(null)} />
      <StopOrderDialog stayId={stayId} order={stopping} onClose={() => setStopping(null)} />
      {mar.data ? (
        <OrderDialog
          stayId={stayId}
          allergies={mar.data.patient.allergies}
          open={ordering}
          onOpenChange={setOrdering}
          now={new Date(mar.data.now)}
          timeZone={facilityTimeZone()}
        />
      ) : null}
    </div>
  );
}
