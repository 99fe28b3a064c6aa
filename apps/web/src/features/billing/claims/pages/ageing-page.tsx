import { AGEING_BUCKETS, type AgeingReport, CLAIM_MESSAGES, formatNaira } from '@carepoint/contract';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { columnsFor, DataTable } from '@/components/data-table';
import { buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { formatCalendarDate } from '@/lib/format';
import { useAgeing } from '../api';

type PayerRow = AgeingReport['payers'][number];
const col = columnsFor<PayerRow>();

const BUCKET_LABELS: Record<(typeof AGEING_BUCKETS)[number], string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

const columns = [
  col.text('payer', 'Payer', (p) => (p.code ? `${p.name} (${p.code})` : p.name)),
  ...AGEING_BUCKETS.map((b) => col.text(b, BUCKET_LABELS[b], (p) => formatNaira(p.buckets[b]))),
  col.text('total', 'Owed', (p) => formatNaira(p.total)),
];

/** Ageing: what each payer still owes on submitted claims, by the days since they were submitted. */
export default function AgeingPage() {
  const ageing = useAgeing();
  if (ageing.isPending) return <PageSkeleton />;
  if (ageing.isError)
    return <ErrorState message={CLAIM_MESSAGES.loadFailed} onRetry={() => void ageing.refetch()} />;
  const report = ageing.data;
  return (
    <>
      <PageHeader
        title="Claims Ageing"
        description={`What each payer still owes on submitted claims, by days since submission, as of ${formatCalendarDate(report.asOf)}. Paid, part-paid and denied lines are settled.`}
        actions={
          <Link to="/billing/claims" className={buttonClass({ variant: 'secondary' })}>
            <ArrowLeft aria-hidden size={16} /> Claims
          </Link>
        }
      />
      <div className="mb-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
        {AGEING_BUCKETS.map((b) => (
          <StatTile key={b} label={BUCKET_LABELS[b]} value={formatNaira(report.totals[b])} />
        ))}
        <StatTile
          label="Owed in all"
          value={formatNaira(report.total)}
          className="min-[480px]:col-span-2 lg:col-span-2"
        />
      </div>
      <DataTable
        label="Owed by payer"
        columns={columns}
        data={report.payers}
        getRowId={(p) => p.id}
        emptyText="No payer owes anything: every submitted line has its remittance."
      />
    </>
  );
}
