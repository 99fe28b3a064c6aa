import { z } from 'zod';

/*
 * The clinical vocabulary the doctor area shares: vital signs with their units and plausible
 * ranges, blood groups, genders. A vital sign outside its range is refused as a typing error
 * (a living patient cannot show it); abnormal but possible values are accepted.
 */

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const bloodGroupSchema = z.enum(BLOOD_GROUPS, { error: 'Choose a blood group, for example O+' });
export type BloodGroup = z.infer<typeof bloodGroupSchema>;

/**
 * Gender as FHIR's administrative gender (http://hl7.org/fhir/administrative-gender), the same
 * codes: male, female, other (a value other than male, female or unknown) and unknown (there is
 * one, but it is not known). A FHIR Patient carries it as it is.
 */
export const GENDERS = ['male', 'female', 'other', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_MESSAGES = {
  required: 'Gender is required',
  invalid: 'Choose male, female, other or unknown',
} as const;
export const genderSchema = z.enum(GENDERS, { error: GENDER_MESSAGES.invalid });
/** Sign-up and the desk's registration record it for every patient: nothing chosen reads "Gender is required". */
export const requiredGenderField = z.enum(GENDERS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? GENDER_MESSAGES.required
      : GENDER_MESSAGES.invalid,
});

/** How a vital sign is measured and what a living patient can show; `step` is the precision stored. */
/** Where a measurement was taken: a doctor's chart entry, a triage intake, or a ward observation set. */
export const VITAL_SOURCES = ['chart', 'triage', 'ward'] as const;

export interface VitalRange {
  label: string;
  unit: string;
  min: number;
  max: number;
  step: number;
}

export const VITAL_RANGES = {
  heartRate: { label: 'Heart rate', unit: 'bpm', min: 10, max: 300, step: 1 },
  systolic: { label: 'Systolic blood pressure', unit: 'mmHg', min: 30, max: 300, step: 1 },
  diastolic: { label: 'Diastolic blood pressure', unit: 'mmHg', min: 10, max: 200, step: 1 },
  temperature: { label: 'Temperature', unit: '°C', min: 25, max: 45, step: 0.1 },
  respiratoryRate: { label: 'Respiratory rate', unit: 'breaths/min', min: 2, max: 80, step: 1 },
  oxygenSaturation: { label: 'Oxygen saturation', unit: '%', min: 40, max: 100, step: 1 },
  weight: { label: 'Weight', unit: 'kg', min: 0.3, max: 400, step: 0.1 },
  height: { label: 'Height', unit: 'cm', min: 20, max: 260, step: 0.1 },
  bloodGlucose: { label: 'Blood glucose', unit: 'mg/dL', min: 10, max: 1000, step: 1 },
} as const satisfies Record<string, VitalRange>;
export type VitalName = keyof typeof VITAL_RANGES;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * A required vital sign: a number (forms send text) within its plausible range, rounded to its
 * precision. `label` names it in messages when a screen calls it otherwise (pulse rate).
 */
export const vitalField = (name: VitalName, label?: string) =>
  measurementField({ ...VITAL_RANGES[name], ...(label ? { label } : {}) });

/** A required measurement of any range (vital signs, laboratory values): the same rule as vitalField. */
function measurementField(r: VitalRange) {
  const wrong = `${r.label} must be between ${r.min} and ${r.max} ${r.unit}`;
  return z.coerce
    .number({ error: `${r.label} is required` })
    .refine(Number.isFinite, `${r.label} is required`)
    .refine((v) => v >= r.min && v <= r.max, wrong)
    .transform((v) => Number(roundTo(v, r.step).toFixed(1)));
}

/**
 * The same, optional: empty text, null or a missing key means "not measured". (Not a union with
 * '' and null: a union that fails reports "Invalid input", losing the range message.)
 */
export const optionalVitalField = (name: VitalName, label?: string) =>
  optionalMeasurementField({ ...VITAL_RANGES[name], ...(label ? { label } : {}) });

/** An optional measurement of any range: empty text, null or a missing key is "not measured". */
export function optionalMeasurementField(r: VitalRange) {
  return z
    .preprocess((v) => (v === '' || v === undefined ? null : v), measurementField(r).nullable())
    .optional()
    .transform((v) => v ?? null);
}

/** "120/80 mmHg" from stored parts; empty when not measured. */
export const formatBloodPressure = (systolic: number | null, diastolic: number | null) =>
  systolic == null ? '' : diastolic == null ? `${systolic} mmHg` : `${systolic}/${diastolic} mmHg`;
