import type { Calendar, CalendarAppointment, CalendarDoctor } from '@carepoint/contract';
import { addDays, parseTimeMinutes } from '@carepoint/contract';

/*
 * What the calendars show, from the server's Calendar answer: facility wall-clock dates and
 * times become "floating" Dates in the browser's zone with the same wall clock (10:30 stays
 * 10:30 wherever the browser is), and back.
 */

export type CalendarView = 'day' | 'week';

/** Where a move goes: the facility's date and time, and the doctor (the desk may change it). */
export type MoveTo = { date: string; time: string; doctorId: string };

/** One block on the grid: an appointment, or a free slot drawn behind them. */
export type CalendarItem = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId?: string;
  appointment?: CalendarAppointment;
};

/** Props every calendar screen gives the grid and the agenda. */
export type CalendarScreenProps = {
  calendar: Calendar;
  view: CalendarView;
  /** 'YYYY-MM-DD' the view shows (a week: any day of it). */
  date: string;
  /** One column per doctor (the desk's day). */
  byDoctor: boolean;
  onNavigate: (date: string) => void;
  onViewChange?: (view: CalendarView) => void;
  /** Sends a move; a refusal rejects (its toast says why) and the appointment snaps back. */
  onMove: (appointment: CalendarAppointment, to: MoveTo) => Promise<unknown>;
  /** Opens the explicit Move action (the keyboard's way to move). */
  onOpen: (appointment: CalendarAppointment) => void;
};

export const dateAt = (date: string, minutes: number) => {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
};

const pad = (n: number) => String(n).padStart(2, '0');
export const dateOf = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
export const timeOf = (at: Date) => `${pad(at.getHours())}:${pad(at.getMinutes())}`;
export const minutesOf = (time: string) => parseTimeMinutes(time) ?? 0;

/** The range to ask the server for: the day, or Monday to Sunday of the date's week. */
export function rangeOf(view: CalendarView, date: string) {
  if (view === 'day') return { from: date, to: date };
  const weekday = (dateAt(date, 0).getDay() + 6) % 7;
  const from = addDays(date, -weekday);
  return { from, to: addDays(from, 6) };
}

/**
 * The hours to draw: the widest working day in view (or 08:00-18:00) with every appointment
 * inside, and about an hour more each side. The first line falls a whole number of steps before
 * the earliest start, so the grid's lines are the slot starts.
 */
export function visibleHours(calendar: Calendar, step: number) {
  let from = Number.POSITIVE_INFINITY;
  let to = 0;
  for (const doctor of calendar.doctors)
    for (const day of doctor.days)
      if (day.hours) {
        from = Math.min(from, minutesOf(day.hours.from));
        to = Math.max(to, minutesOf(day.hours.to));
      }
  for (const a of calendar.appointments) {
    from = Math.min(from, minutesOf(a.time));
    to = Math.max(to, minutesOf(a.time) + a.durationMinutes);
  }
  if (!Number.isFinite(from)) return { from: 8 * 60, to: 18 * 60 };
  const margin = step * Math.ceil(60 / step);
  return { from: Math.max(0, from - margin), to: Math.min(24 * 60 - 1, to + margin) };
}

/** Whether a moment is inside the doctor's hours that day. */
export function isWorking(doctor: CalendarDoctor | undefined, at: Date) {
  const day = doctor?.days.find((d) => d.date === dateOf(at));
  if (!day?.hours) return false;
  const minutes = at.getHours() * 60 + at.getMinutes();
  return minutes >= minutesOf(day.hours.from) && minutes < minutesOf(day.hours.to);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The grid's step: every doctor's slot starts fall on its lines (a common divisor of their
 * slot lengths and of the times their days start).
 */
export function stepOf(calendar: Calendar) {
  const lengths = calendar.doctors.flatMap((d) => [
    d.slotMinutes,
    ...d.days.flatMap((day) => (day.hours ? [minutesOf(day.hours.from)] : [])),
  ]);
  return Math.max(5, lengths.reduce(gcd, 0) || 15);
}

/** Only an active appointment still ahead moves. */
export const isMovable = (a: CalendarAppointment, calendar: Calendar) =>
  (a.status === 'Pending' || a.status === 'Confirmed') &&
  (a.date > calendar.today || (a.date === calendar.today && a.time > calendar.now));

const plus = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** An appointment's block: at its wall-clock time, as long as it lasts, in its doctor's column. */
export function itemOf(a: CalendarAppointment): CalendarItem {
  const start = dateAt(a.date, minutesOf(a.time));
  return {
    id: a.id,
    title: `${a.patientName} · ${a.title}`,
    start,
    end: plus(start, a.durationMinutes),
    resourceId: a.doctorId,
    appointment: a,
  };
}

/** Every doctor's free slots in view, one slot long each, in the doctor's column. */
export function freeItemsOf(calendar: Calendar): CalendarItem[] {
  return calendar.doctors.flatMap((doctor) =>
    doctor.days.flatMap((day) =>
      day.free.map((time) => {
        const start = dateAt(day.date, minutesOf(time));
        return {
          id: `free-${doctor.id}-${day.date}-${time}`,
          title: 'Free',
          start,
          end: plus(start, doctor.slotMinutes),
          resourceId: doctor.id,
        };
      }),
    ),
  );
}

/**
 * Where a drop moves an appointment: the time it was dropped at, and on the desk's day (one
 * column per doctor) the column's doctor. Null when it was dropped where it already is.
 */
export function moveOf(
  a: CalendarAppointment,
  dropped: { start: Date; resourceId?: string | number },
  byDoctor: boolean,
): MoveTo | null {
  const doctorId = byDoctor && typeof dropped.resourceId === 'string' ? dropped.resourceId : a.doctorId;
  const to = { date: dateOf(dropped.start), time: timeOf(dropped.start), doctorId };
  return to.date === a.date && to.time === a.time && doctorId === a.doctorId ? null : to;
}
