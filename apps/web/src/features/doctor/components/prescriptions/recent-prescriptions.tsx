import { PRESCRIPTION_MESSAGES } from '@carepoint/contract';
import { Pill } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecentPrescriptions } from '@/features/doctor/api/prescriptions';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

/** The dashboard's recent prescriptions: the doctor's five newest, each opening its details. */
export function RecentPrescriptions() {
  const recent = useRecentPrescriptions();
  return (
    <Card
      title="Recent prescriptions"
      actions={
        <Link to="/doctor/prescription" className="text-sm font-medium text-primary-800 hover:underline">
          View all
        </Link>
      }
    >
      {recent.data ? (
        recent.data.data.length === 0 ? (
          <EmptyState icon={Pill} title="No prescriptions yet." />
        ) : (
          <ul className="divide-y divide-border">
            {recent.data.data.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/doctor/prescription/${p.id}`}
                  className="flex items-start justify-between gap-3 py-3 hover:bg-muted"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-ink">{p.patient.name}</span>
                    <span className="block truncate text-xs text-ink-muted">{p.medicines}</span>
                  </span>
                  <time dateTime={p.addedAt} className="shrink-0 text-xs text-ink-muted">
                    {formatDate(p.addedAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : recent.isError ? (
        <ErrorState
          message={errorMessage(recent.error, PRESCRIPTION_MESSAGES.loadFailed)}
          onRetry={() => void recent.refetch()}
          retrying={recent.isFetching}
        />
      ) : (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p className="sr-only">Loading recent prescriptions</p>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      )}
    </Card>
  );
}
