import {
  CONSUMPTION_MONTHS_MAX,
  type ConsumptionReport,
  type ConsumptionRow,
  consumptionCsvColumns,
  type consumptionQuerySchema,
  fromLocalDateTime,
  medicineLabel,
  monthsBetween,
  STOCK_CONSUMPTION_KINDS,
  shiftMonth,
} from '@carepoint/contract';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { medicines, stockBatches, stockMovements } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { listPage, matchingRows, orderBy, type Select, selectOf } from '../../lib/list';
import { type ReportCsv, reportCsv } from './csv';
import { medicineColumns, medicineOrder, medicineSearch, summed } from './shared';

type ConsumptionQuery = z.output<typeof consumptionQuerySchema>;

/**
 * The report's months: those asked for, or the last 12 up to this one; and the instants they
 * span, from midnight of the first month's first day to midnight of the day after the last, in
 * the facility's time zone.
 */
function period(ctx: ServiceContext, query: ConsumptionQuery) {
  const zone = ctx.config.TIME_ZONE;
  const today = facilityDate(ctx.now(), zone);
  const thisMonth = today.slice(0, 7);
  const span = CONSUMPTION_MONTHS_MAX - 1;
  // Only a first month: a year from it, up to this month (never before the first).
  const yearOn = query.from ? shiftMonth(query.from, span) : thisMonth;
  const to = query.to ?? (yearOn < thisMonth ? yearOn : thisMonth);
  const from = query.from ?? shiftMonth(to, -span);
  const last = to < from ? from : to;
  return {
    today,
    months: monthsBetween(from, last),
    start: fromLocalDateTime(`${from}-01`, 0, zone),
    end: fromLocalDateTime(`${shiftMonth(last, 1)}-01`, 0, zone),
  };
}
type Period = ReturnType<typeof period>;

/**
 * Units leaving each medicine's stock per month: the ledger's dispense and ward dose rows within
 * the period (stock_movements_performed_idx), by the facility's calendar month of when they
 * happened, then per medicine as `{ "YYYY-MM": units }` and the total. Grouped by the month by
 * position: the same expression written twice would carry two parameters, which PostgreSQL does
 * not see as equal.
 */
function consumed(ctx: ServiceContext, query: ConsumptionQuery, days: Period) {
  const month = sql<string>`to_char(${stockMovements.performedAt} at time zone ${ctx.config.TIME_ZONE}, 'YYYY-MM')`;
  const monthly = ctx.db
    .select({
      medicineId: stockBatches.medicineId,
      month: month.as('month'),
      units: sql<number>`-sum(${stockMovements.quantity})`.as('units'),
    })
    .from(stockMovements)
    .innerJoin(stockBatches, eq(stockBatches.id, stockMovements.batchId))
    .where(
      and(
        inArray(stockMovements.kind, [...STOCK_CONSUMPTION_KINDS]),
        gte(stockMovements.performedAt, days.start),
        lt(stockMovements.performedAt, days.end),
        query.storeId ? eq(stockMovements.storeId, query.storeId) : undefined,
      ),
    )
    .groupBy(stockBatches.medicineId, sql`2`)
    .as('monthly');
  return ctx.db
    .select({
      medicineId: monthly.medicineId,
      byMonth: sql<string>`jsonb_object_agg(${monthly.month}, ${monthly.units})::text`.as('by_month'),
      total: sql<number>`sum(${monthly.units})`.as('total'),
    })
    .from(monthly)
    .groupBy(monthly.medicineId)
    .as('consumed');
}
type Consumed = ReturnType<typeof consumed>;

const consumptionRows = (select: Select, per: Consumed, where: SQL | undefined) =>
  select({
    ...medicineColumns,
    byMonth: per.byMonth,
    total: summed(sql`${per.total}`),
  })
    .from(medicines)
    .innerJoin(per, eq(per.medicineId, medicines.id))
    .where(where);
type Row = Awaited<ReturnType<typeof consumptionRows>>[number];

const order = (query: ConsumptionQuery, per: Consumed) =>
  orderBy(
    query,
    { medicine: [...medicineOrder], total: per.total },
    medicineOrder.map((c) => asc(c)),
    medicines.id,
  );

const toRow =
  (days: Period) =>
  (row: Row): ConsumptionRow => {
    const byMonth = JSON.parse(row.byMonth) as Record<string, number>;
    return {
      id: row.medicineId,
      medicine: medicineLabel(row),
      dispensingUnit: row.dispensingUnit,
      months: days.months.map((m) => Number(byMonth[m] ?? 0)),
      total: row.total,
    };
  };

/** GET /api/pharmacy/reports/consumption: a page of the medicines that left stock in the period. */
export async function consumptionReport(
  ctx: ServiceContext,
  query: ConsumptionQuery,
): Promise<ConsumptionReport> {
  const days = period(ctx, query);
  const per = consumed(ctx, query, days);
  const where = medicineSearch(query.q);
  const page = await listPage(ctx, query, {
    rows: (select) => consumptionRows(select, per, where),
    order: order(query, per),
    count: matchingRows(ctx.db).from(medicines).innerJoin(per, eq(per.medicineId, medicines.id)).where(where),
    map: toRow(days),
  });
  return { ...page, months: days.months };
}

/** GET /api/pharmacy/reports/consumption?format=csv: every medicine of the period, a column a month. */
export async function consumptionCsv(ctx: ServiceContext, query: ConsumptionQuery): Promise<ReportCsv> {
  const days = period(ctx, query);
  const per = consumed(ctx, query, days);
  const rows = await consumptionRows(selectOf(ctx.db), per, medicineSearch(query.q)).orderBy(
    ...order(query, per),
  );
  return reportCsv(ctx, {
    report: 'consumption',
    today: days.today,
    filters: { from: days.months[0], to: days.months.at(-1), storeId: query.storeId, q: query.q },
    header: consumptionCsvColumns(days.months),
    rows: rows.map(toRow(days)),
    line: (r) => [r.medicine, r.dispensingUnit, ...r.months, r.total],
  });
}
