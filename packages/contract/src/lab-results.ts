import { z } from 'zod';
import { GENDERS } from './clinical';
import { requiredMultilineText } from './common';
import {
  LAB_INTERPRETATIONS,
  LAB_ORDER_STATES,
  LAB_PRIORITIES,
  LAB_RESULT_SOURCES,
  LAB_RESULT_STATUSES,
  LAB_RESULT_TYPES,
} from './lab';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * Laboratory results (docs/areas/lab-results.md): a scientist enters the values of an order's
 * tests (a panel's members each), another (or the same, by the lab's setting) verifies them, the
 * ordering doctor reads them live, is alerted of a critical one until acknowledged, and shares them
 * with the patient. A verified value is corrected only by a new version with a reason.
 *
 *   GET  /api/lab/orders/:id/results              [-> labResultSheetSchema]            (lab, admin)
 *   PUT  /api/lab/orders/:id/results              [enterLabResultsSchema -> sheet]     (lab)
 *   POST /api/lab/orders/:id/verify               [-> sheet]                           (lab)
 *   POST /api/lab/results/:id/correct             [correctLabResultSchema -> sheet]    (lab)
 *   GET  /api/doctor/patients/:id/lab-results     [-> patientLabResultsSchema]         (doctor)
 *   PUT  /api/doctor/lab-orders/:id/share         [shareSchema -> shareSchema]         (its orderer)
 *   GET  /api/doctor/lab-alerts                   [-> labCriticalAlertListSchema]      (doctor: their own)
 *   POST /api/doctor/lab-alerts/:id/acknowledge   [-> labCriticalAlertSchema]          (doctor: their own)
 *   GET  /api/admin/lab-alerts                    [-> labCriticalAlertListSchema]      (admin: escalated)
 *   GET  /api/patient/lab-results                 [-> patientLabReportListSchema]      (patient: shared, verified)
 *   GET  /api/patient/lab-results/:id             [-> patientLabReportSchema]          (404 unless shared)
 *   GET  /api/admin/facility/lab                  [-> labSettingsSchema]               (admin)
 *   PUT  /api/admin/facility/lab                  [labSettingsSchema -> same]          (admin)
 *   GET  /api/lab-notices, POST /api/lab-notices/:id/seen (corrections of results the reader saw)
 */

export const LAB_RESULT_MESSAGES = {
  specimenNotFound: 'Specimen not found',
  specimenRejected: 'The specimen was rejected: collect a new one before entering results',
  orderNotFound: 'Lab order not found',
  orderCancelled: 'The order was cancelled',
  orderNotCollected: 'The specimen has not been collected yet',
  testNotOrdered: 'This test was not ordered on this specimen',
  unitMismatch: 'The unit is not the test’s unit',
  valueNotNumber: 'Enter a number',
  valueNotChoice: 'Choose one of the test’s answers',
  valueTextRequired: 'Enter the result',
  valueTooLong: 'Must be at most 2000 characters',
  valuesRequired: 'Enter at least one value',
  valueRepeated: 'Each test may appear once',
  resultExists: 'This test already has a value: correct it after verification instead',
  resultVerified: 'This order is verified: correct a value instead of entering it again',
  resultNotFound: 'Lab result not found',
  nothingToVerify: 'Every test needs a value before verification',
  alreadyVerified: 'These results are already verified',
  secondScientistRequired: 'Another scientist must verify the values you entered',
  correctOnlyVerified: 'Only a verified result can be corrected',
  correctionReasonRequired: 'Give the reason for the correction',
  sameValue: 'The corrected value is the same as the current one',
  alertNotFound: 'Critical result alert not found',
  alertAcknowledged: 'This critical result was already acknowledged',
  shareOnlyVerified: 'Only verified results can be shared',
  saved: 'Results saved',
  verified: 'Results verified and released to the doctor',
  corrected: 'Result corrected',
  acknowledged: 'Critical result acknowledged',
  settingsSaved: 'Laboratory settings saved',
  escalationMinutes: 'Between 5 and 1440 minutes',
  loadFailed: 'Could not load the results',
  noResults: 'No laboratory results yet.',
  noAlerts: 'No critical results waiting.',
  correctedNotice: 'A laboratory result you read was corrected',
} as const;

/** Longest free-text result (a film comment), as a form's text area allows. */
export const LAB_TEXT_RESULT_MAX = 2000;
/** More values than an order's tests never come in one save; a panel of panels is not a thing. */
const MAX_VALUES_PER_SAVE = 100;

/** A value as entered: a number for a quantity test, the answer for a choice, text for a text test. */
export const labValueSchema = z.union(
  [
    z.number().finite(LAB_RESULT_MESSAGES.valueNotNumber),
    z
      .string()
      .trim()
      .min(1, LAB_RESULT_MESSAGES.valueTextRequired)
      .max(LAB_TEXT_RESULT_MAX, LAB_RESULT_MESSAGES.valueTooLong)
      .refine(isCleanText, INVALID_TEXT_MESSAGE),
  ],
  { error: LAB_RESULT_MESSAGES.valueTextRequired },
);
export type LabValue = z.infer<typeof labValueSchema>;

export const enterLabResultsSchema = z.object({
  values: z
    .array(z.object({ testId: z.string().uuid('Invalid id'), value: labValueSchema }))
    .min(1, LAB_RESULT_MESSAGES.valuesRequired)
    .max(MAX_VALUES_PER_SAVE)
    .refine(
      (values) => new Set(values.map((v) => v.testId)).size === values.length,
      LAB_RESULT_MESSAGES.valueRepeated,
    ),
});
export type EnterLabResults = z.infer<typeof enterLabResultsSchema>;

export const correctLabResultSchema = z.object({
  value: labValueSchema,
  reason: requiredMultilineText(LAB_RESULT_MESSAGES.correctionReasonRequired, 500),
});
export type CorrectLabResult = z.infer<typeof correctLabResultSchema>;

/** Who must verify: another scientist than the one who entered the value (default), or anyone in a separate step. */
export const LAB_VERIFICATION_RULES = ['second-scientist', 'same-scientist'] as const;
export type LabVerificationRule = (typeof LAB_VERIFICATION_RULES)[number];
export const LAB_VERIFICATION_LABELS: Record<LabVerificationRule, string> = {
  'second-scientist': 'A second scientist verifies',
  'same-scientist': 'The same scientist may verify in a separate step',
};

export const labSettingsSchema = z.object({
  verification: z.enum(LAB_VERIFICATION_RULES, { error: 'Choose who verifies' }),
  /** How long a critical result may wait for the doctor's acknowledgement before the admins see it. */
  escalationMinutes: z
    .number({ error: LAB_RESULT_MESSAGES.escalationMinutes })
    .int(LAB_RESULT_MESSAGES.escalationMinutes)
    .min(5, LAB_RESULT_MESSAGES.escalationMinutes)
    .max(1440, LAB_RESULT_MESSAGES.escalationMinutes),
});
export type LabSettings = z.infer<typeof labSettingsSchema>;
export const DEFAULT_LAB_SETTINGS: LabSettings = { verification: 'second-scientist', escalationMinutes: 30 };

const personSchema = z.object({ id: z.string(), name: z.string() });

const rangeSchema = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  criticalLow: z.number().nullable(),
  criticalHigh: z.number().nullable(),
});
export type LabRangeShown = z.infer<typeof rangeSchema>;

/** One version of one test's result. */
export const labResultSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  /** The number of a quantity test, or the answer / text of the others. */
  value: z.union([z.number(), z.string()]),
  unit: z.string().nullable(),
  interpretation: z.enum(LAB_INTERPRETATIONS).nullable(),
  rangeLow: z.number().nullable(),
  rangeHigh: z.number().nullable(),
  status: z.enum(LAB_RESULT_STATUSES),
  source: z.enum(LAB_RESULT_SOURCES),
  enteredBy: personSchema.nullable(),
  enteredAt: z.string(),
  verifiedBy: personSchema.nullable(),
  verifiedAt: z.string().nullable(),
  correctionReason: z.string().nullable(),
  /** Set on a version a correction replaced: shown struck through, as corrected. */
  supersededAt: z.string().nullable(),
  sharedWithPatient: z.boolean(),
});
export type LabResult = z.infer<typeof labResultSchema>;

const labTestShownSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  loincCode: z.string(),
  resultType: z.enum(LAB_RESULT_TYPES),
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
  choices: z.array(z.string()),
  abnormalChoices: z.array(z.string()),
});
export type LabTestShown = z.infer<typeof labTestShownSchema>;

/** One test of an order (a panel's member under its panel): its range for this patient and its versions, newest first. */
const labResultLineSchema = z.object({
  test: labTestShownSchema,
  panel: z.object({ id: z.string(), name: z.string() }).nullable(),
  range: rangeSchema.nullable(),
  /** The current version, or null while none is filed. */
  current: labResultSchema.nullable(),
  /** Versions a correction replaced, newest first. */
  previous: z.array(labResultSchema),
});
export type LabResultLine = z.infer<typeof labResultLineSchema>;

const labOrderHeadSchema = z.object({
  id: z.string(),
  state: z.enum(LAB_ORDER_STATES),
  priority: z.enum(LAB_PRIORITIES),
  clinicalNote: z.string().nullable(),
  orderedAt: z.string(),
  requester: personSchema,
  specimen: z
    .object({
      id: z.string(),
      accession: z.string(),
      collectedAt: z.string(),
      receivedAt: z.string().nullable(),
    })
    .nullable(),
  lines: z.array(labResultLineSchema),
});
export type LabOrderHead = z.infer<typeof labOrderHeadSchema>;

/** The scientist's entry and verification sheet of one order. */
export const labResultSheetSchema = labOrderHeadSchema.extend({
  patient: z.object({
    id: z.string(),
    name: z.string(),
    recordNumber: z.string().nullable(),
    sex: z.enum(GENDERS).nullable(),
    dateOfBirth: z.string().nullable(),
  }),
  verification: z.enum(LAB_VERIFICATION_RULES),
  /** Whether the signed-in scientist may verify now (every test has a value, and the rule allows them). */
  canVerify: z.boolean(),
  /** Why not, when they may not (the message the button's hint shows). */
  verifyBlockedBy: z.string().nullable(),
});
export type LabResultSheet = z.infer<typeof labResultSheetSchema>;

/** One point of a test's trend: a verified value at the time it was entered. */
const trendPointSchema = z.object({
  at: z.string(),
  value: z.number(),
  interpretation: z.enum(LAB_INTERPRETATIONS).nullable(),
});
const labTrendSchema = z.object({
  test: z.object({ id: z.string(), name: z.string(), unit: z.string().nullable(), loincCode: z.string() }),
  range: rangeSchema.nullable(),
  points: z.array(trendPointSchema),
});
export type LabTrend = z.infer<typeof labTrendSchema>;

/** How far back the chart's trends reach. */
export const LAB_TREND_DAYS = 365;

/** A patient's orders with their results (the doctor's chart), and the trend of each quantity test over a year. */
export const patientLabResultsSchema = z.object({
  orders: z.array(labOrderHeadSchema.extend({ shared: z.boolean(), canShare: z.boolean() })),
  trends: z.array(labTrendSchema),
});
export type PatientLabResults = z.infer<typeof patientLabResultsSchema>;

export const labCriticalAlertSchema = z.object({
  id: z.string(),
  resultId: z.string(),
  orderId: z.string(),
  patient: z.object({ id: z.string(), name: z.string(), recordNumber: z.string().nullable() }),
  doctor: personSchema,
  test: z.object({ name: z.string(), unit: z.string().nullable() }),
  value: z.union([z.number(), z.string()]),
  interpretation: z.enum(LAB_INTERPRETATIONS).nullable(),
  raisedAt: z.string(),
  escalatedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: personSchema.nullable(),
});
export type LabCriticalAlert = z.infer<typeof labCriticalAlertSchema>;
export const labCriticalAlertListSchema = z.object({ data: z.array(labCriticalAlertSchema) });
export type LabCriticalAlertList = z.infer<typeof labCriticalAlertListSchema>;

/** A shared, verified order as the patient reads it: only final and corrected values, no preliminary one. */
export const patientLabReportSchema = z.object({
  id: z.string(),
  verifiedAt: z.string(),
  doctor: z.string(),
  lines: z.array(
    z.object({
      test: z.string(),
      value: z.union([z.number(), z.string()]),
      unit: z.string().nullable(),
      interpretation: z.enum(LAB_INTERPRETATIONS).nullable(),
      rangeLow: z.number().nullable(),
      rangeHigh: z.number().nullable(),
      corrected: z.boolean(),
    }),
  ),
});
export type PatientLabReport = z.infer<typeof patientLabReportSchema>;
export const patientLabReportListSchema = z.object({ data: z.array(patientLabReportSchema) });
export type PatientLabReportList = z.infer<typeof patientLabReportListSchema>;

/** Words for the flags, as the screens show them beside a value. */
export const LAB_INTERPRETATION_LABELS = {
  N: 'Normal',
  L: 'Low',
  H: 'High',
  LL: 'Critically low',
  HH: 'Critically high',
  A: 'Abnormal',
} as const;

/**
 * A notice that a result the reader saw was corrected: what it was, what it is, and why.
 *
 *   GET  /api/lab-notices            [-> labResultNoticeListSchema]   (the signed-in reader's unseen ones)
 *   POST /api/lab-notices/:id/seen   [-> okSchema]
 */
export const labResultNoticeSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  patient: z.object({ id: z.string(), name: z.string() }),
  test: z.string(),
  unit: z.string().nullable(),
  oldValue: z.union([z.number(), z.string()]),
  newValue: z.union([z.number(), z.string()]),
  reason: z.string(),
  correctedAt: z.string(),
});
export type LabResultNotice = z.infer<typeof labResultNoticeSchema>;
export const labResultNoticeListSchema = z.object({ data: z.array(labResultNoticeSchema) });
export type LabResultNoticeList = z.infer<typeof labResultNoticeListSchema>;
