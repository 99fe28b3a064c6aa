import { z } from 'zod';
import { EARLIEST_DATE, isCalendarDate, isTimeOfDay } from './clock';
import { listQuerySchema, pageOf, personName, requiredText } from './common';
import type { SniffedFileType } from './file-types';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * The doctor's Reports (docs/areas/reports.md): the Reports screen and its rows:
 * birth, death, investigation and operation reports with generated case IDs, and their
 * attachments (PDF, PNG, JPEG, checked by their bytes).
 *
 *   GET    /api/doctor/reports?kind=…               [reportsQuerySchema -> reportPageSchema]  (audited)
 *   POST   /api/doctor/reports                      [reportInputSchema -> reportSchema]
 *   GET    /api/doctor/reports/:id                  [-> reportSchema]                         (audited)
 *   PUT    /api/doctor/reports/:id                  [reportInputSchema -> reportSchema]       (author)
 *   DELETE /api/doctor/reports/:id                  [-> ok]                                   (author)
 *   POST   /api/doctor/reports/:id/attachments?name [raw bytes -> reportAttachmentSchema]     (author)
 *   GET    /api/doctor/reports/attachments/:id      [-> the file, attachment]                 (audited)
 *   GET    /api/doctor/reports/attachments/:id/view [-> the file, inline, sandboxed]          (audited)
 *   DELETE /api/doctor/reports/attachments/:id      [-> ok]                                   (author)
 *   GET    /api/doctor/reports/doctors              [-> reportDoctorOptionsSchema]
 */

export const REPORT_KINDS = ['birth', 'death', 'investigation', 'operation'] as const;
const reportKindSchema = z.enum(REPORT_KINDS, {
  error: 'Kind must be birth, death, investigation or operation',
});
export type ReportKind = z.infer<typeof reportKindSchema>;

/** The tabs' and dialogs' names (spec: "Birth Reports", "New … Report"). */
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  birth: 'Birth',
  death: 'Death',
  investigation: 'Investigation',
  operation: 'Operation',
};

/** Case IDs are "BR-2026-000001": one yearly sequence and prefix per kind. */
export const REPORT_CASE_PREFIXES: Record<ReportKind, string> = {
  birth: 'BR',
  death: 'DR',
  investigation: 'IR',
  operation: 'OR',
};

export const INVESTIGATION_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
export const BIRTH_SEXES = ['Female', 'Male', 'Undetermined'] as const;
export const DELIVERY_METHODS = ['Spontaneous vaginal', 'Assisted vaginal', 'Caesarean section'] as const;
export const OPERATION_OUTCOMES = ['Successful', 'With complications', 'Unsuccessful'] as const;

/** A newborn's weight in kilograms: a live birth outside this range is a typing mistake. */
export const BIRTH_WEIGHT_KG = { min: 0.3, max: 7, step: 0.01 } as const;

export const REPORT_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
] as const satisfies readonly SniffedFileType[];
export type ReportAttachmentType = (typeof REPORT_ATTACHMENT_TYPES)[number];
export const REPORT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Attachments one report may hold. */
export const REPORT_ATTACHMENTS_MAX = 20;
const REPORT_FILE_NAME_MAX = 200;

export const REPORT_MESSAGES = {
  patientRequired: 'Choose a registered patient',
  patientNotFound: 'Patient not found',
  doctorRequired: 'Choose a doctor',
  doctorNotFound: 'Doctor not found',
  childNameRequired: "Enter the child's name",
  dateRequired: 'Enter a valid date',
  timeRequired: 'Enter a valid time',
  dateFuture: 'The date and time cannot be in the future',
  dateTooEarly: 'The date cannot be before 1900',
  dateTooLate: 'The date cannot be later than tomorrow',
  sexRequired: 'Choose the sex',
  weightRange: `Weight must be between ${BIRTH_WEIGHT_KG.min} and ${BIRTH_WEIGHT_KG.max} kg`,
  deliveryRequired: 'Choose the delivery',
  causeRequired: 'Enter the cause of death',
  titleRequired: 'Enter a title',
  statusRequired: 'Choose a status',
  procedureRequired: 'Enter the procedure',
  outcomeRequired: 'Choose the outcome',
  textTooLong: 'Must be at most 2000 characters',
  kindChanged: "A report's kind cannot change",
  notAuthor: 'Only the doctor who wrote this report can change it',
  attachmentTooLarge: 'Attachments must be at most 10 MB',
  attachmentType: 'Attachments must be PDF, PNG or JPEG files',
  tooManyAttachments: `A report holds at most ${REPORT_ATTACHMENTS_MAX} attachments`,
  fileNameRequired: 'The file needs a name',
  created: 'Report saved',
  updated: 'Report updated',
  deleted: 'Report deleted',
  uploaded: 'Attachment uploaded',
  removed: 'Attachment removed',
  listFailed: 'Could not load the reports',
  readFailed: 'Could not load the report',
  saveFailed: 'Could not save the report',
  deleteFailed: 'Could not delete the report',
  uploadFailed: 'Could not upload the attachment',
  removeFailed: 'Could not remove the attachment',
} as const;

/** Why a chosen file would be refused, or null; `head` is its first bytes. The server checks again. */
export function attachmentProblem(size: number, type: SniffedFileType | null): string | null {
  if (size > REPORT_ATTACHMENT_MAX_BYTES) return REPORT_MESSAGES.attachmentTooLarge;
  return REPORT_ATTACHMENT_TYPES.some((t) => t === type) ? null : REPORT_MESSAGES.attachmentType;
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const reportAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Downloads the file (same origin, session cookie). */
  url: z.string(),
  /** Shows the file in the browser (PDF and images), sandboxed. */
  viewUrl: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type ReportAttachment = z.infer<typeof reportAttachmentSchema>;

const reportPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
});
export type ReportPerson = z.infer<typeof reportPersonSchema>;

/** One report with every field; those of other kinds are null. */
export const reportSchema = z.object({
  id: z.string(),
  kind: reportKindSchema,
  caseId: z.string(),
  /** Facility date 'YYYY-MM-DD' and time 'HH:MM' (time for birth and death only). */
  date: z.string(),
  time: z.string().nullable(),
  /** The subject: the mother of a birth, the deceased, the investigated or operated patient. */
  patient: reportPersonSchema,
  /** The delivering or investigating doctor (the author), the certifying doctor, the surgeon. */
  doctor: reportPersonSchema,
  author: reportPersonSchema,
  childName: z.string().nullable(),
  sex: z.enum(BIRTH_SEXES).nullable(),
  weightKg: z.number().nullable(),
  delivery: z.enum(DELIVERY_METHODS).nullable(),
  cause: z.string().nullable(),
  /** Investigation title, or the operation's procedure. */
  title: z.string().nullable(),
  status: z.enum(INVESTIGATION_STATUSES).nullable(),
  outcome: z.enum(OPERATION_OUTCOMES).nullable(),
  notes: z.string().nullable(),
  attachments: z.array(reportAttachmentSchema),
  /** Whether the signed-in doctor wrote it (and so may change it). */
  canEdit: z.boolean(),
  /** Whether its author shares it with the patient (My Results). */
  sharedWithPatient: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportPageSchema = pageOf(reportSchema);
export type ReportPage = z.infer<typeof reportPageSchema>;

export const REPORT_SORTABLE = ['date', 'caseId'] as const;
export const reportsQuerySchema = listQuerySchema(REPORT_SORTABLE).extend({ kind: reportKindSchema });

const reportDoctorOptionSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string() });
export type ReportDoctorOption = z.infer<typeof reportDoctorOptionSchema>;
export const reportDoctorOptionsSchema = z.object({ data: z.array(reportDoctorOptionSchema) });

export const attachmentUploadQuerySchema = z.object({
  name: requiredText(REPORT_MESSAGES.fileNameRequired, REPORT_FILE_NAME_MAX),
});

// ---------------------------------------------------------------------------------------------
// The forms (one per kind; the API takes any of them, told apart by `kind`)
// ---------------------------------------------------------------------------------------------

const patientField = z
  .string({ error: REPORT_MESSAGES.patientRequired })
  .uuid(REPORT_MESSAGES.patientRequired);
const doctorField = z.string({ error: REPORT_MESSAGES.doctorRequired }).uuid(REPORT_MESSAGES.doctorRequired);
const dateField = z
  .string({ error: REPORT_MESSAGES.dateRequired })
  .refine(isCalendarDate, REPORT_MESSAGES.dateRequired)
  .refine((date) => !isCalendarDate(date) || date >= EARLIEST_DATE, REPORT_MESSAGES.dateTooEarly);
const timeField = z
  .string({ error: REPORT_MESSAGES.timeRequired })
  .refine((t) => /^\d\d:\d\d$/.test(t) && isTimeOfDay(t), REPORT_MESSAGES.timeRequired);
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });
/** Optional free text: empty is stored as null. */
const notesField = z
  .string()
  .trim()
  .max(2000, REPORT_MESSAGES.textTooLong)
  .refine(isCleanText, INVALID_TEXT_MESSAGE)
  .nullish()
  .transform((v) => v || null);

const birthReportInputSchema = z.object({
  kind: z.literal('birth'),
  patientId: patientField,
  childName: personName(REPORT_MESSAGES.childNameRequired, 200),
  date: dateField,
  time: timeField,
  sex: choice(BIRTH_SEXES, REPORT_MESSAGES.sexRequired),
  weightKg: z.coerce
    .number({ error: REPORT_MESSAGES.weightRange })
    .min(BIRTH_WEIGHT_KG.min, REPORT_MESSAGES.weightRange)
    .max(BIRTH_WEIGHT_KG.max, REPORT_MESSAGES.weightRange),
  delivery: choice(DELIVERY_METHODS, REPORT_MESSAGES.deliveryRequired),
  notes: notesField,
});

const deathReportInputSchema = z.object({
  kind: z.literal('death'),
  patientId: patientField,
  date: dateField,
  time: timeField,
  cause: requiredText(REPORT_MESSAGES.causeRequired, 500),
  doctorId: doctorField,
  notes: notesField,
});

const investigationReportInputSchema = z.object({
  kind: z.literal('investigation'),
  patientId: patientField,
  title: requiredText(REPORT_MESSAGES.titleRequired),
  date: dateField,
  status: choice(INVESTIGATION_STATUSES, REPORT_MESSAGES.statusRequired),
  notes: notesField,
});

const operationReportInputSchema = z.object({
  kind: z.literal('operation'),
  patientId: patientField,
  title: requiredText(REPORT_MESSAGES.procedureRequired),
  doctorId: doctorField,
  date: dateField,
  outcome: choice(OPERATION_OUTCOMES, REPORT_MESSAGES.outcomeRequired),
  notes: notesField,
});

export const reportInputSchema = z.discriminatedUnion('kind', [
  birthReportInputSchema,
  deathReportInputSchema,
  investigationReportInputSchema,
  operationReportInputSchema,
]);
export type ReportInput = z.output<typeof reportInputSchema>;
export type ReportFormInput = z.input<typeof reportInputSchema>;
