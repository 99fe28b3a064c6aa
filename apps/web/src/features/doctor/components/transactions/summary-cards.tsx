import { formatCount, formatNaira } from '@carepoint/contract';
import { CalendarRange, CircleCheck, Clock, Undo2 } from 'lucide-react';
import { StatTile } from '@/components/ui/stat-tile';
import { useInvoiceSummary } from '@/features/doctor/api/transactions';

const invoices = (n: number) => `${formatCount(n)} invoice${n === 1 ? '' : 's'}`;

/** The four cards, computed by the server from the doctor's invoices. */
export function SummaryCards() {
  const summary = useInvoiceSummary();
  const s = summary.data;
  const loading = summary.isPending;
  return (
    <section aria-label="Summary" className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatTile
        label="Total paid"
        icon={CircleCheck}
        loading={loading}
        value={s ? formatNaira(s.paid.total) : '—'}
        hint={s ? invoices(s.paid.count) : undefined}
      />
      <StatTile
        label="Outstanding"
        icon={Clock}
        loading={loading}
        value={s ? formatNaira(s.outstanding.total) : '—'}
        hint={s ? `${invoices(s.outstanding.count)} pending` : undefined}
      />
      <StatTile
        label="Invoices this month"
        icon={CalendarRange}
        loading={loading}
        value={s ? formatCount(s.thisMonth.count) : '—'}
        hint={s ? `${formatNaira(s.thisMonth.total)} billed` : undefined}
      />
      <StatTile
        label="Refunded"
        icon={Undo2}
        loading={loading}
        value={s ? formatNaira(s.refunded.total) : '—'}
        hint={s ? invoices(s.refunded.count) : undefined}
      />
    </section>
  );
}
