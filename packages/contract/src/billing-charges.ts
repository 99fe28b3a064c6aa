import { z } from 'zod';
import {
  CHARGE_SOURCES,
  CHARGE_STATUSES,
  type ChargeSource,
  PAYER_KINDS,
  PRICE_BASES,
  type PriceBasis,
} from './billing';
import { isCalendarDate } from './clock';
import { listQuerySchema, optionalSingleLineText, pageOf, requiredText } from './common';

/*
 * A patient's bill (docs/areas/billing-charges.md, issue 35 §3): the charges the care made (a
 * completed consultation, each night of a stay, each lab test ordered, each medicine dispensed)
 * and those staff added by hand, each split between the payer and the patient. Money is kobo.
 *
 * Endpoints:
 *   GET  /api/billing/patients/:id/charges   [billQuery -> billPage]          cashier, admin
 *   POST /api/billing/patients/:id/charges   [addCharge -> 201 charge]        cashier, admin
 *   POST /api/billing/charges/:id/void       [voidCharge -> charge]           cashier, admin
 *   GET  /api/patient/charges                [billQuery -> billPage]          the patient: their own
 *   GET  /api/doctor/appointments/:id/charges  [-> charge[]]                  the visit's doctor
 *   GET  /api/patient/appointments/:id/charges [-> charge[]]                  the visit's patient
 */

export const CHARGE_SOURCE_LABELS: Record<ChargeSource, string> = {
  consultation: 'Consultation',
  'bed-day': 'Bed-day',
  'lab-test': 'Lab test',
  medicine: 'Medicine',
  manual: 'Added by hand',
};

export const CHARGE_MESSAGES = {
  billLoadFailed: 'Could not fetch the bill',
  patientNotFound: 'Patient not found',
  chargeNotFound: 'Charge not found',
  serviceOrDescription: 'Choose a service from the list, or describe one the list lacks',
  descriptionRequired: 'Describe the service the list lacks',
  unitPriceRange: 'Enter the price, from ₦0 to ₦10,000,000',
  quantityRange: 'Quantity must be a whole number from 1 to 1,000',
  reasonRequired: 'Please give the reason',
  voidReasonRequired: 'Please say why the charge is voided',
  serviceUnpriced:
    'This service has no price for the patient’s payer on that day: describe it and enter its price',
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  dateInFuture: 'A charge is for care given: today or an earlier day',
  alreadyVoid: 'This charge is already void',
  claimed: 'This charge is on a claim to the payer: it cannot be voided',
  chargeAdded: 'Charge added',
  chargeVoided: 'Charge voided',
  notOnTariff: 'Not on the payer’s tariff',
  noPriceToday: 'no price today',
  preauthMissing: 'Pre-authorisation missing',
} as const;
const M = CHARGE_MESSAGES;

/** ₦10,000,000 in kobo, as a price on a list. */
const MAX_UNIT_PRICE = 1_000_000_000;
const MAX_QUANTITY = 1_000;
const calendarDate = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, message);

export const chargeSchema = z.object({
  id: z.string(),
  careDate: z.string(),
  source: z.enum(CHARGE_SOURCES),
  serviceId: z.string().nullable(),
  /** The catalogue's name of the service, or the description of one it lacks. */
  service: z.string(),
  code: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  payerAmount: z.number().int(),
  patientAmount: z.number().int(),
  payer: z.object({ id: z.string(), name: z.string(), kind: z.enum(PAYER_KINDS) }),
  covered: z.boolean(),
  basis: z.enum(PRICE_BASES).nullable(),
  preauthRequired: z.boolean(),
  preauthCode: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(CHARGE_STATUSES),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  addedBy: z.string().nullable(),
  appointmentId: z.string().nullable(),
  stayId: z.string().nullable(),
  nightOf: z.string().nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;
/**
 * A visit's charges: its consultation and the lab tests ordered at it, as an invoice of that visit
 * shows them beside its own lines (the doctor's Transactions, the patient's Invoices).
 */
export const visitChargesSchema = z.array(chargeSchema);

/** The active charges' sums (a void one is shown, struck through, and counts for nothing). */
const totalsSchema = z.object({
  amount: z.number().int(),
  payerAmount: z.number().int(),
  patientAmount: z.number().int(),
});

export const billPageSchema = pageOf(chargeSchema).extend({
  totals: totalsSchema,
  /** Who pays for care today: the coverage's payer, or self-pay (Add Charge prices with it). */
  payerToday: z.object({ id: z.string(), name: z.string() }),
});
export type BillPage = z.infer<typeof billPageSchema>;

/** Without `sort`: newest care first. */
export const BILL_SORTABLE = ['careDate', 'service', 'source', 'amount', 'status'] as const;
export const billQuerySchema = listQuerySchema(BILL_SORTABLE).extend({
  status: z
    .enum(CHARGE_STATUSES, { error: `Status must be one of: ${CHARGE_STATUSES.join(', ')}` })
    .optional(),
  source: z.enum(CHARGE_SOURCES, { error: `Source must be one of: ${CHARGE_SOURCES.join(', ')}` }).optional(),
  from: calendarDate(M.dateInvalid).optional(),
  to: calendarDate(M.dateInvalid).optional(),
});
export type BillQuery = z.output<typeof billQuerySchema>;

/**
 * Add Charge: a service of the catalogue at the patient's payer's price on the day, or, for a
 * service the list lacks, its description and price; a quantity; and why, always.
 */
export const addChargeSchema = z
  .object({
    serviceId: z.string().uuid(M.serviceOrDescription).nullish(),
    description: optionalSingleLineText(200).optional(),
    /** Kobo; only with a description (a listed service is charged at its price). */
    unitPrice: z
      .number({ error: M.unitPriceRange })
      .int(M.unitPriceRange)
      .min(0, M.unitPriceRange)
      .max(MAX_UNIT_PRICE, M.unitPriceRange)
      .nullish(),
    quantity: z
      .number({ error: M.quantityRange })
      .int(M.quantityRange)
      .min(1, M.quantityRange)
      .max(MAX_QUANTITY, M.quantityRange),
    /** The day of the care; today without it. */
    careDate: calendarDate(M.dateInvalid).optional(),
    reason: requiredText(M.reasonRequired, 500),
  })
  .superRefine((input, issues) => {
    if (input.serviceId) return;
    if (!input.description)
      issues.addIssue({ code: 'custom', path: ['description'], message: M.serviceOrDescription });
    if (input.unitPrice === null || input.unitPrice === undefined)
      issues.addIssue({ code: 'custom', path: ['unitPrice'], message: M.unitPriceRange });
  });
export type AddChargeOutput = z.output<typeof addChargeSchema>;

export const voidChargeSchema = z.object({ reason: requiredText(M.voidReasonRequired, 500) });

/** How a line's price basis reads on the bill: only a covered line priced off the tariff says so. */
export const basisNote = (charge: { covered: boolean; basis: PriceBasis | null }) =>
  charge.covered && charge.basis === 'self-pay' ? M.notOnTariff : null;
