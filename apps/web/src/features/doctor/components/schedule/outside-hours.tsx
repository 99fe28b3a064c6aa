import type { OutsideHoursAppointment } from '@carepoint/contract';
import { CalendarX2 } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatWeekdayDate } from '@/lib/format';

const formatDay = formatWeekdayDate;

/**
 * Booked appointments that the saved hours no longer cover. They are kept as booked (never
 * cancelled by a schedule change): the doctor decides, from the appointment itself.
 */
export function OutsideHours({ appointments }: { appointments: OutsideHoursAppointment[] }) {
  if (appointments.length === 0) return null;
  const count = appointments.length;
  return (
    <Card
      data-testid="outside-hours"
      className="border-warning-800/30"
      title={
        <span className="inline-flex items-center gap-2">
          <CalendarX2 aria-hidden size={18} className="text-warning-800" />
          {count} booked appointment{count === 1 ? '' : 's'} outside your hours
        </span>
      }
    >
      <p className="mb-3 text-sm text-ink-soft">
        These patients are still booked. Open each appointment to confirm it anyway, or cancel it so the
        patient can book again.
      </p>
      <ul className="divide-y divide-border">
        {appointments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-ink">{a.patientName}</span>{' '}
              <span className="text-ink-soft">
                {formatDay(a.date)}, {a.time} ({a.durationMinutes} min)
              </span>
            </span>
            <span className="flex items-center gap-3">
              <StatusBadge status={a.status} />
              <Link
                to={`/doctor/appointment/${a.id}`}
                className="font-medium text-primary-800 underline-offset-2 hover:underline"
              >
                View<span className="sr-only"> the appointment of {a.patientName}</span>
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
