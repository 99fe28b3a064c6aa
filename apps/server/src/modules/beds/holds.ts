import { BED_MESSAGES, FRONT_DESK_MESSAGES, STAY_MESSAGES } from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beds, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict } from '../../lib/errors';
import { checkSexRule, lockWard } from './placement';

/*
 * How admissions hold beds, inside the caller's transaction (the ER's admit, the stays module):
 * a Free bed is taken (Occupied, or Reserved for a planned admission), a reserved bed is
 * occupied when its patient arrives, and a bed left behind goes to Cleaning until made ready.
 */

const patientInAnotherBed = () =>
  conflict('BED_PATIENT_TAKEN', BED_MESSAGES.patientInAnotherBed, 'patientId');

/**
 * Takes a Free bed for a patient. The update takes the bed only while it is still Free, so of two
 * admissions to one bed exactly one wins; the one-bed-per-patient index refuses a patient who
 * already has a bed; the ward's sex rule is checked after (the transaction rolls the bed back).
 */
export async function takeFreeBed(
  ctx: ServiceContext,
  bedId: string,
  patientId: string,
  status: 'Occupied' | 'Reserved' = 'Occupied',
) {
  const [taken] = await mapUnique(
    () =>
      ctx.db
        .update(beds)
        .set({ status, patientId, updatedAt: ctx.now() })
        .where(and(eq(beds.id, bedId), eq(beds.status, 'Free')))
        .returning({ id: beds.id, label: beds.label, wardId: beds.wardId }),
    patientInAnotherBed,
  );
  if (!taken) {
    const [exists] = await ctx.db.select({ id: beds.id }).from(beds).where(eq(beds.id, bedId));
    if (!exists) throw badRequest(FRONT_DESK_MESSAGES.bedRequired, 'bedId');
    throw conflict('BED_TAKEN', FRONT_DESK_MESSAGES.bedNotFree, 'bedId');
  }
  const ward = await lockWard(ctx.db, taken.wardId);
  await checkSexRule(ctx.db, ward.sexRule, patientId);
  await audit(ctx, {
    action: 'bed.update',
    entityType: 'bed',
    entityId: bedId,
    patientId,
    details: { label: taken.label, status, patientId, by: 'admission' },
  });
  return taken;
}

/** The patient of a Reserved bed arrives: it becomes Occupied (only while it is still reserved for them). */
export async function occupyReservedBed(ctx: ServiceContext, bedId: string, patientId: string) {
  const [bed] = await ctx.db
    .update(beds)
    .set({ status: 'Occupied', updatedAt: ctx.now() })
    .where(and(eq(beds.id, bedId), eq(beds.status, 'Reserved'), eq(beds.patientId, patientId)))
    .returning({ id: beds.id, label: beds.label, wardId: beds.wardId });
  if (!bed) throw conflict('BED_TAKEN', FRONT_DESK_MESSAGES.bedNotFree, 'bedId');
  await audit(ctx, {
    action: 'bed.update',
    entityType: 'bed',
    entityId: bedId,
    patientId,
    details: { label: bed.label, status: 'Occupied', patientId, by: 'arrival' },
  });
  return bed;
}

/**
 * A patient leaves a bed (transfer, discharge) or a reservation ends: the bed forgets them and goes
 * to Cleaning after an occupant, or straight back to Free after a reservation nobody slept in.
 */
export async function releaseBed(
  ctx: ServiceContext,
  bedId: string,
  patientId: string,
  to: 'Cleaning' | 'Free',
) {
  const [bed] = await ctx.db
    .update(beds)
    .set({ status: to, patientId: null, updatedAt: ctx.now() })
    .where(and(eq(beds.id, bedId), eq(beds.patientId, patientId)))
    .returning({ id: beds.id, label: beds.label });
  if (!bed) return;
  await audit(ctx, {
    action: 'bed.update',
    entityType: 'bed',
    entityId: bedId,
    patientId,
    details: { label: bed.label, status: to, previousPatientId: patientId, by: 'stay' },
  });
}

/** A nurse makes a cleaned bed ready: Cleaning to Free, nothing else. */
export async function makeBedReady(ctx: ServiceContext, bedId: string) {
  const [bed] = await ctx.db
    .update(beds)
    .set({ status: 'Free', updatedAt: ctx.now() })
    .where(and(eq(beds.id, bedId), eq(beds.status, 'Cleaning')))
    .returning({ id: beds.id, label: beds.label, wardId: beds.wardId });
  if (!bed) throw conflict('BED_NOT_CLEANING', STAY_MESSAGES.bedNotCleaning, 'bedId');
  await audit(ctx, {
    action: 'bed.update',
    entityType: 'bed',
    entityId: bedId,
    details: { label: bed.label, status: 'Free', by: 'made ready' },
  });
  return bed;
}

/** Every Free bed with its ward, by ward then label: what an admission or a transfer may choose. */
export async function freeBeds(ctx: ServiceContext) {
  const rows = await ctx.db
    .select({ id: beds.id, label: beds.label, wardId: beds.wardId, wardName: wards.name })
    .from(beds)
    .innerJoin(wards, eq(wards.id, beds.wardId))
    .where(eq(beds.status, 'Free'))
    .orderBy(asc(wards.name), asc(beds.label));
  return { data: rows };
}
