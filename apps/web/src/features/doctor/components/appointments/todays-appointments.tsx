import type { DoctorAppointmentRow } from '@carepoint/contract';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { type CancelTarget, DoctorCancelDialog } from './doctor-cancel-dialog';
import { typeLabel } from './format';
import { StatusActions } from './status-actions';

/** Placeholder rows while the dashboard loads. */
export function RowsLoading({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-border">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <li key={i} className="flex items-center gap-3 py-3">
          <Skeleton className="h-8 w-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Today's appointments in time order, each with the status actions the rules allow now. */
export function TodaysAppointments({ appointments }: { appointments: DoctorAppointmentRow[] }) {
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  if (appointments.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title="No appointments today."
        action={
          <Link
            to="/doctor/appointments?period=upcoming"
            className={buttonClass({ size: 'sm', variant: 'secondary' })}
          >
            See upcoming appointments
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="divide-y divide-border">
        {appointments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <time dateTime={a.startsAt} className="w-12 shrink-0 font-semibold tabular-nums text-ink">
              {a.time}
            </time>
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <Avatar name={a.name} imageUrl={a.imageUrl} size="sm" decorative />
              <div className="min-w-0">
                <Link
                  to={`/doctor/appointment/${a.id}`}
                  className="block truncate font-medium text-ink hover:text-primary-800 hover:underline"
                >
                  {a.name}
                </Link>
                <p className="truncate text-xs text-ink-muted">
                  {a.title} · {typeLabel(a.type)}
                </p>
                {/* On a phone the badge sits under the name, leaving the name its width. */}
                <span className="mt-1 block sm:hidden">
                  <StatusBadge status={a.status} />
                </span>
              </div>
            </div>
            <span className="hidden sm:block">
              <StatusBadge status={a.status} />
            </span>
            <StatusActions
              appointment={a}
              name={a.name}
              when={`at ${a.time}`}
              onCancel={setCancelling}
              className="w-full justify-end sm:w-auto"
            />
          </li>
        ))}
      </ul>
      <DoctorCancelDialog target={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
