import { z } from 'zod';
import { isCalendarDate } from './clock';
import { listQuerySchema, optionalSingleLineText, pageOf, requiredText } from './common';
import { parseNaira } from './transactions';

/*
 * The cashier's money (docs/areas/billing-payments.md, issue 35 §4): payments against a patient's
 * balance, deposits held and drawn down, refunds an administrator approves, and the day's close.
 * Every receipt (a payment or a deposit) has its own number, RCT-YYYY-NNNNNN. Money is integer kobo.
 *
 * Endpoints (cashier; the administrator may read every GET):
 *   GET  /api/billing/patients                       [billingPatientsQuery -> page]
 *   GET  /api/billing/patients/:id                   [-> account]
 *   GET  /api/billing/patients/:id/receipts          [receiptsQuery -> page]
 *   POST /api/billing/patients/:id/payments          [takePayment + Idempotency-Key -> 201 receipt]
 *   POST /api/billing/patients/:id/deposits          [takePayment + Idempotency-Key -> 201 receipt]
 *   POST /api/billing/patients/:id/drawdowns         [drawDown -> account]
 *   POST /api/billing/receipts/:id/refunds           [requestRefund -> 201 refund]
 *   GET  /api/billing/receipts/:id/pdf               [?disposition -> application/pdf]
 *   GET  /api/billing/day                            [-> cashierDay]  (the caller's, today)
 *   POST /api/billing/day/close                      [closeDay -> cashierDay]
 * Administrator:
 *   GET  /api/admin/refunds                          [refundsQuery -> page]
 *   POST /api/admin/refunds/:id/approve              [-> refund]
 *   POST /api/admin/refunds/:id/reject               [decideRefund -> refund]
 */

export const RECEIPT_METHODS = ['cash', 'transfer', 'pos'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];
export const RECEIPT_METHOD_LABELS: Record<ReceiptMethod, string> = {
  cash: 'Cash',
  transfer: 'Bank transfer',
  pos: 'POS card',
};

/** A receipt is money received: against the balance (payment) or held for later care (deposit). */
export const RECEIPT_KINDS = ['payment', 'deposit'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = { payment: 'Payment', deposit: 'Deposit' };

export const REFUND_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const CASHIER_DAY_STATUSES = ['open', 'closed'] as const;

/** The header a client sends with every payment and deposit, so a retry is answered, not taken twice. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** ₦100,000,000 in kobo: no single receipt is larger. */
const MAX_RECEIPT_KOBO = 10_000_000_000;

export const PAYMENT_MESSAGES = {
  amountRange: 'Enter an amount above ₦0 and up to ₦100,000,000',
  methodRequired: 'Choose how the patient paid',
  referenceRequired: 'Enter the transfer or POS reference',
  reasonRequired: 'Say why the money is refunded',
  rejectReasonRequired: 'Say why the refund is rejected',
  countedRange: 'Enter the cash counted, ₦0 or more',
  dayInvalid: 'Enter a valid date',
  keyRequired: 'Send an Idempotency-Key header (up to 100 letters, digits, "-", "_", ":" or ".")',
  keyReused:
    'This Idempotency-Key was already used for a different request; send a new key for a new payment',
  overBalance: (balance: string) =>
    `More than the balance of ${balance}; take the balance, or record the rest as a deposit`,
  nothingOwed: 'The patient owes nothing; record the money as a deposit instead',
  overDeposit: (held: string) => `More than the deposits held (${held})`,
  overRefundable: (left: string) => `More than can be refunded from this receipt (${left})`,
  dayClosed: 'Your day is closed: no more payments can be taken today',
  dayAlreadyClosed: 'This day is already closed',
  dayInFuture: 'A day can be closed only once it has begun',
  refundDecided: 'This refund has already been decided',
  patientNotFound: 'Patient not found',
  receiptNotFound: 'Receipt not found',
  refundNotFound: 'Refund not found',
  paymentTaken: 'Payment taken',
  depositRecorded: 'Deposit recorded',
  depositApplied: 'Deposit applied to the balance',
  refundRequested: 'Refund sent for approval',
  refundApproved: 'Refund approved',
  refundRejected: 'Refund rejected',
  dayClosedToast: 'Day closed: the count is recorded',
  loadFailed: 'The account could not be loaded',
} as const;
const M = PAYMENT_MESSAGES;

const kobo = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(MAX_RECEIPT_KOBO, message);
const amount = kobo(M.amountRange, 1);
/** Naira as typed ("12,500.50"), sent as kobo; `min` in kobo. */
const nairaText = (message: string, min: number) =>
  z
    .string({ error: message })
    .refine((v) => {
      const k = parseNaira(v);
      return k !== null && k >= min && k <= MAX_RECEIPT_KOBO;
    }, message)
    .transform((v) => parseNaira(v) ?? 0);

/** `Idempotency-Key`: an opaque token the client makes per payment (the web app a UUID per dialog). */
const idempotencyKeySchema = z
  .string({ error: M.keyRequired })
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, M.keyRequired);
export const idempotencyHeadersSchema = z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

const paymentFields = {
  method: z.enum(RECEIPT_METHODS, { error: M.methodRequired }),
  /** The bank transfer's or the POS slip's reference; required for both, optional for cash. */
  reference: optionalSingleLineText(60)
    .nullish()
    .transform((v) => v || null),
};
const referenceWhereNeeded = <T extends { method: ReceiptMethod; reference: string | null }>(
  body: T,
  context: z.RefinementCtx,
) => {
  if (body.method !== 'cash' && !body.reference)
    context.addIssue({ code: 'custom', path: ['reference'], message: M.referenceRequired });
};

/** Take Payment and Record Deposit: the amount in kobo, how it was paid and its reference. */
export const takePaymentSchema = z.object({ amount, ...paymentFields }).superRefine(referenceWhereNeeded);
export type TakePaymentOutput = z.output<typeof takePaymentSchema>;
/** The same dialog as typed: naira text. */
export const takePaymentFormSchema = z
  .object({ amount: nairaText(M.amountRange, 1), ...paymentFields })
  .superRefine(referenceWhereNeeded);

/** Apply Deposit: how much of the deposits held goes to the balance (oldest deposit first). */
export const drawDownSchema = z.object({ amount });
export const drawDownFormSchema = z.object({ amount: nairaText(M.amountRange, 1) });
export type DrawDownForm = z.input<typeof drawDownFormSchema>;

export const requestRefundSchema = z.object({ amount, reason: requiredText(M.reasonRequired, 500) });
export const requestRefundFormSchema = z.object({
  amount: nairaText(M.amountRange, 1),
  reason: requiredText(M.reasonRequired, 500),
});
export type RequestRefundForm = z.input<typeof requestRefundFormSchema>;

export const rejectRefundSchema = z.object({ note: requiredText(M.rejectReasonRequired, 500) });
export type RejectRefundForm = z.input<typeof rejectRefundSchema>;

/** Close the day: the cash counted in the drawer, and which day (today without it). */
export const closeDaySchema = z.object({
  countedCash: kobo(M.countedRange, 0),
  day: z.string({ error: M.dayInvalid }).refine(isCalendarDate, M.dayInvalid).optional(),
});
export const closeDayFormSchema = z.object({ countedCash: nairaText(M.countedRange, 0) });
export type CloseDayForm = z.input<typeof closeDayFormSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/** A patient's money: what their active charges ask of them, what they paid and hold. */
export const accountSchema = z.object({
  patient: personSchema.extend({ recordNumber: z.string().nullable() }),
  /** Σ patient_amount of the active charges. */
  charged: z.number().int(),
  /** Payments received, less what was refunded of them. */
  paid: z.number().int(),
  /** Deposits drawn down against the balance. */
  applied: z.number().int(),
  /** What the patient owes: charged − paid − applied (negative: in credit). */
  balance: z.number().int(),
  /** Deposits received, less what was drawn down or refunded: held for the patient. */
  depositsHeld: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

export const refundSchema = z.object({
  id: z.string(),
  receiptId: z.string(),
  receiptNumber: z.string(),
  patient: personSchema.extend({ recordNumber: z.string().nullable() }),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  patientId: z.string(),
  amount: z.number().int(),
  method: z.enum(RECEIPT_METHODS),
  reference: z.string().nullable(),
  cashier: z.string(),
  /** The facility date of the cashier's day it was taken on. */
  day: z.string(),
  takenAt: z.string(),
  /** The patient's balance just after it (a deposit leaves it as it was). */
  balanceAfter: z.number().int(),
  /** Of a deposit: drawn down against the balance so far. */
  applied: z.number().int(),
  /** Approved refunds of it. */
  refunded: z.number().int(),
  /** What a new refund may still take: the amount less applied, refunded and awaiting approval. */
  refundable: z.number().int(),
  refunds: z.array(
    refundSchema.pick({ id: true, amount: true, reason: true, status: true, requestedAt: true }),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptPageSchema = pageOf(receiptSchema);
export const RECEIPT_SORTABLE = ['takenAt', 'amount', 'number'] as const;
export const receiptsQuerySchema = listQuerySchema(RECEIPT_SORTABLE);

const billingPatientSchema = personSchema.extend({
  recordNumber: z.string().nullable(),
  balance: z.number().int(),
  depositsHeld: z.number().int(),
});
export type BillingPatient = z.infer<typeof billingPatientSchema>;
export const billingPatientPageSchema = pageOf(billingPatientSchema);
/** Without a search, by name; `owing` lists only those whose balance is above zero, largest first. */
export const billingPatientsQuerySchema = listQuerySchema(['name'] as const).extend({
  owing: z
    .enum(['true', 'false'], { error: 'Owing must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

const methodTotalsSchema = z.object(
  Object.fromEntries(RECEIPT_METHODS.map((m) => [m, z.number().int()])) as Record<ReceiptMethod, z.ZodNumber>,
);

/** A cashier's day: what they took by method, the cash expected in the drawer, and its close. */
export const cashierDaySchema = z.object({
  day: z.string(),
  cashier: z.string(),
  status: z.enum(CASHIER_DAY_STATUSES),
  totals: methodTotalsSchema,
  receipts: z.number().int(),
  total: z.number().int(),
  /** The cash receipts of the day: what the drawer should hold. */
  expectedCash: z.number().int(),
  countedCash: z.number().int().nullable(),
  /** counted − expected (negative: short). */
  difference: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  /** Deposits held for all patients (the dashboard's figure). */
  depositsHeld: z.number().int(),
});
export type CashierDay = z.infer<typeof cashierDaySchema>;

export const refundPageSchema = pageOf(refundSchema);
export const refundsQuerySchema = listQuerySchema(['requestedAt'] as const).extend({
  status: z
    .enum(REFUND_STATUSES, { error: `Status must be one of: ${REFUND_STATUSES.join(', ')}` })
    .optional(),
});

export const pdfDispositionSchema = z.object({
  disposition: z
    .enum(['attachment', 'inline'], { error: 'Disposition must be attachment or inline' })
    .default('inline'),
});

/** "receipt-RCT-2026-000001.pdf" */
export const receiptPdfName = (number: string) => `receipt-${number}.pdf`;
