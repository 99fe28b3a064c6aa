import { z } from 'zod';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_PRIORITIES,
  APPOINTMENT_TYPES,
  type AppointmentStatus,
  appointmentStatusSchema,
  canTransition,
} from './appointments';
import { emailField, roleSchema } from './auth';
import { GENDER_MESSAGES, GENDERS } from './clinical';
import { isCalendarDate, isTimeOfDay } from './clock';
import { listQuerySchema, pageOf } from './common';
import { erEntrySchema } from './emergency';

/*
 * The doctor's day (docs/areas/doctor-appointments.md): the dashboard, the Appointments screen
 * (its rows and the add dialog's form), the appointment detail page.
 */

// ---------------------------------------------------------------- the Show period selector

/**
 * The Show period selector: Last month, Last year, Last week, Yesterday (placeholder Today),
 * plus Upcoming, which a doctor needs to see what is booked ahead.
 * Every period is read on the facility's calendar; the past ones end today (included).
 */
const DOCTOR_APPOINTMENT_PERIODS = [
  'today',
  'yesterday',
  'lastWeek',
  'lastMonth',
  'lastYear',
  'upcoming',
] as const;
export type DoctorAppointmentPeriod = (typeof DOCTOR_APPOINTMENT_PERIODS)[number];
export const DEFAULT_DOCTOR_APPOINTMENT_PERIOD: DoctorAppointmentPeriod = 'today';

export const DOCTOR_APPOINTMENT_PERIOD_LABELS: Record<DoctorAppointmentPeriod, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  lastWeek: 'Last week',
  lastMonth: 'Last month',
  lastYear: 'Last year',
  upcoming: 'Upcoming',
};

/** How many days back (today included) a past period reaches; Yesterday is only yesterday. */
export const PERIOD_DAYS = { lastWeek: 7, lastMonth: 30, lastYear: 365 } as const;

/** The appointments table shows 4 a page by default. */
export const DOCTOR_APPOINTMENTS_PAGE_SIZE = 4;
/** Only the name column is sortable. */
export const DOCTOR_APPOINTMENTS_SORTABLE = ['name'] as const;

export const doctorAppointmentsQuerySchema = listQuerySchema(
  DOCTOR_APPOINTMENTS_SORTABLE,
  DOCTOR_APPOINTMENTS_PAGE_SIZE,
).extend({
  period: z
    .enum(DOCTOR_APPOINTMENT_PERIODS, {
      error: `Period must be one of: ${DOCTOR_APPOINTMENT_PERIODS.join(', ')}`,
    })
    .default(DEFAULT_DOCTOR_APPOINTMENT_PERIOD),
});

// ---------------------------------------------------------------- rows and detail

const doctorPatientSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  /** The age the doctor was told when booking, else the age from the birth date; null when unknown. */
  age: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
});
export type DoctorPatient = z.infer<typeof doctorPatientSchema>;

/** A row of the doctor's Appointments table: id, name (with avatar), mobile, email, date, time, status. */
const doctorAppointmentRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string(),
  patientId: z.string(),
  /** 'YYYY-MM-DD', facility time (shown as "8 Jan 2030"). */
  date: z.string(),
  /** 'HH:MM', facility time. */
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  status: appointmentStatusSchema,
  title: z.string(),
  priority: z.enum(APPOINTMENT_PRIORITIES),
  type: z.enum(APPOINTMENT_TYPES),
});
export type DoctorAppointmentRow = z.infer<typeof doctorAppointmentRowSchema>;
export const doctorAppointmentPageSchema = pageOf(doctorAppointmentRowSchema);
export type DoctorAppointmentPage = z.infer<typeof doctorAppointmentPageSchema>;

/** Where an appointment was: the doctor's name as it was then, 'YYYY-MM-DD' and 'HH:MM'. */
const placeSchema = z.object({ doctor: z.string(), date: z.string(), time: z.string() });

/** One status an appointment went through: `from` null is the booking itself. */
const appointmentStatusEventSchema = z.object({
  at: z.string(),
  from: appointmentStatusSchema.nullable(),
  to: appointmentStatusSchema,
  /** "Dr Ada Okafor", the patient's name, or null when the account is gone or it was the system. */
  by: z.string().nullable(),
  byRole: roleSchema.nullable(),
  reason: z.string().nullable(),
  /** Set when the step moved the appointment to another time (or doctor). */
  move: z.object({ from: placeSchema, to: placeSchema }).nullable(),
});
export type AppointmentStatusEvent = z.infer<typeof appointmentStatusEventSchema>;

const doctorAppointmentDetailSchema = z.object({
  id: z.string(),
  patient: doctorPatientSchema,
  title: z.string(),
  priority: z.enum(APPOINTMENT_PRIORITIES),
  type: z.enum(APPOINTMENT_TYPES),
  notes: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  status: appointmentStatusSchema,
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  /** Oldest first. */
  history: z.array(appointmentStatusEventSchema),
});
export type DoctorAppointmentDetail = z.infer<typeof doctorAppointmentDetailSchema>;
export const doctorAppointmentResponseSchema = z.object({ appointment: doctorAppointmentDetailSchema });

// ---------------------------------------------------------------- status actions

export type DoctorAppointmentAction = 'confirm' | 'complete' | 'cancel';
const ACTION_STATUS: Record<DoctorAppointmentAction, AppointmentStatus> = {
  confirm: 'Confirmed',
  complete: 'Completed',
  cancel: 'Cancelled',
};
export const actionStatus = (action: DoctorAppointmentAction) => ACTION_STATUS[action];

/**
 * The actions the status rules (docs/areas/appointments.md) leave to a doctor on their own
 * appointment, by the contract's transition table; completing also needs the visit to have started. The server
 * applies the same rules on its own clock.
 */
export function doctorActions(
  appointment: { status: AppointmentStatus; startsAt: string },
  now: Date,
): DoctorAppointmentAction[] {
  const started = Date.parse(appointment.startsAt) <= now.getTime();
  return (['confirm', 'complete', 'cancel'] as const).filter(
    (action) =>
      canTransition('doctor', appointment.status, ACTION_STATUS[action]) &&
      (action !== 'complete' || started),
  );
}

// ---------------------------------------------------------------- the dashboard

export const doctorDashboardSchema = z.object({
  /** The facility's today, 'YYYY-MM-DD'. */
  today: z.string(),
  counts: z.object({
    /** Today's appointments that are not cancelled. */
    today: z.number().int(),
    /** Pending appointments from today on: a confirmation is still useful. */
    pending: z.number().int(),
    /** Appointments of this week (Monday to Sunday) that are not cancelled. */
    week: z.number().int(),
  }),
  /** Every appointment of today, in time order, whatever its status. */
  appointments: z.array(doctorAppointmentRowSchema),
  /** The soonest active appointment that has not started yet. */
  next: doctorAppointmentRowSchema.nullable(),
  /** Emergency-room patients waiting now, most urgent first. */
  emergency: z.object({ data: z.array(erEntrySchema), total: z.number().int() }),
});
export type DoctorDashboard = z.infer<typeof doctorDashboardSchema>;
/** How many waiting emergency patients the dashboard lists. */
export const DASHBOARD_ER_ROWS = 5;

// ---------------------------------------------------------------- the Add new Appointment dialog

export const DOCTOR_APPOINTMENT_MESSAGES = {
  fullNameRequired: 'Fullname is required',
  fullNameShort: 'Fullname is too short',
  invalidInput: 'Invalid input',
  phoneRequired: 'Phone number is required',
  phoneShort: 'Phone is too short',
  ageRequired: 'Age is required',
  agePositive: 'Age must be greater than 0',
  ageTooHigh: 'Enter an age of 130 or less',
  genderRequired: GENDER_MESSAGES.required,
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  typeInvalid: `Type must be one of: ${APPOINTMENT_TYPES.join(', ')}`,
  staffEmail: 'This email belongs to a staff account, not a patient',
  detailFailed: 'Could not load the appointment',
  dashboardFailed: 'Could not load the dashboard',
  statusFailed: 'Could not change the appointment',
  confirmed: 'Appointment confirmed',
  completed: 'Appointment completed',
} as const;
const M = DOCTOR_APPOINTMENT_MESSAGES;

const absent = (input: unknown) => input === undefined || input === null;
/** Missing reads "<Field> is required"; a value of the wrong type reads the spec's "Invalid input". */
const text = (required: string) =>
  z.string({ error: (issue) => (absent(issue.input) ? required : M.invalidInput) }).trim();

/** Age is coerced to a number, required, greater than 0. An empty box is missing, not 0. */
const ageField = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z
    .number({ error: (issue) => (absent(issue.input) ? M.ageRequired : M.invalidInput) })
    .int(M.invalidInput)
    .gt(0, M.agePositive)
    .max(130, M.ageTooHigh),
);

/** The add dialog's form (Add new Appointment), with its rules and messages. */
export const createDoctorAppointmentSchema = z.object({
  fullName: text(M.fullNameRequired)
    .min(1, { error: M.fullNameRequired, abort: true })
    .min(6, M.fullNameShort)
    .max(200, 'Fullname must be at most 200 characters'),
  email: emailField,
  phone: text(M.phoneRequired)
    .min(1, { error: M.phoneRequired, abort: true })
    .min(9, M.phoneShort)
    .max(40, 'Phone is too long'),
  age: ageField,
  gender: z.enum(GENDERS, {
    error: (issue) => (absent(issue.input) || issue.input === '' ? M.genderRequired : M.invalidInput),
  }),
  date: text(M.dateRequired)
    .min(1, { error: M.dateRequired, abort: true })
    .refine(isCalendarDate, APPOINTMENT_MESSAGES.dateInvalid),
  /** HH:MM:SS as the spec writes it; HH:MM is accepted too. */
  time: text(M.timeRequired)
    .min(1, { error: M.timeRequired, abort: true })
    .refine(isTimeOfDay, APPOINTMENT_MESSAGES.timeInvalid),
  type: z.enum(APPOINTMENT_TYPES, { error: M.typeInvalid }).default('checkup'),
});
export type CreateDoctorAppointmentInput = z.input<typeof createDoctorAppointmentSchema>;
export type CreateDoctorAppointment = z.output<typeof createDoctorAppointmentSchema>;

/** The add dialog starts with age 10 and a checkup until changed; the rest starts empty. */
export const DOCTOR_APPOINTMENT_DEFAULTS = {
  fullName: '',
  email: '',
  phone: '',
  age: 10,
  date: '',
  time: '',
  type: 'checkup',
} as const satisfies Partial<CreateDoctorAppointmentInput>;

/** What a doctor-booked appointment is called: the form has a type, not a title. */
export const APPOINTMENT_TYPE_TITLES: Record<(typeof APPOINTMENT_TYPES)[number], string> = {
  checkup: 'Check-up',
  surgery: 'Surgery',
};

/**
 * GET /api/doctor/appointments/patients?q=&limit= (triagePatientQuerySchema): registered patients for the add dialog's
 * Fullname box, with what choosing one fills in (phone, age from the date of birth on the
 * facility's calendar, gender; null when the record has none, for the doctor to type).
 */
export const bookingPatientsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      age: z.number().int().nullable(),
      gender: z.enum(GENDERS).nullable(),
    }),
  ),
});
export type BookingPatient = z.infer<typeof bookingPatientsSchema>['data'][number];

export const createdDoctorAppointmentSchema = doctorAppointmentResponseSchema.extend({
  /** True when no account had the e-mail: a patient account was made and sent a set-password link. */
  patientCreated: z.boolean(),
});
export type CreatedDoctorAppointment = z.infer<typeof createdDoctorAppointmentSchema>;
