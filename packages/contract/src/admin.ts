import { z } from 'zod';
import { emailField, MESSAGES, userStatusSchema } from './auth';
import { listQuerySchema, pageOf, personName, requiredText } from './common';
import { formatCount } from './numbers';
import { TOASTS } from './ui';

/*
 * Admin area (docs/areas/front-desk.md, docs/areas/admin-dashboards.md): staff, ambulances, the
 * patients table, demo requests, the audit trail and the mail outbox. Every list answers
 * `{ data, pagination }`, 20 rows by default, sorted only by the columns named in its
 * *_SORTABLE list; without `sort` each list has the default order its comment names.
 *
 * Endpoints (all admin only; the body / query schema and the answer's schema in brackets):
 *   GET   /api/admin/doctors                  [doctorListQuerySchema -> doctorPageSchema]
 *   POST  /api/admin/create/doctor            [createDoctorSchema -> 201 createDoctorResponseSchema]
 *   PATCH /api/admin/doctors/:id              [updateDoctorSchema -> adminDoctorSchema]
 *   GET   /api/admin/nurses                   [nurseListQuerySchema -> nursePageSchema]
 *   POST  /api/admin/nurses                   [createNurseSchema -> 201 nurseSchema]
 *   PUT | PATCH /api/admin/nurses/:id         [replaceNurseSchema | updateNurseSchema -> nurseSchema]
 *   GET   /api/admin/ambulances               [ambulanceListQuerySchema -> ambulancePageSchema]
 *   POST  /api/admin/ambulances               [createAmbulanceSchema -> 201 ambulanceSchema]
 *   PUT | PATCH /api/admin/ambulances/:id     [replaceAmbulanceSchema | updateAmbulanceSchema -> ambulanceSchema]
 *   GET   /api/admin/patients                 [patientListQuerySchema -> patientPageSchema]
 *   GET   /api/admin/beds                     [bedListQuerySchema -> bedPageSchema]            (beds.ts)
 *   POST  /api/admin/beds                     [createBedSchema -> 201 bedSchema]
 *   PUT   /api/admin/beds/:id                 [updateBedSchema -> bedSchema]
 *   DELETE /api/admin/beds/:id                [-> okSchema] (Free beds only)
 *   GET   /api/admin/wards                    [wardListQuerySchema -> wardPageSchema]
 *   POST  /api/admin/wards                    [saveWardSchema -> 201 wardSchema]
 *   PUT   /api/admin/wards/:id                [saveWardSchema -> wardSchema]
 *   DELETE /api/admin/wards/:id               [-> okSchema] (empty wards only, never the default)
 *   GET   /api/admin/emergency-room           [erListQuerySchema -> erPageSchema]             (emergency.ts)
 *   POST  /api/admin/emergency-room           [createErEntrySchema -> 201 erEntrySchema]
 *   PATCH /api/admin/emergency-room/:id       [updateErEntrySchema -> erEntrySchema]
 *   GET   /api/admin/queues                   [queueListQuerySchema -> queuePageSchema]
 *   GET   /api/admin/queues/board             [-> queueBoardSchema]
 *   POST  /api/admin/queues                   [createQueueEntrySchema -> 201 queueEntrySchema]
 *   PATCH /api/admin/queues/:id               [updateQueueEntrySchema -> queueEntrySchema]
 *   POST  /api/admin/queues/:department/call-next [-> queueEntrySchema; 404 when nobody waits]
 *   POST  /api/admin/queues/:id/seen          [-> queueEntrySchema; 409 unless Called]
 *   GET   /api/admin/events                   Server-Sent Events (LIVE_TOPICS)
 *   GET   /api/admin/summary                  [-> summarySchema]                            (analytics.ts)
 *   GET   /api/admin/analytics                [-> analyticsSchema]
 *   GET   /api/admin/analytics/inpatient      [inpatientAnalyticsQuerySchema -> inpatientAnalyticsSchema]
 *   PUT   /api/admin/settings/target-wait     [targetWaitSchema -> targetWaitSchema]
 *   GET   /api/admin/stats                    [-> statsSchema]
 *   GET   /api/admin/demo-requests            [demoRequestListQuerySchema -> demoRequestPageSchema]
 *   GET   /api/admin/audit                    [auditListQuerySchema -> auditPageSchema]
 *   GET   /api/admin/audit/actions            [-> auditActionsSchema]
 *   GET   /api/admin/audit/export             [auditExportQuerySchema -> text/csv, streamed; audited]
 *   GET   /api/admin/outbox                   [outboxListQuerySchema -> outboxPageSchema]
 * Errors use the one shape { error, code, fieldErrors? }: 400 VALIDATION with the messages here,
 * 404 NOT_FOUND, 409 for duplicates and disallowed moves.
 */

// ---------------------------------------------------------------------------------------------
// Doctors
// ---------------------------------------------------------------------------------------------

/** One message for any missing field of the Add Doctor form. */
export const DOCTOR_ALL_FIELDS =
  'Please enter all fields: first name, last name, email, phone, address, specialty';

const doctorField = (max: number) => requiredText(DOCTOR_ALL_FIELDS, max);
const doctorEmail = z.string({ error: DOCTOR_ALL_FIELDS }).trim().min(1, DOCTOR_ALL_FIELDS).pipe(emailField);

/**
 * Add Doctor. A `password` sent by older clients is ignored (stripped): the server sets a random
 * one-time password, answers it once, and the doctor must replace it at first sign-in.
 */
export const createDoctorSchema = z.object({
  firstName: personName(DOCTOR_ALL_FIELDS),
  lastName: personName(DOCTOR_ALL_FIELDS),
  email: doctorEmail,
  phone: doctorField(40),
  address: doctorField(300),
  specialty: doctorField(100),
});
export type CreateDoctor = z.input<typeof createDoctorSchema>;

/** Edit a doctor: any subset of the fields; status Inactive ends all their sessions at once. */
export const updateDoctorSchema = createDoctorSchema
  .partial()
  .extend({ status: userStatusSchema.optional() });
export type UpdateDoctor = z.input<typeof updateDoctorSchema>;

export const adminDoctorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  specialty: z.string().nullable(),
  /** Always sent; the spec's "Active when absent" is kept by doctorStatus() for older payloads. */
  status: userStatusSchema,
  /** True until the doctor has replaced the one-time password. */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  /** The doctor signs in with a second factor (an administrator may reset it). */
  hasSecondFactor: z.boolean(),
});
export type AdminDoctor = z.infer<typeof adminDoctorSchema>;
export const doctorStatus = (doctor: { status?: AdminDoctor['status'] | null }) => doctor.status ?? 'Active';

/** The one-time password is in this answer only; it is never stored in clear or shown again. */
export const createDoctorResponseSchema = z.object({
  doctor: adminDoctorSchema,
  oneTimePassword: z.string(),
});
export type CreateDoctorResponse = z.infer<typeof createDoctorResponseSchema>;

/** Without `sort`, by name (last name, then first name). */
export const DOCTOR_SORTABLE = ['name', 'email', 'specialty', 'status', 'createdAt'] as const;
export const doctorListQuerySchema = listQuerySchema(DOCTOR_SORTABLE).extend({
  status: userStatusSchema.optional(),
});
export const doctorPageSchema = pageOf(adminDoctorSchema);

export const DOCTOR_MESSAGES = {
  emailTaken: MESSAGES.emailTaken,
  notFound: 'Doctor not found',
  /** The toasts the screens show. */
  added: TOASTS.doctorAdded,
  fetchFailed: 'Could not fetch doctors',
  addFailed: 'Failed to add doctor',
} as const;

// ---------------------------------------------------------------------------------------------
// Nurses
// ---------------------------------------------------------------------------------------------

/** Wards one nurse may be on at once: a ward team, not the whole hospital. */
const MAX_NURSE_WARDS = 10;

/** New nurses are Active. */
export const NURSE_STATUSES = ['Active', 'On Leave', 'On Duty'] as const;
const nurseStatusSchema = z.enum(NURSE_STATUSES, {
  error: `Status must be one of: ${NURSE_STATUSES.join(', ')}`,
});

export const NURSE_MESSAGES = {
  fullNameRequired: 'Full name is required',
  departmentRequired: 'Department is required',
  emailTaken: 'A nurse with this email already exists',
  notFound: 'Nurse not found',
  added: 'Nurse added',
  updated: 'Nurse updated',
  wardNotFound: 'One of the chosen wards no longer exists; choose again',
  tooManyWards: `A nurse works on at most ${MAX_NURSE_WARDS} wards`,
} as const;

export const createNurseSchema = z.object({
  fullName: personName(NURSE_MESSAGES.fullNameRequired, 200),
  email: emailField,
  /** Free text: wards (ICU, Maternity) as well as the queue departments. */
  department: requiredText(NURSE_MESSAGES.departmentRequired, 100),
  /** The wards the nurse works on (their area shows these first); none: not on a ward. */
  wardIds: z
    .array(z.uuid({ error: NURSE_MESSAGES.wardNotFound }))
    .max(MAX_NURSE_WARDS, { error: NURSE_MESSAGES.tooManyWards })
    .optional(),
});
export type CreateNurse = z.input<typeof createNurseSchema>;
/**
 * PUT: the whole nurse. `status` is the duty status the list shows; `accountStatus` Inactive
 * stops the nurse signing in and ends their sessions (optional: left out, it stays as it is).
 */
export const replaceNurseSchema = createNurseSchema.extend({
  status: nurseStatusSchema,
  accountStatus: userStatusSchema.optional(),
});
/** PATCH: any subset. */
export const updateNurseSchema = replaceNurseSchema.partial();
export type UpdateNurse = z.input<typeof updateNurseSchema>;

export const nurseSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  department: z.string(),
  status: nurseStatusSchema,
  /** The nurse's account: Inactive cannot sign in. */
  accountStatus: userStatusSchema,
  /** The wards the nurse works on, by name. */
  wards: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
});
export type Nurse = z.infer<typeof nurseSchema>;

/** Without `sort`, by full name. */
export const NURSE_SORTABLE = ['fullName', 'email', 'department', 'status', 'createdAt'] as const;
export const nurseListQuerySchema = listQuerySchema(NURSE_SORTABLE).extend({
  status: nurseStatusSchema.optional(),
});
export const nursePageSchema = pageOf(nurseSchema);

// ---------------------------------------------------------------------------------------------
// Ambulances
// ---------------------------------------------------------------------------------------------

/** New ambulances are Available. */
export const AMBULANCE_STATUSES = ['Available', 'On Duty', 'Maintenance'] as const;
const ambulanceStatusSchema = z.enum(AMBULANCE_STATUSES, {
  error: `Status must be one of: ${AMBULANCE_STATUSES.join(', ')}`,
});

export const AMBULANCE_MESSAGES = {
  codeRequired: 'Unit code is required',
  driverRequired: 'Driver name is required',
  codeTaken: 'An ambulance with this unit code already exists',
  notFound: 'Ambulance not found',
  added: 'Ambulance added',
  updated: 'Ambulance updated',
} as const;

export const createAmbulanceSchema = z.object({
  /** Unit code, unique; stored upper-case so "amb-01" and "AMB-01" are the same unit. */
  code: requiredText(AMBULANCE_MESSAGES.codeRequired, 30).transform((c) => c.toUpperCase()),
  driverName: personName(AMBULANCE_MESSAGES.driverRequired, 200),
});
export type CreateAmbulance = z.input<typeof createAmbulanceSchema>;
export const replaceAmbulanceSchema = createAmbulanceSchema.extend({ status: ambulanceStatusSchema });
export const updateAmbulanceSchema = replaceAmbulanceSchema.partial();
export type UpdateAmbulance = z.input<typeof updateAmbulanceSchema>;

export const ambulanceSchema = z.object({
  id: z.string(),
  code: z.string(),
  driverName: z.string(),
  status: ambulanceStatusSchema,
  createdAt: z.string(),
});
export type Ambulance = z.infer<typeof ambulanceSchema>;

/** Without `sort`, by unit code. */
export const AMBULANCE_SORTABLE = ['code', 'driverName', 'status', 'createdAt'] as const;
export const ambulanceListQuerySchema = listQuerySchema(AMBULANCE_SORTABLE).extend({
  status: ambulanceStatusSchema.optional(),
});
export const ambulancePageSchema = pageOf(ambulanceSchema);

// ---------------------------------------------------------------------------------------------
// Patients (admin table, read only)
// ---------------------------------------------------------------------------------------------

/** Inpatient while the patient occupies a bed, otherwise Outpatient. */
const PATIENT_STAYS = ['Inpatient', 'Outpatient'] as const;
export const patientStaySchema = z.enum(PATIENT_STAYS, { error: 'Status must be Inpatient or Outpatient' });

const adminPatientSchema = z.object({
  id: z.string(),
  /** The clinic's record number ("CP-000123", RECORD_NUMBER_LABEL); `q` finds it in any case. */
  recordNumber: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Whole years from dateOfBirth in the facility's time zone; null when unknown. */
  age: z.number().int().nullable(),
  status: patientStaySchema,
  /** The bed's label while Inpatient. */
  bed: z.string().nullable(),
  accountStatus: userStatusSchema,
  createdAt: z.string(),
});
export type AdminPatient = z.infer<typeof adminPatientSchema>;

/** Without `sort`, by name (last name, then first name). `age` sorts by date of birth (unknown last). */
export const PATIENT_SORTABLE = ['fullName', 'email', 'age', 'createdAt'] as const;
export const patientListQuerySchema = listQuerySchema(PATIENT_SORTABLE).extend({
  status: patientStaySchema.optional(),
});
export const patientPageSchema = pageOf(adminPatientSchema);

// ---------------------------------------------------------------------------------------------
// Demo requests, audit trail, outbox (read only)
// ---------------------------------------------------------------------------------------------

const demoRequestRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  organisation: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type DemoRequestRow = z.infer<typeof demoRequestRowSchema>;
/** Newest first; `q` searches name, e-mail and organisation. */
export const DEMO_REQUEST_SORTABLE = ['createdAt'] as const;
export const demoRequestListQuerySchema = listQuerySchema(DEMO_REQUEST_SORTABLE).extend({
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
});
export const demoRequestPageSchema = pageOf(demoRequestRowSchema);

const optionalInstant = z.iso
  .datetime({ offset: true, error: 'Enter a valid date and time' })
  .optional()
  .transform((v) => (v ? new Date(v) : undefined));

const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  patientId: z.string().nullable(),
  /** The patient's name ("First Last") when the row is about a patient who still has an account. */
  patientName: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
/** Newest first. Filters combine (AND); from is inclusive, to exclusive. */
export const AUDIT_SORTABLE = ['at'] as const;
const auditFilterFields = {
  action: z.string().trim().max(100).optional(),
  actorId: z.string().uuid('Invalid actor id').optional(),
  patientId: z.string().uuid('Invalid patient id').optional(),
  entityType: z.string().trim().max(50).optional(),
};
export const auditListQuerySchema = listQuerySchema(AUDIT_SORTABLE).extend({
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  ...auditFilterFields,
  from: optionalInstant,
  to: optionalInstant,
});
export const auditPageSchema = pageOf(auditEventSchema);
/** The action names the trail holds, in order: the Action filter's choices. */
export const auditActionsSchema = z.object({ actions: z.array(z.string()) });
export type AuditActions = z.infer<typeof auditActionsSchema>;

/** The most rows one audit export holds: a larger range is refused, never cut short. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
export const AUDIT_EXPORT_MESSAGES = {
  actionsLoadFailed: 'Could not fetch the action names',
  rangeRequired: 'Choose a date range (From and To) to export',
  rangeOrder: 'To must be after From',
  tooMany: `More than ${formatCount(AUDIT_EXPORT_MAX_ROWS)} rows match: choose a shorter date range or narrower filters`,
} as const;
const requiredInstant = z.iso
  .datetime({ offset: true, error: AUDIT_EXPORT_MESSAGES.rangeRequired })
  .transform((v) => new Date(v));
/**
 * Export CSV of the audit trail (GET /api/admin/audit/export): the list's filters, with a date
 * range required; oldest first; itself audited.
 */
export const auditExportQuerySchema = z
  .object({ ...auditFilterFields, from: requiredInstant, to: requiredInstant })
  .refine((q) => q.from < q.to, { path: ['to'], message: AUDIT_EXPORT_MESSAGES.rangeOrder });

/**
 * How a mail went: Sent (the SMTP server took it), Server log (no SMTP_URL: the operator's
 * channel) or Failed (the SMTP server refused it; the reason is in the server log).
 */
export const MAIL_DELIVERIES = ['Sent', 'Server log', 'Failed'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** A record of mail the server sent: never its body, which may hold a reset link. sentAt is null when not sent. */
const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  delivery: z.enum(MAIL_DELIVERIES),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const OUTBOX_SORTABLE = ['createdAt'] as const;
export const outboxListQuerySchema = listQuerySchema(OUTBOX_SORTABLE).extend({
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
});
export const outboxPageSchema = pageOf(outboxMailSchema);

// ---------------------------------------------------------------------------------------------
// Who opened my record (a patient's own page, from the audit trail)
// ---------------------------------------------------------------------------------------------

/**
 * One time staff opened or changed the signed-in patient's record: when, who (name and role),
 * what (in plain words) and from where (the screen or the app). Reads by the patient themselves
 * are left out.
 *   GET /api/patient/record-access   [recordAccessQuerySchema -> recordAccessPageSchema], newest first
 */
const recordAccessSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  who: z.string(),
  role: z.string(),
  what: z.string(),
  where: z.string(),
});
export type RecordAccess = z.infer<typeof recordAccessSchema>;
export const RECORD_ACCESS_SORTABLE = ['at'] as const;
export const recordAccessQuerySchema = listQuerySchema(RECORD_ACCESS_SORTABLE).extend({
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
});
export const recordAccessPageSchema = pageOf(recordAccessSchema);
export type RecordAccessPage = z.infer<typeof recordAccessPageSchema>;
export const RECORD_ACCESS_MESSAGES = {
  title: 'Who opened my record',
  loadFailed: 'Could not load who opened your record. Please try again.',
} as const;
