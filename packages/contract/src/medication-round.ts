import { z } from 'zod';
import { addDays, fromLocalDateTime, isCalendarDate, parseTimeMinutes, toLocalDateTime } from './clock';
import { formularyMedicineIdField, requiredText } from './common';
import { formatInstant } from './dates';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * The medication round (docs/areas/medication-round.md): a doctor's inpatient medication orders
 * on an Admitted stay, and the nurses' record of every dose (the medication administration
 * record, MAR).
 *
 *   POST /api/stays/:stayId/medication-orders           [medicationOrderInputSchema -> medicationOrderSchema]
 *   POST /api/medication-orders/:id/stop                [stopMedicationOrderSchema -> medicationOrderSchema]
 *   GET  /api/stays/:stayId/mar?date=YYYY-MM-DD         [marQuerySchema -> marSchema]
 *   POST /api/medication-orders/:id/administrations     [administrationInputSchema -> administrationSchema]
 *
 * A scheduled dose is recorded once (unique order and time in the database); an as-needed (PRN)
 * dose only after its minimum interval and within its maximum a day; a controlled medicine
 * needs a second nurse as witness. Times are the facility's clock.
 */

/** Where a medicine goes in (the ward round's orders and the formulary's medicines; FHIR's route stays text). */
export const MEDICATION_ROUTES = [
  'Oral',
  'Intravenous',
  'Intramuscular',
  'Subcutaneous',
  'Inhaled',
  'Topical',
  'Rectal',
  'Sublingual',
  'Nasogastric',
  // The formulary's products (eye and ear drops, nasal drops, pessaries) name these too.
  'Ophthalmic',
  'Otic',
  'Nasal',
  'Vaginal',
] as const;
export type MedicationRoute = (typeof MEDICATION_ROUTES)[number];

/** How an order's doses fall: at fixed times of day, every N hours from the start, or as needed. */
export const SCHEDULE_KINDS = ['times', 'interval', 'prn'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const SCHEDULE_KIND_LABELS: Record<ScheduleKind, string> = {
  times: 'Times of day',
  interval: 'Every N hours',
  prn: 'As needed (PRN)',
};

export const ADMINISTRATION_OUTCOMES = ['Given', 'Held', 'Refused', 'Not available'] as const;
export type AdministrationOutcome = (typeof ADMINISTRATION_OUTCOMES)[number];

/**
 * A dose's state on the MAR: Scheduled (later), Due (within the hour either side), Overdue
 * (more than an hour late, unrecorded), or what the nurse recorded.
 */
const DOSE_STATES = ['Scheduled', 'Due', 'Overdue', ...ADMINISTRATION_OUTCOMES] as const;
export type DoseState = (typeof DOSE_STATES)[number];

/** A dose is due from an hour before its time; more than an hour after it, it is overdue. */
export const DOSE_WINDOW_MINUTES = 60;
/**
 * How far back an unrecorded dose still counts as open (the board's due and overdue counts, the
 * discharge check): older ones are history on the MAR, not tasks.
 */
export const OPEN_DOSE_LOOKBACK_HOURS = 24;

const TIMES_MAX = 12;
const EVERY_HOURS_MAX = 72;
const PRN_INTERVAL_MAX = 72;
const PRN_PER_DAY_MAX = 24;
const REASON_MAX = 500;
const UNITS_PER_DOSE_MAX = 100;

export const MEDICATION_ROUND_MESSAGES = {
  medicine: 'Medicine is required',
  dose: 'Dose is required',
  unitsPerDose: `Enter how many dispensing units one dose takes, a whole number from 1 to ${UNITS_PER_DOSE_MAX}`,
  route: 'Choose a route',
  kind: 'Choose how the doses are scheduled',
  times: 'Enter the times of day as HH:MM, separated by commas (for example 08:00, 20:00)',
  tooManyTimes: `At most ${TIMES_MAX} times a day`,
  everyHours: `Enter the hours between doses, a whole number from 1 to ${EVERY_HOURS_MAX}`,
  minIntervalHours: `Enter the minimum hours between doses, a whole number from 1 to ${PRN_INTERVAL_MAX}`,
  maxPerDay: `Enter the most doses in 24 hours, a whole number from 1 to ${PRN_PER_DAY_MAX}`,
  startsAt: 'Enter the start as a date and time',
  endsAt: 'Enter the stop as a date and time, or leave it empty',
  endsBeforeStart: 'The stop must be after the start',
  acknowledgeAllergies: 'The medicine matches a recorded allergy of the patient. Confirm to order it anyway.',
  stopReason: 'Give a reason for stopping the order',
  outcome: 'Choose Given, Held, Refused or Not available',
  reasonRequired: 'Give a reason when the dose is not given',
  scheduledFor: 'Choose the dose to record',
  notAScheduledDose: 'The order has no dose at this time',
  notYetDue: 'This dose is not due yet: it can be recorded from an hour before its time',
  prnOnly: 'An as-needed dose is recorded without a scheduled time',
  scheduledOnly: 'Choose which scheduled dose this is',
  alreadyRecorded: 'This dose has already been recorded',
  orderStopped: 'This order has been stopped',
  orderNotStarted: 'This order has not started yet',
  orderEnded: 'This order has ended',
  alreadyStopped: 'This order is already stopped',
  stayNotAdmitted: 'The patient is not admitted on this stay',
  witnessRequired: 'A controlled medicine needs a second nurse as witness: their e-mail and password',
  witnessInvalid: 'The witness’s e-mail or password is wrong, or they are not a nurse',
  witnessSelf: 'The witness must be another nurse',
  date: 'Choose a day',
  orderNotFound: 'Medication order not found',
  stayNotFound: 'Stay not found',
  loadFailed: 'Could not load the medication record',
  saveFailed: 'Could not save the order',
  recordFailed: 'Could not record the dose',
  ordered: 'Medication ordered',
  stopped: 'Order stopped',
  recorded: 'Dose recorded',
  /** A dose given when the ward's store held too little of the medicine in date: it took no stock. */
  stockShortfall: 'Not taken from ward stock',
  recordedShortfall: 'Dose recorded. The ward store had too little in date: nothing was taken from stock.',
} as const;

/** The as-needed refusals, with when the next dose is allowed on the facility's clock. */
export const prnIntervalMessage = (next: Date, timeZone: string) =>
  `Too soon after the last dose: the next is allowed at ${formatInstant(next, timeZone)}`;
export const prnLimitMessage = (max: number, next: Date, timeZone: string) =>
  `At most ${max} dose${max === 1 ? '' : 's'} in 24 hours: the next is allowed at ${formatInstant(next, timeZone)}`;

// ---------------------------------------------------------------- the schedule (pure)

/** An order's schedule as the rules need it. */
export interface DoseSchedule {
  kind: ScheduleKind;
  /** 'HH:MM' times of day (kind times). */
  times: readonly string[];
  /** Hours between doses, the first at the start (kind interval). */
  everyHours: number | null;
  startsAt: Date;
  endsAt: Date | null;
  stoppedAt: Date | null;
}

const HOUR_MS = 3_600_000;

/** Where an order's doses end: its stop time or the moment it was stopped, whichever is first. */
export const scheduleEnd = (s: Pick<DoseSchedule, 'endsAt' | 'stoppedAt'>): Date | null => {
  if (s.endsAt && s.stoppedAt) return s.endsAt < s.stoppedAt ? s.endsAt : s.stoppedAt;
  return s.endsAt ?? s.stoppedAt;
};

/**
 * The scheduled doses from `from` (inclusive) to `to` (exclusive), in order: none for an
 * as-needed order. Times of day are the facility's wall clock (a time the clock skips moves
 * forward, as clock.ts reads it); every-N-hours doses are real hours from the start.
 */
export function scheduledDoses(s: DoseSchedule, from: Date, to: Date, timeZone: string): Date[] {
  const end = scheduleEnd(s);
  const lo = Math.max(from.getTime(), s.startsAt.getTime());
  const hi = Math.min(to.getTime(), end ? end.getTime() : Number.POSITIVE_INFINITY);
  if (lo >= hi) return [];
  const out: number[] = [];
  if (s.kind === 'interval' && s.everyHours) {
    const step = s.everyHours * HOUR_MS;
    const start = s.startsAt.getTime();
    for (let at = start + Math.ceil((lo - start) / step) * step; at < hi; at += step) out.push(at);
  } else if (s.kind === 'times') {
    const minutes = s.times.map(parseTimeMinutes).filter((m): m is number => m !== null);
    const last = toLocalDateTime(new Date(hi), timeZone).date;
    for (let date = toLocalDateTime(new Date(lo), timeZone).date; date <= last; date = addDays(date, 1)) {
      for (const m of minutes) {
        const at = fromLocalDateTime(date, m, timeZone).getTime();
        if (at >= lo && at < hi) out.push(at);
      }
    }
  }
  return [...new Set(out)].sort((a, b) => a - b).map((at) => new Date(at));
}

/** An unrecorded dose's state at `now`. */
export function pendingState(scheduledFor: Date, now: Date): DoseState {
  const late = now.getTime() - scheduledFor.getTime();
  if (late > DOSE_WINDOW_MINUTES * 60_000) return 'Overdue';
  if (late >= -DOSE_WINDOW_MINUTES * 60_000) return 'Due';
  return 'Scheduled';
}

// ---------------------------------------------------------------- input

/** 'YYYY-MM-DDTHH:MM' on the facility's clock (what a datetime-local field gives). */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;
const isLocalDateTime = (text: string) => {
  const m = LOCAL_DATE_TIME.exec(text);
  return !!m && isCalendarDate(m[1] ?? '') && parseTimeMinutes(m[2] ?? '') !== null;
};
/** The instant a 'YYYY-MM-DDTHH:MM' of the facility's clock stands for. */
export function fromLocalInput(text: string, timeZone: string): Date {
  const [date = '', time = ''] = text.split('T');
  return fromLocalDateTime(date, parseTimeMinutes(time) ?? 0, timeZone);
}
/** An instant as 'YYYY-MM-DDTHH:MM' of the facility's clock (a datetime-local field's value). */
export function toLocalInput(instant: Date, timeZone: string): string {
  const { date, minutes } = toLocalDateTime(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** "08:00, 20:00" as sorted distinct 'HH:MM' times, or null when any part is not a time. */
export function parseTimesOfDay(text: string): string[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const minutes = parts.map(parseTimeMinutes);
  if (parts.length === 0 || minutes.some((m) => m === null)) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return [...new Set(minutes as number[])]
    .sort((a, b) => a - b)
    .map((m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
}

const localDateTime = (message: string) =>
  z.string({ error: message }).trim().refine(isLocalDateTime, message);
const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/**
 * New order. The schedule's fields are flat (the form holds them so); only those of the chosen
 * kind are read: `times` for times of day ("08:00, 20:00"), `everyHours` for every N hours (the
 * first dose at the start), `minIntervalHours` and `maxPerDay` for as needed.
 */
export const medicationOrderInputSchema = z
  .object({
    medicine: requiredText(MEDICATION_ROUND_MESSAGES.medicine, 200),
    medicineId: formularyMedicineIdField(),
    /** Dispensing units one dose takes from the ward's store: needed with a formulary medicine. */
    unitsPerDose: z
      .union([
        z.literal(''),
        z.null(),
        wholeNumber(MEDICATION_ROUND_MESSAGES.unitsPerDose, UNITS_PER_DOSE_MAX),
      ])
      .optional(),
    dose: requiredText(MEDICATION_ROUND_MESSAGES.dose, 100),
    route: z.enum(MEDICATION_ROUTES, { error: MEDICATION_ROUND_MESSAGES.route }),
    kind: z.enum(SCHEDULE_KINDS, { error: MEDICATION_ROUND_MESSAGES.kind }),
    times: z.string().max(200, MEDICATION_ROUND_MESSAGES.times).optional(),
    everyHours: z
      .union([z.literal(''), z.null(), wholeNumber(MEDICATION_ROUND_MESSAGES.everyHours, EVERY_HOURS_MAX)])
      .optional(),
    minIntervalHours: z
      .union([
        z.literal(''),
        z.null(),
        wholeNumber(MEDICATION_ROUND_MESSAGES.minIntervalHours, PRN_INTERVAL_MAX),
      ])
      .optional(),
    maxPerDay: z
      .union([z.literal(''), z.null(), wholeNumber(MEDICATION_ROUND_MESSAGES.maxPerDay, PRN_PER_DAY_MAX)])
      .optional(),
    controlled: z.boolean({ error: 'Must be true or false' }).default(false),
    startsAt: localDateTime(MEDICATION_ROUND_MESSAGES.startsAt),
    endsAt: z
      .string({ error: MEDICATION_ROUND_MESSAGES.endsAt })
      .trim()
      .refine((v) => v === '' || isLocalDateTime(v), MEDICATION_ROUND_MESSAGES.endsAt)
      .nullish(),
    acknowledgeAllergies: z.boolean({ error: 'Must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.medicineId && typeof v.unitsPerDose !== 'number')
      need('unitsPerDose', MEDICATION_ROUND_MESSAGES.unitsPerDose);
    if (v.kind === 'times') {
      const times = parseTimesOfDay(v.times ?? '');
      if (!times) need('times', MEDICATION_ROUND_MESSAGES.times);
      else if (times.length > TIMES_MAX) need('times', MEDICATION_ROUND_MESSAGES.tooManyTimes);
    }
    if (v.kind === 'interval' && typeof v.everyHours !== 'number')
      need('everyHours', MEDICATION_ROUND_MESSAGES.everyHours);
    if (v.kind === 'prn') {
      if (typeof v.minIntervalHours !== 'number')
        need('minIntervalHours', MEDICATION_ROUND_MESSAGES.minIntervalHours);
      if (typeof v.maxPerDay !== 'number') need('maxPerDay', MEDICATION_ROUND_MESSAGES.maxPerDay);
    }
    // Both are the facility's wall clock written the same way, so text order is time order.
    if (v.endsAt && isLocalDateTime(v.endsAt) && isLocalDateTime(v.startsAt) && v.endsAt <= v.startsAt)
      need('endsAt', MEDICATION_ROUND_MESSAGES.endsBeforeStart);
  });
export type MedicationOrderInput = z.input<typeof medicationOrderInputSchema>;
export type MedicationOrderData = z.output<typeof medicationOrderInputSchema>;

const reasonText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(REASON_MAX, `Must be at most ${REASON_MAX} characters`)
    .refine(isCleanText, INVALID_TEXT_MESSAGE);

export const stopMedicationOrderSchema = z.object({
  reason: requiredText(MEDICATION_ROUND_MESSAGES.stopReason, REASON_MAX),
});
export type StopMedicationOrderInput = z.input<typeof stopMedicationOrderSchema>;

const witnessSchema = z.object({
  email: z
    .string({ error: MEDICATION_ROUND_MESSAGES.witnessRequired })
    .trim()
    .max(254)
    .refine(isCleanText, INVALID_TEXT_MESSAGE),
  password: z
    .string({ error: MEDICATION_ROUND_MESSAGES.witnessRequired })
    .max(1024)
    .refine(isCleanText, INVALID_TEXT_MESSAGE),
});

/**
 * One dose recorded: which scheduled dose (`scheduledFor`, an instant; absent or null for an
 * as-needed dose), the outcome, a reason for anything not given, and for a controlled medicine
 * the witness's e-mail and password.
 */
export const administrationInputSchema = z
  .object({
    scheduledFor: z.iso.datetime({ offset: true, error: MEDICATION_ROUND_MESSAGES.scheduledFor }).nullish(),
    outcome: z.enum(ADMINISTRATION_OUTCOMES, { error: MEDICATION_ROUND_MESSAGES.outcome }),
    reason: reasonText(MEDICATION_ROUND_MESSAGES.reasonRequired).optional(),
    witness: witnessSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.outcome !== 'Given' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MEDICATION_ROUND_MESSAGES.reasonRequired });
  });
export type AdministrationInput = z.input<typeof administrationInputSchema>;

export const marQuerySchema = z.object({
  date: z
    .string({ error: MEDICATION_ROUND_MESSAGES.date })
    .refine(isCalendarDate, MEDICATION_ROUND_MESSAGES.date)
    .optional(),
});

export const medicationOrderIdParamSchema = z.object({
  id: z.uuid({ error: MEDICATION_ROUND_MESSAGES.orderNotFound }),
});

// ---------------------------------------------------------------- answers

const personSchema = z.object({ id: z.string(), name: z.string() });

export const administrationSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  scheduledFor: z.string().nullable(),
  outcome: z.enum(ADMINISTRATION_OUTCOMES),
  reason: z.string().nullable(),
  recordedAt: z.string(),
  givenAt: z.string().nullable(),
  by: personSchema,
  witness: personSchema.nullable(),
  /** Given, but the ward's store held too little in date: nothing was taken from stock. */
  stockShortfall: z.boolean(),
});
export type Administration = z.infer<typeof administrationSchema>;

export const medicationOrderSchema = z.object({
  id: z.string(),
  stayId: z.string(),
  patientId: z.string(),
  medicine: z.string(),
  /** The formulary medicine (null: written outside it, "Not stocked": its doses take no stock). */
  medicineId: z.string().nullable(),
  /** Dispensing units each dose given takes from the ward's store (null without a formulary medicine). */
  unitsPerDose: z.number().nullable(),
  dose: z.string(),
  route: z.enum(MEDICATION_ROUTES),
  kind: z.enum(SCHEDULE_KINDS),
  times: z.array(z.string()),
  everyHours: z.number().nullable(),
  minIntervalHours: z.number().nullable(),
  maxPerDay: z.number().nullable(),
  controlled: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** The schedule as people read it ("08:00, 20:00", "Every 6 hours from 08:00", "As needed…"). */
  scheduleText: z.string(),
  orderedBy: personSchema,
  orderedAt: z.string(),
  /** Allergies the doctor was warned of and ordered past. */
  acknowledgedAllergies: z.array(z.string()),
  stopped: z.object({ at: z.string(), by: personSchema, reason: z.string() }).nullable(),
});
export type MedicationOrder = z.infer<typeof medicationOrderSchema>;

const marDoseSchema = z.object({
  /** Null for an as-needed dose. */
  scheduledFor: z.string().nullable(),
  state: z.enum(DOSE_STATES),
  administration: administrationSchema.nullable(),
});
export type MarDose = z.infer<typeof marDoseSchema>;

const marOrderSchema = medicationOrderSchema.extend({
  doses: z.array(marDoseSchema),
  /** As-needed: when the next dose is allowed (null: now), and the doses given in the last 24 hours. */
  prn: z.object({ nextAllowedAt: z.string().nullable(), givenLast24h: z.number() }).nullable(),
  /**
   * A formulary medicine's in-date stock in the stay's ward store now, in its dispensing unit (0
   * when the ward has no store yet); null for a medicine outside the formulary.
   */
  wardStock: z.object({ onHand: z.number(), dispensingUnit: z.string() }).nullable(),
});
export type MarOrder = z.infer<typeof marOrderSchema>;

export const marSchema = z.object({
  stayId: z.string(),
  date: z.string(),
  now: z.string(),
  stayStatus: z.string(),
  patient: z.object({ id: z.string(), name: z.string(), allergies: z.array(z.string()) }),
  orders: z.array(marOrderSchema),
});
export type Mar = z.infer<typeof marSchema>;

/** The schedule in words, the same on the MAR, the order's answer and FHIR's dosage text. */
export function scheduleText(
  o: {
    kind: ScheduleKind;
    times: readonly string[];
    everyHours: number | null;
    minIntervalHours: number | null;
    maxPerDay: number | null;
    startsAt: Date;
  },
  timeZone: string,
): string {
  if (o.kind === 'times') return `At ${o.times.join(', ')}`;
  if (o.kind === 'interval') {
    const { minutes } = toLocalDateTime(o.startsAt, timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `Every ${o.everyHours} hours from ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  return `As needed, at least ${o.minIntervalHours} h apart, at most ${o.maxPerDay} in 24 h`;
}
