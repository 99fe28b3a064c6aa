import type { Summary } from '@carepoint/contract';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { BedOccupancyBar, BedStateCounts, percentText } from '@/features/admin/components/bed-occupancy-bar';

type Props = { summary: Summary | undefined; loading: boolean };

const analyticsLink = (
  <Link
    to="/admin/analytics"
    className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
  >
    By ward
    <ChevronRight aria-hidden size={16} />
  </Link>
);

/** The dashboard's inpatient cards: the beds now, and today's admissions and discharges (stays). */
export function InpatientCards({ summary, loading }: Props) {
  const beds = summary?.inpatient;
  return (
    <div className="grid gap-6 md:grid-cols-2" data-testid="inpatient-cards">
      <Card title="Bed occupancy" actions={analyticsLink}>
        {loading || !beds ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-ink-muted">
              <span className="text-3xl font-semibold tabular-nums text-ink">{percentText(beds)}</span>{' '}
              occupied now: {beds.occupied} of {beds.total} beds
            </p>
            <BedOccupancyBar counts={beds} />
            <BedStateCounts counts={beds} />
          </div>
        )}
      </Card>
      <Card title="Inpatients today">
        {loading || !beds ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              { label: 'Admitted', value: beds.admissionsToday },
              { label: 'Discharged', value: beds.dischargesToday },
              { label: 'In beds now', value: beds.occupied },
            ].map((item) => (
              <div key={item.label} className="rounded-lg bg-muted px-2 py-3">
                <dt className="text-xs font-medium text-ink-muted">{item.label}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums text-ink">{item.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </div>
  );
}
