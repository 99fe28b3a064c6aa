import { z } from 'zod';
import { PATIENT_SHARE_KINDS, PAYER_KINDS } from './billing';
import { isCalendarDate } from './clock';
import { optionalSingleLineText, requiredText } from './common';
import { formatDay } from './dates';
import { basisPointsToPercentText, formatNaira } from './transactions';

/*
 * A patient's coverage by NHIA or an HMO (docs/areas/billing-coverage.md, issue 35 §2): the payer,
 * plan, member number, the days it is valid, the share the patient pays (a percentage of every
 * line, or a fixed co-payment per visit: see splitCharge) and, for the services the payer
 * requires it for, pre-authorisation codes. The desk (admin) and the cashier manage it; coverage
 * is patient data, so every read is audited too.
 *
 * Endpoints (admin, cashier):
 *   GET    /api/patients/:id/coverages                 [-> coverageList]
 *   GET    /api/patients/:id/coverage-status           [-> coverageStatus]   the warning the screens show
 *   POST   /api/patients/:id/coverages                 [createCoverage -> 201 coverage]
 *   PUT    /api/coverages/:id                          [saveCoverage -> coverage]
 *   PUT    /api/coverages/:id/end                      [endCoverage -> coverage]
 *   POST   /api/coverages/:id/preauths                 [addPreauth -> 201 coverage]
 *   DELETE /api/coverages/:id/preauths/:preauthId      [-> coverage]
 * Admin only:
 *   GET    /api/admin/payers/:id/preauth-services      [-> string[] (service ids)]
 *   PUT    /api/admin/payers/:id/preauth-services/:serviceId  [preauthRequired -> string[]]
 */

/** Where a coverage stands on the facility's today. */
const COVERAGE_STATUSES = ['in-force', 'not-yet-valid', 'expired'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];
export const COVERAGE_STATUS_LABELS: Record<CoverageStatus, string> = {
  'in-force': 'In force',
  'not-yet-valid': 'Not yet valid',
  expired: 'Expired',
};

export const COVERAGE_MESSAGES = {
  loadFailed: 'Could not fetch the coverage',
  coverageNotFound: 'Coverage not found',
  patientNotFound: 'Patient not found',
  payerRequired: 'Choose an active NHIA or HMO payer',
  memberRequired: 'Please enter the member number',
  memberTaken: 'This member number is already registered with this payer',
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  validToBeforeFrom: 'Valid to cannot be before valid from',
  shareKindRequired: 'Choose a percentage or a co-payment',
  percentRange: 'The patient’s share must be a percentage from 0 to 100 with up to 2 decimals',
  copayRange: 'The co-payment must be an amount in naira from ₦0 to ₦1,000,000',
  serviceRequired: 'Choose the service',
  serviceNoPreauth: 'This payer does not require pre-authorisation for this service',
  codeRequired: 'Please enter the pre-authorisation code',
  codeTaken: 'This code is already recorded for this service',
  preauthNotFound: 'Pre-authorisation code not found',
  preauthInUse: 'A charge uses this code; it cannot be removed',
  selfPayNoPreauth: 'Self-pay requires no pre-authorisation',
  added: 'Coverage added',
  updated: 'Coverage updated',
  ended: 'Coverage ended',
  preauthAdded: 'Pre-authorisation code added',
  preauthRemoved: 'Pre-authorisation code removed',
  none: 'No coverage: care is charged to self-pay.',
} as const;
const M = COVERAGE_MESSAGES;

/** ₦1,000,000 in kobo: a co-payment per visit above that is a typing error. */
const MAX_COPAY = 100_000_000;

const calendarDate = z.string({ error: M.dateInvalid }).trim().refine(isCalendarDate, M.dateInvalid);
const nullable = (max: number) =>
  optionalSingleLineText(max)
    .nullish()
    .transform((v) => v || null);

const shareFields = {
  /** The insurer's plan ("Formal sector", "Gold"); optional. */
  plan: nullable(80),
  memberNumber: requiredText(M.memberRequired, 40),
  validFrom: calendarDate,
  /** Null: open-ended (valid until ended). */
  validTo: z
    .union([calendarDate, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  shareKind: z.enum(PATIENT_SHARE_KINDS, { error: M.shareKindRequired }),
  /** The patient's percentage in basis points (1,000 = 10 %), for shareKind percent. */
  shareBp: z
    .number({ error: M.percentRange })
    .int(M.percentRange)
    .min(0, M.percentRange)
    .max(10_000, M.percentRange)
    .nullish(),
  /** The co-payment per visit in kobo, for shareKind copay. */
  copayAmount: z
    .number({ error: M.copayRange })
    .int(M.copayRange)
    .min(0, M.copayRange)
    .max(MAX_COPAY, M.copayRange)
    .nullish(),
};

type ShareInput = {
  validFrom: string;
  validTo: string | null;
  shareKind: (typeof PATIENT_SHARE_KINDS)[number];
  shareBp?: number | null | undefined;
  copayAmount?: number | null | undefined;
};

/** The period in order, and the share the kind names (the other one is dropped). */
function checkShare(value: ShareInput, ctx: z.RefinementCtx) {
  if (value.validTo !== null && value.validTo < value.validFrom) {
    ctx.addIssue({ code: 'custom', message: M.validToBeforeFrom, path: ['validTo'] });
  }
  if (value.shareKind === 'percent' && (value.shareBp === null || value.shareBp === undefined)) {
    ctx.addIssue({ code: 'custom', message: M.percentRange, path: ['shareBp'] });
  }
  if (value.shareKind === 'copay' && (value.copayAmount === null || value.copayAmount === undefined)) {
    ctx.addIssue({ code: 'custom', message: M.copayRange, path: ['copayAmount'] });
  }
}
const onlyTheKindsShare = <T extends ShareInput>(value: T) => ({
  ...value,
  shareBp: value.shareKind === 'percent' ? (value.shareBp ?? null) : null,
  copayAmount: value.shareKind === 'copay' ? (value.copayAmount ?? null) : null,
});

/** Edit: everything but the payer (a different payer is a different coverage). */
export const saveCoverageSchema = z.object(shareFields).superRefine(checkShare).transform(onlyTheKindsShare);
export type SaveCoverageOutput = z.output<typeof saveCoverageSchema>;

/** Add Coverage: the payer, an active NHIA or HMO, and the rest. */
export const createCoverageSchema = z
  .object({ payerId: z.string({ error: M.payerRequired }).uuid(M.payerRequired), ...shareFields })
  .superRefine(checkShare)
  .transform(onlyTheKindsShare);
export type CreateCoverageOutput = z.output<typeof createCoverageSchema>;

/** End: the last day it is valid (not before its first). */
export const endCoverageSchema = z.object({ validTo: calendarDate });

export const addPreauthSchema = z.object({
  serviceId: z.string({ error: M.serviceRequired }).uuid(M.serviceRequired),
  code: requiredText(M.codeRequired, 40),
});
export type AddPreauthOutput = z.output<typeof addPreauthSchema>;

export const preauthParamsSchema = z.object({
  id: z.string().uuid('Invalid id'),
  preauthId: z.string().uuid('Invalid id'),
});

export const preauthServiceParamsSchema = z.object({
  id: z.string().uuid('Invalid id'),
  serviceId: z.string().uuid('Invalid id'),
});
export const preauthRequiredSchema = z.object({
  required: z.boolean({ error: 'Say whether the service needs pre-authorisation' }),
});
export const preauthServiceIdsSchema = z.array(z.string());

const serviceRefSchema = z.object({ id: z.string(), code: z.string().nullable(), name: z.string() });
export type PreauthService = z.infer<typeof serviceRefSchema>;

export const coverageSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  payer: z.object({ id: z.string(), name: z.string(), kind: z.enum(PAYER_KINDS), active: z.boolean() }),
  plan: z.string().nullable(),
  memberNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  shareKind: z.enum(PATIENT_SHARE_KINDS),
  shareBp: z.number().int().nullable(),
  copayAmount: z.number().int().nullable(),
  status: z.enum(COVERAGE_STATUSES),
  /** The services the payer requires pre-authorisation for (the codes are added for these). */
  preauthServices: z.array(serviceRefSchema),
  preauths: z.array(
    z.object({
      id: z.string(),
      service: serviceRefSchema,
      code: z.string(),
      /** A charge names it: it stays. */
      inUse: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  updatedAt: z.string(),
});
export type Coverage = z.infer<typeof coverageSchema>;

/** What the screens warn with before care is charged: today's coverage, or why there is none. */
export const coverageStatusSchema = z.object({
  /** The coverage that pays for care today (coverageOn), or null: self-pay. */
  inForce: z.object({ id: z.string(), payerName: z.string(), memberNumber: z.string() }).nullable(),
  /** Set when no coverage pays today but the patient's latest one has expired. */
  warning: z.string().nullable(),
});
export type CoverageStatusAnswer = z.infer<typeof coverageStatusSchema>;

/** A patient's coverages, the newest first, and today's status. */
export const coverageListSchema = z.object({
  patient: z.object({ id: z.string(), fullName: z.string(), recordNumber: z.string() }),
  coverages: z.array(coverageSchema),
  status: coverageStatusSchema,
});
export type CoverageList = z.infer<typeof coverageListSchema>;

/** "NHIA coverage expired on 12 Nov 2026 — care is charged to self-pay". */
export const coverageExpiredWarning = (payerName: string, validTo: string) =>
  `${payerName} coverage expired on ${formatDay(validTo)} — care is charged to self-pay`;

/** "10 % of each charge" or "₦1,000.00 co-payment per visit". */
export const patientShareText = (c: Pick<Coverage, 'shareKind' | 'shareBp' | 'copayAmount'>) =>
  c.shareKind === 'percent'
    ? `${basisPointsToPercentText(c.shareBp ?? 0)} % of each charge`
    : `${formatNaira(c.copayAmount ?? 0)} co-payment per visit`;

/** Where a coverage stands on `today` (YYYY-MM-DD). */
export function coverageStatusOn(
  c: { validFrom: string; validTo: string | null },
  today: string,
): CoverageStatus {
  if (c.validFrom > today) return 'not-yet-valid';
  if (c.validTo !== null && c.validTo < today) return 'expired';
  return 'in-force';
}
