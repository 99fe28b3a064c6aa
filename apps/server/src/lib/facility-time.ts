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
