import { formatMinutes, toLocalDateTime } from './clock';

/*
 * The one format people read dates in, on every screen, PDF and e-mail: "24 Nov 2026", with a
 * time "24 Nov 2026, 14:30". Data files (CSV, JSON, FHIR) keep ISO dates. Month names are
 * written out here rather than taken from a locale, whose abbreviations differ ("Sept").
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "24 Nov 2026" from a calendar date 'YYYY-MM-DD' (never shifted by a time zone). */
export function formatDay(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** "24 Nov" from a calendar date: a chart's axis, where the year is the axis's own. */
export function formatDayMonth(date: string): string {
  const [, month, day] = date.slice(0, 10).split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]}`;
}

/** "Tue, 24 Nov 2026" from a calendar date. */
export const formatWeekday = (date: string) =>
  `${WEEKDAYS[new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay()]}, ${formatDay(date)}`;

/** "24 Nov 2026, 09:00": a calendar date and a wall-clock time 'HH:MM[:SS]' (a booked slot). */
export const formatDayTime = (date: string, time: string) => `${formatDay(date)}, ${time.slice(0, 5)}`;

/** "24 Nov 2026, 14:30": an instant on the clock of `timeZone` (the facility's). */
export function formatInstant(instant: Date, timeZone: string): string {
  const { date, minutes } = toLocalDateTime(instant, timeZone);
  return formatDayTime(date, formatMinutes(minutes));
}

const longDays = new Map<string, Intl.DateTimeFormat>();

/**
 * "Tuesday, 8 January 2030": the day of an instant on the clock of `timeZone`, written out in
 * full for an e-mail's subject, read in an inbox list away from any other date.
 */
export function formatInstantLongDay(instant: Date, timeZone: string): string {
  let format = longDays.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    });
    longDays.set(timeZone, format);
  }
  return format.format(instant);
}

/** "24 Nov 2026": the day of an instant on the clock of `timeZone`. */
export const formatInstantDay = (instant: Date, timeZone: string) =>
  formatDay(toLocalDateTime(instant, timeZone).date);
