import { z } from 'zod';
import { isCalendarDate } from './clock';
import { listQuerySchema, optionalSingleLineText, pageOf } from './common';
import { diagnosisCodeField } from './diagnosis-codes';

/*
 * Claims to NHIA and the HMOs, their remittance and the ageing of what they owe
 * (docs/areas/billing-claims.md, issue 35 §5). A claim gathers a payer's covered charges of a
 * period, one line per charge (a charge is on at most one live line), with the encounter's
 * ICD-10 diagnosis, the pre-authorisation code and the member number. Money is integer kobo.
 *
 * Endpoints (cashier; admin reads):
 *   GET  /api/billing/claims                          [claimListQuery -> page]
 *   POST /api/billing/claims                          [generateClaim -> 201 claimDetail]
 *   GET  /api/billing/claims/ageing                   [-> ageingReport]
 *   GET  /api/billing/claims/:id                      [-> claimDetail]
 *   PUT  /api/billing/claims/:id/lines/:lineId        [correctLine -> claimDetail]   draft only
 *   DELETE /api/billing/claims/:id/lines/:lineId      [-> claimDetail]               draft only
 *   POST /api/billing/claims/:id/submit               [-> claimDetail]
 *   PUT  /api/billing/claims/:id/lines/:lineId/remittance [remittance -> claimDetail] submitted
 *   POST /api/billing/claims/:id/resubmit             [resubmit -> 201 claimDetail]
 *   GET  /api/billing/claims/:id/export.csv | export.pdf | fhir
 */

export const CLAIM_STATUSES = ['draft', 'submitted', 'part-settled', 'settled'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  'part-settled': 'Part-settled',
  settled: 'Settled',
};

/** What the payer did with a line: paid it in full, paid part of it, or denied it (with a reason). */
export const REMITTANCE_OUTCOMES = ['paid', 'part-paid', 'denied'] as const;
export type RemittanceOutcome = (typeof REMITTANCE_OUTCOMES)[number];
export const REMITTANCE_OUTCOME_LABELS: Record<RemittanceOutcome, string> = {
  paid: 'Paid',
  'part-paid': 'Part-paid',
  denied: 'Denied',
};

/** Ageing buckets: days since the claim was submitted. */
export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const CLAIM_MESSAGES = {
  loadFailed: 'Could not fetch claims',
  notFound: 'Claim not found',
  lineNotFound: 'Claim line not found',
  payerRequired: 'Choose NHIA or an HMO',
  payerNotClaimable: 'Claims go to NHIA or an HMO, not self-pay',
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  periodOrder: 'The period ends on or after the day it starts',
  periodTooLong: 'A claim covers at most 366 days',
  nothingToClaim: 'No unclaimed covered charges for this payer in this period',
  notDraft: 'This claim has been submitted: it can no longer change',
  flaggedLines: 'Some lines lack a pre-authorisation code or a diagnosis: correct or remove them first',
  emptyClaim: 'A claim needs at least one line',
  notSubmitted: 'Record remittance on a submitted claim',
  remitted: 'This line’s remittance is already recorded',
  outcomeRequired: 'Choose paid, part-paid or denied',
  paidRange: 'Part-paid is more than nothing and less than the amount claimed',
  reasonRequired: 'Give the payer’s reason for the denial',
  preauthInvalid: 'Enter the pre-authorisation code the payer gave',
  notDenied: 'Only denied lines are resubmitted',
  alreadyResubmitted: 'This line has already been resubmitted',
  linesRequired: 'Choose the denied lines to resubmit',
  generated: 'Claim generated',
  submitted: 'Claim submitted',
  corrected: 'Line corrected',
  removed: 'Line removed from the claim',
  remittanceRecorded: 'Remittance recorded',
  resubmitted: 'Denied lines resubmitted in a new claim',
} as const;
const M = CLAIM_MESSAGES;

/** ₦10,000,000 in kobo per line: as a price. */
const MAX_LINE_AMOUNT = 10_000_000_000;

const calendarDate = z.string({ error: M.dateInvalid }).trim().refine(isCalendarDate, M.dateInvalid);
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** New Claim: a payer (NHIA or an HMO) and the period of care it covers, both days included. */
export const generateClaimSchema = z
  .object({
    payerId: z.string({ error: M.payerRequired }).uuid(M.payerRequired),
    periodFrom: calendarDate,
    periodTo: calendarDate,
  })
  .superRefine((v, ctx) => {
    if (v.periodTo < v.periodFrom)
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: M.periodOrder });
    else if (daysBetween(v.periodFrom, v.periodTo) > 366)
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: M.periodTooLong });
  });
export type GenerateClaimInput = z.output<typeof generateClaimSchema>;

const preauthCodeField = optionalSingleLineText(60)
  .nullish()
  .transform((v) => v || null);

/**
 * Correct a draft's line: the encounter's ICD-10 diagnosis (applied to every line of the same
 * encounter on the claim) and the line's pre-authorisation code. An absent field stays as it is.
 */
export const correctLineSchema = z.object({
  diagnosisCode: diagnosisCodeField,
  preauthCode: preauthCodeField,
});
export type CorrectLineInput = z.output<typeof correctLineSchema>;

/** Record Remittance for one line. `paidAmount` only for part-paid; `reason` only (and always) for denied. */
export const remittanceSchema = z
  .object({
    outcome: z.enum(REMITTANCE_OUTCOMES, { error: M.outcomeRequired }),
    paidAmount: z
      .number({ error: M.paidRange })
      .int(M.paidRange)
      .min(0, M.paidRange)
      .max(MAX_LINE_AMOUNT, M.paidRange)
      .nullish()
      .transform((v) => v ?? null),
    reason: optionalSingleLineText(300)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'part-paid' && v.paidAmount === null)
      ctx.addIssue({ code: 'custom', path: ['paidAmount'], message: M.paidRange });
    if (v.outcome === 'denied' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: M.reasonRequired });
  });
export type RemittanceInput = z.output<typeof remittanceSchema>;

/** Resubmit: denied lines of this claim, each with its corrections, into a new draft claim. */
export const resubmitSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.string().uuid('Invalid id'),
        diagnosisCode: diagnosisCodeField,
        preauthCode: preauthCodeField,
      }),
      { error: M.linesRequired },
    )
    .min(1, M.linesRequired)
    .max(500, 'At most 500 lines at a time'),
});
export type ResubmitInput = z.output<typeof resubmitSchema>;

export const claimLineParamsSchema = z.object({
  id: z.string().uuid('Invalid id'),
  lineId: z.string().uuid('Invalid id'),
});

const payerRefSchema = z.object({ id: z.string(), name: z.string(), code: z.string().nullable() });

export const claimSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  payer: payerRefSchema,
  periodFrom: z.string(),
  periodTo: z.string(),
  status: z.enum(CLAIM_STATUSES),
  lineCount: z.number().int(),
  flaggedCount: z.number().int(),
  /** Kobo: what the claim asks the payer for, and what it has paid so far. */
  totalClaimed: z.number().int(),
  totalPaid: z.number().int(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;
export const claimPageSchema = pageOf(claimSummarySchema);

export const CLAIM_SORTABLE = ['number', 'period', 'status', 'total', 'created'] as const;
export const claimListQuerySchema = listQuerySchema(CLAIM_SORTABLE).extend({
  status: z.enum(CLAIM_STATUSES, { error: `Status must be one of: ${CLAIM_STATUSES.join(', ')}` }).optional(),
  payerId: z.string().uuid('Invalid id').optional(),
});

const claimLineSchema = z.object({
  id: z.string(),
  chargeId: z.string(),
  service: z.object({ code: z.string().nullable(), name: z.string() }),
  careDate: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  /** What the line claims: the charge's payer share. */
  amount: z.number().int(),
  preauthRequired: z.boolean(),
  preauthCode: z.string().nullable(),
  /** Why it cannot be submitted as it is: a required pre-auth code or the diagnosis is missing. */
  flags: z.array(z.enum(['preauth', 'diagnosis'])),
  outcome: z.enum(REMITTANCE_OUTCOMES).nullable(),
  paidAmount: z.number().int().nullable(),
  denialReason: z.string().nullable(),
  remittedAt: z.string().nullable(),
  /** The denied line this one resubmits, with its claim's number. */
  resubmits: z.object({ lineId: z.string(), claimNumber: z.string() }).nullable(),
  /** The claim a denied line was resubmitted in. */
  resubmittedIn: z.object({ claimId: z.string(), claimNumber: z.string() }).nullable(),
});
export type ClaimLine = z.infer<typeof claimLineSchema>;

/** A covered encounter (an appointment, a stay, or the patient's other care on a day) and its lines. */
const claimEncounterSchema = z.object({
  key: z.string(),
  kind: z.enum(['outpatient', 'inpatient']),
  patient: z.object({ id: z.string(), name: z.string(), recordNumber: z.string().nullable() }),
  memberNumber: z.string(),
  coverageId: z.string(),
  /** The first and last day of its care on this claim (a stay's admission and discharge when known). */
  from: z.string(),
  to: z.string(),
  diagnosis: z.object({ code: z.string(), title: z.string() }).nullable(),
  lines: z.array(claimLineSchema),
});
export type ClaimEncounter = z.infer<typeof claimEncounterSchema>;

export const claimDetailSchema = claimSummarySchema.extend({
  encounters: z.array(claimEncounterSchema),
});
export type ClaimDetail = z.infer<typeof claimDetailSchema>;

/** Kobo in each bucket, every bucket named (so the OpenAPI document lists each as a property). */
const bucketsSchema = z.object({
  '0-30': z.number().int(),
  '31-60': z.number().int(),
  '61-90': z.number().int(),
  '90+': z.number().int(),
}) satisfies z.ZodType<Record<AgeingBucket, number>>;

/** What each payer still owes on submitted claims (lines without remittance), by days since submission. */
export const ageingReportSchema = z.object({
  asOf: z.string(),
  payers: z.array(
    payerRefSchema.extend({
      buckets: bucketsSchema,
      total: z.number().int(),
    }),
  ),
  totals: bucketsSchema,
  total: z.number().int(),
});
export type AgeingReport = z.infer<typeof ageingReportSchema>;

/** Denial reasons the screen offers (the cashier may type another). */
export const COMMON_DENIAL_REASONS = [
  'No pre-authorisation code',
  'Service not covered by the plan',
  'Enrollee not eligible on the date of care',
  'Diagnosis does not support the service',
  'Duplicate claim',
] as const;
