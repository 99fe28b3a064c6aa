import {
  addDays,
  EXPIRY_CSV_COLUMNS,
  type ExpiryReport,
  type ExpiryRow,
  type expiryQuerySchema,
  koboToNairaText,
  medicineLabel,
} from '@carepoint/contract';
import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { medicines, stockBalances, stockBatches, stores } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { listPage, matchingRows, orderBy, type Select, selectOf } from '../../lib/list';
import { loadPharmacySettings } from '../facility';
import { type ReportCsv, reportCsv } from './csv';
import { medicineColumns, medicineSearch } from './shared';

type ExpiryQuery = z.output<typeof expiryQuerySchema>;

/** Today in the facility and the last expiry date the list takes: today + N days (the pharmacy's warning days unless asked). */
async function window(ctx: ServiceContext, withinDays: number | undefined) {
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const days = withinDays ?? (await loadPharmacySettings(ctx.db)).expiryWarningDays;
  return { today, withinDays: days, until: addDays(today, days) };
}
type Window = Awaited<ReturnType<typeof window>>;

/**
 * A batch's stock in one store that expired or expires by `until`. One statement over the expiry
 * index (stock_batches_expiry_idx: the batches up to `until`, first expiry first), each joined to
 * its balances by their batch index, its medicine and store by their keys.
 */
const expiryRows = (select: Select, where: SQL | undefined) =>
  select({
    batchId: stockBatches.id,
    batchNumber: stockBatches.batchNumber,
    expiryDate: stockBatches.expiryDate,
    unitCost: stockBatches.unitCost,
    ...medicineColumns,
    storeId: stores.id,
    storeName: stores.name,
    quantity: stockBalances.quantity,
  })
    .from(stockBatches)
    .innerJoin(stockBalances, eq(stockBalances.batchId, stockBatches.id))
    .innerJoin(stores, eq(stores.id, stockBalances.storeId))
    .innerJoin(medicines, eq(medicines.id, stockBatches.medicineId))
    .where(where);
type Row = Awaited<ReturnType<typeof expiryRows>>[number];

function conditions(query: ExpiryQuery, days: Window) {
  return and(
    lte(stockBatches.expiryDate, days.until),
    gt(stockBalances.quantity, 0),
    query.storeId ? eq(stockBalances.storeId, query.storeId) : undefined,
    medicineSearch(query.q),
  );
}

/** First expiry first; a batch's stores the main store first, then by name. */
const order = (query: ExpiryQuery) =>
  orderBy(
    query,
    { expiryDate: [stockBatches.expiryDate, stockBatches.id] },
    [asc(stockBatches.expiryDate), asc(stockBatches.id), asc(stores.kind), asc(stores.name)],
    stores.id,
  );

const toRow =
  (days: Window) =>
  (row: Row): ExpiryRow => ({
    id: `${row.batchId}:${row.storeId}`,
    batchId: row.batchId,
    batchNumber: row.batchNumber,
    expiryDate: row.expiryDate,
    status: row.expiryDate < days.today ? 'expired' : 'expiring',
    medicineId: row.medicineId,
    medicine: medicineLabel(row),
    dispensingUnit: row.dispensingUnit,
    storeId: row.storeId,
    storeName: row.storeName,
    quantity: row.quantity,
    unitCost: row.unitCost,
    value: row.quantity * row.unitCost,
  });

/** GET /api/pharmacy/reports/expiry: a page of the list, with its count in the same statement. */
export async function expiryReport(ctx: ServiceContext, query: ExpiryQuery): Promise<ExpiryReport> {
  const days = await window(ctx, query.withinDays);
  const where = conditions(query, days);
  const page = await listPage(ctx, query, {
    rows: (select) => expiryRows(select, where),
    order: order(query),
    count: matchingRows(ctx.db)
      .from(stockBatches)
      .innerJoin(stockBalances, eq(stockBalances.batchId, stockBatches.id))
      .innerJoin(medicines, eq(medicines.id, stockBatches.medicineId))
      .where(where),
    map: toRow(days),
  });
  return { ...page, ...days };
}

/** GET /api/pharmacy/reports/expiry?format=csv: the whole list, in the same order. */
export async function expiryCsv(ctx: ServiceContext, query: ExpiryQuery): Promise<ReportCsv> {
  const days = await window(ctx, query.withinDays);
  const rows = await expiryRows(selectOf(ctx.db), conditions(query, days)).orderBy(...order(query));
  return reportCsv(ctx, {
    report: 'expiry',
    today: days.today,
    filters: { withinDays: days.withinDays, storeId: query.storeId, q: query.q },
    header: EXPIRY_CSV_COLUMNS,
    rows: rows.map(toRow(days)),
    line: (r) => [
      r.expiryDate,
      r.status === 'expired' ? 'Expired' : 'Expiring',
      r.medicine,
      r.dispensingUnit,
      r.batchNumber,
      r.storeName,
      r.quantity,
      koboToNairaText(r.unitCost),
      koboToNairaText(r.value),
    ],
  });
}
