import { z } from 'zod';
import {
  type FacilityNow,
  formatDuration,
  formatMinutes,
  fromLocalDateTime,
  isCalendarDate,
  isOnClock,
  isTimeOfDay,
  type LocalDateTime,
  nearOffsetChange,
  parseTimeMinutes,
  shortTime,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
  weekdaySchema,
} from './clock';

/**
 * Doctor schedules and the one availability rule (docs/areas/appointments.md): a schedule is
 * stored per doctor, and it decides which appointment times can be booked.
 *
 * Times of day are handled as minutes since midnight; dates as 'YYYY-MM-DD' strings, both in
 * the facility's time zone. Everything here is pure, so the server (booking, free slots) and
 * the web app (forms) apply exactly the same rule.
 */

/** The per-patient time a new schedule starts with. */
const DEFAULT_PER_PATIENT_TIME = '00:45:00';
const DEFAULT_PER_PATIENT_MINUTES = 45;
/** Bounds of a sensible consultation length. */
const PER_PATIENT_MINUTES_MIN = 5;
const PER_PATIENT_MINUTES_MAX = 480;

export const SCHEDULE_MESSAGES = {
  saveFailed: 'Could not save your schedule',
  loadFailed: 'Could not load your schedule',
  perPatientTimeRequired: 'Per-patient time is required',
  perPatientTimeInvalid: `Per-patient time must be between ${PER_PATIENT_MINUTES_MIN} minutes and 8 hours (HH:MM or HH:MM:SS)`,
  fromRequired: 'From time is required',
  toRequired: 'To time is required',
  timeInvalid: 'Enter a time as HH:MM',
  fromBeforeTo: 'From time must be before To time',
  sevenDays: 'A schedule has one entry for each day from Monday to Sunday',
} as const;

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
