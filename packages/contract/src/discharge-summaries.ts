import { z } from 'zod';
import { APPOINTMENT_MESSAGES } from './appointments';
import { isCalendarDate, isTimeOfDay } from './clock';
import { requiredText } from './common';
import { type CodedDiagnosis, codedDiagnosisSchema, diagnosisCodeField } from './diagnosis-codes';
import { allergyOverrideSchema } from './prescriptions';
import { DISCHARGE_DISPOSITIONS, STAY_STATUSES } from './stays';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * The discharge summary (docs/areas/discharge-summary.md): what the doctor writes for a stay
 * before the patient goes home. One per stay; saved as a draft as often as needed, then signed,
 * after which it is final (no change, no second signature).
 *
 *   GET  /api/stays/:stayId/discharge-summary             [-> dischargeSummaryResponseSchema]   nurse, doctor, admin
 *   PUT  /api/stays/:stayId/discharge-summary             [dischargeSummaryInputSchema -> ...]  doctor (a draft)
 *   POST /api/stays/:stayId/discharge-summary/sign        [-> dischargeSummaryResponseSchema]   doctor
 *   POST /api/stays/:stayId/discharge-summary/follow-up   [followUpBookingSchema -> ...]        doctor (books it)
 *   GET  /api/stays/:stayId/discharge-summary.pdf         [-> application/pdf]                  nurse, doctor, admin
 *   GET  /api/patient/discharge-summaries                 [-> patientDischargeSummariesSchema]  patient (own, signed)
 *   GET  /api/patient/discharge-summaries/:id/pdf         [-> application/pdf]                  patient (own, signed)
 */

const DISCHARGE_SUMMARY_TEXT_MAX = 4000;
const DIAGNOSIS_TEXT_MAX = 500;
export const SECONDARY_DIAGNOSES_MAX = 10;
export const DISCHARGE_MEDICINES_MAX = 30;

const DISCHARGE_SUMMARY_STATUSES = ['Draft', 'Signed'] as const;

export const DISCHARGE_SUMMARY_MESSAGES = {
  stayNotFound: 'Stay not found',
  notFound: 'Discharge summary not found',
  stayNotOpen: 'A discharge summary is written for an admitted or discharged stay',
  alreadySigned: 'This discharge summary is signed: it can no longer be changed',
  nothingToSign: 'Save the discharge summary before signing it',
  principalRequired: 'Enter the principal diagnosis',
  principalCodeRequired: 'Code the principal diagnosis: choose it from the list',
  diagnosisText: 'Enter the diagnosis as you would write it',
  tooManyDiagnoses: `At most ${SECONDARY_DIAGNOSES_MAX} secondary diagnoses`,
  proceduresRequired: 'Say what was done (procedures and treatment)',
  courseRequired: 'Describe the course in hospital',
  followUpRequired: 'Write the follow-up instructions',
  medicineName: 'Medicine is required',
  medicineDose: 'Dose is required',
  medicineFrequency: 'Say how often',
  medicineDuration: 'Say for how long',
  tooManyMedicines: `At most ${DISCHARGE_MEDICINES_MAX} medicines`,
  acknowledgeAllergies: 'A medicine matches a recorded allergy of the patient. Confirm to list it anyway.',
  followUpBooked: 'A follow-up appointment is already booked for this stay',
  followUpDoctor: 'Choose a doctor',
  dateRequired: 'Choose a date',
  timeRequired: 'Choose a time',
  saved: 'Draft saved',
  signed: 'Discharge summary signed',
  followUpSaved: 'Follow-up appointment booked',
  loadFailed: 'Could not load the discharge summary',
  saveFailed: 'Could not save the discharge summary',
  signFailed: 'Could not sign the discharge summary',
  followUpFailed: 'Could not book the follow-up appointment',
  confirmSign: 'Sign the discharge summary? Once signed it is final and cannot be changed.',
  listFailed: 'Could not load your hospital stays',
} as const;
const M = DISCHARGE_SUMMARY_MESSAGES;

/** Free text that may be empty (a draft), several lines: trimmed, clean, at most `max`; '' is null. */
const draftText = (max = DISCHARGE_SUMMARY_TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(isCleanText, INVALID_TEXT_MESSAGE)
    .nullish()
    .transform((v) => v || null);

/** The principal diagnosis: the ICD-10-CM code (or none yet, in a draft) and the doctor's wording. */
const principalDiagnosisInputSchema = z.object({
  code: diagnosisCodeField,
  text: draftText(DIAGNOSIS_TEXT_MAX),
});

/** A secondary diagnosis: the wording is required, the code as for the principal one. */
const secondaryDiagnosisInputSchema = z.object({
  code: diagnosisCodeField,
  text: requiredText(M.diagnosisText, DIAGNOSIS_TEXT_MAX),
});

/** A medicine to continue at home: what, how much, how often, how long. */
const dischargeMedicineSchema = z.object({
  name: requiredText(M.medicineName, 100),
  dose: requiredText(M.medicineDose, 100),
  frequency: requiredText(M.medicineFrequency, 100),
  duration: requiredText(M.medicineDuration, 100),
});
export type DischargeMedicine = z.infer<typeof dischargeMedicineSchema>;

/** PUT: the whole draft as the doctor has it (every save replaces the previous draft). */
export const dischargeSummaryInputSchema = z.object({
  principalDiagnosis: principalDiagnosisInputSchema.prefault({}),
  secondaryDiagnoses: z
    .array(secondaryDiagnosisInputSchema)
    .max(SECONDARY_DIAGNOSES_MAX, M.tooManyDiagnoses)
    .default([]),
  procedures: draftText(),
  course: draftText(),
  medicines: z.array(dischargeMedicineSchema).max(DISCHARGE_MEDICINES_MAX, M.tooManyMedicines).default([]),
  followUpInstructions: draftText(),
  /** The doctor was warned that a medicine matches a recorded allergy and lists it anyway. */
  acknowledgeAllergies: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type DischargeSummaryInput = z.input<typeof dischargeSummaryInputSchema>;
export type DischargeSummaryData = z.output<typeof dischargeSummaryInputSchema>;

/** POST follow-up: a free start of the chosen doctor's schedule (the booking's own rules apply). */
export const followUpBookingSchema = z.object({
  doctorId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.uuid({ error: M.followUpDoctor }),
  ),
  date: z
    .string({ error: M.dateRequired })
    .trim()
    .min(1, { error: M.dateRequired, abort: true })
    .refine(isCalendarDate, APPOINTMENT_MESSAGES.dateInvalid),
  time: z
    .string({ error: M.timeRequired })
    .trim()
    .min(1, { error: M.timeRequired, abort: true })
    .refine(isTimeOfDay, APPOINTMENT_MESSAGES.timeInvalid),
});
export type FollowUpBookingInput = z.input<typeof followUpBookingSchema>;
export type FollowUpBooking = z.output<typeof followUpBookingSchema>;

interface SignableSummary {
  principalDiagnosis: { code: string | null; text: string | null };
  procedures: string | null;
  course: string | null;
  followUpInstructions: string | null;
}

/**
 * What a summary needs before it is signed, as field messages (empty when it may be signed): a
 * coded principal diagnosis with its wording, what was done, the course and the follow-up
 * instructions. Medicines, secondary diagnoses and the appointment are optional. The form shows
 * the same messages the server answers.
 */
export function unsignableFields(summary: SignableSummary): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!summary.principalDiagnosis.text) missing['principalDiagnosis.text'] = M.principalRequired;
  if (!summary.principalDiagnosis.code) missing['principalDiagnosis.code'] = M.principalCodeRequired;
  if (!summary.procedures) missing.procedures = M.proceduresRequired;
  if (!summary.course) missing.course = M.courseRequired;
  if (!summary.followUpInstructions) missing.followUpInstructions = M.followUpRequired;
  return missing;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const personSchema = z.object({ id: z.string(), name: z.string() });

const diagnosisSchema = z.object({
  /** The ICD-10-CM code and the title it had when chosen (decision 0031), or null in a draft. */
  coded: codedDiagnosisSchema.nullable(),
  text: z.string().nullable(),
});
export type DischargeDiagnosis = z.infer<typeof diagnosisSchema>;

const followUpSchema = z.object({
  appointmentId: z.string(),
  doctor: personSchema,
  /** 'YYYY-MM-DD' and 'HH:MM', the facility's clock. */
  date: z.string(),
  time: z.string(),
  status: z.string(),
});
export type DischargeFollowUp = z.infer<typeof followUpSchema>;

const dischargeSummarySchema = z.object({
  id: z.string(),
  stayId: z.string(),
  status: z.enum(DISCHARGE_SUMMARY_STATUSES),
  principalDiagnosis: diagnosisSchema,
  secondaryDiagnoses: z.array(diagnosisSchema),
  procedures: z.string().nullable(),
  course: z.string().nullable(),
  medicines: z.array(dischargeMedicineSchema),
  followUpInstructions: z.string().nullable(),
  /** The allergies a listed medicine matches that the author confirmed, printed with the summary. */
  allergyOverride: allergyOverrideSchema.nullable(),
  followUp: followUpSchema.nullable(),
  /** Who saved it last. */
  author: personSchema,
  updatedAt: z.string(),
  signedBy: personSchema.nullable(),
  signedAt: z.string().nullable(),
});
export type DischargeSummary = z.infer<typeof dischargeSummarySchema>;

/** The stay the summary is about, as the page and the PDF head it. */
const dischargeStaySchema = z.object({
  id: z.string(),
  status: z.enum(STAY_STATUSES),
  patient: personSchema.extend({
    recordNumber: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    /** Drug and other allergies as the chart records them now, for the medicines' warning. */
    allergies: z.array(z.string()),
  }),
  doctorInCharge: personSchema,
  ward: z.string(),
  reason: z.string(),
  admissionDiagnosis: diagnosisSchema,
  admittedAt: z.string().nullable(),
  dischargedAt: z.string().nullable(),
  dischargeDisposition: z.enum(DISCHARGE_DISPOSITIONS).nullable(),
});
export type DischargeStay = z.infer<typeof dischargeStaySchema>;

export const dischargeSummaryResponseSchema = z.object({
  stay: dischargeStaySchema,
  /** Null until a doctor saves the first draft. */
  summary: dischargeSummarySchema.nullable(),
});
export type DischargeSummaryResponse = z.infer<typeof dischargeSummaryResponseSchema>;

/** The patient's list: their stays with a signed summary, newest first. */
const patientDischargeSummarySchema = z.object({
  id: z.string(),
  stayId: z.string(),
  ward: z.string(),
  admittedAt: z.string().nullable(),
  dischargedAt: z.string().nullable(),
  principalDiagnosis: diagnosisSchema,
  signedBy: personSchema,
  signedAt: z.string(),
  followUp: followUpSchema.nullable(),
});
export type PatientDischargeSummary = z.infer<typeof patientDischargeSummarySchema>;
export const patientDischargeSummariesSchema = z.object({ data: z.array(patientDischargeSummarySchema) });

/** "E11.9 Type 2 diabetes … (Diabetes, well controlled)": the code's label, then the wording. */
export function dischargeDiagnosisLabel(d: { coded: CodedDiagnosis | null; text: string | null }): string {
  const coded = d.coded ? `${d.coded.code} ${d.coded.title}` : '';
  if (coded && d.text) return `${coded} (${d.text})`;
  return coded || d.text || '';
}

/** "discharge-summary-2030-01-08-grace-nwosu.pdf" (the discharge day, else the signing day). */
export const dischargeSummaryPdfName = (date: string, patientName: string) =>
  `discharge-summary-${date}-${
    patientName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'patient'
  }.pdf`;

/** The LOINC document type of a discharge summary (FHIR DocumentReference.type). */
export const DISCHARGE_SUMMARY_LOINC = { code: '18842-5', display: 'Discharge summary' } as const;
