import {
  formatDay,
  formatDayMonth,
  formatDayTime,
  formatInstant,
  formatInstantDay,
  formatMinutes,
  formatWeekday,
  toLocalDateTime,
} from '@carepoint/contract';

/*
 * The one place the app formats dates and times, through the contract's formatter (the PDFs
 * and e-mails use the same), e.g. "24 Nov 2026" and "24 Nov 2026, 14:30". Instants (timestamps) are shown on the facility's
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

/** The facility's zone, or this device's until the server has said it. */
const currentZone = () => zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

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

/** The facility's time zone (this device's until the server has said it): for wall-clock fields. */
export const facilityTimeZone = () => currentZone();

/** "22 Nov 2026, 09:41": an instant on the facility's clock. */
export const formatDateTime = (iso: string) => formatInstant(new Date(iso), currentZone());

/** "22 Nov 2026": the facility's day of an instant. */
export const formatDate = (iso: string) => formatInstantDay(new Date(iso), currentZone());

/** "22 Nov": the facility's day of an instant, without its year (a chart's axis). */
export const formatShortDate = (iso: string) =>
  formatDayMonth(toLocalDateTime(new Date(iso), currentZone()).date);

/** "09:41": the facility's time of an instant. */
export const formatTime = (iso: string) =>
  formatMinutes(toLocalDateTime(new Date(iso), currentZone()).minutes);

/** "25 Nov 2026" from a calendar date 'YYYY-MM-DD' (never shifted by a time zone). */
export const formatCalendarDate = formatDay;

/** "Tue, 25 Nov 2026" from a calendar date. */
export const formatWeekdayDate = formatWeekday;

/** "25 Nov 2026, 09:00": a booked slot (calendar date and wall-clock time, both the facility's). */
export const formatSlot = formatDayTime;

/** "1 bed", "12 beds": a count and its word, plural unless one. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "1 minute", "12 minutes". */
export const minutes = (n: number) => plural(n, 'minute');

/** "Female" from "female": a stored value (gender, type) shown to people. */
export const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** Joins first and last name. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Today on this device's calendar as 'YYYY-MM-DD': a date picker's lower bound (the server has the last word). */
export const deviceToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
