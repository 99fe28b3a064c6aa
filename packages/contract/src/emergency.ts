import { z } from 'zod';
import { type VitalName, vitalField } from './clinical';
import { listQuerySchema, optionalSingleLineText, pageOf, personName } from './common';

/*
 * Emergency room, department queues and triage (docs/areas/admin-dashboards.md,
 * docs/areas/triage-schedule-profile.md).
 * The triage rule and the queue ETA rule live here once, so the server, the web app and the
 * doctor's triage intake all compute the same thing.
 */

/** Triage levels of ER entries and queue entries, lowest to highest urgency (the order matters: sorting and call-next use it). */
export const TRIAGE_LEVELS = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const triageLevelSchema = z.enum(TRIAGE_LEVELS, {
  error: 'Choose a triage level: Low, Medium, High or Urgent',
});
export type TriageLevel = z.infer<typeof triageLevelSchema>;

/** Departments that keep a queue; ER is the emergency department. */
export const DEPARTMENTS = ['General', 'Cardiology', 'Pediatrics', 'Orthopedics', 'Radiology', 'ER'] as const;
export const departmentSchema = z.enum(DEPARTMENTS, {
  error: `Choose a department: ${DEPARTMENTS.join(', ')}`,
});
export type Department = z.infer<typeof departmentSchema>;

// ---------------------------------------------------------------------------------------------
// Triage score (docs/areas/triage-schedule-profile.md)
// ---------------------------------------------------------------------------------------------

export const TRIAGE_RULE = {
  heartRate: { below: 50, above: 120, points: 2 },
  systolic: { below: 90, above: 180, points: 2 },
  temperature: { below: 35, above: 38.5, points: 1 },
  /** Score at or above which the priority is High; exactly `medium` gives Medium. */
  high: 3,
  medium: 2,
} as const;

export type TriagePriority = 'Low' | 'Medium' | 'High';
export interface Vitals {
  /** Beats per minute. */
  heartRate: number;
  /** Systolic blood pressure, mmHg. */
  systolic: number;
  /** Body temperature, °C. */
  temperature: number;
}
export interface TriageResult {
  score: number;
  priority: TriagePriority;
  /** Where to send the patient: the emergency room when High, otherwise the General queue. */
  department: Extract<Department, 'ER' | 'General'>;
}

const outside = (value: number, range: { below: number; above: number }) =>
  value < range.below || value > range.above;

/**
 * The triage rule: heart rate below 50 or above 120 adds 2; systolic below 90 or above 180 adds 2;
 * temperature above 38.5 or below 35 adds 1. High at 3 or more, Medium at exactly 2, else Low.
 * The boundaries themselves (50, 120, 90, 180, 35, 38.5) add nothing.
 */
export function triage({ heartRate, systolic, temperature }: Vitals): TriageResult {
  const r = TRIAGE_RULE;
  const score =
    (outside(heartRate, r.heartRate) ? r.heartRate.points : 0) +
    (outside(systolic, r.systolic) ? r.systolic.points : 0) +
    (outside(temperature, r.temperature) ? r.temperature.points : 0);
  const priority: TriagePriority = score >= r.high ? 'High' : score === r.medium ? 'Medium' : 'Low';
  return { score, priority, department: priority === 'High' ? 'ER' : 'General' };
}

/**
 * A vital sign the triage rule reads: required (an empty field says so, rather than counting as 0),
 * a number within what a living patient can show (clinical.ts VITAL_RANGES, with its unit).
 */
const requiredVital = (name: VitalName) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), vitalField(name));

/** The vitals the triage rule reads, as the intake form and the API take them. */
export const vitalsSchema = z.object({
  heartRate: requiredVital('heartRate'),
  systolic: requiredVital('systolic'),
  temperature: requiredVital('temperature'),
});

// ---------------------------------------------------------------------------------------------
// Emergency room entries
// ---------------------------------------------------------------------------------------------

/*
 * ER statuses and transitions
 *   Waiting      arrived, not yet seen
 *   In Treatment being seen (seenAt is set when the entry first leaves Waiting for treatment)
 *   Admitted     admitted to a ward: left the ER (leftAt set)
 *   Discharged   went home, or left without being seen (leftAt set; seenAt stays empty then)
 * Allowed: Waiting -> In Treatment | Admitted | Discharged; In Treatment -> Admitted | Discharged.
 * Admitted and Discharged are final.
 */
export const ER_STATUSES = ['Waiting', 'In Treatment', 'Admitted', 'Discharged'] as const;
export const erStatusSchema = z.enum(ER_STATUSES, {
  error: `Status must be one of: ${ER_STATUSES.join(', ')}`,
});
export type ErStatus = z.infer<typeof erStatusSchema>;

const ER_TRANSITIONS: Record<ErStatus, readonly ErStatus[]> = {
  Waiting: ['In Treatment', 'Admitted', 'Discharged'],
  'In Treatment': ['Admitted', 'Discharged'],
  Admitted: [],
  Discharged: [],
};
/** Whether an ER entry may move between two statuses (staying put is always allowed). */
export const canMoveErEntry = (from: ErStatus, to: ErStatus) =>
  from === to || ER_TRANSITIONS[from].includes(to);

const MINUTE_MS = 60_000;

/**
 * Minutes an ER patient waited to be seen: until seenAt, or until leftAt when they left unseen,
 * or until now while still waiting. Whole minutes, rounded down.
 */
export function erWaitMinutes(
  entry: { arrivedAt: Date | string; seenAt: Date | string | null; leftAt: Date | string | null },
  now: Date,
) {
  const end = entry.seenAt ?? entry.leftAt ?? now;
  const ms = new Date(end).getTime() - new Date(entry.arrivedAt).getTime();
  return Math.max(0, Math.floor(ms / MINUTE_MS));
}

export const ER_MESSAGES = {
  patientNameRequired: 'Patient name is required',
  patientNotFound: 'Choose an existing patient',
  arrivalInFuture: 'Arrival time cannot be in the future',
  notFound: 'Emergency room entry not found',
} as const;

const optionalPatientId = z.string().uuid(ER_MESSAGES.patientNotFound).nullish();
const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a valid date and time' });

/**
 * A new ER arrival. patientName may be left empty when patientId names a registered patient
 * (the server fills it in); arrivedAt defaults to now.
 */
export const createErEntrySchema = z
  .object({
    patientName: optionalSingleLineText(200).optional().default(''),
    patientId: optionalPatientId,
    triageLevel: triageLevelSchema,
    complaint: z.string().trim().max(500, 'Must be at most 500 characters').optional().default(''),
    arrivedAt: isoDateTime.optional(),
  })
  .refine((v) => v.patientName !== '' || !!v.patientId, {
    message: ER_MESSAGES.patientNameRequired,
    path: ['patientName'],
  });
export type CreateErEntry = z.input<typeof createErEntrySchema>;

export const updateErEntrySchema = z.object({
  patientName: personName(ER_MESSAGES.patientNameRequired, 200).optional(),
  triageLevel: triageLevelSchema.optional(),
  status: erStatusSchema.optional(),
  complaint: z.string().trim().max(500, 'Must be at most 500 characters').optional(),
});
export type UpdateErEntry = z.input<typeof updateErEntrySchema>;

export const erEntrySchema = z.object({
  id: z.string(),
  patientName: z.string(),
  patientId: z.string().nullable(),
  triageLevel: triageLevelSchema,
  status: erStatusSchema,
  complaint: z.string(),
  /** ISO timestamps. */
  arrivedAt: z.string(),
  seenAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  /** erWaitMinutes() at the server's now. */
  waitMinutes: z.number().int(),
});
export type ErEntry = z.infer<typeof erEntrySchema>;

/**
 * Without `sort`, triage order: patients still in the ER first, the most severe triage first and,
 * within a level, those still Waiting before those In Treatment, each by who has waited longest
 * (earliest arrival); those who left come last. Sorting by triage keeps Waiting first in a level.
 */
export const ER_SORTABLE = ['arrivedAt', 'patientName', 'triageLevel', 'status'] as const;
export const erListQuerySchema = listQuerySchema(ER_SORTABLE).extend({
  status: erStatusSchema.optional(),
  triageLevel: triageLevelSchema.optional(),
});
export const erPageSchema = pageOf(erEntrySchema);
export type ErPage = z.infer<typeof erPageSchema>;

// ---------------------------------------------------------------------------------------------
// Department queues
// ---------------------------------------------------------------------------------------------

/** A queue ETA falls by one minute every QUEUE_ETA_TICK_MS and stops at 0. */
const QUEUE_ETA_TICK_MS = 60_000;
const QUEUE_ETA_MAX_MINUTES = 24 * 60;

/**
 * The ETA now, derived from what was stored (minutes, and when they were set), so every reader
 * at the same instant sees the same value: max(0, etaMinutes - floor((now - etaSetAt) / 60 s)).
 */
export function currentEtaMinutes(etaMinutes: number, etaSetAt: Date | string, now: Date) {
  const elapsedTicks = Math.floor((now.getTime() - new Date(etaSetAt).getTime()) / QUEUE_ETA_TICK_MS);
  return Math.max(0, etaMinutes - Math.max(0, elapsedTicks));
}

/**
 * A queue's ETAs in queue order: nobody is called before the patient ahead of them, so each
 * patient's ETA is at least the ETA of the one ahead (their own countdown otherwise). The server
 * answers these values; the board recomputes them each minute from the stored countdowns.
 */
export function queueEtas(
  entries: ReadonlyArray<{ etaSetMinutes: number; etaSetAt: Date | string }>,
  now: Date,
): number[] {
  let ahead = 0;
  return entries.map((e) => {
    ahead = Math.max(ahead, currentEtaMinutes(e.etaSetMinutes, e.etaSetAt, now));
    return ahead;
  });
}

/**
 * Waiting: in the queue. Called: called in by staff (call-next), shown on the board as called
 * until marked seen. Seen: the called patient was seen (marked so, or their visit was completed).
 * Removed: left the queue uncalled (or the visit they waited for was completed before a call).
 */
export const QUEUE_STATUSES = ['Waiting', 'Called', 'Seen', 'Removed'] as const;

export const QUEUE_MESSAGES = {
  patientRequired: 'Patient name is required',
  etaRequired: 'ETA is required',
  etaRange: `ETA must be between 0 and ${QUEUE_ETA_MAX_MINUTES} minutes`,
  nobodyWaiting: 'No patients are waiting in this queue',
  notFound: 'Queue entry not found',
  notWaiting: 'This patient is no longer waiting',
  notCalled: 'This patient is not waiting to be seen: they were not called, or were seen already',
  alreadyWaiting: 'This patient is already waiting in this queue',
} as const;

const etaField = z.coerce
  .number({ error: QUEUE_MESSAGES.etaRequired })
  .int(QUEUE_MESSAGES.etaRange)
  .min(0, QUEUE_MESSAGES.etaRange)
  .max(QUEUE_ETA_MAX_MINUTES, QUEUE_MESSAGES.etaRange);

/** Adds a patient to a department queue. `patient` is the name shown; patientId optionally links an account. */
export const createQueueEntrySchema = z
  .object({
    patient: optionalSingleLineText(200).optional().default(''),
    patientId: optionalPatientId,
    department: departmentSchema,
    triage: triageLevelSchema.optional().default('Low'),
    etaMinutes: etaField,
  })
  .refine((v) => v.patient !== '' || !!v.patientId, {
    message: QUEUE_MESSAGES.patientRequired,
    path: ['patient'],
  });
export type CreateQueueEntry = z.input<typeof createQueueEntrySchema>;

/** Re-estimating the ETA restarts its countdown from now; `status: 'Removed'` takes the patient out of the queue. */
export const updateQueueEntrySchema = z.object({
  triage: triageLevelSchema.optional(),
  etaMinutes: etaField.optional(),
  status: z.literal('Removed', { error: 'Status can only be set to Removed' }).optional(),
});

export const queueEntrySchema = z.object({
  id: z.string(),
  /** The patient's name (spec field name). */
  patient: z.string(),
  patientId: z.string().nullable(),
  department: departmentSchema,
  triage: triageLevelSchema,
  /**
   * Current ETA in minutes, derived at the server's now: the entry's own countdown
   * (currentEtaMinutes), but never less than the ETA of the patient ahead (see queueEtas).
   */
  etaMinutes: z.number().int(),
  /** What was stored, so a screen can keep counting down between reloads with currentEtaMinutes(). */
  etaSetMinutes: z.number().int(),
  etaSetAt: z.string(),
  joinedAt: z.string(),
  status: z.enum(QUEUE_STATUSES),
  calledAt: z.string().nullable(),
  /** Who called the patient in ("First Last"); null until called, or when that account is gone. */
  calledBy: z.string().nullable(),
  seenAt: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** Without `sort` (or with sort=position): queue order, highest triage first, then earliest joined. */
export const QUEUE_SORTABLE = ['position', 'joinedAt', 'triage', 'patient', 'department'] as const;
export const queueListQuerySchema = listQuerySchema(QUEUE_SORTABLE).extend({
  department: departmentSchema.optional(),
});
export const queuePageSchema = pageOf(queueEntrySchema);

/**
 * Live board: every department with its waiting count, its first entries in queue order, and the
 * patients called in and not yet seen (newest call first, at most QUEUE_BOARD_ENTRIES).
 */
export const QUEUE_BOARD_ENTRIES = 10;
export const queueBoardSchema = z.object({
  departments: z.array(
    z.object({
      department: departmentSchema,
      waiting: z.number().int(),
      entries: z.array(queueEntrySchema),
      called: z.array(queueEntrySchema),
    }),
  ),
});
export type QueueBoard = z.infer<typeof queueBoardSchema>;

export const departmentParamSchema = z.object({ department: departmentSchema });

// ---------------------------------------------------------------------------------------------
// Live events (GET /api/admin/events, Server-Sent Events)
// ---------------------------------------------------------------------------------------------

/**
 * Each change to the ER, a queue or an appointment is announced as an SSE message
 * `event: <topic>` with data `{"topic":"<topic>"}`; clients refetch what they show. The first
 * message is `event: ready`. The desk's stream carries every topic; a doctor's stream
 * (DOCTOR_EVENTS_PATH) carries the changes that name them (their appointments, lab orders and
 * dispensed prescriptions) and the wards; `stock` is any committed change of the pharmacy's stock.
 */
export const LIVE_TOPICS = [
  'emergency',
  'queues',
  'appointments',
  'wards',
  'lab',
  'pharmacy',
  'stock',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];
export const LIVE_EVENTS_PATH = '/api/admin/events';
export const DOCTOR_EVENTS_PATH = '/api/doctor/events';
export const NURSE_EVENTS_PATH = '/api/nurse/events';

/** Who a change concerns beyond the desk: the doctors whose appointments it touched. */
export interface LiveAudience {
  doctorIds: readonly string[];
}
