import { z } from 'zod';
import { BED_STATUSES, WARD_MESSAGES } from './beds';
import { isCalendarDate } from './clock';
import { optionalSingleLineText, requiredText } from './common';
import { codedDiagnosisSchema, diagnosisCodeField } from './diagnosis-codes';

/*
 * Inpatient stays (docs/areas/inpatient.md): one stay from admission to discharge, in a ward and
 * (once admitted) a bed, with a doctor in charge. A patient has at most one open stay (Planned or
 * Admitted), and a bed holds at most one open stay; the database enforces both.
 */

/** Planned: booked ahead (a bed may be Reserved); Admitted: on the ward; Discharged; Cancelled: a plan that did not happen. */
export const STAY_STATUSES = ['Planned', 'Admitted', 'Discharged', 'Cancelled'] as const;
/** The stays that hold a patient and a bed: at most one of them per patient, and per bed. */
export const OPEN_STAY_STATUSES = [
  'Planned',
  'Admitted',
] as const satisfies readonly (typeof STAY_STATUSES)[number][];

/** Where an admission came from; FHIR Encounter.hospitalization.admitSource (stays-fhir.ts maps them). */
export const ADMIT_SOURCES = ['Emergency', 'Outpatient', 'Planned'] as const;

/** How a stay ended; FHIR Encounter.hospitalization.dischargeDisposition. */
export const DISCHARGE_DISPOSITIONS = ['Home', 'Other facility', 'Against medical advice', 'Died'] as const;

export const stayIdParamSchema = z.object({ stayId: z.uuid({ error: 'Stay not found' }) });

export const STAY_MESSAGES = {
  notFound: 'Stay not found',
  loadFailed: 'Could not load the stay',
  boardLoadFailed: 'Could not load the ward board',
  patientRequired: 'Choose a registered patient',
  doctorRequired: 'Choose the doctor in charge',
  doctorNotFound: 'The doctor in charge must be a doctor of this hospital',
  reasonRequired: 'Please give the reason for admission',
  bedRequired: 'Choose a free bed',
  wardRequired: 'Choose a ward',
  expectedDaysInvalid: 'Expected length of stay must be a whole number of days from 1 to 365',
  plannedForInvalid: 'Choose the day of the planned admission',
  plannedForPast: 'A planned admission cannot be in the past',
  openStay: 'This patient is already admitted or has a planned admission',
  bedNotInWard: 'This bed is not in the chosen ward',
  notAdmitted: 'Only an admitted patient can be moved or discharged',
  notPlanned: 'Only a planned admission can be admitted or cancelled here',
  sameBed: 'The patient is already in this bed',
  dispositionRequired: 'Choose how the stay ended',
  summaryRequired: 'A doctor must sign the discharge summary before the discharge is completed',
  deathReportRequired:
    'Record the death report (Reports) before completing the discharge of a patient who died',
  confirmOpenItems: 'Doses or results are still open for this patient: confirm to discharge anyway',
  bedNotCleaning: 'Only a bed being cleaned can be made ready',
  admitted: 'Patient admitted',
  planned: 'Planned admission booked',
  cancelled: 'Planned admission cancelled',
  transferred: 'Patient transferred',
  discharged: 'Discharge completed',
  bedReady: 'Bed ready',
} as const;

const uuidField = (message: string) => z.uuid({ error: message });

/** What every admission records: the doctor in charge, why, the admission diagnosis, how long it should take. */
export const admissionDetailsSchema = z.object({
  doctorId: uuidField(STAY_MESSAGES.doctorRequired),
  reason: requiredText(STAY_MESSAGES.reasonRequired, 300),
  /** The doctor's own wording of the admission diagnosis (optional beside a code). */
  diagnosisText: optionalSingleLineText(300).default(''),
  diagnosisCode: diagnosisCodeField,
  expectedDays: z
    .union([
      z.literal('').transform(() => null),
      z.coerce.number({ error: STAY_MESSAGES.expectedDaysInvalid }),
    ])
    .nullish()
    .transform((v) => v ?? null)
    .refine(
      (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 365),
      STAY_MESSAGES.expectedDaysInvalid,
    ),
});

/** POST /api/stays: a doctor (or the desk) admits a registered patient into a free bed. */
export const admitSchema = admissionDetailsSchema.extend({
  patientId: uuidField(STAY_MESSAGES.patientRequired),
  bedId: uuidField(STAY_MESSAGES.bedRequired),
});
export type AdmitInput = z.input<typeof admitSchema>;

/** POST /api/stays/planned: the front desk books an admission for a day, optionally reserving a bed. */
export const planAdmissionSchema = admissionDetailsSchema.extend({
  patientId: uuidField(STAY_MESSAGES.patientRequired),
  wardId: uuidField(STAY_MESSAGES.wardRequired),
  bedId: z
    .union([z.literal(''), uuidField(STAY_MESSAGES.bedRequired)])
    .nullish()
    .transform((v) => v || null),
  plannedFor: z
    .string({ error: STAY_MESSAGES.plannedForInvalid })
    .refine(isCalendarDate, STAY_MESSAGES.plannedForInvalid),
});
export type PlanAdmissionInput = z.input<typeof planAdmissionSchema>;

/** POST /api/stays/:stayId/admit: a planned patient arrives; the reserved bed, or another free one. */
export const arriveSchema = z.object({
  bedId: z
    .union([z.literal(''), uuidField(STAY_MESSAGES.bedRequired)])
    .nullish()
    .transform((v) => v || null),
});

/** POST /api/stays/:stayId/transfer: to another free bed, in this ward or another. */
export const transferSchema = z.object({ bedId: uuidField(STAY_MESSAGES.bedRequired) });
export type TransferInput = z.input<typeof transferSchema>;

/** POST /api/stays/:stayId/discharge: the nurse completes the discharge. */
export const completeDischargeSchema = z.object({
  disposition: z.enum(DISCHARGE_DISPOSITIONS, { error: STAY_MESSAGES.dispositionRequired }),
  /** Given after the screen asked about doses or results still open. */
  confirmed: z.boolean().optional().default(false),
});
export type CompleteDischargeInput = z.input<typeof completeDischargeSchema>;

const personRef = z.object({ id: z.string(), name: z.string() });

/** A stay as its page shows it: who, where, under whom, why, since when, and where they lay before. */
export const staySchema = z.object({
  id: z.string(),
  status: z.enum(STAY_STATUSES),
  patient: personRef.extend({
    recordNumber: z.string().nullable(),
    age: z.number().nullable(),
    gender: z.string().nullable(),
    allergies: z.array(z.string()),
  }),
  ward: personRef,
  bed: z.object({ id: z.string(), label: z.string(), status: z.enum(BED_STATUSES) }).nullable(),
  doctor: personRef,
  admitSource: z.enum(ADMIT_SOURCES),
  reason: z.string(),
  diagnosis: codedDiagnosisSchema.nullable(),
  diagnosisText: z.string(),
  expectedDays: z.number().nullable(),
  plannedFor: z.string().nullable(),
  admittedAt: z.string().nullable(),
  dischargedAt: z.string().nullable(),
  dischargeDisposition: z.enum(DISCHARGE_DISPOSITIONS).nullable(),
  /** Midnights since admission (0 on the day of admission), at the facility's clock. */
  daysSinceAdmission: z.number().nullable(),
  locations: z.array(
    z.object({ wardName: z.string(), bedLabel: z.string(), fromAt: z.string(), toAt: z.string().nullable() }),
  ),
});
export type Stay = z.infer<typeof staySchema>;

/** NEWS2 on a bed card: the latest set's score and risk (observations module). */
const boardScoreSchema = z.object({ score: z.number(), risk: z.string(), takenAt: z.string() });

/** One bed of the ward board, with its stay when a patient lies in it or is expected. */
const boardBedSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(BED_STATUSES),
  stay: z
    .object({
      id: z.string(),
      status: z.enum(STAY_STATUSES),
      patientId: z.string(),
      patientName: z.string(),
      age: z.number().nullable(),
      gender: z.string().nullable(),
      admittedAt: z.string().nullable(),
      plannedFor: z.string().nullable(),
      daysSinceAdmission: z.number().nullable(),
      doctorName: z.string(),
      diagnosis: z.string(),
      hasAllergies: z.boolean(),
      news2: boardScoreSchema.nullable(),
      doses: z.object({ due: z.number(), overdue: z.number() }),
    })
    .nullable(),
});
export type BoardBed = z.infer<typeof boardBedSchema>;

/** GET /api/wards/:wardId/board: every bed of the ward, in label order, and the ward's counts. */
export const wardBoardSchema = z.object({
  ward: z.object({ id: z.string(), name: z.string(), kind: z.string(), sexRule: z.string() }),
  beds: z.array(boardBedSchema),
  counts: z.object({ Free: z.number(), Occupied: z.number(), Reserved: z.number(), Cleaning: z.number() }),
});
export type WardBoard = z.infer<typeof wardBoardSchema>;

export const wardIdParamSchema = z.object({ wardId: z.uuid({ error: WARD_MESSAGES.notFound }) });

/** GET /api/wards/free-beds: the beds an admission or a transfer may choose. */
export const freeBedListSchema = z.object({
  data: z.array(z.object({ id: z.string(), label: z.string(), wardId: z.string(), wardName: z.string() })),
});
export type FreeBed = z.infer<typeof freeBedListSchema>['data'][number];

/** What a stay's write answers: its id (the screen then reads the stay or the board). */
export const stayIdSchema = z.object({ id: z.string() });

/** The roles that work on the wards: they read boards and stays and move patients. */
export const WARD_ROLES = ['admin', 'doctor', 'nurse'] as const;
