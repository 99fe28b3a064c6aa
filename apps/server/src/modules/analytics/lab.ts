import {
  addDays,
  fromLocalDateTime,
  type InpatientPeriod,
  LAB_PRIORITIES,
  type LabAnalytics,
  type LabTurnaround,
  percentOf,
  SPECIMEN_REJECTION_REASONS,
} from '@carepoint/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  max,
  min,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  labCriticalAlerts,
  labOrders,
  labOrderTests,
  labPanelMembers,
  labResults,
  labSpecimens,
  labTests,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDay } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';

/*
 * Laboratory figures (docs/areas/admin-dashboards.md): turnaround by test and by priority,
 * rejected specimens, critical results and how fast they were acknowledged, over the period's
 * instants. Every figure is aggregated in SQL, the percentiles by percentile_cont, on the
 * indexes of verified_at, collected_at and raised_at, so no result row is read into the server.
 */

type Bounds = { start: Date; end: Date };

/** Minutes with one decimal; null stays null (a percentile over no rows). */
const minutesOf = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** percentile_cont over a column of minutes, read as a number or null. */
const percentile = (fraction: number, minutes: SQL | SQL.Aliased, where?: SQL) =>
  sql<number | null>`percentile_cont(${sql.raw(String(fraction))}) within group (order by ${minutes})${
    where ? sql` filter (where ${where})` : sql``
  }`.mapWith((v) => (v === null ? null : Number(v)));

const within = (
  column: typeof labResults.verifiedAt | typeof labSpecimens.collectedAt,
  { start, end }: Bounds,
) => and(gte(column, start), lt(column, end));

// ----------------------------------------------------------------------------------- turnaround

/**
 * The ordered tests verified in the period, each with its minutes from order to verification.
 * A result's test is verified at its first verified version; an ordered test when every test it
 * stands for (itself, or a panel's members) is, at the last of them.
 */
function completedTests(db: Executor, bounds: Bounds) {
  // Only orders with a verification in the period can have a test completed in it.
  const ordersVerifiedWithin = db
    .select({ orderId: labResults.orderId })
    .from(labResults)
    .where(within(labResults.verifiedAt, bounds));
  const firstVerified = db
    .select({
      orderId: labResults.orderId,
      testId: labResults.testId,
      verifiedAt: min(labResults.verifiedAt).as('verified_at'),
    })
    .from(labResults)
    .where(inArray(labResults.orderId, ordersVerifiedWithin))
    .groupBy(labResults.orderId, labResults.testId)
    .as('first_verified');
  const lastVerified = max(firstVerified.verifiedAt);
  return db
    .select({
      testId: labTests.id,
      code: labTests.code,
      name: labTests.name,
      targetMinutes: labTests.turnaroundMinutes,
      priority: labOrders.priority,
      minutes: sql<number>`extract(epoch from ${lastVerified} - ${labOrders.createdAt})::float8 / 60`.as(
        'minutes',
      ),
    })
    .from(labOrderTests)
    .innerJoin(labOrders, eq(labOrders.id, labOrderTests.orderId))
    .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
    .leftJoin(labPanelMembers, eq(labPanelMembers.panelId, labOrderTests.testId))
    .leftJoin(
      firstVerified,
      and(
        eq(firstVerified.orderId, labOrderTests.orderId),
        eq(firstVerified.testId, sql`coalesce(${labPanelMembers.testId}, ${labOrderTests.testId})`),
      ),
    )
    .where(and(ne(labOrders.state, 'Cancelled'), inArray(labOrderTests.orderId, ordersVerifiedWithin)))
    .groupBy(labOrderTests.id, labOrders.id, labTests.id)
    .having(
      and(
        sql`count(${firstVerified.verifiedAt}) = count(*)`,
        gte(lastVerified, bounds.start),
        lt(lastVerified, bounds.end),
      ),
    )
    .as('completed');
}

/** Turnaround by test, by priority and in all, in one pass (grouping sets). */
async function turnaround(db: Executor, bounds: Bounds): Promise<LabAnalytics['turnaround']> {
  const completed = completedTests(db, bounds);
  const rows = await db
    .select({
      testId: completed.testId,
      code: completed.code,
      name: completed.name,
      targetMinutes: completed.targetMinutes,
      priority: completed.priority,
      /** 0 for the by-test rows, 1 for the others (grouping() of the test's id). */
      notByTest: sql<number>`grouping(${completed.testId})`.mapWith(Number),
      notByPriority: sql<number>`grouping(${completed.priority})`.mapWith(Number),
      count: count(),
      withinTarget:
        sql<number>`count(*) filter (where ${completed.minutes} <= ${completed.targetMinutes})`.mapWith(
          Number,
        ),
      median: percentile(0.5, sql`${completed.minutes}`),
      p90: percentile(0.9, sql`${completed.minutes}`),
    })
    .from(completed)
    .groupBy(
      sql`grouping sets ((${completed.testId}, ${completed.code}, ${completed.name}, ${completed.targetMinutes}), (${completed.priority}), ())`,
    );

  const figures = (row: (typeof rows)[number] | undefined): LabTurnaround => ({
    count: row?.count ?? 0,
    medianMinutes: minutesOf(row?.median ?? null),
    p90Minutes: minutesOf(row?.p90 ?? null),
    withinTarget: row?.withinTarget ?? 0,
    percentWithinTarget: percentOf(row?.withinTarget ?? 0, row?.count ?? 0),
  });
  const byTest = rows
    .filter((r) => r.notByTest === 0)
    .map((r) => ({
      testId: r.testId,
      code: r.code,
      name: r.name,
      targetMinutes: r.targetMinutes,
      ...figures(r),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
  const byPriority = LAB_PRIORITIES.map((priority) => ({
    priority,
    ...figures(rows.find((r) => r.notByPriority === 0 && r.priority === priority)),
  }));
  const all = figures(rows.find((r) => r.notByTest === 1 && r.notByPriority === 1));
  return { all, byPriority, byTest };
}

// ---------------------------------------------------------------------------- rejected specimens

/** The period's specimens in all and by rejection reason (the null reason: not rejected), in one pass. */
async function rejectionsByReason(db: Executor, bounds: Bounds) {
  const rows = await db
    .select({
      reason: labSpecimens.rejectionReason,
      notByReason: sql<number>`grouping(${labSpecimens.rejectionReason})`.mapWith(Number),
      specimens: count(),
    })
    .from(labSpecimens)
    .where(within(labSpecimens.collectedAt, bounds))
    .groupBy(sql`grouping sets ((${labSpecimens.rejectionReason}), ())`);
  const specimens = rows.find((r) => r.notByReason === 1)?.specimens ?? 0;
  const byReason = SPECIMEN_REJECTION_REASONS.map((reason) => {
    const rejected = rows.find((r) => r.notByReason === 0 && r.reason === reason)?.specimens ?? 0;
    return { reason, rejected, percentRejected: percentOf(rejected, specimens) };
  });
  const rejected = byReason.reduce((sum, r) => sum + r.rejected, 0);
  return { specimens, rejected, percentRejected: percentOf(rejected, specimens), byReason };
}

/** The period's specimens under each test their order asked for, and how many of them were rejected. */
async function rejectionsByTest(db: Executor, bounds: Bounds) {
  const rejected = count(labSpecimens.rejectedAt);
  const rows = await db
    .select({
      testId: labTests.id,
      code: labTests.code,
      name: labTests.name,
      specimens: count(),
      rejected,
    })
    .from(labSpecimens)
    .innerJoin(labOrderTests, eq(labOrderTests.orderId, labSpecimens.orderId))
    .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
    .where(within(labSpecimens.collectedAt, bounds))
    .groupBy(labTests.id)
    .orderBy(desc(rejected), asc(labTests.name), asc(labTests.code));
  return rows.map((r) => ({ ...r, percentRejected: percentOf(r.rejected, r.specimens) }));
}

// ------------------------------------------------------------------------------ critical results

async function criticalAlerts(db: Executor, { start, end }: Bounds): Promise<LabAnalytics['critical']> {
  const acknowledged = isNotNull(labCriticalAlerts.acknowledgedAt);
  const ackMinutes = sql`extract(epoch from ${labCriticalAlerts.acknowledgedAt} - ${labCriticalAlerts.raisedAt})::float8 / 60`;
  const [row] = await db
    .select({
      raised: count(),
      acknowledged: count(labCriticalAlerts.acknowledgedAt),
      escalated: count(labCriticalAlerts.escalatedAt),
      median: percentile(0.5, ackMinutes, acknowledged),
      p90: percentile(0.9, ackMinutes, acknowledged),
    })
    .from(labCriticalAlerts)
    .where(and(gte(labCriticalAlerts.raisedAt, start), lt(labCriticalAlerts.raisedAt, end)));
  const raised = row?.raised ?? 0;
  const acked = row?.acknowledged ?? 0;
  return {
    raised,
    acknowledged: acked,
    medianAckMinutes: minutesOf(row?.median ?? null),
    p90AckMinutes: minutesOf(row?.p90 ?? null),
    escalated: row?.escalated ?? 0,
    open: raised - acked,
  };
}

/** Laboratory figures over the last `days` facility days, today included. */
export async function labAnalytics(ctx: ServiceContext, days: InpatientPeriod): Promise<LabAnalytics> {
  const { db } = ctx;
  const { TIME_ZONE } = ctx.config;
  const today = facilityDay(ctx.now(), TIME_ZONE);
  const from = addDays(today.date, 1 - days);
  const bounds = { start: fromLocalDateTime(from, 0, TIME_ZONE), end: today.end };
  const [tat, byReason, byTest, critical] = await independentReads(db, [
    () => turnaround(db, bounds),
    () => rejectionsByReason(db, bounds),
    () => rejectionsByTest(db, bounds),
    () => criticalAlerts(db, bounds),
  ]);
  return { days, from, to: today.date, turnaround: tat, rejections: { ...byReason, byTest }, critical };
}
