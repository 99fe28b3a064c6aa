import { z } from 'zod';
import { isCalendarDate, isTimeOfDay } from './clock';
import { listQuerySchema, pageOf, requiredText } from './common';
import type { Role } from './roles';

/*
 * Appointment statuses and transitions
 * ------------------------------------
 * Pending    booked, awaiting the doctor
 * Confirmed  accepted by the doctor (or an admin)
 * Completed  the visit took place
 * Cancelled  called off by the patient, the doctor or an admin
 *
 * Pending and Confirmed are "active": they hold the doctor's slot.
 *
 * Who may move an appointment from one status to another:
 *   patient (own appointment, more than PATIENT_CHANGE_HOURS ahead, with a reason):
 *                                                          Pending | Confirmed -> Cancelled
 *   doctor (own appointments) and admin:                   Pending -> Confirmed
 *                                                          Pending | Confirmed -> Cancelled
 *                                                          Confirmed -> Completed (once it has started)
 * Completed and Cancelled are final.
 */
export const APPOINTMENT_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, {
  error: `Status must be one of: ${APPOINTMENT_STATUSES.join(', ')}`,
});
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** Statuses that hold a doctor's slot. */
export const ACTIVE_APPOINTMENT_STATUSES = [
  'Pending',
  'Confirmed',
] as const satisfies readonly AppointmentStatus[];
export const isActiveStatus = (status: AppointmentStatus) =>
  (ACTIVE_APPOINTMENT_STATUSES as readonly AppointmentStatus[]).includes(status);

type Transition = readonly [from: AppointmentStatus, to: AppointmentStatus];
const STAFF_TRANSITIONS: readonly Transition[] = [
  ['Pending', 'Confirmed'],
  ['Pending', 'Cancelled'],
  ['Confirmed', 'Cancelled'],
  ['Confirmed', 'Completed'],
];
const TRANSITIONS: Record<Role, readonly Transition[]> = {
  patient: [
    ['Pending', 'Cancelled'],
    ['Confirmed', 'Cancelled'],
  ],
  doctor: STAFF_TRANSITIONS,
  admin: STAFF_TRANSITIONS,
  // Nurses, lab scientists, pharmacists and cashiers do not change appointments: the server gives them no appointment route.
  nurse: [],
  lab: [],
  pharmacist: [],
  cashier: [],
};

/**
 * Whether a role may move an appointment from one status to another. Ownership and time
 * (a patient cancels only upcoming appointments; completing needs a started visit) are
 * checked by the server, which knows both.
 */
export const canTransition = (role: Role, from: AppointmentStatus, to: AppointmentStatus) =>
  TRANSITIONS[role].some(([f, t]) => f === from && t === to);

/** The four priorities, lowest first. */
export const APPOINTMENT_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
/** An appointment's type: checkup or surgery. */
export const APPOINTMENT_TYPES = ['checkup', 'surgery'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];
export type AppointmentPriority = (typeof APPOINTMENT_PRIORITIES)[number];

export const APPOINTMENT_MESSAGES = {
  /** The one message for any missing title, priority, date or time. */
  allFieldsRequired: 'All fields are required',
  priorityInvalid: `Priority must be one of: ${APPOINTMENT_PRIORITIES.join(', ')}`,
  dateInvalid: 'Enter a valid date as YYYY-MM-DD',
  timeInvalid: 'Enter a valid time as HH:MM',
  doctorInvalid: 'Choose a doctor from the list',
  doctorUnknown: 'That doctor is not available for booking',
  patientDoubleBooked: 'You already have an appointment at that time',
  cancelOnlyUpcoming: 'Only upcoming appointments can be cancelled',
  completeOnlyStarted: 'An appointment can be completed only once it has started',
  reasonRequired: 'Please give a reason for cancelling',
  /** A patient's cancel or move too close to the start (PATIENT_CHANGE_HOURS). */
  changeWindowClosed: (hours: number) =>
    `Appointments can be cancelled or moved online only up to ${hours} hours before they start. Please call the clinic.`,
  notMovable: 'Only a Pending or Confirmed appointment can be moved',
  changedMeanwhile: 'The appointment was changed meanwhile. Please look again and retry.',
  moved: 'Appointment moved',
  moveFailed: 'Could not move the appointment',
  transitionNotAllowed: (from: AppointmentStatus, to: AppointmentStatus) =>
    `A ${from} appointment cannot be changed to ${to}`,
  cancelled: 'Appointment cancelled',
  /** Web defaults (the error toast's text) when the server gives no reason. */
  loadFailed: 'Could not load appointments',
  createFailed: 'Failed to create appointment',
  cancelFailed: 'Could not cancel the appointment',
  summaryFailed: 'Failed to load dashboard summary',
} as const;

const required = APPOINTMENT_MESSAGES.allFieldsRequired;
/** Missing and empty both read "All fields are required"; a wrong value gets its own message. */
const requiredOr = (invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ||
  issue.input === null ||
  (typeof issue.input === 'string' && !issue.input.trim())
    ? required
    : invalid;

const appointmentDateField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .refine(isCalendarDate, APPOINTMENT_MESSAGES.dateInvalid);

/** 'HH:MM' or 'HH:MM:SS'; kept as written so seconds other than :00 fail the slot rule. */
const appointmentTimeField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .refine(isTimeOfDay, APPOINTMENT_MESSAGES.timeInvalid);

/** A patient's booking (docs/areas/appointments.md), with the doctor optional (without one the clinic assigns one). */
export const createAppointmentSchema = z.object({
  title: requiredText(required, 200),
  priority: z.enum(APPOINTMENT_PRIORITIES, { error: requiredOr(APPOINTMENT_MESSAGES.priorityInvalid) }),
  date: appointmentDateField,
  time: appointmentTimeField,
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
  /** Empty or absent: the clinic assigns the first doctor free at that time. */
  doctorId: z
    .union([z.uuid(APPOINTMENT_MESSAGES.doctorInvalid), z.literal('')], {
      error: APPOINTMENT_MESSAGES.doctorInvalid,
    })
    .nullish()
    .transform((id) => id || undefined),
});
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;
export type CreateAppointment = z.output<typeof createAppointmentSchema>;

/** Why a status changed; required when a doctor or an admin cancels, optional for a patient. */
export const STATUS_REASON_MAX = 500;
const statusReasonField = z
  .string({ error: 'The reason must be text' })
  .trim()
  .max(STATUS_REASON_MAX, `The reason must be at most ${STATUS_REASON_MAX} characters`)
  .optional()
  .transform((reason) => reason || undefined);

export const appointmentStatusChangeSchema = z.object({
  status: appointmentStatusSchema,
  reason: statusReasonField,
});
export type AppointmentStatusChange = z.input<typeof appointmentStatusChangeSchema>;

/** The patient's cancel: the reason is required, as it is of staff (the doctor reads it). */
export const patientCancelSchema = z.object({
  reason: z
    .string({ error: APPOINTMENT_MESSAGES.reasonRequired })
    .trim()
    .min(1, APPOINTMENT_MESSAGES.reasonRequired)
    .max(STATUS_REASON_MAX, `The reason must be at most ${STATUS_REASON_MAX} characters`),
});
export type PatientCancel = z.input<typeof patientCancelSchema>;

/** Whoever cancels must say why; other status changes need no reason. */
export const reasonRequired = (to: AppointmentStatus) => to === 'Cancelled';

/**
 * Move an appointment to another start (the doctor's own, the patient's own): the same
 * availability rule as a booking decides. The desk may also change the doctor (reassign).
 */
export const moveAppointmentSchema = z.object({
  date: appointmentDateField,
  time: appointmentTimeField,
});
export type MoveAppointmentInput = z.input<typeof moveAppointmentSchema>;

const appointmentDoctorSchema = z.object({
  id: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string() }),
  specialty: z.string().nullable(),
});

/** A list item of My Appointments (`_id`, date, time, doctor.user.*, status) plus the rest. */
const appointmentSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  priority: z.enum(APPOINTMENT_PRIORITIES),
  notes: z.string().nullable(),
  /** 'YYYY-MM-DD' in the facility's time zone. */
  date: z.string(),
  /** 'HH:MM' in the facility's time zone. */
  time: z.string(),
  /** The same moment as an ISO instant, for ordering and "is it upcoming" checks. */
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  status: appointmentStatusSchema,
  /** Why it was cancelled, when whoever cancelled it said so. */
  cancelReason: z.string().nullable(),
  patientId: z.string(),
  doctor: appointmentDoctorSchema,
  createdAt: z.string(),
  /**
   * Until when the patient may still cancel or move it online (PATIENT_CHANGE_HOURS before the
   * start), or null when it is no longer active.
   */
  changeableUntil: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentResponseSchema = z.object({ appointment: appointmentSchema });
/** The patient's list, with what its closed change windows say: the rule's hours and whom to call. */
export const appointmentPageSchema = pageOf(appointmentSchema).extend({
  /** How many hours before its start a visit can no longer be cancelled or moved online. */
  changeHours: z.number().int(),
  /** The clinic's telephone number, to call for a change past that; null when none is configured. */
  clinicPhone: z.string().nullable(),
});
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

/**
 * The patient's list. `scope=upcoming` keeps the active appointments still ahead (the
 * dashboard's next appointments), soonest first; otherwise all of them: today's and later ones
 * first, soonest first, then the past, newest first. `order` (sorting by date) overrides either
 * default with plain date order.
 */
export const PATIENT_APPOINTMENTS_PAGE_SIZE = 10;
const APPOINTMENT_SCOPES = ['all', 'upcoming'] as const;
export const patientAppointmentsQuerySchema = listQuerySchema(
  ['date'] as const,
  PATIENT_APPOINTMENTS_PAGE_SIZE,
).extend({
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).optional(),
  scope: z.enum(APPOINTMENT_SCOPES, { error: 'Scope must be all or upcoming' }).default('all'),
});

/** The patient dashboard's summary tiles. */
export const patientSummarySchema = z.object({
  upcomingAppointments: z.number().int(),
  prescriptions: z.number().int(),
  /** Whole days since the most recent completed visit; null when there was none. */
  lastVisitDays: z.number().int().nullable(),
  /** Whether the patient had signed in before this session: the dashboard greets "Welcome back" or "Welcome". */
  signedInBefore: z.boolean(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;
