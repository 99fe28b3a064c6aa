import type { DoctorAppointmentRow } from '@carepoint/contract';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCalendarDate } from '@/lib/format';
import { typeLabel } from './format';

/** The soonest active appointment that has not started yet. */
export function NextPatient({ next, today }: { next: DoctorAppointmentRow | null; today: string }) {
  if (!next) return <EmptyState icon={UserRound} title="No upcoming appointments." />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Avatar name={next.name} imageUrl={next.imageUrl} size="lg" decorative />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-ink">{next.name}</p>
          <p className="text-sm text-ink-muted">
            {next.date === today ? 'Today' : formatCalendarDate(next.date)} at {next.time}
          </p>
        </div>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
        {next.title} · {typeLabel(next.type)} <StatusBadge status={next.status} />
      </p>
      <Link
        to={`/doctor/appointment/${next.id}`}
        className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
        aria-label={`View the appointment of ${next.name}`}
      >
        View
      </Link>
    </div>
  );
}
