import {
  type CountPosted,
  type CountPreview,
  type CountSheet,
  type countPostInputSchema,
  type countPreviewInputSchema,
  type countSheetQuerySchema,
  STOCK_COUNT_MESSAGES as M,
  medicineLabel,
} from '@carepoint/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { medicines, stockBalances, stockBatches } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import { listPage, matchingRows, orderBy, type Select, search } from '../../lib/list';
import { type Movement, move } from './ledger';
import { publishStock } from './live';
import { batchStatus, expiryWindow } from './stock-list';
import { storeOf } from './stores';

/*
 * Stock counts (issue 34 §3): the pharmacist counts a store, previews each line's variance
 * against the record, and posts it. The post carries the quantities on record the preview
 * showed; under the balances' row locks it compares them with the store's now, and refuses the
 * whole count (409) when any moved since, so a variance is never posted against a record the
 * pharmacist did not see. Variances are written by the ledger's one writer, move().
 */

type SheetQuery = z.output<typeof countSheetQuerySchema>;
type PreviewInput = z.output<typeof countPreviewInputSchema>;
type PostInput = z.output<typeof countPostInputSchema>;

/** The medicine's name first, then its strength: the shelves' order; a medicine's batches by expiry. */
const byMedicine = [sql`lower(${medicines.genericName})`, medicines.strength];

/** The store's balances, each with its batch and medicine (a count sheet's and a count's rows). */
const balancesOf = (select: Select, where: SQL | undefined) =>
  select({
    batchId: stockBatches.id,
    batchNumber: stockBatches.batchNumber,
    expiryDate: stockBatches.expiryDate,
    unitCost: stockBatches.unitCost,
    genericName: medicines.genericName,
    strength: medicines.strength,
    form: medicines.form,
    dispensingUnit: medicines.dispensingUnit,
    onRecord: stockBalances.quantity,
  })
    .from(stockBalances)
    .innerJoin(stockBatches, eq(stockBatches.id, stockBalances.batchId))
    .innerJoin(medicines, eq(medicines.id, stockBatches.medicineId))
    .where(where);
type Balance = Awaited<ReturnType<typeof balancesOf>>[number];

/**
 * GET /api/pharmacy/stock/counts/sheet: a page of the batches with a balance in the store (a
 * balance of 0 too: a count may find what the record says is gone), by medicine and expiry,
 * searched by the medicine's generic or brand name or the batch number. Blind: no quantities.
 */
export async function countSheet(ctx: ServiceContext, query: SheetQuery): Promise<CountSheet> {
  const store = await storeOf(ctx.db, query.storeId);
  const days = await expiryWindow(ctx);
  const where = and(
    eq(stockBalances.storeId, store.id),
    search(query.q, [medicines.genericName, medicines.brandName, stockBatches.batchNumber]),
  );
  return listPage(ctx, query, {
    rows: (select) => balancesOf(select, where),
    order: orderBy(
      query,
      { name: byMedicine, expiry: stockBatches.expiryDate },
      [...byMedicine.map((target) => asc(target)), asc(stockBatches.expiryDate)],
      stockBatches.id,
    ),
    count: matchingRows(ctx.db)
      .from(stockBalances)
      .innerJoin(stockBatches, eq(stockBatches.id, stockBalances.batchId))
      .innerJoin(medicines, eq(medicines.id, stockBatches.medicineId))
      .where(where),
    map: (row) => ({
      id: row.batchId,
      medicine: medicineLabel(row),
      dispensingUnit: row.dispensingUnit,
      batchNumber: row.batchNumber,
      expiryDate: row.expiryDate,
      status: batchStatus(row.expiryDate, days),
    }),
  });
}

/**
 * The store's balances of the lines' batches, by batch; locked (FOR UPDATE, in batch order, the
 * order move() changes them in) when the post reads them. A line whose batch has no balance in
 * the store is refused, 400 on its field.
 */
async function recordsOf(
  db: Executor,
  store: { id: string; name: string },
  lines: ReadonlyArray<{ batchId: string }>,
  lock: boolean,
): Promise<Map<string, Balance>> {
  const query = balancesOf(
    (fields) => db.select(fields),
    and(
      eq(stockBalances.storeId, store.id),
      inArray(
        stockBalances.batchId,
        lines.map((l) => l.batchId),
      ),
    ),
  ).orderBy(asc(stockBalances.batchId));
  const rows = lock ? await query.for('update', { of: stockBalances }) : await query;
  const records = new Map(rows.map((row) => [row.batchId, row]));
  const missing: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    if (!records.has(line.batchId)) missing[`lines.${index}.batchId`] = [M.notInStore(store.name)];
  });
  if (Object.keys(missing).length > 0)
    throw new AppError(400, 'VALIDATION', M.notInStore(store.name), missing);
  return records;
}

/** Each line against its record: the variance and its value at the batch's unit cost, and the totals. */
function compared(
  store: { id: string; name: string },
  lines: ReadonlyArray<{ batchId: string; counted: number }>,
  records: Map<string, Balance>,
): CountPreview {
  const shown = lines.map((line) => {
    const record = records.get(line.batchId);
    if (!record) throw new Error('a counted batch without its record');
    const variance = line.counted - record.onRecord;
    return {
      batchId: line.batchId,
      medicine: medicineLabel(record),
      dispensingUnit: record.dispensingUnit,
      batchNumber: record.batchNumber,
      expiryDate: record.expiryDate,
      unitCost: record.unitCost,
      onRecord: record.onRecord,
      counted: line.counted,
      variance,
      varianceValue: variance * record.unitCost,
    };
  });
  const values = shown.map((l) => l.varianceValue);
  const sum = (list: number[]) => list.reduce((total, v) => total + v, 0);
  return {
    storeId: store.id,
    storeName: store.name,
    lines: shown,
    totals: {
      differing: shown.filter((l) => l.variance !== 0).length,
      gainValue: sum(values.filter((v) => v > 0)),
      lossValue: -sum(values.filter((v) => v < 0)),
      netValue: sum(values),
    },
  };
}

/** POST /api/pharmacy/stock/counts/preview: each line's record, count, variance and its value. Writes nothing. */
export async function previewCount(ctx: ServiceContext, input: PreviewInput): Promise<CountPreview> {
  const store = await storeOf(ctx.db, input.storeId);
  return compared(store, input.lines, await recordsOf(ctx.db, store, input.lines, false));
}

/** "Amoxicillin 500 mg Capsule, batch B-1" (and how many more), for the 409 of a count gone stale. */
function movedText(moved: readonly Balance[]) {
  const [first] = moved;
  if (!first) return '';
  const more = moved.length - 1;
  return `${medicineLabel(first)}, batch ${first.batchNumber}${more > 0 ? ` and ${more} more batch${more === 1 ? '' : 'es'}` : ''}`;
}

/**
 * POST /api/pharmacy/stock/counts: in one transaction, locks the lines' balances, refuses the
 * whole count (409 COUNT_STALE) if any is no longer what the preview showed, writes one `count`
 * row per line that differs through move() (one operation, reason "Stock count" with the note),
 * and audits it as `pharmacy-stock.count`. A count that finds the record right writes no ledger
 * row, and is audited all the same. After the commit the `stock` topic is published.
 */
export async function postCount(ctx: ServiceContext, input: PostInput): Promise<CountPosted> {
  const posted = await ctx.db.transaction(async (tx) => {
    const inTx = inTransaction(ctx, tx);
    const store = await storeOf(tx, input.storeId);
    const records = await recordsOf(tx, store, input.lines, true);
    const moved = input.lines.flatMap((line) => {
      const record = records.get(line.batchId);
      return record && record.onRecord !== line.onRecord ? [record] : [];
    });
    if (moved.length > 0) throw conflict('COUNT_STALE', M.movedSincePreview(movedText(moved)));

    const result = compared(store, input.lines, records);
    const reason = input.note ? `Stock count: ${input.note}` : 'Stock count';
    const rows: Movement[] = result.lines
      .filter((l) => l.variance !== 0)
      .map((l) => ({ kind: 'count', storeId: store.id, batchId: l.batchId, quantity: l.variance, reason }));
    const operationId = rows.length > 0 ? (await move(inTx, rows)).operationId : null;
    await audit(inTx, {
      action: 'pharmacy-stock.count',
      entityType: 'store',
      entityId: store.id,
      details: {
        operationId,
        note: input.note || null,
        lines: input.lines.length,
        movements: rows.map(({ batchId, quantity }) => ({ batchId, quantity })),
        totals: result.totals,
      },
    });
    return { ...result, operationId };
  });
  // Once committed, the live stock screens read themselves again (a count that moved nothing too: cheap, and rare).
  await publishStock(ctx);
  return posted;
}
