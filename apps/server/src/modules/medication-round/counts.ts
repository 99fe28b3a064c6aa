import {
  DOSE_WINDOW_MINUTES,
  OPEN_DOSE_LOOKBACK_HOURS,
  pendingState,
  scheduledDoses,
} from '@carepoint/contract';
import { and, eq, gt, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { medicationAdministrations, medicationOrders } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/*
 * Unrecorded scheduled doses of many stays at once, for the ward board and the discharge check:
 * one indexed read whatever the number of stays (the orders that may have doses in the window,
 * each with the doses recorded in it), the schedule computed here. Nothing is audited: counts name no
 * medicine, and the board that shows them audits its own read.
 */

const HOUR_MS = 3_600_000;

export interface DoseCounts {
  /** Unrecorded doses scheduled within the next hour or earlier (overdue included). */
  due: number;
  /** Of those, more than an hour late. */
  overdue: number;
}

async function unrecordedDoses(ctx: ServiceContext, stayIds: readonly string[], to: Date) {
  const now = ctx.now();
  const from = new Date(now.getTime() - OPEN_DOSE_LOOKBACK_HOURS * HOUR_MS);
  const ids = [...new Set(stayIds)];
  if (ids.length === 0) return { now, doses: [] as Array<{ stayId: string; at: Date }> };
  const inWindow = and(
    inArray(medicationOrders.stayId, ids),
    ne(medicationOrders.kind, 'prn'),
    lt(medicationOrders.startsAt, to),
    or(isNull(medicationOrders.stoppedAt), gt(medicationOrders.stoppedAt, from)),
    or(isNull(medicationOrders.endsAt), gt(medicationOrders.endsAt, from)),
  );
  // Each order with its doses recorded in the window, one row per dose (one row without a dose for
  // an order with none): the doses come down medication_administrations_dose_unique per order.
  const rows = await ctx.db
    .select({
      id: medicationOrders.id,
      stayId: medicationOrders.stayId,
      kind: medicationOrders.kind,
      times: medicationOrders.times,
      everyHours: medicationOrders.everyHours,
      startsAt: medicationOrders.startsAt,
      endsAt: medicationOrders.endsAt,
      stoppedAt: medicationOrders.stoppedAt,
      recordedFor: medicationAdministrations.scheduledFor,
    })
    .from(medicationOrders)
    .leftJoin(
      medicationAdministrations,
      and(
        eq(medicationAdministrations.orderId, medicationOrders.id),
        gte(medicationAdministrations.scheduledFor, from),
        lt(medicationAdministrations.scheduledFor, to),
      ),
    )
    .where(inWindow);
  const orders = new Map(rows.map((row) => [row.id, row]));
  const done = new Set(rows.flatMap((r) => (r.recordedFor ? [`${r.id} ${r.recordedFor.getTime()}`] : [])));
  const tz = ctx.config.TIME_ZONE;
  const doses = [...orders.values()].flatMap((order) =>
    scheduledDoses(order, from, to, tz)
      .filter((at) => !done.has(`${order.id} ${at.getTime()}`))
      .map((at) => ({ stayId: order.stayId, at })),
  );
  return { now, doses };
}

/**
 * Each stay's doses due (within the next hour or past, unrecorded, from the last
 * OPEN_DOSE_LOOKBACK_HOURS) and overdue (more than an hour late). Every stay asked for is in the
 * answer, with zeros when nothing is due.
 */
export async function doseCounts(ctx: ServiceContext, stayIds: string[]): Promise<Map<string, DoseCounts>> {
  const counts = new Map<string, DoseCounts>(stayIds.map((id) => [id, { due: 0, overdue: 0 }]));
  const now = ctx.now();
  const { doses } = await unrecordedDoses(
    ctx,
    stayIds,
    new Date(now.getTime() + DOSE_WINDOW_MINUTES * 60_000),
  );
  for (const { stayId, at } of doses) {
    const count = counts.get(stayId);
    if (!count) continue;
    count.due += 1;
    if (pendingState(at, now) === 'Overdue') count.overdue += 1;
  }
  return counts;
}

/** The stay's unrecorded doses due up to now (from the last OPEN_DOSE_LOOKBACK_HOURS): the discharge check asks first when any is open. */
export async function openDoses(ctx: ServiceContext, stayId: string): Promise<number> {
  const now = ctx.now();
  const { doses } = await unrecordedDoses(ctx, [stayId], new Date(now.getTime() + 1));
  return doses.length;
}
