import { z } from 'zod';
import { listQuerySchema, pageOf } from './common';
import { REPORT_KINDS } from './reports';

/*
 * Results the doctor shares with the patient: diagnosis tests and reports. A doctor shares (or
 * stops sharing) what they recorded; the patient reads their own shared ones on My Results.
 *
 *   PUT /api/doctor/diagnosis-tests/:id/share        [shareSchema -> shareSchema]  (its doctor only)
 *   PUT /api/doctor/reports/:id/share                [shareSchema -> shareSchema]  (its author only)
 *   GET /api/patient/results                         [-> patientResultPageSchema]
 *   GET /api/patient/results/attachments/:id         (a shared report's file; 404 otherwise)
 */

export const RESULTS_MESSAGES = {
  listFailed: 'Could not load your results',
  shared: 'Shared with the patient',
  unshared: 'No longer shared with the patient',
  shareFailed: 'Could not change what the patient sees',
  empty: 'No results shared with you yet.',
} as const;

export const shareSchema = z.object({ shared: z.boolean({ error: 'Say whether to share it' }) });
export type Share = z.infer<typeof shareSchema>;

/** One line of a result: "Blood sugar" and "96 mg/dL". */
const resultLineSchema = z.object({ label: z.string(), value: z.string() });
export type ResultLine = z.infer<typeof resultLineSchema>;

const resultFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});

/** A shared diagnosis test or report, as the patient reads it. */
const patientResultSchema = z.object({
  id: z.string(),
  kind: z.enum(['test', ...REPORT_KINDS]),
  /** When: the test's recording, the report's date (ISO instant). */
  date: z.string(),
  title: z.string(),
  /** The report number (DX-…) or case ID (IR-…). */
  reference: z.string(),
  /** The test's category, or the report's kind ("Investigation report"). */
  category: z.string(),
  doctor: z.string(),
  lines: z.array(resultLineSchema),
  files: z.array(resultFileSchema),
});
export type PatientResult = z.infer<typeof patientResultSchema>;
export const patientResultPageSchema = pageOf(patientResultSchema);
export type PatientResultPage = z.infer<typeof patientResultPageSchema>;

export const PATIENT_RESULTS_PAGE_SIZE = 10;
export const patientResultsQuerySchema = listQuerySchema(['date'] as const, PATIENT_RESULTS_PAGE_SIZE).pick({
  page: true,
  limit: true,
});
