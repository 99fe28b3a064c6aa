import { tzOffset } from '@date-fns/tz';
import { z } from 'zod';

/**
 * The clock both sides reckon with: times of day as minutes since midnight, calendar dates as
 * 'YYYY-MM-DD' strings, and the facility's time zone between them and instants. Pure, so the
 * server and the web app agree to the minute. How dates are written for people is dates.ts.
 */

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

// ---------------------------------------------------------------- time of day

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a time of day written HH:MM or HH:MM:SS (24-hour clock). */
export const isTimeOfDay = (text: string) => TIME_RE.test(text);

/** Seconds since midnight of 'HH:MM[:SS]', or null when it is not a time of day. */
export function parseTimeSeconds(text: string): number | null {
  const m = TIME_RE.exec(text);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/** Minutes since midnight of 'HH:MM[:SS]' (seconds dropped), or null. */
export function parseTimeMinutes(text: string): number | null {
  const seconds = parseTimeSeconds(text);
  return seconds === null ? null : Math.floor(seconds / 60);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' of minutes since midnight. */
export const formatMinutes = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

/** A duration in the spec's 'HH:MM:SS' form, e.g. 45 -> '00:45:00'. */
export const formatDuration = (minutes: number) => `${formatMinutes(minutes)}:00`;

/** 'HH:MM' of any accepted time text ('09:00:00' -> '09:00'); unchanged when it is not a time. */
export function shortTime(text: string): string {
  const minutes = parseTimeMinutes(text);
  return minutes === null ? text : formatMinutes(minutes);
}

// ---------------------------------------------------------------- calendar dates

/**
 * The earliest date the app takes for anything that happened (a birth, a report): a date before
 * it is a typing slip ("1800", "0201"), not a record.
 */
export const EARLIEST_DATE = '1900-01-01';

/** Whether text is a real calendar date 'YYYY-MM-DD' (leap years included). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday (index 3 with Monday first).
  const index = (((dayNumber(date) + 3) % 7) + 7) % 7;
  return WEEKDAYS[index] as Weekday;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round(dayNumber(to) - dayNumber(from));

/** The calendar date `days` after `date`. */
export const addDays = (date: string, days: number) =>
  new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- time zones

/*
 * The facility's clock is an IANA zone (server TIME_ZONE). The zone's UTC offset at an instant
 * comes from @date-fns/tz (`tzOffset`, over the runtime's Intl zone database); instant -> wall
 * clock is that offset added. Wall clock -> instant is done here, because near a daylight-saving
 * change it needs a rule, and the rule is the one PostgreSQL's `timestamp AT TIME ZONE` follows
 * (so SQL and this code agree on every stored time):
 *
 * - a wall time the clock skips (spring forward: Europe/London 01:00-02:00 on the last Sunday
 *   of March) is read with the offset before the change, i.e. it moves forward by the gap
 *   (01:30 -> 02:30 BST). Slots never land there: the availability rule refuses such starts.
 * - a wall time the clock shows twice (fall back: London 01:00-02:00 on the last Sunday of
 *   October) is the later of the two (01:30 GMT, not 01:30 BST). With "in the past" decided on
 *   the wall clock, the later one means a booking can never be placed in the past.
 *
 * The library's own wall clock -> instant (`new TZDate(y, m, d, h, min, tz)`) is not used: in
 * @date-fns/tz 1.5.0 it depends on the host's time zone (TZ): with the host on Europe/London,
 * Africa/Lagos 01:30 on 2030-03-31 came out as 02:30, and London's repeated 01:30 was BST or GMT
 * depending on TZ (decision 0029).
 */

/** A moment as the facility's wall clock shows it. */
export interface LocalDateTime {
  date: string;
  /** Minutes since midnight. */
  minutes: number;
}

/**
 * The facility's wall clock now, for the availability rule. With the zone, the rule also sees
 * daylight-saving days (starts the clock skips, and lengths measured in real time).
 */
export interface FacilityNow extends LocalDateTime {
  timeZone?: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Recent offsets by zone and second: Intl formatting is slow, and a server asks for the same few
 * instants (now, today's start and end) on every request within a second.
 */
const recentOffsets = new Map<string, number>();
const RECENT_OFFSETS_MAX = 256;

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(instant / 1000)}`;
  const recent = recentOffsets.get(key);
  if (recent !== undefined) return recent;
  const offset = Math.round(tzOffset(timeZone, new Date(instant)) * MINUTE_MS);
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  if (recentOffsets.size >= RECENT_OFFSETS_MAX) recentOffsets.clear();
  recentOffsets.set(key, offset);
  return offset;
}

/** The facility's wall-clock date and time of an instant. */
export function toLocalDateTime(instant: Date, timeZone: string): LocalDateTime {
  const wall = instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone);
  const day = Math.floor(wall / DAY_MS);
  return {
    date: new Date(day * DAY_MS).toISOString().slice(0, 10),
    minutes: Math.floor((wall - day * DAY_MS) / MINUTE_MS),
  };
}

/**
 * The instant at which the facility's wall clock shows `date` at `minutes` past midnight; near a
 * daylight-saving change, by the rule above (skipped: moved forward; shown twice: the later).
 * Assumes the zone changes its offset at most once within a day of that time, as every zone does.
 */
export function fromLocalDateTime(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  if (before === after) return new Date(wall - before);
  // The offset changes within a day: an instant fits when the zone's offset there is the one used.
  // After the change (or the later of two, when the clock went back): the offset after it.
  if (zoneOffsetMs(wall - after, timeZone) === after) return new Date(wall - after);
  // Before the change, or a time the clock skips: the offset before it.
  return new Date(wall - before);
}

/**
 * Whether the zone's UTC offset changes on the calendar date or within hours of it (so on a
 * daylight-saving day, and on its neighbours). Only there do wall-clock times need checking: on
 * any other date every wall-clock time exists once and wall-clock minutes are real minutes.
 */
export function nearOffsetChange(date: string, timeZone: string): boolean {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  // In any zone (UTC-12 to UTC+14) the date lies within midnight-14h .. midnight+36h (UTC): compare
  // the offsets just outside.
  return (
    zoneOffsetMs(midnight - 14 * HOUR_MS, timeZone) !==
    zoneOffsetMs(midnight + DAY_MS + 14 * HOUR_MS, timeZone)
  );
}

/** Whether the facility's clock shows `date` at `minutes` at all (false in a spring-forward gap). */
export function isOnClock(date: string, minutes: number, timeZone: string): boolean {
  const back = toLocalDateTime(fromLocalDateTime(date, minutes, timeZone), timeZone);
  return back.date === date && back.minutes === minutes;
}
