import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './calendar.css';
import dayjs from 'dayjs';
// Weeks start on Monday, as the doctors' schedules do.
import 'dayjs/locale/en-gb';
import { useMemo, useState } from 'react';
import { Calendar as BigCalendar, dayjsLocalizer, type View } from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import {
  type CalendarItem,
  type CalendarScreenProps,
  dateAt,
  dateOf,
  freeItemsOf,
  isMovable,
  isWorking,
  itemOf,
  moveOf,
  stepOf,
  timeOf,
  visibleHours,
} from './calendar-model';

/*
 * The time grid of the doctor's and the desk's calendars (react-big-calendar, loaded with the
 * calendar screens only): a day or a week, one column per doctor on the desk's day, hours off
 * and days off shaded, free slots drawn behind the appointments. Dragging an appointment sends
 * a move; until the server answers it shows where it was dropped, and a refusal puts it back.
 */

// The localizer reads the week's first day from dayjs's global locale (only the calendar uses dayjs).
dayjs.locale('en-gb');
const localizer = dayjsLocalizer(dayjs);

type Item = CalendarItem;

/**
 * The add-on is CommonJS only: the bundle hands over its module object (with the function as
 * `default`) where the types promise the function itself.
 */
const hasDefault = (module: unknown): module is { default: typeof dragAndDrop } =>
  typeof module === 'object' && module !== null && 'default' in module;
const withDragAndDrop = hasDefault(dragAndDrop) ? dragAndDrop.default : dragAndDrop;

const DnDCalendar = withDragAndDrop<Item, { id: string; title: string }>(BigCalendar);

const hhmm = (at: Date) => timeOf(at);
const formats = {
  timeGutterFormat: hhmm,
  eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${hhmm(start)}–${hhmm(end)}`,
  dayFormat: (at: Date) => dayjs(at).format('ddd D MMM'),
  dayHeaderFormat: (at: Date) => dayjs(at).format('dddd D MMMM YYYY'),
  dayRangeHeaderFormat: ({ start, end }: { start: Date; end: Date }) =>
    `${dayjs(start).format('D MMM')} – ${dayjs(end).format('D MMM YYYY')}`,
};

export default function AppointmentCalendar({
  calendar,
  view,
  date,
  byDoctor,
  onNavigate,
  onViewChange,
  onMove,
  onOpen,
}: CalendarScreenProps) {
  // A drop waiting for the server's answer: shown where it was dropped until then.
  const [dropped, setDropped] = useState<{ id: string; start: Date; end: Date; resourceId?: string } | null>(
    null,
  );
  const step = stepOf(calendar);
  const hours = visibleHours(calendar, step);
  const doctors = useMemo(() => new Map(calendar.doctors.map((d) => [d.id, d])), [calendar.doctors]);
  const single = calendar.doctors.length === 1 ? calendar.doctors[0] : undefined;

  const events = useMemo(
    () =>
      calendar.appointments.map((a) => {
        const item = itemOf(a);
        return dropped?.id === a.id ? { ...item, ...dropped } : item;
      }),
    [calendar.appointments, dropped],
  );
  const free = useMemo(() => freeItemsOf(calendar), [calendar]);

  const drop = async ({ event, start, resourceId }: EventInteractionArgs<Item>) => {
    const a = event.appointment;
    if (!a) return;
    const at = new Date(start);
    const to = moveOf(a, { start: at, resourceId }, byDoctor);
    if (!to) return;
    setDropped({
      id: a.id,
      start: at,
      end: new Date(at.getTime() + a.durationMinutes * 60_000),
      resourceId: to.doctorId,
    });
    try {
      await onMove(a, to);
    } catch {
      // Refused: the toast says why, and the appointment goes back where it was.
    } finally {
      setDropped(null);
    }
  };

  return (
    <div className="carepoint-calendar rounded-lg border border-border bg-surface p-2">
      <DnDCalendar
        localizer={localizer}
        formats={formats}
        messages={{ previous: 'Previous', next: 'Next', today: 'Today', day: 'Day', week: 'Week' }}
        events={events}
        backgroundEvents={free}
        view={view}
        views={byDoctor ? ['day'] : ['day', 'week']}
        onView={(next: View) => {
          if (next === 'day' || next === 'week') onViewChange?.(next);
        }}
        date={dateAt(date, 12 * 60)}
        onNavigate={(next: Date) => onNavigate(dateOf(next))}
        step={step}
        timeslots={Math.max(1, Math.round(60 / step / 2))}
        min={dateAt(date, hours.from)}
        max={dateAt(date, hours.to)}
        scrollToTime={dateAt(date, hours.from)}
        {...(byDoctor
          ? {
              resources: calendar.doctors.map((d) => ({ id: d.id, title: d.name })),
              resourceIdAccessor: (r: { id: string }) => r.id,
              resourceTitleAccessor: (r: { title: string }) => r.title,
            }
          : {})}
        resizable={false}
        draggableAccessor={(item: Item) => Boolean(item.appointment && isMovable(item.appointment, calendar))}
        onEventDrop={(args: EventInteractionArgs<Item>) => void drop(args)}
        onSelectEvent={(item: Item) => item.appointment && onOpen(item.appointment)}
        onKeyPressEvent={(item: Item, event: React.SyntheticEvent<HTMLElement>) => {
          const key = (event.nativeEvent as KeyboardEvent).key;
          if (item.appointment && (key === 'Enter' || key === ' ')) onOpen(item.appointment);
        }}
        eventPropGetter={(item: Item) => ({
          className: item.appointment ? `cp-event cp-${item.appointment.status.toLowerCase()}` : 'cp-free',
        })}
        slotPropGetter={(at: Date, resourceId?: number | string) => {
          const doctor = typeof resourceId === 'string' ? doctors.get(resourceId) : single;
          return isWorking(doctor, at) ? {} : { className: 'cp-off' };
        }}
        dayPropGetter={(at: Date) => {
          const day = single?.days.find((d) => d.date === dateOf(at));
          return day && !day.hours ? { className: 'cp-day-off' } : {};
        }}
        // The grid prefixes its time range: "10:30–11:15: Ada Obi · Check-up (Pending)".
        tooltipAccessor={(item: Item) =>
          item.appointment ? `${item.title} (${item.appointment.status})` : 'Free'
        }
        style={{ height: 'min(75vh, 900px)' }}
      />
    </div>
  );
}
