import {
  ACTIVE_USER_DAYS,
  type Analytics,
  type Department,
  erWaitMinutes,
  hourLabel,
  peaksOf,
  type Stats,
  type Summary,
  TARGET_WAIT_DEFAULT_MIN,
  TARGET_WAIT_SETTING,
  TODAY_OVERVIEW,
  type TodayOverviewKey,
} from '@carepoint/contract';
import { and, eq, exists, gte, lt, ne, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  ambulances,
  appointments,
  beds,
  erEntries,
  invoices,
  nurses,
  queueEntries,
  sessions,
  settings,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { facilityDay, facilityHour } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { toNumber } from '../../lib/list';
import { inpatientToday } from './inpatient';

/**
 * Dashboard, analytics and stats: each figure is a query over stored records at the server's
 * clock. "Today" is the facility's calendar day (config TIME_ZONE).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

type Day = ReturnType<typeof facilityDay>;
const today = (ctx: ServiceContext): Day => facilityDay(ctx.now(), ctx.config.TIME_ZONE);
const within = (
  column: typeof erEntries.leftAt | typeof erEntries.arrivedAt | typeof appointments.startsAt,
  day: Day,
) => and(gte(column, day.start), lt(column, day.end));

/** Today's ER arrivals with the times their waits are measured from; a day's arrivals are few. */
const arrivalsOf = (db: Executor, day: Day) =>
  db
    .select({ arrivedAt: erEntries.arrivedAt, seenAt: erEntries.seenAt, leftAt: erEntries.leftAt })
    .from(erEntries)
    .where(within(erEntries.arrivedAt, day));

export async function summary(ctx: ServiceContext): Promise<Summary> {
  const { db } = ctx;
  const { TIME_ZONE } = ctx.config;
  const now = ctx.now();
  const day = today(ctx);
  const [doctors, nurseCount, patients, ambulanceCount, erWaiting, arrivals, overview, inpatient] =
    await independentReads(db, [
      () => db.$count(users, and(eq(users.role, 'doctor'), eq(users.status, 'Active'))),
      () => db.$count(nurses),
      () => db.$count(users, eq(users.role, 'patient')),
      () => db.$count(ambulances),
      () => db.$count(erEntries, eq(erEntries.status, 'Waiting')),
      () => arrivalsOf(db, day),
      () => todayOverview(db, day),
      () => inpatientToday(ctx, day),
    ]);

  const hours = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    label: hourLabel(hour),
    waits: [] as number[],
  }));
  for (const arrival of arrivals)
    hours[facilityHour(arrival.arrivedAt, TIME_ZONE)]?.waits.push(erWaitMinutes(arrival, now));

  const values: Record<TodayOverviewKey, number> = { ...overview, arrivals: arrivals.length };
  return {
    doctors,
    nurses: nurseCount,
    patients,
    ambulances: ambulanceCount,
    erWaiting,
    todayOverview: TODAY_OVERVIEW.map(({ key, label }) => ({ key, label, value: values[key] })),
    waitTimeTrend: hours.map(({ hour, label, waits }) => ({
      hour,
      label,
      avgWaitMin: waits.length ? Math.round(mean(waits)) : null,
    })),
    arrivalsByHour: hours.map(({ hour, label, waits }) => ({ hour, label, arrivals: waits.length })),
    busiestHours: busiestOf(hours),
    inpatient,
  };
}

/** Every hour that had the most arrivals (ties listed), or null before the first arrival. */
function busiestOf(hours: ReadonlyArray<{ label: string; waits: number[] }>): Summary['busiestHours'] {
  const peaks = peaksOf(hours.map(({ label, waits }) => ({ label, value: waits.length })));
  return peaks ? { labels: peaks.labels, arrivals: peaks.value } : null;
}

async function todayOverview(
  db: Executor,
  day: Day,
): Promise<Omit<Record<TodayOverviewKey, number>, 'arrivals'>> {
  const left = (status: 'Admitted' | 'Discharged') =>
    db.$count(erEntries, and(eq(erEntries.status, status), within(erEntries.leftAt, day)));
  const [inTreatment, admitted, discharged, queueWaiting, appointmentsToday, bedsFree, bedsOccupied] =
    await independentReads(db, [
      () => db.$count(erEntries, eq(erEntries.status, 'In Treatment')),
      () => left('Admitted'),
      () => left('Discharged'),
      () => db.$count(queueEntries, eq(queueEntries.status, 'Waiting')),
      () =>
        db.$count(
          appointments,
          and(within(appointments.startsAt, day), ne(appointments.status, 'Cancelled')),
        ),
      () => db.$count(beds, eq(beds.status, 'Free')),
      () => db.$count(beds, eq(beds.status, 'Occupied')),
    ]);
  return {
    inTreatment,
    admitted,
    discharged,
    queueWaiting,
    appointments: appointmentsToday,
    bedsFree,
    bedsOccupied,
  };
}

async function readTargetWait(db: Executor): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, TARGET_WAIT_SETTING));
  return typeof row?.value === 'number' ? row.value : TARGET_WAIT_DEFAULT_MIN;
}

export async function saveTargetWait(ctx: ServiceContext, targetWaitMin: number) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: TARGET_WAIT_SETTING, value: targetWaitMin, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: targetWaitMin, updatedAt: now } });
    await audit(inTransaction(ctx, tx), {
      action: 'settings.update',
      entityType: 'setting',
      entityId: TARGET_WAIT_SETTING,
      details: { targetWaitMin },
    });
  });
  return { targetWaitMin };
}

export async function analytics(ctx: ServiceContext): Promise<Analytics> {
  const { db } = ctx;
  const now = ctx.now();
  const [arrivals, targetWaitMin, queued, erWaiting] = await independentReads(db, [
    () => arrivalsOf(db, today(ctx)),
    () => readTargetWait(db),
    () =>
      db
        .select({ department: queueEntries.department, since: queueEntries.joinedAt })
        .from(queueEntries)
        .where(eq(queueEntries.status, 'Waiting')),
    () => db.select({ since: erEntries.arrivedAt }).from(erEntries).where(eq(erEntries.status, 'Waiting')),
  ]);

  // Current waits by department: queue entries by their department, ER waiting entries under ER.
  const waits = new Map<Department, number[]>();
  const add = (department: Department, since: Date) => {
    const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / MINUTE_MS));
    waits.set(department, [...(waits.get(department) ?? []), minutes]);
  };
  for (const entry of queued) add(entry.department, entry.since);
  for (const entry of erWaiting) add('ER', entry.since);

  return {
    avgWaitMin: Math.round(mean(arrivals.map((a) => erWaitMinutes(a, now)))),
    targetWaitMin,
    todayArrivals: arrivals.length,
    bottlenecks: [...waits]
      .map(([department, list]) => ({ department, waitMin: Math.round(mean(list)), waiting: list.length }))
      .sort((a, b) => b.waitMin - a.waitMin || b.waiting - a.waiting),
  };
}

/** The six admin stats; their definitions are the contract's (statsSchema). */
export async function stats(ctx: ServiceContext): Promise<Stats> {
  const { db } = ctx;
  const activeSince = new Date(ctx.now().getTime() - ACTIVE_USER_DAYS * DAY_MS);
  const active = eq(users.status, 'Active');
  const signedInRecently = exists(
    db
      .select({ one: sql`1` })
      .from(sessions)
      .where(and(eq(sessions.userId, users.id), gte(sessions.createdAt, activeSince))),
  );
  const [allUsers, activeUsers, pendingUsers, earnings, completedAppointments, pendingAppointments] =
    await independentReads(db, [
      () => db.$count(users),
      () => db.$count(users, and(active, signedInRecently)),
      () => db.$count(users, and(active, eq(users.mustChangePassword, true))),
      () =>
        db
          .select({ total: sum(invoices.total) })
          .from(invoices)
          .where(eq(invoices.status, 'Paid')),
      () => db.$count(appointments, eq(appointments.status, 'Completed')),
      () => db.$count(appointments, eq(appointments.status, 'Pending')),
    ]);
  return {
    allUsers,
    activeUsers,
    pendingUsers,
    totalEarnings: toNumber(earnings[0]?.total),
    completedAppointments,
    pendingAppointments,
  };
}
