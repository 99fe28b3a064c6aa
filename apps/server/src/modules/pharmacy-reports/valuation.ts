import {
  koboToNairaText,
  medicineLabel,
  VALUATION_CSV_COLUMNS,
  type ValuationReport,
  type ValuationRow,
  type valuationQuerySchema,
} from '@carepoint/contract';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { medicines, stockBalances, stockBatches, stores } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { listPage, matchingRows, orderBy, type Select, selectOf } from '../../lib/list';
import { type ReportCsv, reportCsv } from './csv';
import { medicineColumns, medicineOrder, medicineSearch, storeOrder, summed } from './shared';

type ValuationQuery = z.output<typeof valuationQuerySchema>;

/** Units on hand, and their worth: each balance x its batch's unit cost (kobo, as bigint). */
const quantity = summed(sql`sum(${stockBalances.quantity})`);
const value = summed(sql`sum(${stockBalances.quantity}::bigint * ${stockBatches.unitCost})`);

function conditions(query: ValuationQuery): SQL | undefined {
  return and(
    gt(stockBalances.quantity, 0),
    query.storeId ? eq(stockBalances.storeId, query.storeId) : undefined,
    medicineSearch(query.q),
  );
}

/**
 * One row per store and medicine: the sums over the medicine's batches in that store. Every
 * column has a name of its own, so the totals and the count read these rows as a subquery.
 */
const valuationRows = (select: Select, where: SQL | undefined) =>
  select({
    storeId: sql<string>`${stores.id}`.as('store_id'),
    storeName: stores.name,
    storeKind: stores.kind,
    ...medicineColumns,
    quantity: quantity.as('quantity'),
    value: value.as('value'),
  })
    .from(stockBalances)
    .innerJoin(stockBatches, eq(stockBatches.id, stockBalances.batchId))
    .innerJoin(medicines, eq(medicines.id, stockBatches.medicineId))
    .innerJoin(stores, eq(stores.id, stockBalances.storeId))
    .where(where)
    .groupBy(stores.id, medicines.id);
type Row = Awaited<ReturnType<typeof valuationRows>>[number];

/** By store (the main store first) and medicine; sorted by a figure, each store's rows of equal figures stay together. */
const order = (query: ValuationQuery) =>
  orderBy(
    query,
    {
      medicine: [...medicineOrder, ...storeOrder, stores.id],
      quantity: [quantity, stores.id],
      value: [value, stores.id],
    },
    [...storeOrder, stores.id, ...medicineOrder].map((c) => asc(c)),
    medicines.id,
  );

const toRow = (row: Row): ValuationRow => ({
  id: `${row.storeId}:${row.medicineId}`,
  storeId: row.storeId,
  storeName: row.storeName,
  medicineId: row.medicineId,
  medicine: medicineLabel(row),
  dispensingUnit: row.dispensingUnit,
  quantity: row.quantity,
  value: row.value,
});

/**
 * Each store's totals over every matching row (not only the page), the main store first: the
 * same rows summed again by store (a handful of rows).
 */
async function totals(ctx: ServiceContext, where: SQL | undefined): Promise<ValuationReport['totals']> {
  const rows = valuationRows(selectOf(ctx.db), where).as('valued');
  const perStore = await ctx.db
    .select({
      storeId: rows.storeId,
      storeName: rows.storeName,
      quantity: summed(sql`sum(${rows.quantity})`),
      value: summed(sql`sum(${rows.value})`),
    })
    .from(rows)
    .groupBy(rows.storeId, rows.storeName, rows.storeKind)
    .orderBy(asc(rows.storeKind), asc(rows.storeName), asc(rows.storeId));
  return {
    stores: perStore,
    quantity: perStore.reduce((sum, s) => sum + s.quantity, 0),
    value: perStore.reduce((sum, s) => sum + s.value, 0),
  };
}

/** GET /api/pharmacy/reports/valuation: a page of store and medicine rows, and the totals. */
export async function valuationReport(ctx: ServiceContext, query: ValuationQuery): Promise<ValuationReport> {
  const where = conditions(query);
  const [page, sums] = await independentReads(ctx.db, [
    () =>
      listPage(ctx, query, {
        rows: (select) => valuationRows(select, where),
        order: order(query),
        count: matchingRows(ctx.db).from(valuationRows(selectOf(ctx.db), where).as('counted_rows')),
        map: toRow,
      }),
    () => totals(ctx, where),
  ]);
  return { ...page, totals: sums };
}

/** GET /api/pharmacy/reports/valuation?format=csv: every store and medicine row, in the same order. */
export async function valuationCsv(ctx: ServiceContext, query: ValuationQuery): Promise<ReportCsv> {
  const rows = await valuationRows(selectOf(ctx.db), conditions(query)).orderBy(...order(query));
  return reportCsv(ctx, {
    report: 'valuation',
    today: facilityDate(ctx.now(), ctx.config.TIME_ZONE),
    filters: { storeId: query.storeId, q: query.q },
    header: VALUATION_CSV_COLUMNS,
    rows: rows.map(toRow),
    line: (r) => [r.storeName, r.medicine, r.dispensingUnit, r.quantity, koboToNairaText(r.value)],
  });
}
