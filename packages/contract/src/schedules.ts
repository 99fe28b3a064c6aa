import { z } from 'zod';

/**
 * Doctor schedules and the one availability rule (docs/areas/appointments.md): a schedule is
 * stored per doctor, and it decides which appointment times can be booked.
 *
 * Times of day are handled as minutes since midnight; dates as 'YYYY-MM-DD' strings, both in
 * the facility's time zone. Everything here is pure, so the server (booking, free slots) and
 * the web app (forms) apply exactly the same rule.
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

/** The per-patient time a new schedule starts with. */
const DEFAULT_PER_PATIENT_TIME = '00:45:00';
const DEFAULT_PER_PATIENT_MINUTES = 45;
/** Bounds of a sensible consultation length. */
const PER_PATIENT_MINUTES_MIN = 5;
const PER_PATIENT_MINUTES_MAX = 480;

export const SCHEDULE_MESSAGES = {
  perPatientTimeRequired: 'Per-patient time is required',
  perPatientTimeInvalid: `Per-patient time must be between ${PER_PATIENT_MINUTES_MIN} minutes and 8 hours (HH:MM or HH:MM:SS)`,
  fromRequired: 'From time is required',
  toRequired: 'To time is required',
  timeInvalid: 'Enter a time as HH:MM',
  fromBeforeTo: 'From time must be before To time',
  sevenDays: 'A schedule has one entry for each day from Monday to Sunday',
} as const;

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

/** How far ahead appointments may be booked, and slots asked for: today to this many years on. */
const BOOKING_WINDOW_YEARS = 2;
/** The last bookable date seen from `today` ('YYYY-MM-DD'; compared as text, so 29 February needs no care). */
const lastBookableDate = (today: string) =>
  `${Number(today.slice(0, 4)) + BOOKING_WINDOW_YEARS}${today.slice(4)}`;

export const BOOKING_DATE_MESSAGES = {
  past: 'Choose today or a later date',
  tooFar: (last: string) =>
    `Appointments can be booked up to ${BOOKING_WINDOW_YEARS} years ahead: choose a date until ${last}`,
} as const;

/** Why a date cannot be booked or asked for slots, seen from the facility's `today`; null when it can. */
export function bookingDateProblem(date: string, today: string): string | null {
  if (date < today) return BOOKING_DATE_MESSAGES.past;
  const last = lastBookableDate(today);
  return date > last ? BOOKING_DATE_MESSAGES.tooFar(last) : null;
}

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
 * The facility's clock is an IANA zone (server TIME_ZONE). Instant -> wall clock asks the
 * runtime's Intl (the zone database it ships); wall clock -> instant is done here, because
 * near a daylight-saving change it needs a rule, and the rule is the one PostgreSQL's
 * `timestamp AT TIME ZONE` follows (so SQL and this code agree on every stored time):
 *
 * - a wall time the clock skips (spring forward: Europe/London 01:00-02:00 on the last Sunday
 *   of March) is read with the offset before the change, i.e. it moves forward by the gap
 *   (01:30 -> 02:30 BST). Slots never land there: the availability rule refuses such starts.
 * - a wall time the clock shows twice (fall back: London 01:00-02:00 on the last Sunday of
 *   October) is the later of the two (01:30 GMT, not 01:30 BST). With "in the past" decided on
 *   the wall clock, the later one means a booking can never be placed in the past.
 *
 * This does not use a date library: @date-fns/tz (1.5.0) was tried, and its wall clock -> instant
 * depends on the host's own time zone (TZ): with the host on Europe/London, Africa/Lagos 01:30 on
 * 2030-03-31 came out as 02:30, and London's repeated 01:30 was BST or GMT depending on TZ.
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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

type WallClockParts = Readonly<Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>>;

/**
 * Recent answers by zone and second: formatToParts is slow, and a server asks for the same few
 * instants (now, today's start and end) on every request within a second.
 */
const recentParts = new Map<string, WallClockParts>();
const RECENT_PARTS_MAX = 256;

function wallClockParts(instant: Date, timeZone: string): WallClockParts {
  const key = `${timeZone} ${Math.floor(instant.getTime() / 1000)}`;
  const recent = recentParts.get(key);
  if (recent) return recent;
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const answer = Object.freeze(parts) as WallClockParts;
  if (recentParts.size >= RECENT_PARTS_MAX) recentParts.clear();
  recentParts.set(key, answer);
  return answer;
}

/** The facility's wall-clock date and time of an instant. */
export function toLocalDateTime(instant: Date, timeZone: string): LocalDateTime {
  const p = wallClockParts(instant, timeZone);
  return { date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}`, minutes: p.hour * 60 + p.minute };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string) {
  const p = wallClockParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (instant % 1000));
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

// ---------------------------------------------------------------- the schedule

/** Accepts 'HH:MM' or 'HH:MM:SS'; the value is kept as 'HH:MM'. */
const timeOfDay = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isTimeOfDay, SCHEDULE_MESSAGES.timeInvalid)
    .transform(shortTime);

/** One weekday: working hours, or off (then from/to are empty). */
const scheduleDaySchema = z
  .object({
    day: weekdaySchema,
    off: z.boolean().default(false),
    from: timeOfDay(SCHEDULE_MESSAGES.fromRequired).nullable().default(null),
    to: timeOfDay(SCHEDULE_MESSAGES.toRequired).nullable().default(null),
  })
  .superRefine((d, ctx) => {
    if (d.off) return;
    if (!d.from) ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.fromRequired, path: ['from'] });
    if (!d.to) ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.toRequired, path: ['to'] });
    if (d.from && d.to && (parseTimeMinutes(d.from) ?? 0) >= (parseTimeMinutes(d.to) ?? 0)) {
      ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.fromBeforeTo, path: ['to'] });
    }
  })
  .transform((d) => (d.off ? { ...d, from: null, to: null } : d));

/** 'HH:MM[:SS]' duration -> minutes, within the sensible bounds. */
const perPatientTimeSchema = z
  .string({ error: SCHEDULE_MESSAGES.perPatientTimeRequired })
  .trim()
  .min(1, SCHEDULE_MESSAGES.perPatientTimeRequired)
  .refine((text) => {
    const minutes = parseTimeMinutes(text);
    return minutes !== null && minutes >= PER_PATIENT_MINUTES_MIN && minutes <= PER_PATIENT_MINUTES_MAX;
  }, SCHEDULE_MESSAGES.perPatientTimeInvalid)
  .transform((text) => formatDuration(parseTimeMinutes(text) ?? DEFAULT_PER_PATIENT_MINUTES));

export const scheduleSchema = z.object({
  perPatientTime: perPatientTimeSchema,
  days: z
    .array(scheduleDaySchema)
    .length(7, SCHEDULE_MESSAGES.sevenDays)
    .refine((days) => WEEKDAYS.every((w, i) => days[i]?.day === w), SCHEDULE_MESSAGES.sevenDays),
});
/** What a schedule editor sends (PUT). */
export type ScheduleInput = z.input<typeof scheduleSchema>;
/** A stored weekly schedule: per-patient time 'HH:MM:SS' and seven days, Monday first. */
export type Schedule = z.output<typeof scheduleSchema>;

/** Monday to Friday 09:00-16:00, weekend off, 45 minutes a patient. */
export const DEFAULT_SCHEDULE: Schedule = {
  perPatientTime: DEFAULT_PER_PATIENT_TIME,
  days: WEEKDAYS.map((day) =>
    day === 'Saturday' || day === 'Sunday'
      ? { day, off: true, from: null, to: null }
      : { day, off: false, from: '09:00', to: '16:00' },
  ),
};

export const scheduleResponseSchema = z.object({
  doctorId: z.string(),
  perPatientTime: z.string(),
  days: z.array(
    z.object({
      day: weekdaySchema,
      off: z.boolean(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

/** A booked, still active appointment that the doctor's hours no longer cover (never cancelled automatically). */
const outsideHoursAppointmentSchema = z.object({
  id: z.string(),
  date: z.string(),
  /** 'HH:MM'. */
  time: z.string(),
  durationMinutes: z.number().int(),
  status: z.string(),
  patientName: z.string(),
});
export type OutsideHoursAppointment = z.infer<typeof outsideHoursAppointmentSchema>;

/**
 * GET and PUT /api/doctor/schedule (the doctor's own): the schedule, and the upcoming active
 * appointments that fall outside it, earliest first, for the doctor to move or cancel.
 */
export const doctorScheduleResponseSchema = scheduleResponseSchema.extend({
  outsideHours: z.array(outsideHoursAppointmentSchema),
});
export type DoctorScheduleResponse = z.infer<typeof doctorScheduleResponseSchema>;

export const perPatientMinutes = (schedule: Pick<Schedule, 'perPatientTime'>) =>
  parseTimeMinutes(schedule.perPatientTime) ?? DEFAULT_PER_PATIENT_MINUTES;

/** The working hours of a date, or null on a day off. */
export function hoursOn(schedule: Schedule, date: string): { from: number; to: number } | null {
  const entry = schedule.days.find((d) => d.day === weekdayOf(date));
  if (!entry || entry.off || !entry.from || !entry.to) return null;
  const from = parseTimeMinutes(entry.from);
  const to = parseTimeMinutes(entry.to);
  return from === null || to === null || from >= to ? null : { from, to };
}

/** Every slot start of a date (minutes), whether free or not: from + k * length, ending by `to`. */
export function slotStarts(schedule: Schedule, date: string): number[] {
  const hours = hoursOn(schedule, date);
  if (!hours) return [];
  const length = perPatientMinutes(schedule);
  const starts: number[] = [];
  for (let t = hours.from; t + length <= hours.to; t += length) starts.push(t);
  return starts;
}

/**
 * Whether a booking lies wholly inside the doctor's hours on its date: the day is worked, it
 * starts at or after `from` and ends by `to`. (A booking that merely no longer sits on a slot
 * boundary after the per-patient time changed still fits: it is kept as booked.)
 */
export function fitsSchedule(
  schedule: Schedule,
  booking: { date: string; minutes: number; durationMinutes: number },
): boolean {
  const hours = hoursOn(schedule, booking.date);
  return (
    hours !== null && booking.minutes >= hours.from && booking.minutes + booking.durationMinutes <= hours.to
  );
}

// ---------------------------------------------------------------- availability

export const AVAILABILITY_MESSAGES = {
  dayOff: (doctorName: string, day: Weekday) => `${doctorName} does not work on ${day}s`,
  outsideHours: (from: string, to: string) => `Please choose a time between ${from} and ${to}`,
  lastSlot: (last: string) => `The last appointment of the day starts at ${last}`,
  offSlot: (minutes: number, examples: string[]) =>
    `Appointments start every ${minutes} minutes (${[...examples, '...'].join(', ')})`,
  skipped:
    'The clocks go forward at that time, so it does not exist on that day. Please choose another time.',
  past: 'That time is in the past',
  taken: 'That time is already booked. Please choose another time.',
  noDoctor: 'No doctor is available at that time. Please choose another time.',
} as const;

/** Why a time cannot be booked; `taken` is also what the database's unique index maps to. */
type UnavailableReason = 'tooFar' | 'dayOff' | 'outsideHours' | 'offSlot' | 'skipped' | 'past' | 'taken';

/** An existing active booking of the doctor: its start and length on the same date. */
export interface BusyInterval {
  minutes: number;
  durationMinutes: number;
}

export interface AvailabilityQuery {
  schedule: Schedule;
  /** For messages, e.g. "Dr Ada Okafor". */
  doctorName: string;
  date: string;
  /** Minutes since midnight of the requested start. */
  minutes: number;
  /** The facility's wall clock now; with its zone, daylight-saving days are seen (the server gives it). */
  now: FacilityNow;
  busy: readonly BusyInterval[];
}

export type Availability =
  | { ok: true; durationMinutes: number }
  | { ok: false; reason: UnavailableReason; message: string };

const refuse = (reason: UnavailableReason, message: string): Availability => ({ ok: false, reason, message });

/**
 * Whether a start is at or before now on the facility's clock. Compared on the wall clock: in the
 * hour the clock shows twice, a start already shown once counts as past (it is booked as the
 * later one, so nothing in the past is ever accepted).
 */
export const isPast = (date: string, minutes: number, now: LocalDateTime) =>
  date < now.date || (date === now.date && minutes <= now.minutes);

/** Whether [a, a+da) and [b, b+db) share any minute. */
const overlaps = (a: number, da: number, b: number, db: number) => a < b + db && b < a + da;

/**
 * The zone to reckon `date` in when the facility's clock changes on or near that day, else
 * undefined: on every other day (and always in a zone without daylight saving, like Africa/Lagos) wall-clock
 * minutes are real minutes and the plain arithmetic is exact.
 */
function daylightSavingZone(q: Pick<AvailabilityQuery, 'date' | 'now'>): string | undefined {
  const zone = q.now.timeZone;
  return zone !== undefined && nearOffsetChange(q.date, zone) ? zone : undefined;
}

/**
 * Whether a start overlaps a busy interval. On a daylight-saving day both are placed on the real
 * time line, so an appointment that runs across the change keeps its real length (00:45 for 45
 * minutes on the spring-forward day ends at 02:30 BST, and 02:15 overlaps it).
 */
function overlapsBusy(q: AvailabilityQuery, length: number, zone: string | undefined): boolean {
  if (zone === undefined)
    return q.busy.some((b) => overlaps(q.minutes, length, b.minutes, b.durationMinutes));
  const real = (minutes: number) => fromLocalDateTime(q.date, minutes, zone).getTime() / 60_000;
  const start = real(q.minutes);
  return q.busy.some((b) => overlaps(start, length, real(b.minutes), b.durationMinutes));
}

/**
 * THE availability rule, used by booking, the free-slots endpoint and the doctor area:
 * the doctor works that weekday, the start is inside the hours, on a slot boundary
 * (from + k * per-patient time) with the slot ending by `to`, shown by the facility's clock
 * that day (not skipped by a daylight-saving change), not in the past, and not overlapping
 * another active appointment of the doctor. The first failing check answers.
 */
export function checkAvailability(q: AvailabilityQuery): Availability {
  const last = lastBookableDate(q.now.date);
  if (q.date > last) return refuse('tooFar', BOOKING_DATE_MESSAGES.tooFar(last));
  const hours = hoursOn(q.schedule, q.date);
  if (!hours) return refuse('dayOff', AVAILABILITY_MESSAGES.dayOff(q.doctorName, weekdayOf(q.date)));
  const length = perPatientMinutes(q.schedule);
  if (q.minutes < hours.from || q.minutes >= hours.to) {
    return refuse(
      'outsideHours',
      AVAILABILITY_MESSAGES.outsideHours(formatMinutes(hours.from), formatMinutes(hours.to)),
    );
  }
  if ((q.minutes - hours.from) % length !== 0) {
    const examples = [0, 1].map((k) => formatMinutes(hours.from + k * length));
    return refuse('offSlot', AVAILABILITY_MESSAGES.offSlot(length, examples));
  }
  if (q.minutes + length > hours.to) {
    const starts = slotStarts(q.schedule, q.date);
    const last = starts[starts.length - 1];
    return last === undefined
      ? refuse(
          'outsideHours',
          AVAILABILITY_MESSAGES.outsideHours(formatMinutes(hours.from), formatMinutes(hours.to)),
        )
      : refuse('outsideHours', AVAILABILITY_MESSAGES.lastSlot(formatMinutes(last)));
  }
  const zone = daylightSavingZone(q);
  if (zone !== undefined && !isOnClock(q.date, q.minutes, zone)) {
    return refuse('skipped', AVAILABILITY_MESSAGES.skipped);
  }
  if (isPast(q.date, q.minutes, q.now)) return refuse('past', AVAILABILITY_MESSAGES.past);
  if (overlapsBusy(q, length, zone)) return refuse('taken', AVAILABILITY_MESSAGES.taken);
  return { ok: true, durationMinutes: length };
}

/** The free slot starts of a date ('HH:MM'): every slot that passes the availability rule. */
export function freeSlots(q: Omit<AvailabilityQuery, 'minutes' | 'doctorName'>): string[] {
  return slotStarts(q.schedule, q.date)
    .filter((minutes) => checkAvailability({ ...q, minutes, doctorName: '' }).ok)
    .map(formatMinutes);
}

// ---------------------------------------------------------------- API shapes

/** A doctor a patient can pick when booking. */
const doctorOptionSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string().nullable(),
});
export type DoctorOption = z.infer<typeof doctorOptionSchema>;
export const doctorOptionsResponseSchema = z.object({ data: z.array(doctorOptionSchema) });

/** "Dr Ada Okafor": how doctors are named in messages and lists. */
export const doctorDisplayName = (d: { firstName: string; lastName: string }) =>
  `Dr ${d.firstName} ${d.lastName}`;

export const slotsQuerySchema = z.object({
  date: z
    .string({ error: 'Date is required' })
    .trim()
    .min(1, 'Date is required')
    .refine(isCalendarDate, 'Enter a valid date as YYYY-MM-DD'),
});

export const slotsResponseSchema = z.object({
  doctorId: z.string(),
  date: z.string(),
  day: weekdaySchema,
  /** Null on a day off. */
  hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  perPatientTime: z.string(),
  /** Free starts, 'HH:MM', earliest first. */
  slots: z.array(z.string()),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;
