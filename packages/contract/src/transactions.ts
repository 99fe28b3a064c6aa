import { z } from 'zod';
import { listQuerySchema, pageOf, requiredMultilineText, requiredText } from './common';
import { formatCount } from './numbers';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * Transactions: invoices a doctor issues for a completed appointment (docs/areas/transactions-invoices.md:
 * the Transactions screen and its rows), and the patient's own invoices.
 *
 * Invoice statuses and moves
 * --------------------------
 * Pending    issued, not paid yet; its lines, tax rate and notes can still change
 * Paid       paid (method and time recorded); its lines are frozen
 * Cancelled  withdrawn before payment; final
 * Refunded   the payment was returned (reason recorded); final
 *
 *   Pending -> Paid | Cancelled,  Paid -> Refunded.
 * Pending and Paid are "active": an appointment has at most one active invoice.
 *
 * Money is integer kobo (1 naira = 100 kobo) in the API and the database, never a float.
 */

export const INVOICE_STATUSES = ['Pending', 'Paid', 'Cancelled', 'Refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
const invoiceStatusSchema = z.enum(INVOICE_STATUSES, {
  error: `Status must be one of: ${INVOICE_STATUSES.join(', ')}`,
});
/** An appointment has at most one invoice in these statuses. */
export const ACTIVE_INVOICE_STATUSES = ['Pending', 'Paid'] as const satisfies readonly InvoiceStatus[];

export type InvoiceAction = 'pay' | 'cancel' | 'refund';
/** The move each action makes: from the status it needs to the one it sets. */
export const INVOICE_MOVES: Record<InvoiceAction, { from: InvoiceStatus; to: InvoiceStatus }> = {
  pay: { from: 'Pending', to: 'Paid' },
  cancel: { from: 'Pending', to: 'Cancelled' },
  refund: { from: 'Paid', to: 'Refunded' },
};
/** The actions open to an invoice in this status (editing is open while Pending). */
export const invoiceActions = (status: InvoiceStatus): InvoiceAction[] =>
  (Object.keys(INVOICE_MOVES) as InvoiceAction[]).filter((a) => INVOICE_MOVES[a].from === status);

export const PAYMENT_METHODS = ['Cash', 'Card', 'Bank transfer', 'POS', 'HMO'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Caps that keep every sum exact in a JavaScript number and in the database's bigint:
 * 50 lines x 10,000 x ₦10,000,000.00 is 5e14 kobo, and tax at most doubles it (< 2^53).
 */
export const INVOICE_LIMITS = {
  lines: 50,
  quantity: 10_000,
  /** ₦10,000,000.00 */
  unitPriceKobo: 1_000_000_000,
  /** 100%, in basis points (1 bp = 0.01%). */
  taxRateBp: 10_000,
  description: 200,
  notes: 2_000,
  reason: 500,
} as const;

/** Nigerian VAT, 7.5%: the tax rate a new invoice starts with. */
export const DEFAULT_TAX_RATE_BP = 750;

export const TRANSACTION_MESSAGES = {
  descriptionRequired: 'Description is required',
  quantityInvalid: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity must be at most ${formatCount(INVOICE_LIMITS.quantity)}`,
  priceInvalid: 'Enter an amount in naira with up to 2 decimals, e.g. 12500 or 12500.50',
  priceMax: 'Unit price must be at most ₦10,000,000.00',
  taxInvalid: 'Enter a tax rate in percent with up to 2 decimals, e.g. 7.5',
  taxMax: 'Tax rate must be at most 100%',
  linesMin: 'Add at least one line',
  linesMax: `An invoice has at most ${INVOICE_LIMITS.lines} lines`,
  notesMax: `Notes must be at most ${INVOICE_LIMITS.notes} characters`,
  appointmentRequired: 'Choose a completed appointment',
  methodRequired: `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}`,
  reasonRequired: 'A refund reason is required',
  notCompleted: 'Only a completed appointment can be billed',
  alreadyBilled: 'This appointment already has an invoice',
  notPending: 'Only a pending invoice can be changed',
  wrongStatus: 'The invoice is no longer in a status that allows this',
  listFailed: 'Could not load the transactions',
  detailFailed: 'Could not load the invoice',
  saveFailed: 'Could not save the invoice',
  actionFailed: 'Could not change the invoice',
  created: 'Invoice created',
  saved: 'Invoice saved',
  paid: 'Invoice marked as paid',
  cancelled: 'Invoice cancelled',
  refunded: 'Invoice refunded',
} as const;
const M = TRANSACTION_MESSAGES;

// ---------------------------------------------------------------- money

const NAIRA = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * "12,500.5" -> 1250050 kobo, read from the digits (never through a float), or null when it is
 * not an amount: digits, optional thousands commas, up to 2 decimals, up to ₦999,999,999.99.
 */
export function parseNaira(text: string): number | null {
  const match = NAIRA.exec(text.trim().replace(/,(?=\d{3}(?:\D|$))/g, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250050 -> "12500.50": the form's text for a stored amount. */
export const koboToNairaText = (kobo: number) =>
  `${Math.trunc(kobo / 100)}.${String(Math.abs(kobo % 100)).padStart(2, '0')}`;

/** "7.5" -> 750 basis points, from the digits; null when not a percentage with up to 2 decimals. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 750 -> "7.5" */
export const basisPointsToPercentText = (bp: number) => {
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.trunc(bp / 100)}.${fraction}` : String(Math.trunc(bp / 100));
};

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const plainFormat = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1250050 -> "₦12,500.50" (the screen). Exact: kobo / 100 is well within a double's precision at these caps. */
export const formatNaira = (kobo: number) => nairaFormat.format(kobo / 100);
/** 1250050 -> "NGN 12,500.50" (the PDF: its standard font has no ₦). */
export const formatNairaPlain = (kobo: number) => `NGN ${plainFormat.format(kobo / 100)}`;

/** Quantity x unit price, for one line. */
const lineAmount = (line: { quantity: number; unitPrice: number }) => line.quantity * line.unitPrice;

/**
 * Subtotal, tax and total in kobo: tax is subtotal x rate, rounded half up to the kobo
 * (computed in bigint, so the product never loses digits).
 */
export function invoiceTotals(
  lines: ReadonlyArray<{ quantity: number; unitPrice: number }>,
  taxRateBp: number,
) {
  const subtotal = lines.reduce((sum, line) => sum + lineAmount(line), 0);
  const tax = Number((BigInt(subtotal) * BigInt(taxRateBp) + 5_000n) / 10_000n);
  return { subtotal, tax, total: subtotal + tax };
}

// ---------------------------------------------------------------- input

const isInt = (message: string) => z.number({ error: message }).int(message);

const optionalNotes = z
  .string({ error: M.notesMax })
  .trim()
  .max(INVOICE_LIMITS.notes, M.notesMax)
  .refine(isCleanText, INVALID_TEXT_MESSAGE)
  .nullish()
  .transform((v) => v || null);

const invoiceLineInputSchema = z.object({
  description: requiredText(M.descriptionRequired, INVOICE_LIMITS.description),
  quantity: isInt(M.quantityInvalid).min(1, M.quantityMin).max(INVOICE_LIMITS.quantity, M.quantityMax),
  /** Kobo. */
  unitPrice: isInt(M.priceInvalid).min(0, M.priceInvalid).max(INVOICE_LIMITS.unitPriceKobo, M.priceMax),
});

/** What a doctor edits on a Pending invoice: lines, tax rate (basis points) and notes. */
export const invoiceInputSchema = z.object({
  lines: z
    .array(invoiceLineInputSchema, { error: M.linesMin })
    .min(1, M.linesMin)
    .max(INVOICE_LIMITS.lines, M.linesMax),
  taxRate: isInt(M.taxInvalid).min(0, M.taxInvalid).max(INVOICE_LIMITS.taxRateBp, M.taxMax),
  notes: optionalNotes,
});
export type UpdateInvoice = z.output<typeof invoiceInputSchema>;

export const createInvoiceSchema = invoiceInputSchema.extend({
  appointmentId: z.string({ error: M.appointmentRequired }).uuid(M.appointmentRequired),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
export type CreateInvoice = z.output<typeof createInvoiceSchema>;

export const payInvoiceSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: M.methodRequired }),
});

export const refundInvoiceSchema = z.object({
  reason: requiredMultilineText(M.reasonRequired, INVOICE_LIMITS.reason),
});

// ---------------------------------------------------------------- the form (naira and percent as typed)

const nairaText = z
  .string({ error: M.priceInvalid })
  .refine((v) => parseNaira(v) !== null, M.priceInvalid)
  .refine((v) => (parseNaira(v) ?? 0) <= INVOICE_LIMITS.unitPriceKobo, M.priceMax);

const quantityText = z
  .string({ error: M.quantityInvalid })
  .trim()
  .regex(/^\d{1,6}$/, M.quantityInvalid)
  .refine((v) => Number(v) >= 1, M.quantityMin)
  .refine((v) => Number(v) <= INVOICE_LIMITS.quantity, M.quantityMax);

/**
 * The invoice form as typed: prices in naira and the tax rate in percent, as text, so the
 * conversion to kobo and basis points is exact. `toInvoiceInput` turns it into the API's body.
 */
export const invoiceFormSchema = z.object({
  lines: z
    .array(
      z.object({
        description: requiredText(M.descriptionRequired, INVOICE_LIMITS.description),
        quantity: quantityText,
        unitPrice: nairaText,
      }),
    )
    .min(1, M.linesMin)
    .max(INVOICE_LIMITS.lines, M.linesMax),
  taxRate: z
    .string({ error: M.taxInvalid })
    .refine((v) => parsePercent(v) !== null, M.taxInvalid)
    .refine((v) => (parsePercent(v) ?? 0) <= INVOICE_LIMITS.taxRateBp, M.taxMax),
  notes: z.string().max(INVOICE_LIMITS.notes, M.notesMax),
});
export type InvoiceForm = z.infer<typeof invoiceFormSchema>;
/** New Invoice: the same form, for one of the doctor's completed appointments. */
export const newInvoiceFormSchema = invoiceFormSchema.extend({
  appointmentId: z.string({ error: M.appointmentRequired }).min(1, M.appointmentRequired),
});
export type NewInvoiceForm = z.infer<typeof newInvoiceFormSchema>;

export const emptyInvoiceLine = { description: '', quantity: '1', unitPrice: '' };

export const toInvoiceInput = (form: InvoiceForm): UpdateInvoice => ({
  lines: form.lines.map((line) => ({
    description: line.description.trim(),
    quantity: Number(line.quantity.trim()),
    unitPrice: parseNaira(line.unitPrice) ?? 0,
  })),
  taxRate: parsePercent(form.taxRate) ?? 0,
  notes: form.notes.trim() || null,
});

/** A line of the form as the API gives it back (parsed when the form is valid, else counted as 0). */
export const formLineKobo = (line: InvoiceForm['lines'][number]) => ({
  quantity: /^\d{1,6}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : 0,
  unitPrice: parseNaira(line.unitPrice) ?? 0,
});

// ---------------------------------------------------------------- answers

/** Sortable columns of the Transactions table: all but ID and Actions. */
export const INVOICES_SORTABLE = ['patient', 'appointment', 'date', 'total', 'status'] as const;
export const invoicesQuerySchema = listQuerySchema(INVOICES_SORTABLE).extend({
  status: invoiceStatusSchema.optional(),
});

const appointmentRefSchema = z.object({
  id: z.string(),
  /** 'YYYY-MM-DD', facility time. */
  date: z.string(),
  /** 'HH:MM', facility time. */
  time: z.string(),
  title: z.string(),
});

/** A row of the Transactions table: id (the invoice number), name, appointment, date, total, status. */
const invoiceRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  patientId: z.string(),
  name: z.string(),
  doctorName: z.string(),
  appointment: appointmentRefSchema.nullable(),
  /** When it was issued. */
  date: z.string(),
  /** Kobo. */
  total: z.number().int(),
  status: invoiceStatusSchema,
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;
export const invoicePageSchema = pageOf(invoiceRowSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;

const invoiceLineSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
});

export const invoiceDetailSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: invoiceStatusSchema,
  issuedAt: z.string(),
  patient: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  doctor: z.object({ id: z.string(), name: z.string() }),
  appointment: appointmentRefSchema.nullable(),
  lines: z.array(invoiceLineSchema),
  /** Basis points (750 = 7.5%). */
  taxRate: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

const figureSchema = z.object({ count: z.number().int(), total: z.number().int() });
/** The four summary cards, computed from the doctor's invoices. */
export const invoiceSummarySchema = z.object({
  /** Paid invoices: money received. */
  paid: figureSchema,
  /** Pending invoices: money still owed. */
  outstanding: figureSchema,
  /** Invoices issued this month on the facility's calendar, cancelled ones left out. */
  thisMonth: figureSchema,
  /** Refunded invoices: money returned. */
  refunded: figureSchema,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** A completed appointment of the doctor's that has no active invoice: what the New Invoice dialog offers. */
const billableAppointmentSchema = appointmentRefSchema.extend({
  patientId: z.string(),
  patientName: z.string(),
});
export type BillableAppointment = z.infer<typeof billableAppointmentSchema>;
export const billableAppointmentsSchema = z.object({ data: z.array(billableAppointmentSchema) });
export const BILLABLE_LIMIT = 20;
export const billableQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is too long').optional(),
});
