import { z } from 'zod';
import { isCalendarDate } from './clock';
import { listQuerySchema, optionalSingleLineText, pageOf, requiredText } from './common';
import { basisPointsToPercentText } from './transactions';

/*
 * Payers and their price lists (docs/areas/billing.md, issue 35 §2). Every payer has its own
 * tariff: self-pay (exactly one, the default), NHIA (at most one) and the HMOs. A price is set per
 * billable service from a date and never changed afterwards: a new price is a new row from a later
 * date, so what a service cost on any day can always be read back. Money is integer kobo.
 *
 * Endpoints:
 *   GET  /api/payers                          [-> payer[]]                  admin, cashier
 *   GET  /api/payers/:id                      [-> payer]                    admin, cashier
 *   GET  /api/payers/:id/prices               [priceListQuery -> page]      admin, cashier
 *   GET  /api/payers/:id/prices/:serviceId    [-> priceHistory]             admin, cashier
 *   POST /api/admin/payers                    [createPayer -> 201 payer]
 *   PUT  /api/admin/payers/:id                [savePayer -> payer]
 *   PUT  /api/admin/payers/:id/status         [payerStatus -> payer]
 *   POST /api/admin/payers/:id/prices         [setPrice -> 201 priceHistory]
 *   POST /api/admin/billable-services         [createService -> 201 service]
 */

/** Self-pay is made by the migration (the one default); NHIA at most once; any number of HMOs. */
export const PAYER_KINDS = ['self-pay', 'nhia', 'hmo'] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
/** The kinds an administrator adds. */
export const ADDABLE_PAYER_KINDS = ['nhia', 'hmo'] as const satisfies readonly PayerKind[];
export const PAYER_KIND_LABELS: Record<PayerKind, string> = {
  'self-pay': 'Self-pay',
  nhia: 'NHIA',
  hmo: 'HMO',
};

/**
 * What the hospital charges for. Consultations, procedures and reports are rows of the catalogue
 * with their own code and name; a bed-day is one per ward kind; a lab test and a medicine are the
 * lab catalogue's and the formulary's own rows, referenced, never copied.
 */
export const BILLABLE_SERVICE_KINDS = [
  'consultation',
  'bed-day',
  'lab-test',
  'medicine',
  'procedure',
  'report',
] as const;
export type BillableServiceKind = (typeof BILLABLE_SERVICE_KINDS)[number];
/** The kinds an administrator adds to the catalogue (the others follow wards, lab tests and medicines). */
export const ADDABLE_SERVICE_KINDS = [
  'consultation',
  'procedure',
  'report',
] as const satisfies readonly BillableServiceKind[];
export const SERVICE_KIND_LABELS: Record<BillableServiceKind, string> = {
  consultation: 'Consultation',
  'bed-day': 'Bed-day',
  'lab-test': 'Lab test',
  medicine: 'Medicine',
  procedure: 'Procedure',
  report: 'Report',
};

/** What a medicine without a price on the list is marked up over: its batch's unit cost, or the formulary's price. */
export const MARKUP_BASES = ['unit-cost', 'formulary-price'] as const;
export type MarkupBase = (typeof MARKUP_BASES)[number];
export const MARKUP_BASE_LABELS: Record<MarkupBase, string> = {
  'unit-cost': "The batch's unit cost",
  'formulary-price': "The formulary's price",
};

/**
 * Where a price came from: the payer's own list, the payer's markup rule (a medicine it sets no
 * price for), or the self-pay list because the payer's tariff lacks the service (the patient
 * pays such a line: a payer owes only what its tariff names).
 */
export const PRICE_BASES = ['list', 'markup', 'self-pay'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

/**
 * The share of a covered charge the patient pays: a percentage of every line, or a fixed
 * co-payment per visit (charged on the consultation and on a stay's first night; the payer
 * pays the other lines in full).
 */
export const PATIENT_SHARE_KINDS = ['percent', 'copay'] as const;
export type PatientShareKind = (typeof PATIENT_SHARE_KINDS)[number];

/**
 * What made a charge: the care itself (once each: a completed consultation, a night of a stay, a
 * lab test ordered, a medicine dispensed), or a member of staff by hand, with a reason.
 */
export const CHARGE_SOURCES = ['consultation', 'bed-day', 'lab-test', 'medicine', 'manual'] as const;
export type ChargeSource = (typeof CHARGE_SOURCES)[number];
/** A charge is never deleted: a wrong one is voided, with a reason, and stays on the record. */
export const CHARGE_STATUSES = ['active', 'void'] as const;

export const BILLING_MESSAGES = {
  payersLoadFailed: 'Could not fetch payers',
  pricesLoadFailed: 'Could not fetch prices',
  payerNotFound: 'Payer not found',
  serviceNotFound: 'Service not found',
  kindRequired: 'Choose NHIA or HMO',
  nameRequired: 'Please provide the payer’s name',
  nameTaken: 'A payer with this name already exists',
  codeTaken: 'A payer with this code already exists',
  oneNhia: 'NHIA is already a payer',
  selfPayActive: 'Self-pay is the default payer and cannot be deactivated',
  markupRange: 'Markup must be a percentage from 0 to 1,000 with up to 2 decimals',
  markupBase: 'Choose what the markup is over',
  amountRange: 'Price must be a whole number of kobo between 0 and ₦10,000,000',
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  dateInPast: 'A new price applies from today or a later date; past prices never change',
  priceTaken: 'This service already has a price from this date on this list',
  serviceRequired: 'Choose the service',
  serviceKindRequired: 'Choose consultation, procedure or report',
  serviceCodeRequired: 'Please give the service a code',
  serviceNameRequired: 'Please name the service',
  serviceCodeTaken: 'A service with this code already exists',
  payerAdded: 'Payer added',
  payerUpdated: 'Payer updated',
  payerDeactivated: 'Payer deactivated',
  payerReactivated: 'Payer reactivated',
  priceSet: 'Price set',
  serviceAdded: 'Service added',
  noPrice: 'No price',
} as const;
const M = BILLING_MESSAGES;

/** ₦10,000,000 in kobo: no single service costs more. */
const MAX_AMOUNT = 1_000_000_000;
/** 1,000 % in basis points: a markup above that is a typing error. */
const MAX_MARKUP_BP = 100_000;

const calendarDate = z.string({ error: M.dateInvalid }).trim().refine(isCalendarDate, M.dateInvalid);
const nullable = (max: number) =>
  optionalSingleLineText(max)
    .nullish()
    .transform((v) => v || null);

/** Edit Payer: the payer's details and its markup rule for medicines without a price. */
export const savePayerSchema = z.object({
  name: requiredText(M.nameRequired, 120),
  /** The payer's own code (NHIA's facility or scheme code, an HMO's code on its claim forms). */
  code: nullable(30),
  /** A phone, an e-mail or a desk: how the billing office reaches the payer. */
  contact: nullable(200),
  /** Basis points over the markup base (1,500 = 15 %); null: no markup, a medicine without a price has none on this list. */
  markupBp: z
    .number({ error: M.markupRange })
    .int(M.markupRange)
    .min(0, M.markupRange)
    .max(MAX_MARKUP_BP, M.markupRange)
    .nullable()
    .default(null),
  markupBase: z.enum(MARKUP_BASES, { error: M.markupBase }).default('unit-cost'),
});
export type SavePayerOutput = z.output<typeof savePayerSchema>;

/** Add Payer: NHIA or an HMO (self-pay exists from the start). */
export const createPayerSchema = savePayerSchema.extend({
  kind: z.enum(ADDABLE_PAYER_KINDS, { error: M.kindRequired }),
});
export type CreatePayerOutput = z.output<typeof createPayerSchema>;

export const payerStatusSchema = z.object({
  active: z.boolean({ error: 'Say whether the payer is active' }),
});

export const payerSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYER_KINDS),
  name: z.string(),
  code: z.string().nullable(),
  contact: z.string().nullable(),
  markupBp: z.number().int().nullable(),
  markupBase: z.enum(MARKUP_BASES),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Payer = z.infer<typeof payerSchema>;
export const payerListSchema = z.array(payerSchema);

export const billableServiceSchema = z.object({
  id: z.string(),
  kind: z.enum(BILLABLE_SERVICE_KINDS),
  /** The catalogue's code, the lab test's code; null for a medicine (the formulary has none). */
  code: z.string().nullable(),
  name: z.string(),
});
export type BillableService = z.infer<typeof billableServiceSchema>;

/** Add Service: a consultation kind, a procedure or a report. */
export const createServiceSchema = z.object({
  kind: z.enum(ADDABLE_SERVICE_KINDS, { error: M.serviceKindRequired }),
  code: requiredText(M.serviceCodeRequired, 30),
  name: requiredText(M.serviceNameRequired, 120),
});
export type CreateServiceOutput = z.output<typeof createServiceSchema>;

const datedPriceSchema = z.object({ amount: z.number().int(), effectiveFrom: z.string() });
export type DatedPrice = z.infer<typeof datedPriceSchema>;

/** A service on a payer's list: the price in force on the day asked (or none) and the next one set. */
const priceListRowSchema = billableServiceSchema.extend({
  current: datedPriceSchema.nullable(),
  next: datedPriceSchema.nullable(),
});
export type PriceListRow = z.infer<typeof priceListRowSchema>;
export const priceListPageSchema = pageOf(priceListRowSchema);

/** Without `sort`, by kind then name. Search matches the service's name or code. */
export const PRICE_LIST_SORTABLE = ['name', 'kind'] as const;
export const priceListQuerySchema = listQuerySchema(PRICE_LIST_SORTABLE).extend({
  kind: z
    .enum(BILLABLE_SERVICE_KINDS, { error: `Kind must be one of: ${BILLABLE_SERVICE_KINDS.join(', ')}` })
    .optional(),
  /** The day whose prices are shown; today (the facility's) without it. */
  at: calendarDate.optional(),
});

export const servicePriceParamsSchema = z.object({
  id: z.string().uuid('Invalid id'),
  serviceId: z.string().uuid('Invalid id'),
});

/** Every price a service has had on a payer's list, newest date first. */
export const priceHistorySchema = z.object({
  service: billableServiceSchema,
  prices: z.array(
    datedPriceSchema.extend({ id: z.string(), setBy: z.string().nullable(), setAt: z.string() }),
  ),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** Set Price: a service's price on this list from a date (today or later). */
export const setPriceSchema = z.object({
  serviceId: z.string({ error: M.serviceRequired }).uuid(M.serviceRequired),
  amount: z
    .number({ error: M.amountRange })
    .int(M.amountRange)
    .min(0, M.amountRange)
    .max(MAX_AMOUNT, M.amountRange),
  effectiveFrom: calendarDate,
});
export type SetPriceOutput = z.output<typeof setPriceSchema>;

/** How a payer's markup rule reads on the screens: "20 % over the batch's unit cost", or "No markup". */
export const markupText = (payer: Pick<Payer, 'markupBp' | 'markupBase'>) =>
  payer.markupBp === null
    ? 'No markup'
    : `${basisPointsToPercentText(payer.markupBp)} % over ${MARKUP_BASE_LABELS[payer.markupBase].replace(/^The/, 'the')}`;
