import {
  addDays,
  medicineLabel,
  PHARMACY_MESSAGES,
  type StockAlert,
  type StockBatch,
  type StockPage,
  type StockRow,
  type stockQuerySchema,
} from '@carepoint/contract';
import { and, asc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { medicines, stockBalances, stockBatches, stores } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { listPage, matchingRows, orderBy, type Select, search, selectOf } from '../../lib/list';
import { loadPharmacySettings } from '../facility';

type StockQuery = z.output<typeof stockQuerySchema>;

/**
 * All stores together: the medicine's on hand, read from its batches' balances. The subquery is
 * its own SQL inside: drizzle writes the columns of a single-table select's own SQL without their
 * table, which would make the subquery's "id" its own table's.
 */
const onHandOfMedicine = sql`select sum(${stockBalances.quantity}) from ${stockBalances} join ${stockBatches} on ${stockBatches.id} = ${stockBalances.batchId} where ${stockBatches.medicineId} = ${medicines.id}`;
const onHand = sql<number>`coalesce((${onHandOfMedicine}), 0)`.mapWith(Number);

/** The medicine has a batch on a shelf whose expiry date matches `expiry`. */
const batchOnShelf = (expiry: SQL) =>
  sql`exists (select 1 from ${stockBatches} join ${stockBalances} on ${stockBalances.batchId} = ${stockBatches.id} where ${stockBatches.medicineId} = ${medicines.id} and ${stockBalances.quantity} > 0 and ${expiry})`;

/** The days that make the alerts: today in the facility, and the last day still "expiring". */
export async function expiryWindow(ctx: ServiceContext) {
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const { expiryWarningDays } = await loadPharmacySettings(ctx.db);
  return { today, warnUntil: addDays(today, expiryWarningDays) };
}
export type ExpiryWindow = Awaited<ReturnType<typeof expiryWindow>>;

export const batchStatus = (expiryDate: string, days: ExpiryWindow): StockBatch['status'] =>
  expiryDate < days.today ? 'expired' : expiryDate <= days.warnUntil ? 'expiring' : 'ok';

function alertCondition(alert: StockAlert, days: ExpiryWindow): SQL | undefined {
  switch (alert) {
    case 'below-reorder':
      return lt(onHand, medicines.reorderLevel);
    case 'expiring':
      return batchOnShelf(
        sql`${stockBatches.expiryDate} >= ${days.today} and ${stockBatches.expiryDate} <= ${days.warnUntil}`,
      );
    case 'expired':
      return batchOnShelf(sql`${stockBatches.expiryDate} < ${days.today}`);
  }
}

/**
 * GET /api/pharmacy/stock: a page of the formulary (by name unless sorted by on hand), each
 * medicine with its on hand in total and per store, its batches on a shelf (first expiry first,
 * with their quantity per store) and its alerts: below its reorder level, a batch expiring within
 * the pharmacy's warning days, a batch expired. Two statements: the page (with its count), then
 * the page's batches and balances.
 */
export async function stockPage(ctx: ServiceContext, query: StockQuery): Promise<StockPage> {
  const days = await expiryWindow(ctx);
  const where = and(
    search(query.q, [medicines.genericName, medicines.brandName]),
    query.alert ? alertCondition(query.alert, days) : undefined,
  );
  return listPage(ctx, query, {
    rows: (select) => medicineRows(select, where),
    order: orderBy(
      query,
      { name: [sql`lower(${medicines.genericName})`, medicines.strength], onHand },
      [sql`lower(${medicines.genericName})`, asc(medicines.strength)],
      medicines.id,
    ),
    count: matchingRows(ctx.db).from(medicines).where(where),
    mapPage: (rows) => toStockRows(ctx, rows, days),
  });
}

/** GET /api/pharmacy/stock/:medicineId: one medicine as the stock screen shows it (its batches sheet). */
export async function stockRow(ctx: ServiceContext, medicineId: string): Promise<StockRow> {
  const days = await expiryWindow(ctx);
  const rows = await medicineRows(selectOf(ctx.db), eq(medicines.id, medicineId));
  const [row] = await toStockRows(ctx, rows, days);
  if (!row) throw notFoundWith(PHARMACY_MESSAGES.medicineNotFound);
  return row;
}

const medicineRows = (select: Select, where: SQL | undefined) =>
  select({
    id: medicines.id,
    genericName: medicines.genericName,
    strength: medicines.strength,
    form: medicines.form,
    brandName: medicines.brandName,
    dispensingUnit: medicines.dispensingUnit,
    reorderLevel: medicines.reorderLevel,
    onHand,
  })
    .from(medicines)
    .where(where);

/** The medicines with their batches on a shelf (one more statement for them all) and alerts. */
async function toStockRows(
  ctx: ServiceContext,
  rows: Awaited<ReturnType<typeof medicineRows>>,
  days: ExpiryWindow,
): Promise<StockRow[]> {
  const batches = await batchesOf(
    ctx,
    rows.map((r) => r.id),
    days,
  );
  return rows.map((row) => {
    const own = batches.get(row.id) ?? [];
    const alerts: StockAlert[] = [];
    if (row.onHand < row.reorderLevel) alerts.push('below-reorder');
    if (own.some((b) => b.status === 'expiring')) alerts.push('expiring');
    if (own.some((b) => b.status === 'expired')) alerts.push('expired');
    return {
      id: row.id,
      label: medicineLabel(row),
      brandName: row.brandName,
      dispensingUnit: row.dispensingUnit,
      reorderLevel: row.reorderLevel,
      onHand: row.onHand,
      stores: totalsPerStore(own),
      batches: own,
      alerts,
    };
  });
}

/** The medicines' batches with stock on a shelf, first expiry first, each with its stores. */
async function batchesOf(ctx: ServiceContext, medicineIds: string[], days: ExpiryWindow) {
  const byMedicine = new Map<string, StockBatch[]>();
  if (medicineIds.length === 0) return byMedicine;
  const rows = await ctx.db
    .select({
      medicineId: stockBatches.medicineId,
      id: stockBatches.id,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      unitCost: stockBatches.unitCost,
      supplier: stockBatches.supplier,
      storeId: stockBalances.storeId,
      quantity: stockBalances.quantity,
    })
    .from(stockBatches)
    .innerJoin(stockBalances, eq(stockBalances.batchId, stockBatches.id))
    .innerJoin(stores, eq(stores.id, stockBalances.storeId))
    .where(and(inArray(stockBatches.medicineId, medicineIds), gt(stockBalances.quantity, 0)))
    // The main store first (the enum's order), then the wards' by name.
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.id), asc(stores.kind), asc(stores.name));
  const byId = new Map<string, StockBatch>();
  for (const row of rows) {
    let batch = byId.get(row.id);
    if (!batch) {
      batch = {
        id: row.id,
        batchNumber: row.batchNumber,
        expiryDate: row.expiryDate,
        unitCost: row.unitCost,
        supplier: row.supplier,
        stores: [],
        onHand: 0,
        status: batchStatus(row.expiryDate, days),
      };
      byId.set(row.id, batch);
      byMedicine.set(row.medicineId, [...(byMedicine.get(row.medicineId) ?? []), batch]);
    }
    batch.stores.push({ storeId: row.storeId, quantity: row.quantity });
    batch.onHand += row.quantity;
  }
  return byMedicine;
}

function totalsPerStore(batches: StockBatch[]) {
  const totals = new Map<string, number>();
  for (const batch of batches)
    for (const s of batch.stores) totals.set(s.storeId, (totals.get(s.storeId) ?? 0) + s.quantity);
  return [...totals].map(([storeId, quantity]) => ({ storeId, quantity }));
}
