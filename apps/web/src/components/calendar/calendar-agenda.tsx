import { addDays, type CalendarAppointment } from '@carepoint/contract';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatWeekdayDate } from '@/lib/format';
import { type CalendarScreenProps, isMovable, minutesOf } from './calendar-model';

type Row =
  | { kind: 'appointment'; at: string; appointment: CalendarAppointment }
  | { kind: 'free'; at: string };

/**
 * The calendar on a phone: one day as a list per doctor, appointments and free times in time
 * order, each appointment with its Move action (there is no room to drag on a phone).
 */
export function CalendarAgenda({ calendar, date, onNavigate, onOpen }: CalendarScreenProps) {
  return (
    <section aria-label="Day agenda" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => onNavigate(addDays(date, -1))}>
          Previous day
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onNavigate(calendar.today)}>
          Today
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onNavigate(addDays(date, 1))}>
          Next day
        </Button>
        <Input
          label="Day"
          hideLabel
          type="date"
          className="w-40"
          value={date}
          onChange={(event) => event.target.value && onNavigate(event.target.value)}
        />
      </div>
      <h2 className="text-lg font-semibold text-ink">{formatWeekdayDate(date)}</h2>
      {calendar.doctors.map((doctor) => {
        const day = doctor.days.find((d) => d.date === date);
        const rows: Row[] = [
          ...calendar.appointments
            .filter((a) => a.doctorId === doctor.id && a.date === date)
            .map((appointment): Row => ({ kind: 'appointment', at: appointment.time, appointment })),
          ...(day?.free ?? []).map((at): Row => ({ kind: 'free', at })),
        ].sort((a, b) => minutesOf(a.at) - minutesOf(b.at));
        return (
          <div key={doctor.id} className="rounded-lg border border-border bg-surface">
            <div className="flex items-baseline justify-between gap-2 border-b border-border px-3 py-2">
              <h3 className="font-medium text-ink">{doctor.name}</h3>
              <span className="text-sm text-ink-muted">
                {day?.hours ? `${day.hours.from}–${day.hours.to}` : 'Day off'}
              </span>
            </div>
            {rows.length === 0 ? (
              <p className="px-3 py-3 text-sm text-ink-muted">
                {day?.hours ? 'Nothing booked and no free time left.' : 'Not working on this day.'}
              </p>
            ) : (
              <ul className="divide-y divide-border">
                {rows.map((row) =>
                  row.kind === 'free' ? (
                    <li key={`free-${row.at}`} className="flex gap-3 px-3 py-2 text-sm text-success-700">
                      <span className="w-12 tabular-nums">{row.at}</span>
                      <span>Free</span>
                    </li>
                  ) : (
                    <li key={row.appointment.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                      <span className="w-12 font-medium tabular-nums">{row.at}</span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-ink">
                          {row.appointment.patientName}
                        </span>
                        <span className="block truncate text-ink-muted">{row.appointment.title}</span>
                      </span>
                      <StatusBadge status={row.appointment.status} />
                      {isMovable(row.appointment, calendar) ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => onOpen(row.appointment)}
                          aria-label={`Move ${row.appointment.patientName} at ${row.at}`}
                        >
                          Move
                        </Button>
                      ) : null}
                    </li>
                  ),
                )}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
