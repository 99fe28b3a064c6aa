import { z } from 'zod';
import { patientStaySchema } from './admin';
import { appointmentStatusSchema, createAppointmentSchema, moveAppointmentSchema } from './appointments';
import { emailField, userStatusSchema } from './auth';
import { genderSchema, requiredGenderField } from './clinical';
import { isCalendarDate, weekdaySchema } from './clock';
import { listQuerySchema, pageOf, personName, requiredText } from './common';
import { ER_MESSAGES, erStatusSchema, triageLevelSchema } from './emergency';
import { dateOfBirthField, optionalText, PROFILE_MESSAGES } from './profile';
import { admissionDetailsSchema } from './stays';

/*
 * The front desk (admin only): register, edit and look up patients; every appointment, with
 * confirm, reassign and cancel; booking for a patient; admitting an ER arrival to a free bed.
 *
 * Endpoints (admin only unless said otherwise):
 *   POST  /api/admin/patients                  [patientRecordSchema -> 201 patientDetailSchema]
 *   PUT   /api/admin/patients/:id              [patientRecordSchema -> patientDetailSchema]
 *   GET   /api/admin/patients/:id              [-> patientDetailSchema]
 *   GET   /api/admin/appointments              [deskAppointmentsQuerySchema -> deskAppointmentPageSchema]
 *   POST  /api/admin/appointments              [deskBookingSchema -> 201 deskAppointmentSchema]
 *   POST  /api/admin/appointments/:id/reassign [reassignAppointmentSchema -> deskAppointmentSchema]
 *   PATCH /api/appointments/:id/status         confirm and cancel (appointments.ts)
 *   GET   /api/doctors/slots?date=             [-> anyDoctorSlotsSchema] (every signed-in role)
 *   POST  /api/admin/emergency-room/:id/admit  [admitErEntrySchema -> erEntrySchema]
 *   POST  /api/admin/emergency-room/:id/link   [linkErEntrySchema -> erEntrySchema]
 */

export const FRONT_DESK_MESSAGES = {
  patientLoadFailed: 'Could not load the patient',
  patientRegistered: 'Patient registered. A link to set their password was e-mailed.',
  patientUpdated: 'Patient updated',
  patientNotFound: 'Patient not found',
  patientRequired: 'Choose a registered patient',
  reassigned: 'Appointment reassigned',
  confirmed: 'Appointment confirmed',
  bedRequired: 'Choose a free bed',
  bedNotFree: 'That bed is no longer free. Choose another bed.',
  admitNeedsPatient: 'Link this arrival to a registered patient before giving them a bed',
  confirmMatch: 'Confirm that the name, date of birth and phone are this person’s',
  alreadyLinked: 'This arrival is already linked to a registered patient',
  linkedNameFixed: 'This arrival is a registered patient: their name comes from their record',
  linked: (typed: string, patient: string) => `${typed} is now linked to ${patient}`,
  admitted: (name: string, bed: string) => `${name} admitted to ${bed}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Patients
// ---------------------------------------------------------------------------------------------

/**
 * Register (POST) or edit (PUT) a patient at the desk. No password: a new patient is e-mailed a
 * single-use link to choose one. The e-mail is unique across all accounts (409 when taken).
 */
export const patientRecordSchema = z.object({
  firstName: personName(PROFILE_MESSAGES.firstNameRequired),
  lastName: personName(PROFILE_MESSAGES.lastNameRequired),
  email: emailField,
  phone: requiredText(PROFILE_MESSAGES.phoneRequired, 40),
  address: optionalText(300),
  dateOfBirth: dateOfBirthField,
  gender: requiredGenderField,
});
export type PatientRecordInput = z.input<typeof patientRecordSchema>;
export type PatientRecord = z.output<typeof patientRecordSchema>;

export const patientDetailSchema = z.object({
  patient: z.object({
    id: z.string(),
    /** The clinic's record number ("CP-000123"), given by the database at registration. */
    recordNumber: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    age: z.number().int().nullable(),
    gender: genderSchema.nullable(),
    accountStatus: userStatusSchema,
    /** An authenticator app is set up: an administrator may reset it. */
    hasSecondFactor: z.boolean(),
    status: patientStaySchema,
    createdAt: z.string(),
  }),
  bed: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** The latest PATIENT_DETAIL_ROWS appointments, newest first, and how many there are in all. */
  appointments: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        time: z.string(),
        title: z.string(),
        status: appointmentStatusSchema,
        doctorName: z.string(),
      }),
    ),
    total: z.number().int(),
  }),
  /** The latest PATIENT_DETAIL_ROWS emergency-room visits, newest first. */
  erVisits: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        arrivedAt: z.string(),
        leftAt: z.string().nullable(),
        triageLevel: triageLevelSchema,
        status: erStatusSchema,
        complaint: z.string().nullable(),
      }),
    ),
    total: z.number().int(),
  }),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;
export const PATIENT_DETAIL_ROWS = 20;

// ---------------------------------------------------------------------------------------------
// The appointments desk
// ---------------------------------------------------------------------------------------------

export const deskAppointmentSchema = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  status: appointmentStatusSchema,
  title: z.string(),
  priority: z.string(),
  cancelReason: z.string().nullable(),
  patient: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  doctor: z.object({ id: z.string(), name: z.string() }),
});
export type DeskAppointment = z.infer<typeof deskAppointmentSchema>;

const optionalId = (message: string) =>
  z
    .union([z.uuid(message), z.literal('')], { error: message })
    .optional()
    .transform((id) => id || undefined);

/** Without `sort`, by start time (ascending unless `order=desc`); `q` searches the patient's name and e-mail. */
export const DESK_APPOINTMENT_SORTABLE = ['startsAt', 'status'] as const;
export const deskAppointmentsQuerySchema = listQuerySchema(DESK_APPOINTMENT_SORTABLE).extend({
  doctorId: optionalId('Choose a doctor from the list'),
  patientId: optionalId('Invalid patient id'),
  status: z
    .union([appointmentStatusSchema, z.literal('')])
    .optional()
    .transform((s) => s || undefined),
  date: z
    .string()
    .trim()
    .refine((d) => d === '' || isCalendarDate(d), 'Enter a valid date as YYYY-MM-DD')
    .optional()
    .transform((d) => d || undefined),
});
export const deskAppointmentPageSchema = pageOf(deskAppointmentSchema);

/** Book for a patient at the desk: the patient's booking form plus who it is for. */
export const deskBookingSchema = createAppointmentSchema.extend({
  patientId: z.uuid({ error: FRONT_DESK_MESSAGES.patientRequired }),
});
export type DeskBookingInput = z.input<typeof deskBookingSchema>;
export type DeskBooking = z.output<typeof deskBookingSchema>;

/** Move an active appointment to a free start of a doctor (the same or another) on a date. */
export const reassignAppointmentSchema = moveAppointmentSchema.extend({
  doctorId: z.uuid({ error: 'Choose a doctor from the list' }),
});
export type ReassignAppointment = z.input<typeof reassignAppointmentSchema>;

/** Free starts across all bookable doctors on a date: the union of their free slots, sorted. */
export const anyDoctorSlotsSchema = z.object({
  date: z.string(),
  day: weekdaySchema,
  slots: z.array(z.string()),
});
export type AnyDoctorSlots = z.infer<typeof anyDoctorSlotsSchema>;

// ---------------------------------------------------------------------------------------------
// Admitting an ER arrival to a bed
// ---------------------------------------------------------------------------------------------

/** Admit from the emergency room: the bed, and what every admission records (stays.ts). */
export const admitErEntrySchema = admissionDetailsSchema.extend({
  bedId: z.uuid({ error: FRONT_DESK_MESSAGES.bedRequired }),
});
export type AdmitErEntry = z.input<typeof admitErEntrySchema>;

/**
 * Links a walk-in arrival to the registered patient the desk matched it to. The admin confirms
 * the match on name, date of birth and phone (the server holds the request to that confirmation);
 * from then on the arrival carries the patient's name.
 */
export const linkErEntrySchema = z.object({
  patientId: z.uuid({ error: ER_MESSAGES.patientNotFound }),
  confirmed: z
    .boolean({ error: FRONT_DESK_MESSAGES.confirmMatch })
    .refine((ticked) => ticked, FRONT_DESK_MESSAGES.confirmMatch),
});
export type LinkErEntry = z.input<typeof linkErEntrySchema>;
