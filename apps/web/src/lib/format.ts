/*
 * The one place the app formats dates and times. Instants (timestamps) are shown on the facility's
 * clock: its time zone comes with the session (GET /api/auth/me, login) and is remembered for the
 * next page load, so a screen reads the same whatever the device's zone. Calendar dates
 * ('YYYY-MM-DD', already the facility's day) and wall-clock times ('HH:MM') are shown as they are,
 * never shifted.
 */

const ZONE_KEY = 'carepoint:time-zone';

function storedZone(): string | undefined {
  try {
    return window.localStorage.getItem(ZONE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

let zone: string | undefined = typeof window === 'undefined' ? undefined : storedZone();
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions, locale = 'en-GB') {
  const id = `${locale}|${key}|${options.timeZone ?? zone ?? ''}`;
  let f = cache.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
    cache.set(id, f);
  }
  return f;
}

/** Sets the facility's time zone (from the server); an unknown zone is ignored. */
export function setFacilityTimeZone(timeZone: string | undefined) {
  if (!timeZone || timeZone === zone) return;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
  } catch {
    return;
  }
  zone = timeZone;
  try {
    window.localStorage.setItem(ZONE_KEY, timeZone);
  } catch {
    // Not remembered; this page load still uses it.
  }
}

const day = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** "22 Nov 2026, 09:41": an instant on the facility's clock. */
export const formatDateTime = (iso: string) =>
  formatter('dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** "22 Nov 2026": the facility's day of an instant. */
export const formatDate = (iso: string) => formatter('date', { dateStyle: 'medium' }).format(new Date(iso));

/** "09:41": the facility's time of an instant. */
export const formatTime = (iso: string) => formatter('time', { timeStyle: 'short' }).format(new Date(iso));

/** "25 Nov 2026" from a calendar date 'YYYY-MM-DD' (never shifted by a time zone). */
export const formatCalendarDate = (date: string) =>
  formatter('calendar', { dateStyle: 'medium', timeZone: 'UTC' }).format(day(date));

/** "Tue, 25 Nov 2026" from a calendar date. */
export const formatWeekdayDate = (date: string) =>
  formatter('weekday', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day(date));

/** "25 Nov 2026, 09:00": a booked slot (calendar date and wall-clock time, both the facility's). */
export const formatSlot = (date: string, time: string) => `${formatCalendarDate(date)}, ${time.slice(0, 5)}`;

/** The doctor's appointment list (docs/areas/screens.md): the long en-US date, e.g. "January 8, 2030". */
export const formatLongDate = (date: string) =>
  formatter('long', { dateStyle: 'long', timeZone: 'UTC' }, 'en-US').format(day(date));

/** "Tuesday, January 8, 2030", the long format with its weekday. */
export const formatFullDate = (date: string) =>
  formatter('full', { dateStyle: 'full', timeZone: 'UTC' }, 'en-US').format(day(date));

/** "1 minute", "12 minutes". */
export const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** Joins first and last name. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Today on this device's calendar as 'YYYY-MM-DD': a date picker's lower bound (the server has the last word). */
export const deviceToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
