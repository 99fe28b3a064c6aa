import { formatDayMonth, type InpatientAnalytics } from '@carepoint/contract';
import { BedDouble, CalendarClock, LogIn, LogOut } from 'lucide-react';
import { GraphCard } from '@/components/graphs/graph-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { useInpatientAnalytics } from '@/features/admin/api/analytics';
import { LOAD_FAILED } from '@/features/admin/api/shared';
import { AnalyticsSection, useAnalyticsPeriod } from '@/features/admin/components/analytics-section';
import { BedOccupancyBar, BedStateCounts, percentText } from '@/features/admin/components/bed-occupancy-bar';
import { plural } from '@/lib/format';

/* Operational Analytics' Inpatients section: beds by ward now, and the period's admissions, discharges and length of stay. */

export function InpatientAnalyticsSection() {
  const [days] = useAnalyticsPeriod();
  const figures = useInpatientAnalytics(days);
  const data = figures.data;
  const loading = figures.isPending;
  return (
    <AnalyticsSection
      id="inpatient"
      title="Inpatients"
      description="Beds by ward now; admissions, discharges and length of stay over the period."
      figures={figures}
      loadFailed={LOAD_FAILED.inpatient}
    >
      <InpatientTiles data={data} loading={loading} />
      <Movements data={data} loading={loading} />
      <WardOccupancy data={data} loading={loading} />
    </AnalyticsSection>
  );
}

type Props = { data: InpatientAnalytics | undefined; loading: boolean };

function InpatientTiles({ data, loading }: Props) {
  const period = data ? `Last ${data.days} days` : '';
  const los = data?.lengthOfStay;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatTile
        label="Beds occupied"
        icon={BedDouble}
        loading={loading}
        value={data ? percentText(data.occupancy.total) : '–'}
        hint={
          data ? `${data.occupancy.total.occupied} of ${plural(data.occupancy.total.total, 'bed')} now` : null
        }
      />
      <StatTile
        label="Admissions"
        icon={LogIn}
        loading={loading}
        value={data?.admissions ?? '–'}
        hint={period}
      />
      <StatTile
        label="Discharges"
        icon={LogOut}
        loading={loading}
        value={data?.discharges ?? '–'}
        hint={period}
      />
      <StatTile
        label="Average length of stay"
        icon={CalendarClock}
        loading={loading}
        value={los?.averageDays != null ? `${los.averageDays} days` : '–'}
        hint={
          los
            ? los.stays
              ? `Over ${plural(los.stays, 'stay')} discharged in the period`
              : 'No stay discharged in the period'
            : null
        }
      />
    </div>
  );
}

function Movements({ data, loading }: Props) {
  const points = (data?.movements ?? []).map((d) => ({
    label: formatDayMonth(d.date),
    value: d.admissions,
    second: d.discharges,
  }));
  return (
    <GraphCard
      title="Admissions and discharges"
      kind="bar"
      loading={loading}
      points={points}
      columns={['Day', 'Admissions', 'Discharges']}
      emptyText="No admissions or discharges in the period."
      summary={
        data
          ? `Stays admitted and discharged per day from ${formatDayMonth(data.from)} to ${formatDayMonth(data.to)}: ${plural(data.admissions, 'admission')} and ${plural(data.discharges, 'discharge')}.`
          : ''
      }
    />
  );
}

const NUMBER_CELL = 'px-2 py-2 text-right tabular-nums sm:px-3';
const COLUMNS = [
  { short: 'Occ', full: 'Occupied' },
  { short: 'Res', full: 'Reserved' },
  { short: 'Cln', full: 'Cleaning' },
  { short: 'Free', full: 'Free' },
  { short: '%', full: '% occupied' },
] as const;

function WardOccupancy({ data, loading }: Props) {
  const total = data?.occupancy.total;
  return (
    <Card title="Bed occupancy by ward" flush>
      <div className="px-4 pt-3">
        {total ? <BedStateCounts counts={total} /> : <Skeleton className="h-5 w-64" />}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="ward-occupancy">
          <thead className="text-left text-xs font-medium uppercase tracking-wide text-ink-muted">
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-2 pl-4">
                Ward
              </th>
              {COLUMNS.map((column) => (
                <th key={column.full} scope="col" className="px-2 py-2 text-right last:pr-4 sm:px-3">
                  {/* A phone has room for the short headings; the full ones are read out. */}
                  <span aria-hidden className="sm:hidden">
                    {column.short}
                  </span>
                  <span className="sr-only sm:not-sr-only">{column.full}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {loading || !data
              ? Array.from({ length: 3 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <tr key={i}>
                    <td colSpan={6} className="px-4 py-3">
                      <Skeleton className="h-4 w-full" />
                    </td>
                  </tr>
                ))
              : data.occupancy.wards.map((ward) => (
                  <tr key={ward.wardId}>
                    <th scope="row" className="py-2 pr-2 pl-4 text-left font-medium text-ink">
                      {ward.name}
                      <BedOccupancyBar counts={ward} className="mt-1.5 min-w-16 max-w-48" />
                    </th>
                    <td className={NUMBER_CELL}>{ward.occupied}</td>
                    <td className={NUMBER_CELL}>{ward.reserved}</td>
                    <td className={NUMBER_CELL}>{ward.cleaning}</td>
                    <td className={NUMBER_CELL}>{ward.free}</td>
                    <td className={`${NUMBER_CELL} pr-4 font-semibold text-ink`}>
                      {ward.total ? percentText(ward) : 'No beds'}
                    </td>
                  </tr>
                ))}
          </tbody>
          {total ? (
            <tfoot className="border-t border-border-strong font-semibold text-ink">
              <tr>
                <th scope="row" className="py-2 pr-2 pl-4 text-left">
                  All wards
                </th>
                <td className={NUMBER_CELL}>{total.occupied}</td>
                <td className={NUMBER_CELL}>{total.reserved}</td>
                <td className={NUMBER_CELL}>{total.cleaning}</td>
                <td className={NUMBER_CELL}>{total.free}</td>
                <td className={`${NUMBER_CELL} pr-4`}>{percentText(total)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </Card>
  );
}
