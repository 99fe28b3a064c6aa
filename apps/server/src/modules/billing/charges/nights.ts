import { addDays, fromLocalDateTime, type WardKind } from '@carepoint/contract';
import { and, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { charges, stayLocations, stays, wards } from '../../../db/schema';
import { inTransaction, type ServiceContext } from '../../../lib/context';
import { scheduleDaily } from '../../../lib/daily';
import { facilityDate } from '../../../lib/facility-time';
import { type CareLine, recordCareCharges } from './record';

/*
 * Bed-days (docs/areas/billing-charges.md#bed-days). A night is charged when the patient was in a
 * bed at the facility's midnight: the night of D is the midnight that ends D, at the bed-day price
 * of the kind of ward the patient lay in at that midnight, on D's price list. A stay that never
 * crosses a midnight (admitted and discharged the same day) is charged one night, of its
 * admission day, at discharge. The stay's first night opens the visit (a co-payment falls on it).
 * Charged by a daily job for every admitted patient and at discharge for the nights not charged
 * yet; the unique index (stay, night) makes both safe to run any number of times, at once.
 */

interface Place {
  stayId: string;
  fromAt: Date;
  toAt: Date | null;
  kind: WardKind;
}

interface StayToCharge {
  id: string;
  patientId: string;
  admittedAt: Date | null;
  dischargedAt: Date | null;
}

/** The ward kind the stay's patient lay in at `instant`, or the last place before it. */
function kindAt(places: readonly Place[], instant: Date) {
  return places.find((place) => place.fromAt <= instant && (place.toAt === null || place.toAt > instant))
    ?.kind;
}

/** The nights of one stay up to its discharge (or `now`), each with its ward kind. */
function nightsOf(stay: StayToCharge, places: readonly Place[], now: Date, timeZone: string) {
  if (!stay.admittedAt) return [];
  const end = stay.dischargedAt ?? now;
  const first = facilityDate(stay.admittedAt, timeZone);
  const nights: Array<{ nightOf: string; kind: WardKind }> = [];
  for (let night = first; ; night = addDays(night, 1)) {
    const midnight = fromLocalDateTime(addDays(night, 1), 0, timeZone);
    if (midnight >= end) break;
    const kind = kindAt(places, midnight);
    if (kind) nights.push({ nightOf: night, kind });
  }
  const lastPlace = places[places.length - 1];
  if (nights.length === 0 && stay.dischargedAt && lastPlace)
    nights.push({ nightOf: first, kind: lastPlace.kind });
  return nights.map((night) => ({ ...night, opensVisit: night.nightOf === first }));
}

/**
 * Charges the nights not charged yet of the stays `which` selects, in the caller's transaction:
 * three reads (the stays, their places, their nights charged) and recordCareCharges' batch.
 */
export async function chargeNights(ctx: ServiceContext, which: SQL) {
  const { db } = ctx;
  const found = await db
    .select({
      id: stays.id,
      patientId: stays.patientId,
      admittedAt: stays.admittedAt,
      dischargedAt: stays.dischargedAt,
    })
    .from(stays)
    .where(and(which, isNotNull(stays.admittedAt)));
  if (found.length === 0) return [];
  const ids = found.map((stay) => stay.id);
  const places = await db
    .select({
      stayId: stayLocations.stayId,
      fromAt: stayLocations.fromAt,
      toAt: stayLocations.toAt,
      kind: wards.kind,
    })
    .from(stayLocations)
    .innerJoin(wards, eq(wards.id, stayLocations.wardId))
    .where(inArray(stayLocations.stayId, ids))
    .orderBy(stayLocations.fromAt);
  const charged = await db
    .select({ stayId: charges.stayId, nightOf: charges.nightOf })
    .from(charges)
    .where(and(eq(charges.source, 'bed-day'), inArray(charges.stayId, ids)));
  const done = new Set(charged.map((row) => `${row.stayId}:${row.nightOf}`));
  const now = ctx.now();
  const lines = found.flatMap((stay) =>
    nightsOf(
      stay,
      places.filter((place) => place.stayId === stay.id),
      now,
      ctx.config.TIME_ZONE,
    )
      .filter((night) => !done.has(`${stay.id}:${night.nightOf}`))
      .map(
        (night): CareLine => ({
          source: 'bed-day',
          stayId: stay.id,
          nightOf: night.nightOf,
          patientId: stay.patientId,
          careDate: night.nightOf,
          service: { kind: 'bed-day', wardKind: night.kind },
          quantity: 1,
          opensVisit: night.opensVisit,
        }),
      ),
  );
  return recordCareCharges(ctx, lines);
}

/** At discharge (inside its transaction): the stay's nights not charged yet, and its same-day night. */
export const chargeNightsAtDischarge = (ctx: ServiceContext, stayId: string) =>
  chargeNights(ctx, eq(stays.id, stayId));

/** Every admitted patient's nights so far, in one transaction (the daily job). */
export const chargeAdmittedNights = (ctx: ServiceContext) =>
  ctx.db.transaction((tx) => chargeNights(inTransaction(ctx, tx), eq(stays.status, 'Admitted')));

/** Charges the admitted patients' nights daily while the server runs. */
export function scheduleNightCharges(ctx: ServiceContext) {
  return scheduleDaily(() =>
    chargeAdmittedNights(ctx).then(
      (written) => {
        if (written.length > 0) ctx.log.info(`Charged ${written.length} bed-days`);
      },
      (error: unknown) => ctx.log.error({ err: error }, 'Charging bed-days failed'),
    ),
  );
}
