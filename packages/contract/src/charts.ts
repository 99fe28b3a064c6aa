import { z } from 'zod';
import {
  bloodGroupSchema,
  genderSchema,
  optionalVitalField,
  VITAL_RANGES,
  VITAL_SOURCES,
  type VitalName,
} from './clinical';
import { listQuerySchema, pageOf } from './common';
import { REPORT_KINDS, reportAttachmentSchema } from './reports';

/*
 * The doctor's Patient List and the patient chart (docs/areas/doctor-patients-chart.md): the
 * list's cards, the chart side drawer and its medical reports.
 *
 *   GET /api/doctor/patients               [patientCardsQuerySchema -> patientCardPageSchema]
 *   GET /api/doctor/patients/export        [patientFilterQuerySchema -> text/csv, streamed]
 *   GET /api/doctor/patients/:id           [-> patientChartSchema]           (audited)
 *   GET /api/doctor/patients/:id/reports   [medicalReportsQuerySchema -> medicalReportPageSchema]
 *   PUT /api/doctor/patients/:id/medical-details [updateMedicalDetailsSchema -> patientChartSchema]
 */

/** The Count selector's sizes; 10 by default, page 1 by default. */
export const PATIENT_LIST_SIZES = [10, 20, 30, 40] as const;
export const PATIENT_LIST_DEFAULT_SIZE = 10;

/** A gap in a list of page numbers ("1 … 4 5 6 … 20"). */
export const PAGE_GAP = 'gap' as const;

/**
 * Every page number from 1 to `total` (a number of pages: dividing it by the page size again
 * would be a defect), with gaps for long lists: the first and last pages and those around the current
 * one. A gap never hides a single page: that page is shown instead.
 */
export function pageNumbers(current: number, total: number, around = 1): Array<number | typeof PAGE_GAP> {
  const shown = new Set([1, total]);
  for (let p = current - around; p <= current + around; p += 1) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: Array<number | typeof PAGE_GAP> = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push(PAGE_GAP);
    items.push(page);
  }
  return items;
}

/** "My patients": anyone with an appointment (any status) with the signed-in doctor. */
export const PATIENT_SCOPES = ['mine', 'all'] as const;
export type PatientScope = (typeof PATIENT_SCOPES)[number];
export const PATIENT_SCOPE_LABELS: Record<PatientScope, string> = {
  mine: 'My patients',
  all: 'All patients',
};

/** The last-visit filter: a Completed appointment (with any doctor) within so many days, or none ever. */
export const LAST_VISIT_FILTERS = ['30', '90', '365', 'never'] as const;
export type LastVisitFilter = (typeof LAST_VISIT_FILTERS)[number];
export const LAST_VISIT_LABELS: Record<LastVisitFilter, string> = {
  '30': 'Within 30 days',
  '90': 'Within 90 days',
  '365': 'Within a year',
  never: 'Never visited',
};

export const AGE_MAX = 150;

export const CHART_MESSAGES = {
  listFailed: 'Could not fetch patients',
  chartFailed: 'Could not load the patient',
  reportsFailed: 'Could not load medical reports',
  vitalsFailed: 'Could not load the vitals over time',
  noVitals: 'No vitals recorded in the last 12 months.',
  saved: 'Medical details saved',
  saveFailed: 'Failed to save medical details',
  exportFailed: 'Could not download the report',
  ageRange: 'The highest age must not be below the lowest',
  ageBound: `Enter an age from 0 to ${AGE_MAX}`,
  bothPressures: 'Enter both systolic and diastolic blood pressure',
  diastolicBelowSystolic: 'Diastolic blood pressure must be below systolic',
  allergyTooLong: 'An allergy must be at most 60 characters',
  tooManyAllergies: 'At most 30 allergies',
  textTooLong: 'Must be at most 500 characters',
} as const;

/*
 * Query strings and forms send '' for "no choice". Empty text is turned into "absent" before
 * the check (preprocess), not accepted as one branch of a union: a failing union reports only
 * "Invalid input", and the field's own message would be lost.
 */
const blankAs =
  <T>(absent: T) =>
  (v: unknown) =>
    v === '' ? absent : v;

/** An age bound: empty means "no bound". */
const ageBound = z.preprocess(
  blankAs(undefined),
  z.coerce
    .number({ error: CHART_MESSAGES.ageBound })
    .int(CHART_MESSAGES.ageBound)
    .min(0, CHART_MESSAGES.ageBound)
    .max(AGE_MAX, CHART_MESSAGES.ageBound)
    .optional(),
);

/** An optional choice: empty means "any". */
const anyOr = <T extends z.ZodType>(schema: T) => z.preprocess(blankAs(undefined), schema.optional());

/** What narrows the list, shared by the page and the CSV export (so the file holds what the screen shows). */
const filterShape = {
  q: z.string().trim().max(100, 'Search is too long').optional(),
  scope: z.enum(PATIENT_SCOPES, { error: 'Scope must be mine or all' }).default('mine'),
  bloodGroup: anyOr(bloodGroupSchema),
  ageMin: ageBound,
  ageMax: ageBound,
  lastVisit: anyOr(z.enum(LAST_VISIT_FILTERS, { error: 'Last visit must be 30, 90, 365 or never' })),
};

const ageRangeRule = (
  value: { ageMin?: number | undefined; ageMax?: number | undefined },
  issue: z.core.$RefinementCtx,
) => {
  if (value.ageMin !== undefined && value.ageMax !== undefined && value.ageMax < value.ageMin)
    issue.addIssue({ code: 'custom', path: ['ageMax'], message: CHART_MESSAGES.ageRange });
};

export const patientFilterQuerySchema = z.object(filterShape).superRefine(ageRangeRule);
export type PatientFilter = z.output<typeof patientFilterQuerySchema>;

export const PATIENT_CARD_SORTABLE = ['fullName', 'age'] as const;
export const patientCardsQuerySchema = listQuerySchema(PATIENT_CARD_SORTABLE, PATIENT_LIST_DEFAULT_SIZE)
  .extend(filterShape)
  .superRefine(ageRangeRule);

// ---------------------------------------------------------------------------------------------
// Latest vitals: each measure's latest recorded (non-empty) value, with when it was taken
// ---------------------------------------------------------------------------------------------

const latestValueSchema = z.object({ value: z.number(), recordedAt: z.string() });
export type LatestValue = z.infer<typeof latestValueSchema>;

const latestBloodPressureSchema = z.object({
  systolic: z.number(),
  diastolic: z.number().nullable(),
  recordedAt: z.string(),
});
export type LatestBloodPressure = z.infer<typeof latestBloodPressureSchema>;

/** A card of the Patient List: id, recordNumber, fullName, avatar, dateOfBirth, address, weight, bloodPressure, bloodGlucose. */
const patientCardSchema = z.object({
  id: z.string(),
  /** The clinic's record number ("CP-000123"); `q` finds it in any case. */
  recordNumber: z.string(),
  fullName: z.string(),
  /** The avatar: the profile picture's URL, or null (the screen shows initials). */
  imageUrl: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  age: z.number().int().nullable(),
  /** One line, as entered. */
  address: z.string().nullable(),
  bloodGroup: bloodGroupSchema.nullable(),
  /** The start of the latest Completed appointment, with any doctor. */
  lastVisitedAt: z.string().nullable(),
  weight: latestValueSchema.nullable(),
  bloodPressure: latestBloodPressureSchema.nullable(),
  bloodGlucose: latestValueSchema.nullable(),
});
export type PatientCard = z.infer<typeof patientCardSchema>;
export const patientCardPageSchema = pageOf(patientCardSchema);

// ---------------------------------------------------------------------------------------------
// Medical reports: the patient's visits and the doctor area's reports about the patient
// ---------------------------------------------------------------------------------------------

/**
 * The patient's visits, their triage intakes (complaint, score, priority and where they were
 * sent) and the doctor area's stored reports of which the patient is the subject.
 */
const MEDICAL_REPORT_KINDS = ['visit', 'triage', ...REPORT_KINDS] as const;

/** A medical report row: id, surgery, generatedBy, attachements (spelled so), with its date, title and status. */
const medicalReportSchema = z.object({
  id: z.string(),
  kind: z.enum(MEDICAL_REPORT_KINDS),
  date: z.string(),
  title: z.string(),
  /**
   * What was done: for a visit, the appointment's type (checkup or surgery); for a triage intake,
   * its score and where the patient was sent (triageSummary); for a report, its kind.
   */
  surgery: z.string(),
  /** Who made the record: the visit's doctor or the report's author ("Dr First Last"). */
  generatedBy: z.string().nullable(),
  status: z.string(),
  attachements: z.array(reportAttachmentSchema),
});
export type MedicalReport = z.infer<typeof medicalReportSchema>;

/** A triage intake's line in the chart's history: "Triage score 5, sent to ER". */
export const triageSummary = (score: number, department: string) =>
  `Triage score ${score}, sent to ${department}`;
export const medicalReportPageSchema = pageOf(medicalReportSchema);
export type MedicalReportPage = z.infer<typeof medicalReportPageSchema>;

export const MEDICAL_REPORTS_PAGE_SIZE = 5;
export const medicalReportsQuerySchema = listQuerySchema(['date'] as const, MEDICAL_REPORTS_PAGE_SIZE).pick({
  page: true,
  limit: true,
});

// ---------------------------------------------------------------------------------------------
// The chart (the drawer)
// ---------------------------------------------------------------------------------------------

const medicalDetailsSchema = z.object({
  bloodGroup: bloodGroupSchema.nullable(),
  treatment: z.string().nullable(),
  ongoingSurgeries: z.string().nullable(),
  allergies: z.array(z.string()),
  /** Null until a doctor first saves them. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});

const latestVitalsSchema = z.object({
  heartRate: latestValueSchema.nullable(),
  bloodPressure: latestBloodPressureSchema.nullable(),
  temperature: latestValueSchema.nullable(),
  respiratoryRate: latestValueSchema.nullable(),
  oxygenSaturation: latestValueSchema.nullable(),
  weight: latestValueSchema.nullable(),
  height: latestValueSchema.nullable(),
  bloodGlucose: latestValueSchema.nullable(),
});
export type LatestVitals = z.infer<typeof latestVitalsSchema>;

export const patientChartSchema = z.object({
  patient: z.object({
    id: z.string(),
    /** The clinic's record number ("CP-000123"), in the drawer's header. */
    recordNumber: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    age: z.number().int().nullable(),
    address: z.string().nullable(),
    gender: genderSchema.nullable(),
    imageUrl: z.string().nullable(),
  }),
  medical: medicalDetailsSchema,
  lastVisitedAt: z.string().nullable(),
  vitals: latestVitalsSchema,
  /** The first page of Medical reports; further pages from /reports. */
  reports: medicalReportPageSchema,
});
export type PatientChart = z.infer<typeof patientChartSchema>;

// ---------------------------------------------------------------------------------------------
// Vitals over time: the chart's trends
// ---------------------------------------------------------------------------------------------

/** How far back the trends reach, and at most how many measurements they hold (the newest). */
export const VITALS_SERIES_MONTHS = 12;
export const VITALS_SERIES_MAX_POINTS = 60;

/** The measures drawn over time, in the order the drawer shows them. */
export const TREND_MEASURES = [
  'bloodPressure',
  'heartRate',
  'temperature',
  'respiratoryRate',
  'oxygenSaturation',
  'weight',
  'bloodGlucose',
] as const;
export type TrendMeasure = (typeof TREND_MEASURES)[number];

/**
 * The usual adult resting ranges the trends shade (not alarms, not diagnosis): blood pressure
 * 90–120 / 60–80 mmHg, heart rate 60–100 bpm, temperature 36.1–37.2 °C, fasting blood glucose
 * 70–100 mg/dL (3.9–5.5 mmol/L); respiration rate 12–20 per minute and SpO2 96% or more, the
 * bands NEWS2 scores 0 (on its scale 1). Weight has none: what is normal depends on height.
 */
export const NORMAL_RANGES = {
  systolic: { low: 90, high: 120 },
  diastolic: { low: 60, high: 80 },
  heartRate: { low: 60, high: 100 },
  temperature: { low: 36.1, high: 37.2 },
  respiratoryRate: { low: 12, high: 20 },
  oxygenSaturation: { low: 96, high: 100 },
  bloodGlucose: { low: 70, high: 100 },
} as const satisfies Partial<Record<VitalName, { low: number; high: number }>>;

/** One measurement (a triage intake, a chart entry or a ward observation set): what it holds, null for what it lacks. */
const vitalsPointSchema = z.object({
  recordedAt: z.string(),
  source: z.enum(VITAL_SOURCES),
  heartRate: z.number().nullable(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  temperature: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  oxygenSaturation: z.number().nullable(),
  weight: z.number().nullable(),
  bloodGlucose: z.number().nullable(),
});
export type VitalsPoint = z.infer<typeof vitalsPointSchema>;

export const vitalsSeriesSchema = z.object({
  /** The start of the window (now minus VITALS_SERIES_MONTHS). */
  since: z.string(),
  /** Oldest first; only measurements with at least one of the trend measures. */
  points: z.array(vitalsPointSchema),
});
export type VitalsSeries = z.infer<typeof vitalsSeriesSchema>;

// ---------------------------------------------------------------------------------------------
// Editing the medical details (and recording new measurements with them)
// ---------------------------------------------------------------------------------------------

const ALLERGY_MAX = 60;
const ALLERGIES_MAX = 30;

/** Free text of a chart: empty means "none recorded" and is stored as null. */
const chartText = z
  .string()
  .trim()
  .max(500, CHART_MESSAGES.textTooLong)
  .nullish()
  .transform((v) => v || null);

/** Allergies as typed: trimmed, empties dropped, the same one (any case) kept once. */
const allergiesField = z
  .array(z.string().trim().max(ALLERGY_MAX, CHART_MESSAGES.allergyTooLong))
  .default([])
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((a) => {
      const key = a.toLowerCase();
      if (!a || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((list) => list.length <= ALLERGIES_MAX, CHART_MESSAGES.tooManyAllergies);

export const updateMedicalDetailsSchema = z
  .object({
    bloodGroup: z
      .preprocess(blankAs(null), bloodGroupSchema.nullable())
      .optional()
      .transform((v) => v ?? null),
    treatment: chartText,
    ongoingSurgeries: chartText,
    allergies: allergiesField,
    /** New measurements, each optional; any given one is recorded as of now. */
    weight: optionalVitalField('weight'),
    systolic: optionalVitalField('systolic'),
    diastolic: optionalVitalField('diastolic'),
    bloodGlucose: optionalVitalField('bloodGlucose'),
  })
  .superRefine((v, issue) => {
    if ((v.systolic === null) !== (v.diastolic === null)) {
      issue.addIssue({
        code: 'custom',
        path: [v.systolic === null ? 'systolic' : 'diastolic'],
        message: CHART_MESSAGES.bothPressures,
      });
    } else if (v.systolic !== null && v.diastolic !== null && v.diastolic >= v.systolic) {
      issue.addIssue({ code: 'custom', path: ['diastolic'], message: CHART_MESSAGES.diastolicBelowSystolic });
    }
  });
export type UpdateMedicalDetailsInput = z.input<typeof updateMedicalDetailsSchema>;
export type UpdateMedicalDetails = z.output<typeof updateMedicalDetailsSchema>;

/** The CSV export's columns, in order (the file's header row). */
export const PATIENT_CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Date of birth',
  'Age',
  'Address',
  'Blood group',
  `Weight (${VITAL_RANGES.weight.unit})`,
  `Blood pressure (${VITAL_RANGES.systolic.unit})`,
  `Blood glucose (${VITAL_RANGES.bloodGlucose.unit})`,
  'Last visited',
] as const;

/** "patients-2030-01-07.csv": the export's file name, dated in facility time. */
export const patientCsvFileName = (date: string) => `patients-${date}.csv`;
