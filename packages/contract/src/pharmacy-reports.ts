import { z } from 'zod';
import { listQuerySchema, pageOf } from './common';
import type { StockMovementKind } from './pharmacy';

/*
 * The pharmacy's reports (docs/areas/pharmacy-reports.md, issue 34 §3): what the stock is worth,
 * how much of each medicine leaves by dispense and ward dose per month, and the batches on a shelf
 * that expired or expire soon. Each answers a page as JSON, or with `format=csv` the whole report
 * as a CSV download (a query parameter, so a plain link downloads it).
 *
 * Endpoints (pharmacist and admin read):
 *   GET /api/pharmacy/reports/valuation?page&limit&sort&order&q&storeId[&format=csv]        [valuationQuerySchema -> valuationReportSchema]
 *   GET /api/pharmacy/reports/consumption?page&limit&sort&order&q&storeId&from&to[&format=csv] [consumptionQuerySchema -> consumptionReportSchema]
 *   GET /api/pharmacy/reports/expiry?page&limit&q&storeId&withinDays[&format=csv]          [expiryQuerySchema -> expiryReportSchema]
 */

export const PHARMACY_REPORT_MESSAGES = {
  loadFailed: 'Could not load the report',
  store: 'Choose a store',
  withinDays: 'Enter a number of days from 0 to 3650',
  month: 'Enter a month as YYYY-MM',
  monthOrder: 'The last month comes on or after the first',
  monthSpan: (months: number) => `Pick at most ${months} months`,
  format: 'Format must be json or csv',
} as const;

const M = PHARMACY_REPORT_MESSAGES;

const REPORT_FORMATS = ['json', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const PHARMACY_REPORTS = ['expiry', 'valuation', 'consumption'] as const;
export type PharmacyReport = (typeof PHARMACY_REPORTS)[number];
export const PHARMACY_REPORT_LABELS: Record<PharmacyReport, string> = {
  expiry: 'Expiry list',
  valuation: 'Stock valuation',
  consumption: 'Consumption',
};

export const PHARMACY_REPORT_PAGE_SIZE = 20;
/** The consumption report's columns: a year of months at most (and by default the last 12). */
export const CONSUMPTION_MONTHS_MAX = 12;
/** Ten years ahead is further than any shelf life. */
const WITHIN_DAYS_MAX = 3650;

/** What every report takes besides its page: the store it is narrowed to, and JSON or CSV. */
const reportQuery = <const S extends readonly [string, ...string[]]>(sortable: S) =>
  listQuerySchema(sortable, PHARMACY_REPORT_PAGE_SIZE).extend({
    storeId: z.uuid({ error: M.store }).optional(),
    format: z.enum(REPORT_FORMATS, { error: M.format }).default('json'),
  });

// ---------------------------------------------------------------- valuation

export const VALUATION_SORTABLE = ['medicine', 'quantity', 'value'] as const;
/** By store (the main store first) and medicine unless sorted; `q` finds the generic or brand name. */
export const valuationQuerySchema = reportQuery(VALUATION_SORTABLE);

const storeValueSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  quantity: z.number().int(),
  /** Kobo: the sum of on hand x each batch's unit cost. */
  value: z.number().int(),
});

const valuationRowSchema = storeValueSchema.extend({
  /** `<storeId>:<medicineId>`: one row per store and medicine. */
  id: z.string(),
  medicineId: z.string(),
  medicine: z.string(),
  dispensingUnit: z.string(),
});
export type ValuationRow = z.infer<typeof valuationRowSchema>;

export const valuationReportSchema = pageOf(valuationRowSchema).extend({
  /** Over every row the filters match (not only the page): per store, and all of them. */
  totals: z.object({
    stores: z.array(storeValueSchema),
    quantity: z.number().int(),
    value: z.number().int(),
  }),
});
export type ValuationReport = z.infer<typeof valuationReportSchema>;

// ---------------------------------------------------------------- consumption

const month = z.string({ error: M.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.month);

/** Months from `from` to `to` (YYYY-MM), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, monthNumber] = from.split('-').map(Number) as [number, number];
  for (let at = from; at <= to; ) {
    months.push(at);
    monthNumber += 1;
    if (monthNumber > 12) {
      monthNumber = 1;
      year += 1;
    }
    at = `${String(year).padStart(4, '0')}-${String(monthNumber).padStart(2, '0')}`;
  }
  return months;
}

/** The month `count` months before (negative) or after `of`. */
export function shiftMonth(of: string, count: number): string {
  const [year, monthNumber] = of.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** What counts as consumed: units dispensed to patients and doses given on the ward. */
export const STOCK_CONSUMPTION_KINDS = [
  'dispense',
  'administration',
] as const satisfies readonly StockMovementKind[];

export const CONSUMPTION_SORTABLE = ['medicine', 'total'] as const;
/**
 * The months (calendar months of the facility's time zone) from `from` to `to`, the last 12 up to
 * this month when not given; by medicine unless sorted by the total.
 */
export const consumptionQuerySchema = reportQuery(CONSUMPTION_SORTABLE)
  .extend({ from: month.optional(), to: month.optional() })
  .superRefine((query, issues) => {
    if (!query.from || !query.to) return;
    if (query.to < query.from) issues.addIssue({ code: 'custom', path: ['to'], message: M.monthOrder });
    else if (monthsBetween(query.from, query.to).length > CONSUMPTION_MONTHS_MAX)
      issues.addIssue({ code: 'custom', path: ['to'], message: M.monthSpan(CONSUMPTION_MONTHS_MAX) });
  });

const consumptionRowSchema = z.object({
  /** The medicine's id. */
  id: z.string(),
  medicine: z.string(),
  dispensingUnit: z.string(),
  /** Units dispensed and given on the ward in each of the answer's `months`, in their order. */
  months: z.array(z.number().int()),
  total: z.number().int(),
});
export type ConsumptionRow = z.infer<typeof consumptionRowSchema>;

export const consumptionReportSchema = pageOf(consumptionRowSchema).extend({
  /** The report's months, YYYY-MM, first to last. */
  months: z.array(z.string()),
});
export type ConsumptionReport = z.infer<typeof consumptionReportSchema>;

// ---------------------------------------------------------------- expiry

/**
 * Batches on a shelf expired or expiring within `withinDays` of today (the pharmacy's warning days
 * when not given), first expiry first, one row per batch and store.
 */
export const expiryQuerySchema = reportQuery(['expiryDate']).extend({
  withinDays: z.coerce
    .number({ error: M.withinDays })
    .int(M.withinDays)
    .min(0, M.withinDays)
    .max(WITHIN_DAYS_MAX, M.withinDays)
    .optional(),
});

const expiryRowSchema = z.object({
  /** `<batchId>:<storeId>`: one row per batch and store. */
  id: z.string(),
  batchId: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  status: z.enum(['expired', 'expiring']),
  medicineId: z.string(),
  medicine: z.string(),
  dispensingUnit: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  quantity: z.number().int(),
  /** Kobo per dispensing unit, and quantity x unit cost. */
  unitCost: z.number().int(),
  value: z.number().int(),
});
export type ExpiryRow = z.infer<typeof expiryRowSchema>;

export const expiryReportSchema = pageOf(expiryRowSchema).extend({
  withinDays: z.number().int(),
  /** Today in the facility, and the last expiry date the list holds. */
  today: z.string(),
  until: z.string(),
});
export type ExpiryReport = z.infer<typeof expiryReportSchema>;

// ---------------------------------------------------------------- CSV

export const VALUATION_CSV_COLUMNS = ['Store', 'Medicine', 'Unit', 'Quantity', 'Value (NGN)'] as const;
export const EXPIRY_CSV_COLUMNS = [
  'Expiry date',
  'Status',
  'Medicine',
  'Unit',
  'Batch',
  'Store',
  'Quantity',
  'Unit cost (NGN)',
  'Value (NGN)',
] as const;
/** The months' columns (YYYY-MM) go between the unit and the total. */
export const consumptionCsvColumns = (months: readonly string[]) => ['Medicine', 'Unit', ...months, 'Total'];

/** "pharmacy-expiry-2030-01-07.csv": the report and the facility's day it was made. */
export const pharmacyReportFileName = (report: PharmacyReport, today: string) =>
  `pharmacy-${report}-${today}.csv`;
