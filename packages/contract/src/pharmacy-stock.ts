import { z } from 'zod';
import { listQuerySchema, pageOf, requiredText } from './common';
import { STOCK_MOVEMENT_KINDS, STORE_KINDS, type StockMovementKind } from './pharmacy';
import { parseNaira } from './transactions';

/*
 * The pharmacy's stock (docs/areas/pharmacy.md, issue 34 §1 and §3): what lies in each store,
 * batch by batch, and the goods movements a pharmacist records. Every change is written by the
 * ledger's one writer, move(), so the balances and the ledger always agree.
 *
 * Endpoints (pharmacist; admin reads):
 *   GET  /api/pharmacy/stores                         the main store and every ward (its store once made) [-> storeListSchema]
 *   GET  /api/pharmacy/stock?page&limit&sort&order&q  medicines with on hand per store, batches, alerts     [stockQuerySchema -> stockPageSchema]
 *   POST /api/pharmacy/stock/receipts                 goods into the main store (a new batch or more of one) [receiptInputSchema -> movedSchema]
 *   POST /api/pharmacy/stock/transfers                main store -> a ward's store (made when first needed)  [transferInputSchema -> movedSchema]
 *   POST /api/pharmacy/stock/returns                  a ward's stock back to main, or main's to the supplier [returnInputSchema -> movedSchema]
 *   POST /api/pharmacy/stock/adjustments              damaged, expired, count correction, with a reason     [adjustmentInputSchema -> movedSchema]
 *   GET  /api/pharmacy/stock/:medicineId              one medicine as the screen shows it (its batches sheet) [-> stockRowSchema]
 *   GET  /api/pharmacy/stock/batches/:batchId/ledger  the batch's ledger rows, newest first, per store       [ledgerQuerySchema -> ledgerSchema]
 *   GET  /api/admin/facility/pharmacy, PUT            the days before expiry the stock screen warns         [pharmacySettingsSchema]
 */

export const PHARMACY_STOCK_MESSAGES = {
  loadFailed: 'Could not load the stock',
  medicine: 'Choose a medicine',
  supplier: 'Supplier is required',
  invoiceNumber: 'Invoice number is required',
  batchNumber: 'Batch number is required',
  expiryDate: 'Enter the expiry date',
  expiredOnReceipt: 'This batch has already expired: it cannot be received',
  quantity: 'Enter a whole number of units, 1 or more',
  adjustmentQuantity: 'Enter a whole number of units other than 0 (negative takes stock away)',
  unitCost: 'Enter the unit cost in naira with up to 2 decimals, e.g. 30 or 30.50',
  batch: 'Choose a batch',
  ward: 'Choose a ward',
  store: 'Choose a store',
  reason: 'Give a reason',
  reasonKind: 'Choose why',
  returnTo: 'Choose where it goes back to',
  returnFromMain: 'Stock goes back to the main store from a ward store',
  supplierReturnFromWard: 'Only the main store returns stock to the supplier',
  batchOfOtherMedicine: 'This batch number belongs to another medicine',
  batchDiffers: (field: string) => `This batch was received before with another ${field}`,
  expiryDays: 'Enter a number of days from 1 to 365',
  wardNotFound: 'Ward not found',
  received: 'Goods received',
  transferred: 'Stock transferred',
  returned: 'Stock returned',
  adjusted: 'Stock adjusted',
  settingsSaved: 'Pharmacy settings saved',
  settingsLoadFailed: 'Could not load the pharmacy settings',
  settingsFailed: 'Could not save the pharmacy settings',
} as const;

const M = PHARMACY_STOCK_MESSAGES;

/** A pharmacy's goods lines: 1,000,000 units of a batch is far beyond any delivery. */
export const STOCK_QUANTITY_MAX = 1_000_000;
/** ₦10,000,000 a unit, in kobo: no dispensing unit costs more. */
const UNIT_COST_MAX_KOBO = 1_000_000_000;
const STOCK_TEXT_MAX = { supplier: 120, invoiceNumber: 60, batchNumber: 60, reason: 300 } as const;

// ---------------------------------------------------------------- settings

export const pharmacySettingsSchema = z.object({
  /** A batch expiring within this many days of today is flagged "Expiring" (issue 34: 90 by default). */
  expiryWarningDays: z
    .number({ error: M.expiryDays })
    .int(M.expiryDays)
    .min(1, M.expiryDays)
    .max(365, M.expiryDays),
});
export type PharmacySettings = z.infer<typeof pharmacySettingsSchema>;
export const DEFAULT_PHARMACY_SETTINGS: PharmacySettings = { expiryWarningDays: 90 };

// ---------------------------------------------------------------- stores

const storeSchema = z.object({
  /** Null for a ward whose store is not made yet (made by its first transfer). */
  id: z.string().nullable(),
  name: z.string(),
  kind: z.enum(STORE_KINDS),
  wardId: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;
export const storeListSchema = z.object({ data: z.array(storeSchema) });
export type StoreList = z.infer<typeof storeListSchema>;

// ---------------------------------------------------------------- the stock list

export const STOCK_SORTABLE = ['name', 'onHand'] as const;
export const STOCK_PAGE_SIZE = 20;
/** The stock screen's filter: every medicine, or those with one alert. */
export const STOCK_ALERTS = ['below-reorder', 'expiring', 'expired'] as const;
export type StockAlert = (typeof STOCK_ALERTS)[number];
export const STOCK_ALERT_LABELS: Record<StockAlert, string> = {
  'below-reorder': 'Below reorder level',
  expiring: 'Expiring',
  expired: 'Expired',
};

/** By name unless asked otherwise; `q` finds the generic or brand name; `alert` only those with it. */
export const stockQuerySchema = listQuerySchema(STOCK_SORTABLE, STOCK_PAGE_SIZE).extend({
  alert: z.enum(STOCK_ALERTS, { error: `Alert must be one of: ${STOCK_ALERTS.join(', ')}` }).optional(),
});

const storeQuantitySchema = z.object({ storeId: z.string(), quantity: z.number().int() });

/** A batch's expiry as the stock screens flag it: far off, within the warning days, or past. */
export const batchStatusSchema = z.enum(['ok', 'expiring', 'expired']);

const stockBatchSchema = z.object({
  id: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** Kobo per dispensing unit. */
  unitCost: z.number().int(),
  supplier: z.string().nullable(),
  /** Every store holding any of it (0 once emptied: the ledger still names it). */
  stores: z.array(storeQuantitySchema),
  onHand: z.number().int(),
  status: batchStatusSchema,
});
export type StockBatch = z.infer<typeof stockBatchSchema>;

export const stockRowSchema = z.object({
  id: z.string(),
  label: z.string(),
  brandName: z.string().nullable(),
  dispensingUnit: z.string(),
  reorderLevel: z.number().int(),
  /** All stores together. */
  onHand: z.number().int(),
  /** On hand per store that holds any. */
  stores: z.array(storeQuantitySchema),
  batches: z.array(stockBatchSchema),
  alerts: z.array(z.enum(STOCK_ALERTS)),
});
export type StockRow = z.infer<typeof stockRowSchema>;
export const stockPageSchema = pageOf(stockRowSchema);
export type StockPage = z.infer<typeof stockPageSchema>;

// ---------------------------------------------------------------- movements

const quantity = z.coerce
  .number({ error: M.quantity })
  .int(M.quantity)
  .min(1, M.quantity)
  .max(STOCK_QUANTITY_MAX, M.quantity);
const idOf = (message: string) => z.uuid({ error: message });
const reasonText = requiredText(M.reason, STOCK_TEXT_MAX.reason);
const calendarDate = z.iso.date({ error: M.expiryDate });

export const receiptInputSchema = z.object({
  medicineId: idOf(M.medicine),
  supplier: requiredText(M.supplier, STOCK_TEXT_MAX.supplier),
  invoiceNumber: requiredText(M.invoiceNumber, STOCK_TEXT_MAX.invoiceNumber),
  batchNumber: requiredText(M.batchNumber, STOCK_TEXT_MAX.batchNumber),
  expiryDate: calendarDate,
  quantity,
  /** Kobo per dispensing unit, as every amount of money in the API. */
  unitCost: z
    .number({ error: M.unitCost })
    .int(M.unitCost)
    .min(0, M.unitCost)
    .max(UNIT_COST_MAX_KOBO, M.unitCost),
});
export type StockReceiptInput = z.input<typeof receiptInputSchema>;

/** The Receive form: the unit cost as typed in naira ("30.50"), sent as kobo. */
export const receiptFormSchema = receiptInputSchema.extend({
  unitCost: z
    .string({ error: M.unitCost })
    .refine((v) => {
      const kobo = parseNaira(v);
      return kobo !== null && kobo <= UNIT_COST_MAX_KOBO;
    }, M.unitCost)
    .transform((v) => parseNaira(v) ?? 0),
});
export type StockReceiptForm = z.input<typeof receiptFormSchema>;

export const stockTransferInputSchema = z.object({
  batchId: idOf(M.batch),
  wardId: idOf(M.ward),
  quantity,
});
export type StockTransferInput = z.input<typeof stockTransferInputSchema>;

export const RETURN_DESTINATIONS = ['main', 'supplier'] as const;
export const returnInputSchema = z.object({
  batchId: idOf(M.batch),
  /** Where it is now: a ward's store (back to main) or the main store (back to the supplier). */
  storeId: idOf(M.store),
  to: z.enum(RETURN_DESTINATIONS, { error: M.returnTo }),
  quantity,
  reason: reasonText,
});
export type StockReturnInput = z.input<typeof returnInputSchema>;

export const ADJUSTMENT_REASONS = ['Damaged', 'Expired', 'Count correction'] as const;
export const adjustmentInputSchema = z.object({
  batchId: idOf(M.batch),
  storeId: idOf(M.store),
  /** Signed: negative takes stock away (damaged, expired), positive adds (a count found more). */
  quantity: z.coerce
    .number({ error: M.adjustmentQuantity })
    .int(M.adjustmentQuantity)
    .min(-STOCK_QUANTITY_MAX, M.adjustmentQuantity)
    .max(STOCK_QUANTITY_MAX, M.adjustmentQuantity)
    .refine((n) => n !== 0, M.adjustmentQuantity),
  reasonKind: z.enum(ADJUSTMENT_REASONS, { error: M.reasonKind }),
  note: reasonText,
});
export type StockAdjustmentInput = z.input<typeof adjustmentInputSchema>;

/** What a movement wrote: its operation and the balances after it. */
export const movedSchema = z.object({
  operationId: z.string(),
  batchId: z.string(),
  balances: z.array(storeQuantitySchema),
});
export type Moved = z.infer<typeof movedSchema>;

// ---------------------------------------------------------------- the ledger

export const medicineIdParamSchema = z.object({ medicineId: z.uuid({ error: 'Invalid medicine id' }) });
export const batchIdParamSchema = z.object({ batchId: z.uuid({ error: 'Invalid batch id' }) });
export const ledgerQuerySchema = z.object({ storeId: z.uuid({ error: M.store }).optional() });

/** More rows than this of one batch is years of a busy ward: the screen shows the newest. */
export const LEDGER_ROWS_SHOWN = 200;

const ledgerRowSchema = z.object({
  id: z.string(),
  operationId: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  storeId: z.string(),
  storeName: z.string(),
  quantity: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string().nullable(),
  supplier: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  otherStoreName: z.string().nullable(),
  performedBy: z.string(),
  performedAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
export const ledgerSchema = z.object({
  batch: z.object({
    id: z.string(),
    batchNumber: z.string(),
    expiryDate: z.string(),
    medicine: z.string(),
  }),
  data: z.array(ledgerRowSchema),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** How the ledger names a kind on screen. */
export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  receipt: 'Receipt',
  transfer_out: 'Transfer out',
  transfer_in: 'Transfer in',
  return: 'Return',
  adjustment: 'Adjustment',
  dispense: 'Dispense',
  administration: 'Ward dose',
  count: 'Stock count',
};
