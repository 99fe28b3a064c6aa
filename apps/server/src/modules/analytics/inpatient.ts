import {
  addDays,
  type BedCounts,
  type BedStatus,
  fromLocalDateTime,
  type InpatientAnalytics,
  type InpatientPeriod,
  percentOccupied,
  type Summary,
} from '@carepoint/contract';
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { beds, stays, wards } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDay } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { toNumber } from '../../lib/list';

/*
 * Inpatient figures (docs/areas/admin-dashboards.md): beds by state now, admissions and
 * discharges per facility day, average length of stay. Every count is grouped in SQL: the beds
 * by ward in one pass, the stays through their admitted_at / discharged_at indexes, bounded by
 * the period's instants, so a year of stays is never read into the server.
 */

type Bounds = { start: Date; end: Date };

/** Beds of each state, counted in one pass; `count(beds.id)` so a ward without beds counts 0. */
const stateCount = (status: BedStatus) =>
  sql<number>`count(${beds.id}) filter (where ${beds.status} = ${status})`.mapWith(Number);
const bedCountColumns = {
  occupied: stateCount('Occupied'),
  reserved: stateCount('Reserved'),
  cleaning: stateCount('Cleaning'),
  free: stateCount('Free'),
  total: count(beds.id),
};
const withPercent = <T extends Omit<BedCounts, 'percentOccupied'>>(row: T) => ({
  ...row,
  percentOccupied: percentOccupied(row.occupied, row.total),
});
const NO_BEDS = { occupied: 0, reserved: 0, cleaning: 0, free: 0, total: 0 };

async function occupancyByWard(db: Executor) {
  const rows = await db
    .select({ wardId: wards.id, name: wards.name, ...bedCountColumns })
    .from(wards)
    .leftJoin(beds, eq(beds.wardId, wards.id))
    .groupBy(wards.id)
    .orderBy(asc(wards.name));
  return rows.map(withPercent);
}

async function occupancyNow(db: Executor): Promise<BedCounts> {
  const [row] = await db.select(bedCountColumns).from(beds);
  return withPercent(row ?? NO_BEDS);
}

/** A stay that came in: admitted, whether still on the ward or gone home (a cancelled plan never came). */
const cameIn = inArray(stays.status, ['Admitted', 'Discharged']);
const wentOut = eq(stays.status, 'Discharged');
const admittedWithin = ({ start, end }: Bounds) =>
  and(cameIn, gte(stays.admittedAt, start), lt(stays.admittedAt, end));
const dischargedWithin = ({ start, end }: Bounds) =>
  and(wentOut, gte(stays.dischargedAt, start), lt(stays.dischargedAt, end));

/** The facility date (YYYY-MM-DD) of a stored instant, as PostgreSQL reads the zone (decision 0029). */
const facilityDateOf = (column: typeof stays.admittedAt | typeof stays.dischargedAt, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/**
 * Stays per facility day within the bounds. Grouped by the first column by position: the same
 * expression written twice would carry two parameters, which PostgreSQL does not see as equal.
 */
async function perDay(
  db: Executor,
  column: typeof stays.admittedAt | typeof stays.dischargedAt,
  where: SQL | undefined,
  timeZone: string,
) {
  const rows = await db
    .select({ date: facilityDateOf(column, timeZone), n: count() })
    .from(stays)
    .where(where)
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.date, r.n]));
}

/** Midnights between admission and discharge, in facility dates: the hospital's length of stay. */
async function lengthOfStay(db: Executor, bounds: Bounds, timeZone: string) {
  const midnights = sql`((${stays.dischargedAt} at time zone ${timeZone})::date - (${stays.admittedAt} at time zone ${timeZone})::date)`;
  const [row] = await db
    .select({ stays: count(), totalDays: sql<string | null>`sum(${midnights})` })
    .from(stays)
    .where(dischargedWithin(bounds));
  const n = row?.stays ?? 0;
  const totalDays = toNumber(row?.totalDays);
  return { stays: n, totalDays, averageDays: n > 0 ? Math.round((totalDays * 10) / n) / 10 : null };
}

/** Inpatient figures over the last `days` facility days, today included. */
export async function inpatientAnalytics(
  ctx: ServiceContext,
  days: InpatientPeriod,
): Promise<InpatientAnalytics> {
  const { db } = ctx;
  const { TIME_ZONE } = ctx.config;
  const today = facilityDay(ctx.now(), TIME_ZONE);
  const from = addDays(today.date, 1 - days);
  const bounds = { start: fromLocalDateTime(from, 0, TIME_ZONE), end: today.end };
  const [wardRows, total, admitted, discharged, los] = await independentReads(db, [
    () => occupancyByWard(db),
    () => occupancyNow(db),
    () => perDay(db, stays.admittedAt, admittedWithin(bounds), TIME_ZONE),
    () => perDay(db, stays.dischargedAt, dischargedWithin(bounds), TIME_ZONE),
    () => lengthOfStay(db, bounds, TIME_ZONE),
  ]);
  const movements = Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    return { date, admissions: admitted.get(date) ?? 0, discharges: discharged.get(date) ?? 0 };
  });
  return {
    days,
    from,
    to: today.date,
    occupancy: { wards: wardRows, total },
    movements,
    admissions: movements.reduce((sum, d) => sum + d.admissions, 0),
    discharges: movements.reduce((sum, d) => sum + d.discharges, 0),
    lengthOfStay: los,
  };
}

/** The dashboard's inpatient card: beds now, and today's admissions and discharges. */
export async function inpatientToday(ctx: ServiceContext, today: Bounds): Promise<Summary['inpatient']> {
  const { db } = ctx;
  const [bedsNow, admissionsToday, dischargesToday] = await independentReads(db, [
    () => occupancyNow(db),
    () => db.$count(stays, admittedWithin(today)),
    () => db.$count(stays, dischargedWithin(today)),
  ]);
  return { ...bedsNow, admissionsToday, dischargesToday };
}
