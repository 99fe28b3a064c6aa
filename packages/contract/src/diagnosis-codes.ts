import { z } from 'zod';
import { pageOf } from './common';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * Coded diagnoses (decision 0031): ICD-10-CM codes and titles as the CDC publishes them, picked
 * from a search and kept beside the doctor's own wording.
 */

/** The FHIR system of ICD-10-CM codes (HL7 terminology: http://hl7.org/fhir/sid/icd-10-cm). */
export const ICD10CM_FHIR_SYSTEM = 'http://hl7.org/fhir/sid/icd-10-cm';
export const ICD10CM_NAME = 'ICD-10-CM';
const DIAGNOSIS_CODES_PAGE_SIZE = 20;
const DIAGNOSIS_CODES_MAX_PAGE_SIZE = 50;
const DIAGNOSIS_SEARCH_MAX = 100;

/** An ICD-10-CM code as written in FHIR and on claims: a letter, two characters, then a dot and up to four more. */
const ICD10CM_CODE_PATTERN = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

export const DIAGNOSIS_CODE_MESSAGES = {
  searchTooLong: `Search is too long (at most ${DIAGNOSIS_SEARCH_MAX} characters)`,
  invalidCode: 'Choose a diagnosis code from the list',
  unknownCode: 'This diagnosis code is not in the classification: choose one from the list',
} as const;

export const diagnosisCodeSearchSchema = z.object({
  q: z
    .string()
    .max(DIAGNOSIS_SEARCH_MAX, DIAGNOSIS_CODE_MESSAGES.searchTooLong)
    .refine(isCleanText, INVALID_TEXT_MESSAGE)
    .transform((q) => q.trim())
    .default(''),
  page: z.coerce
    .number()
    .int()
    .min(1, 'Page must be 1 or more')
    .max(1000, 'Page must be at most 1000')
    .default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 or more')
    .max(DIAGNOSIS_CODES_MAX_PAGE_SIZE, `Limit must be at most ${DIAGNOSIS_CODES_MAX_PAGE_SIZE}`)
    .default(DIAGNOSIS_CODES_PAGE_SIZE),
});
export type DiagnosisCodeSearch = z.input<typeof diagnosisCodeSearchSchema>;

const diagnosisCodeSchema = z.object({
  /** "E11.9" */
  code: z.string(),
  /** The classification's title: "Type 2 diabetes mellitus without complications". */
  title: z.string(),
  /** Valid on a claim. */
  billable: z.boolean(),
});
export type DiagnosisCode = z.infer<typeof diagnosisCodeSchema>;
export const diagnosisCodePageSchema = pageOf(diagnosisCodeSchema);
export type DiagnosisCodePage = z.infer<typeof diagnosisCodePageSchema>;

/** A form's chosen code: '' or null is none; otherwise an ICD-10-CM code (the server checks it exists). */
export const diagnosisCodeField = z
  .preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: DIAGNOSIS_CODE_MESSAGES.invalidCode })
      .regex(ICD10CM_CODE_PATTERN, DIAGNOSIS_CODE_MESSAGES.invalidCode)
      .nullable(),
  )
  .optional()
  .transform((v) => v ?? null);

/** A coded diagnosis as stored and shown: the code and the title it had when chosen. */
export const codedDiagnosisSchema = z.object({ code: z.string(), title: z.string() });
export type CodedDiagnosis = z.infer<typeof codedDiagnosisSchema>;

/** "E11.9 Type 2 diabetes mellitus without complications", as screens and printouts show it. */
export const codedDiagnosisLabel = (d: CodedDiagnosis) => `${d.code} ${d.title}`;

/** Who searches the classification (the roles that record diagnoses; a nurse role would join here). */
export const DIAGNOSIS_CODE_ROLES = ['doctor', 'admin', 'cashier'] as const;
