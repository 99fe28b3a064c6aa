import {
  type Administration,
  addDays,
  fromLocalDateTime,
  type Mar,
  type MarDose,
  type MarOrder,
  MEDICATION_ROUND_MESSAGES,
  pendingState,
  scheduledDoses,
} from '@carepoint/contract';
import { and, asc, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import {
  medicationAdministrations,
  medicationOrders,
  medicines,
  patientMedicalDetails,
  stays,
  stockBalances,
  stockBatches,
  stores,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { iso } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { cachedRead } from '../../lib/read-cache';
import { wardStock } from '../pharmacy-stock';
import { prnNextAllowed, recordedBy, toAdministration, witness } from './administrations';
import { type OrderRow, orderedBy, stoppedBy, toOrder } from './orders-read';

const DAY_MS = 86_400_000;

/** The scheduled doses of one order on the day, each with its recorded administration or its pending state. */
function scheduledDosesOf(
  order: OrderRow['row'],
  recorded: Administration[],
  day: { start: Date; end: Date },
  now: Date,
  timeZone: string,
): MarDose[] {
  const byTime = new Map<number, MarDose>();
  for (const at of scheduledDoses(order, day.start, day.end, timeZone))
    byTime.set(at.getTime(), { scheduledFor: iso(at), state: pendingState(at, now), administration: null });
  // A recorded dose stays on the record even if its time is no longer scheduled.
  for (const a of recorded) {
    if (!a.scheduledFor) continue;
    byTime.set(Date.parse(a.scheduledFor), {
      scheduledFor: a.scheduledFor,
      state: a.outcome,
      administration: a,
    });
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, dose]) => dose);
}

/**
 * A stay's record for a day, and every table it is read from (their NOTIFY triggers: migrations
 * 0018, 0059 and 0061: the ward store's stock of each ordered medicine).
 */
const MAR = cachedRead('mar', [
  stays,
  users,
  patientMedicalDetails,
  medicationOrders,
  medicationAdministrations,
  medicines,
  stores,
  stockBatches,
  stockBalances,
]);

/**
 * GET /api/stays/:stayId/mar: the record of a stay for one facility day (today by default).
 * Every open stay page reads it again after each change on the wards' stream, so the nurses and
 * the doctor at one bedside share one read per change: it is kept in the read cache until one of
 * its tables changes, and at most READ_CACHE_MS (a dose's passing from due to overdue, and the
 * answer's `now`, can lag by that much). Every read is audited as a read of the patient's record.
 */
export async function readMar(ctx: ServiceContext, stayId: string, date?: string): Promise<Readonly<Mar>> {
  const now = ctx.now();
  const day = date ?? facilityDate(now, ctx.config.TIME_ZONE);
  const mar = await ctx.cache.read(MAR, `${stayId}:${day}`, () => loadMar(ctx, stayId, day, now));
  await audit(ctx, {
    action: 'mar.read',
    entityType: 'stay',
    entityId: stayId,
    patientId: mar.patient.id,
    details: { date: day, orderIds: mar.orders.map((order) => order.id) },
  });
  return mar;
}

/**
 * The medication administration record of a stay for one facility day, read: each
 * order in force that day with each scheduled dose and its state, as-needed orders with their
 * doses of the day and when the next is allowed, a formulary medicine's stock in the ward's store.
 * One read (the stay, its orders in force that day
 * down medication_orders_stay_idx, each with its doses of the day down
 * medication_administrations_dose_unique and _given_idx: one row per dose).
 */
async function loadMar(ctx: ServiceContext, stayId: string, day: string, now: Date): Promise<Mar> {
  const tz = ctx.config.TIME_ZONE;
  const start = fromLocalDateTime(day, 0, tz);
  const end = fromLocalDateTime(addDays(day, 1), 0, tz);
  const last24h = new Date(now.getTime() - DAY_MS);
  const rows = await ctx.db
    .select({
      stay: {
        status: stays.status,
        wardId: stays.wardId,
        patientId: stays.patientId,
        name: fullNameOf(users),
        allergies: patientMedicalDetails.allergies,
      },
      order: medicationOrders,
      orderedByName: fullNameOf(orderedBy),
      stoppedByName: fullNameOf(stoppedBy),
      administration: medicationAdministrations,
      byName: fullNameOf(recordedBy),
      witnessName: fullNameOf(witness),
    })
    .from(stays)
    .innerJoin(users, eq(users.id, stays.patientId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, stays.patientId))
    .leftJoin(
      medicationOrders,
      and(
        eq(medicationOrders.stayId, stays.id),
        lt(medicationOrders.startsAt, end),
        or(isNull(medicationOrders.stoppedAt), gt(medicationOrders.stoppedAt, start)),
        or(isNull(medicationOrders.endsAt), gt(medicationOrders.endsAt, start)),
      ),
    )
    .leftJoin(orderedBy, eq(orderedBy.id, medicationOrders.doctorId))
    .leftJoin(stoppedBy, eq(stoppedBy.id, medicationOrders.stoppedBy))
    .leftJoin(
      medicationAdministrations,
      and(
        eq(medicationAdministrations.orderId, medicationOrders.id),
        or(
          and(
            gte(medicationAdministrations.scheduledFor, start),
            lt(medicationAdministrations.scheduledFor, end),
          ),
          and(
            isNull(medicationAdministrations.scheduledFor),
            or(
              and(
                gte(medicationAdministrations.recordedAt, start),
                lt(medicationAdministrations.recordedAt, end),
              ),
              gt(medicationAdministrations.givenAt, last24h),
            ),
          ),
        ),
      ),
    )
    .leftJoin(recordedBy, eq(recordedBy.id, medicationAdministrations.recordedBy))
    .leftJoin(witness, eq(witness.id, medicationAdministrations.witnessId))
    .where(eq(stays.id, stayId))
    .orderBy(
      asc(medicationOrders.createdAt),
      asc(medicationOrders.id),
      asc(medicationAdministrations.recordedAt),
    );
  const stay = rows[0]?.stay;
  if (!stay) throw notFoundWith(MEDICATION_ROUND_MESSAGES.stayNotFound);

  // The orders in their order, each with its doses (oldest record first).
  const orders = new Map<string, { row: OrderRow; recorded: Administration[] }>();
  for (const { order, orderedByName, stoppedByName, administration, byName, witnessName } of rows) {
    if (!order) continue;
    const entry = orders.get(order.id) ?? { row: { row: order, orderedByName, stoppedByName }, recorded: [] };
    orders.set(order.id, entry);
    if (administration) entry.recorded.push(toAdministration({ row: administration, byName, witnessName }));
  }

  // What the ward's store holds in date now of each formulary medicine ordered (a second
  // statement, only when one is).
  const stock = await wardStock(
    ctx.db,
    stay.wardId,
    [...new Set([...orders.values()].flatMap(({ row }) => row.row.medicineId ?? []))],
    facilityDate(now, tz),
  );

  const marOrders = [...orders.values()].map(({ row, recorded }): MarOrder => {
    const order = {
      ...toOrder(row, tz),
      wardStock: (row.row.medicineId && stock.get(row.row.medicineId)) || null,
    };
    if (row.row.kind !== 'prn')
      return { ...order, doses: scheduledDosesOf(row.row, recorded, { start, end }, now, tz), prn: null };
    const ofDay = recorded.filter((a) => {
      const at = Date.parse(a.recordedAt);
      return at >= start.getTime() && at < end.getTime();
    });
    const given = recorded
      .flatMap((a) => (a.givenAt && Date.parse(a.givenAt) > last24h.getTime() ? [new Date(a.givenAt)] : []))
      .sort((a, b) => a.getTime() - b.getTime());
    const next = prnNextAllowed(row.row, given, now);
    return {
      ...order,
      doses: ofDay.map((a) => ({ scheduledFor: null, state: a.outcome, administration: a })),
      prn: { nextAllowedAt: next ? iso(next.at) : null, givenLast24h: given.length },
    };
  });

  return {
    stayId,
    date: day,
    now: iso(now),
    stayStatus: stay.status,
    patient: { id: stay.patientId, name: stay.name, allergies: stay.allergies ?? [] },
    orders: marOrders,
  };
}
