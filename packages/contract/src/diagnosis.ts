import { z } from 'zod';
import { optionalMeasurementField, VITAL_RANGES, type VitalRange } from './clinical';
import { listQuerySchema, pageOf, requiredText } from './common';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * Diagnosis tests and their categories (docs/areas/diagnosis.md): the Diagnosis screen, the test
 * form, the categories, and deleting a test.
 *
 *   GET    /api/doctor/diagnosis-tests              [diagnosisTestsQuerySchema -> diagnosisTestPageSchema] (audited)
 *   POST   /api/doctor/diagnosis-tests              [diagnosisTestInputSchema -> diagnosisTestSchema]
 *   GET    /api/doctor/diagnosis-tests/:id          [-> diagnosisTestSchema]          (audited)
 *   PUT    /api/doctor/diagnosis-tests/:id          [diagnosisTestInputSchema -> diagnosisTestSchema] (own tests)
 *   DELETE /api/doctor/diagnosis-tests/:id          [-> ok]                           (own tests)
 *   GET    /api/doctor/diagnosis-categories         [diagnosisCategoriesQuerySchema -> diagnosisCategoryPageSchema]
 *   GET    /api/doctor/diagnosis-categories/options [-> diagnosisCategoryOptionsSchema]
 *   POST   /api/doctor/diagnosis-categories         [diagnosisCategoryInputSchema -> diagnosisCategorySchema]
 *   PUT    /api/doctor/diagnosis-categories/:id     [diagnosisCategoryInputSchema -> diagnosisCategorySchema]
 *   DELETE /api/doctor/diagnosis-categories/:id     [-> ok]                           (refused while in use)
 *
 * Measured values are numbers in fixed units (DIAGNOSIS_RANGES), stored in their own columns, so
 * they can leave as FHIR Observations; each is optional ("not measured").
 */

export const DIAGNOSIS_MESSAGES = {
  // Deleting asks first (Confirm Delete).
  confirmTitle: 'Confirm Delete',
  confirmText: 'Are you sure you want to delete this patient?',
  confirmButton: 'Yes, Delete',
  empty: 'No patient diagnosis',
  patientRequired: 'Choose a registered patient',
  nameRequired: 'Test name is required',
  categoryRequired: 'Choose a diagnosis category',
  bothPressures: 'Enter both systolic and diastolic blood pressure',
  diastolicBelowSystolic: 'Diastolic blood pressure must be below systolic',
  propertyNameRequired: 'Property name is required',
  propertyValueRequired: 'Property value is required',
  propertyNameTaken: 'Each property needs its own name',
  tooManyProperties: 'At most 20 extra properties',
  notYours: 'Only the doctor who recorded this test can change or delete it',
  created: 'Diagnosis test saved',
  updated: 'Diagnosis test updated',
  deleted: 'Diagnosis test deleted',
  loadFailed: 'Could not load diagnosis tests',
  loadOneFailed: 'Could not load the diagnosis test',
  saveFailed: 'Failed to save the diagnosis test',
  deleteFailed: 'Failed to delete the diagnosis test',
} as const;

export const DIAGNOSIS_CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  nameTaken: 'A diagnosis category with this name already exists',
  confirmText: 'Are you sure you want to delete this category?',
  inUse: (tests: number) =>
    `This category is used by ${tests} diagnosis test${tests === 1 ? '' : 's'} and cannot be deleted`,
  created: 'Diagnosis category saved',
  updated: 'Diagnosis category updated',
  deleted: 'Diagnosis category deleted',
  loadFailed: 'Could not load diagnosis categories',
  saveFailed: 'Failed to save the diagnosis category',
  deleteFailed: 'Failed to delete the diagnosis category',
} as const;

/**
 * The test's measurements: units fixed here (and in docs/areas/diagnosis.md), ranges what a living patient
 * can show. Blood pressure, weight and height are the vital signs' own.
 */
export const DIAGNOSIS_RANGES = {
  age: { label: 'Age', unit: 'years', min: 0, max: 150, step: 1 },
  height: VITAL_RANGES.height,
  weight: VITAL_RANGES.weight,
  averageGlucose: { label: 'Average glucose', unit: 'mg/dL', min: 20, max: 700, step: 1 },
  bloodSugar: { ...VITAL_RANGES.bloodGlucose, label: 'Blood sugar' },
  urinSugar: { label: 'Urine sugar', unit: 'mg/dL', min: 0, max: 2000, step: 1 },
  systolic: VITAL_RANGES.systolic,
  diastolic: VITAL_RANGES.diastolic,
  cholesterol: { label: 'Total cholesterol', unit: 'mg/dL', min: 50, max: 1000, step: 1 },
} as const satisfies Record<string, VitalRange>;
export type DiagnosisMeasure = keyof typeof DIAGNOSIS_RANGES;
const DIAGNOSIS_MEASURES = Object.keys(DIAGNOSIS_RANGES) as DiagnosisMeasure[];

/** The diabetes finding, as a choice (not free text), so it can be coded later. */
export const DIABETES_STATUSES = ['No diabetes', 'Prediabetes', 'Type 1', 'Type 2', 'Gestational'] as const;

const DIAGNOSIS_TEST_NAME_MAX = 120;
export const DIAGNOSIS_PROPERTIES_MAX = 20;
const DIAGNOSIS_PROPERTY_NAME_MAX = 60;
const DIAGNOSIS_PROPERTY_VALUE_MAX = 200;
const DIAGNOSIS_CATEGORY_NAME_MAX = 80;
const DIAGNOSIS_CATEGORY_DESCRIPTION_MAX = 500;
/** Report numbers read "DX-2026-000042": the prefix, the facility's year and a yearly counter. */
export const DIAGNOSIS_REPORT_PREFIX = 'DX';

const measurements = Object.fromEntries(
  DIAGNOSIS_MEASURES.map((m) => [m, optionalMeasurementField(DIAGNOSIS_RANGES[m])]),
) as { [M in DiagnosisMeasure]: ReturnType<typeof optionalMeasurementField> };

/** A form's '' (nothing chosen) is "absent", before the check, so the field's own message stays. */
const blankAsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const propertySchema = z.object({
  name: requiredText(DIAGNOSIS_MESSAGES.propertyNameRequired, DIAGNOSIS_PROPERTY_NAME_MAX),
  value: requiredText(DIAGNOSIS_MESSAGES.propertyValueRequired, DIAGNOSIS_PROPERTY_VALUE_MAX),
});

/** Create and edit: the report number is never sent, the server assigns it. */
export const diagnosisTestInputSchema = z
  .object({
    patientId: z
      .string({ error: DIAGNOSIS_MESSAGES.patientRequired })
      .uuid(DIAGNOSIS_MESSAGES.patientRequired),
    name: requiredText(DIAGNOSIS_MESSAGES.nameRequired, DIAGNOSIS_TEST_NAME_MAX),
    categoryId: z
      .string({ error: DIAGNOSIS_MESSAGES.categoryRequired })
      .uuid(DIAGNOSIS_MESSAGES.categoryRequired),
    ...measurements,
    diabetes: z
      .preprocess(blankAsNull, z.enum(DIABETES_STATUSES, { error: 'Choose a diabetes finding' }).nullable())
      .optional()
      .transform((v) => v ?? null),
    properties: z
      .array(propertySchema)
      .max(DIAGNOSIS_PROPERTIES_MAX, DIAGNOSIS_MESSAGES.tooManyProperties)
      .default([]),
  })
  .superRefine((v, issue) => {
    if ((v.systolic === null) !== (v.diastolic === null)) {
      issue.addIssue({
        code: 'custom',
        path: [v.systolic === null ? 'systolic' : 'diastolic'],
        message: DIAGNOSIS_MESSAGES.bothPressures,
      });
    } else if (v.systolic !== null && v.diastolic !== null && v.diastolic >= v.systolic) {
      issue.addIssue({
        code: 'custom',
        path: ['diastolic'],
        message: DIAGNOSIS_MESSAGES.diastolicBelowSystolic,
      });
    }
    const seen = new Set<string>();
    for (const [i, p] of v.properties.entries()) {
      const key = p.name.toLowerCase();
      if (seen.has(key))
        issue.addIssue({
          code: 'custom',
          path: ['properties', i, 'name'],
          message: DIAGNOSIS_MESSAGES.propertyNameTaken,
        });
      seen.add(key);
    }
  });
export type DiagnosisTestInput = z.input<typeof diagnosisTestInputSchema>;
export type DiagnosisTestFields = z.output<typeof diagnosisTestInputSchema>;

const personSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
});

const measuredSchema = z.number().nullable();

export const diagnosisTestSchema = z.object({
  id: z.string(),
  reportNumber: z.string(),
  name: z.string(),
  patient: personSchema,
  doctor: personSchema,
  category: z.object({ id: z.string(), name: z.string() }),
  age: measuredSchema,
  height: measuredSchema,
  weight: measuredSchema,
  averageGlucose: measuredSchema,
  bloodSugar: measuredSchema,
  urinSugar: measuredSchema,
  systolic: measuredSchema,
  diastolic: measuredSchema,
  cholesterol: measuredSchema,
  diabetes: z.enum(DIABETES_STATUSES).nullable(),
  properties: z.array(propertySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the signed-in doctor recorded it (and so may edit or delete it). */
  editable: z.boolean(),
  /** Whether the doctor who recorded it shares it with the patient (My Results). */
  sharedWithPatient: z.boolean(),
});
export type DiagnosisTest = z.infer<typeof diagnosisTestSchema>;

/** A row of the list: the spec's sample row (reportNum, patient, doctor, diagCategory, createdOn, profileImg). */
const diagnosisTestRowSchema = z.object({
  id: z.string(),
  reportNumber: z.string(),
  name: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  patientEmail: z.string(),
  patientImageUrl: z.string().nullable(),
  doctorName: z.string(),
  doctorEmail: z.string(),
  categoryName: z.string(),
  createdAt: z.string(),
  editable: z.boolean(),
});
export type DiagnosisTestRow = z.infer<typeof diagnosisTestRowSchema>;
export const diagnosisTestPageSchema = pageOf(diagnosisTestRowSchema);
export type DiagnosisTestPage = z.infer<typeof diagnosisTestPageSchema>;

export const DIAGNOSIS_TEST_SORTABLE = [
  'reportNumber',
  'patientName',
  'categoryName',
  'name',
  'createdAt',
] as const;
export const DIAGNOSIS_LIST_SIZE = 10;
/** Newest first unless another order is asked for; `q` finds patient name, report number, category or test name. */
export const diagnosisTestsQuerySchema = listQuerySchema(DIAGNOSIS_TEST_SORTABLE, DIAGNOSIS_LIST_SIZE);

// ---------------------------------------------------------------------------------------------
// Categories: reference data any doctor manages
// ---------------------------------------------------------------------------------------------

export const diagnosisCategoryInputSchema = z.object({
  name: requiredText(DIAGNOSIS_CATEGORY_MESSAGES.nameRequired, DIAGNOSIS_CATEGORY_NAME_MAX),
  description: z
    .string()
    .trim()
    .max(
      DIAGNOSIS_CATEGORY_DESCRIPTION_MAX,
      `Must be at most ${DIAGNOSIS_CATEGORY_DESCRIPTION_MAX} characters`,
    )
    .refine(isCleanText, INVALID_TEXT_MESSAGE)
    .nullish()
    .transform((v) => v || null),
});
export type DiagnosisCategoryInput = z.input<typeof diagnosisCategoryInputSchema>;
export type DiagnosisCategoryFields = z.output<typeof diagnosisCategoryInputSchema>;

export const diagnosisCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** How many diagnosis tests use it (a category in use cannot be deleted). */
  testCount: z.number().int(),
  createdAt: z.string(),
});
export type DiagnosisCategory = z.infer<typeof diagnosisCategorySchema>;
export const diagnosisCategoryPageSchema = pageOf(diagnosisCategorySchema);
export type DiagnosisCategoryPage = z.infer<typeof diagnosisCategoryPageSchema>;

export const DIAGNOSIS_CATEGORY_SORTABLE = ['name', 'createdAt'] as const;
export const diagnosisCategoriesQuerySchema = listQuerySchema(DIAGNOSIS_CATEGORY_SORTABLE, 20);

/** Every category's id and name, for the test form's choice (reference data: a short list). */
export const DIAGNOSIS_CATEGORY_OPTIONS_MAX = 1000;
export const diagnosisCategoryOptionsSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DiagnosisCategoryOption = z.infer<typeof diagnosisCategoryOptionsSchema>['data'][number];
