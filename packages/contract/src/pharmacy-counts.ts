import { z } from 'zod';
import { listQuerySchema, optionalSingleLineText, pageOf } from './common';
import { batchStatusSchema, PHARMACY_STOCK_MESSAGES, STOCK_QUANTITY_MAX } from './pharmacy-stock';

/*
 * Stock counts (docs/areas/pharmacy-stock.md, issue 34 §3): the pharmacist counts one store's
 * shelves, sees each line's variance against the record and its value before anything is written,
 * then posts it: one `count` ledger row per line that differs. The quantities on record the
 * preview showed travel with the post; if any moved since (a dispense, a transfer), the post is
 * refused whole and the count is previewed again.
 *
 * Endpoints (pharmacist only):
 *   GET  /api/pharmacy/stock/counts/sheet?storeId&q&page&limit  the store's batches to count, by medicine      [countSheetQuerySchema -> countSheetSchema]
 *   POST /api/pharmacy/stock/counts/preview                    each line's on record, counted, variance, value  [countPreviewInputSchema -> countPreviewSchema]
 *   POST /api/pharmacy/stock/counts                            posts the variances through the ledger (201)    [countPostInputSchema -> countPostedSchema]
 */

export const STOCK_COUNT_MESSAGES = {
  counted: 'Enter the units counted: a whole number, 0 or more',
  onRecord: 'Preview the count again',
  noLines: 'Enter a count for at least one batch',
  tooManyLines: (max: number) => `Post at most ${max} lines at once: count the store in parts`,
  countedTwice: 'This batch is counted twice',
  notInStore: (store: string) => `This batch is not in ${store}`,
  /** The post's quantities on record are no longer the store's: someone moved stock meanwhile. */
  movedSincePreview: (what: string) => `Stock of ${what} moved since the preview: preview the count again`,
  posted: 'Stock count posted',
  postFailed: 'Could not post the stock count',
  previewFailed: 'Could not preview the stock count',
} as const;

const M = STOCK_COUNT_MESSAGES;

/** A count's lines in one post: a store counted in parts (a shelf, a letter) stays well below it. */
export const STOCK_COUNT_LINES_MAX = 1000;
export const STOCK_COUNT_PAGE_SIZE = 50;
const COUNT_NOTE_MAX = 300;

// ---------------------------------------------------------------- the count sheet

export const COUNT_SHEET_SORTABLE = ['name', 'expiry'] as const;
/** By medicine (then expiry) unless asked otherwise; `q` finds the generic or brand name, or the batch number. */
export const countSheetQuerySchema = listQuerySchema(COUNT_SHEET_SORTABLE, STOCK_COUNT_PAGE_SIZE).extend({
  storeId: z.uuid({ error: PHARMACY_STOCK_MESSAGES.store }),
});

/**
 * A batch with a balance in the store. Without its quantity on record: the count is blind, so
 * what the pharmacist types is what is on the shelf, not what the record leads them to expect.
 */
const countSheetRowSchema = z.object({
  /** The batch's id. */
  id: z.string(),
  medicine: z.string(),
  dispensingUnit: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  status: batchStatusSchema,
});
export type CountSheetRow = z.infer<typeof countSheetRowSchema>;
export const countSheetSchema = pageOf(countSheetRowSchema);
export type CountSheet = z.infer<typeof countSheetSchema>;

// ---------------------------------------------------------------- preview and post

const units = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(STOCK_QUANTITY_MAX, message);

/** What a person types in a Counted box: whole units, 0 or more, as the API takes them. */
export const countedTextSchema = z
  .string({ error: M.counted })
  .trim()
  .regex(/^\d+$/, M.counted)
  .transform(Number)
  .pipe(units(M.counted));

const countLineSchema = z.object({
  batchId: z.uuid({ error: PHARMACY_STOCK_MESSAGES.batch }),
  counted: units(M.counted),
});

/** A count's lines: at least one, at most STOCK_COUNT_LINES_MAX, each batch once (the repeat named). */
const linesOf = <L extends z.ZodType<{ batchId: string }>>(line: L) =>
  z
    .array(line, { error: M.noLines })
    .min(1, M.noLines)
    .max(STOCK_COUNT_LINES_MAX, M.tooManyLines(STOCK_COUNT_LINES_MAX))
    .superRefine((lines, issue) => {
      const seen = new Set<string>();
      lines.forEach((l, index) => {
        if (seen.has(l.batchId))
          issue.addIssue({ code: 'custom', message: M.countedTwice, path: [index, 'batchId'] });
        seen.add(l.batchId);
      });
    });

export const countPreviewInputSchema = z.object({
  storeId: z.uuid({ error: PHARMACY_STOCK_MESSAGES.store }),
  lines: linesOf(countLineSchema),
});
export type CountPreviewInput = z.input<typeof countPreviewInputSchema>;

/** The preview's lines as posted: each with the quantity on record the preview showed. */
export const countPostInputSchema = z.object({
  storeId: z.uuid({ error: PHARMACY_STOCK_MESSAGES.store }),
  /** Kept on each ledger row after "Stock count: ". */
  note: optionalSingleLineText(COUNT_NOTE_MAX).optional().default(''),
  lines: linesOf(countLineSchema.extend({ onRecord: units(M.onRecord) })),
});
export type CountPostInput = z.input<typeof countPostInputSchema>;

/** The Post form's own field: the optional note (the lines come from the preview). */
export const countNoteFormSchema = countPostInputSchema.pick({ note: true });
export type CountNoteForm = z.input<typeof countNoteFormSchema>;

const countPreviewLineSchema = z.object({
  batchId: z.string(),
  medicine: z.string(),
  dispensingUnit: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** Kobo per dispensing unit. */
  unitCost: z.number().int(),
  onRecord: z.number().int(),
  counted: z.number().int(),
  /** Counted minus on record: positive found more, negative found less. */
  variance: z.number().int(),
  /** The variance at the batch's unit cost, in kobo (signed). */
  varianceValue: z.number().int(),
});
export type CountPreviewLine = z.infer<typeof countPreviewLineSchema>;

export const countPreviewSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  lines: z.array(countPreviewLineSchema),
  totals: z.object({
    /** Lines whose count differs from the record: the ledger rows a post writes. */
    differing: z.number().int(),
    /** Kobo: what was found beyond the record, what is missing (as a positive sum), and the net. */
    gainValue: z.number().int(),
    lossValue: z.number().int(),
    netValue: z.number().int(),
  }),
});
export type CountPreview = z.infer<typeof countPreviewSchema>;

/** What a post wrote: the preview as posted, with the ledger operation (none when nothing differed). */
export const countPostedSchema = countPreviewSchema.extend({ operationId: z.string().nullable() });
export type CountPosted = z.infer<typeof countPostedSchema>;
