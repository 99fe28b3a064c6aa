import { formatNaira, RECEIPT_METHOD_LABELS, RECEIPT_METHODS } from '@carepoint/contract';
import { Banknote, CreditCard, Landmark, PiggyBank } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatTile } from '@/components/ui/stat-tile';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { useCashierDay } from '../api/payments';
import { CloseDayDialog, differenceText } from '../components/close-day-dialog';
import { BillingPatientsTable } from '../components/patients-table';

const ICONS = { cash: Banknote, transfer: Landmark, pos: CreditCard } as const;

/**
 * The cashier's day (/billing/dashboard): what they took today by method, the deposits held, the
 * patients who owe (largest first), and the day's close.
 */
export default function BillingDashboardPage() {
  const day = useCashierDay();
  const [closing, setClosing] = useState(false);
  const d = day.data;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={d ? `Your day, ${formatCalendarDate(d.day)}` : 'Your day'}
        actions={
          d?.status === 'open' ? (
            <Button onClick={() => setClosing(true)}>Close Day</Button>
          ) : d ? (
            <Badge tone="slate">Day closed</Badge>
          ) : null
        }
      />
      {day.isError ? (
        <ErrorState message="Your day could not be loaded" onRetry={() => void day.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {RECEIPT_METHODS.map((m) => (
            <StatTile
              key={m}
              label={`${RECEIPT_METHOD_LABELS[m]} today`}
              icon={ICONS[m]}
              loading={!d}
              value={d ? formatNaira(d.totals[m]) : ''}
            />
          ))}
          <StatTile
            label="Deposits held"
            icon={PiggyBank}
            loading={!d}
            value={d ? formatNaira(d.depositsHeld) : ''}
            hint="For all patients, not yet applied"
          />
        </div>
      )}
      {d?.status === 'closed' ? (
        <Card title="Day closed" className="mt-4">
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-ink-muted">Cash expected</dt>
              <dd className="font-medium tabular-nums">{formatNaira(d.expectedCash)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Cash counted</dt>
              <dd className="font-medium tabular-nums">{formatNaira(d.countedCash ?? 0)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Difference</dt>
              <dd className="font-medium tabular-nums">{differenceText(d.difference ?? 0)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Closed</dt>
              <dd className="font-medium">{d.closedAt ? formatDateTime(d.closedAt) : '—'}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      <h2 className="mt-6 mb-2 text-lg font-semibold text-ink">Patients with an outstanding balance</h2>
      <BillingPatientsTable owing label="Patients with an outstanding balance" />
      {d && d.status === 'open' ? <CloseDayDialog open={closing} onOpenChange={setClosing} day={d} /> : null}
    </>
  );
}
