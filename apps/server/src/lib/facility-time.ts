import { addDays, fromLocalDateTime, toLocalDateTime } from '@carepoint/contract';

/** Today in the facility's time zone: its date and the instants it starts and ends. */
export function facilityDay(now: Date, timeZone: string) {
  const { date, minutes } = toLocalDateTime(now, timeZone);
  return {
    date,
    start: fromLocalDateTime(date, 0, timeZone),
    end: fromLocalDateTime(addDays(date, 1), 0, timeZone),
    /** The wall clock's current hour (0-23). */
    hour: Math.floor(minutes / 60),
  };
}

/** The facility's wall-clock hour (0-23) of an instant. */
export const facilityHour = (instant: Date, timeZone: string) =>
  Math.floor(toLocalDateTime(instant, timeZone).minutes / 60);

/** The facility day facilityDate last computed, with its bounds in ms. */
let lastDay: { timeZone: string; date: string; start: number; end: number } | undefined;

/**
 * Today's date (YYYY-MM-DD) in the facility's time zone. The day's bounds are kept, so calls
 * within the same day do no time-zone arithmetic (the patients list asks on every request).
 */
export function facilityDate(now: Date, timeZone: string): string {
  const at = now.getTime();
  if (lastDay?.timeZone === timeZone && at >= lastDay.start && at < lastDay.end) return lastDay.date;
  const { date, start, end } = facilityDay(now, timeZone);
  lastDay = { timeZone, date, start: start.getTime(), end: end.getTime() };
  return date;
}
