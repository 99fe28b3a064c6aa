import { APPOINTMENT_MESSAGES } from '@carepoint/contract';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useNextAppointments } from '@/features/patient/api/appointments';
import { errorMessage } from '@/lib/api-client';
import { appointmentDoctor, appointmentSlot } from './appointment-cells';

const NEXT_COUNT = 3;

/** The dashboard's next appointments: the soonest active ones still ahead. */
export function NextAppointments() {
  const next = useNextAppointments(NEXT_COUNT);
  const items = next.data?.data ?? [];

  let body: ReactNode;
  if (next.isLoading) {
    body = (
      <ul aria-label="Loading next appointments" className="divide-y divide-border">
        {Array.from({ length: NEXT_COUNT }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <li key={i} className="flex flex-col gap-2 py-3">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </li>
        ))}
      </ul>
    );
  } else if (next.isError) {
    body = (
      <ErrorState
        message={errorMessage(next.error, APPOINTMENT_MESSAGES.loadFailed)}
        onRetry={() => void next.refetch()}
        retrying={next.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={CalendarDays}
        title="No upcoming appointments"
        action={
          <Link to="/patient/appointments?book=1" className={buttonClass({ size: 'sm' })}>
            Book Appointment
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className="divide-y divide-border">
        {items.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <p className="font-medium text-ink">{appointmentSlot(a)}</p>
              <p className="truncate text-sm text-ink-muted">
                {a.title} with {appointmentDoctor(a)}
              </p>
            </div>
            <StatusBadge status={a.status} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card
      title="Next appointments"
      actions={
        <Link to="/patient/appointments" className="text-sm font-medium text-primary-800 hover:underline">
          View all
        </Link>
      }
    >
      {body}
    </Card>
  );
}
