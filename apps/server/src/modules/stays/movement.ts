import { type completeDischargeSchema, STAY_MESSAGES, type transferSchema } from '@carepoint/contract';
import type { z } from 'zod';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { releaseBed, takeFreeBed } from '../beds';
import { chargeNightsAtDischarge } from '../billing';
import { checkDischargeReady, openItems } from './discharge-checks';
import { auditStay, leavePlace, lockStay, moveInto, publishStay, updateStay } from './store';

/*
 * On the ward: a transfer to another bed (the old one goes to Cleaning, the history keeps both
 * places), and the discharge the nurse completes (the bed goes to Cleaning). Both lock the stay
 * first, so a transfer and a discharge of one patient never interleave.
 */

async function lockAdmitted(ctx: ServiceContext, stayId: string) {
  const stay = await lockStay(ctx.db, stayId);
  if (stay.status !== 'Admitted') throw conflict('STAY_NOT_ADMITTED', STAY_MESSAGES.notAdmitted);
  return stay;
}

/** POST /api/stays/:stayId/transfer: to a free bed of this ward or another. */
export async function transfer(ctx: ServiceContext, stayId: string, input: z.output<typeof transferSchema>) {
  const now = ctx.now();
  const stay = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockAdmitted(txCtx, stayId);
    if (before.bedId === input.bedId) throw badRequest(STAY_MESSAGES.sameBed, 'bedId');
    // The old bed first: one patient is never in two beds, not even inside the transaction.
    if (before.bedId) await releaseBed(txCtx, before.bedId, before.patientId, 'Cleaning');
    const bed = await takeFreeBed(txCtx, input.bedId, before.patientId);
    const moved = await updateStay(txCtx, stayId, { bedId: bed.id, wardId: bed.wardId });
    await moveInto(txCtx, stayId, bed, now);
    await auditStay(txCtx, 'stay.transfer', moved, {
      fromBedId: before.bedId,
      fromWardId: before.wardId,
      toBedId: bed.id,
      bed: bed.label,
    });
    return moved;
  });
  await publishStay(ctx, stay);
  return stay.id;
}

/** POST /api/stays/:stayId/discharge: the nurse completes the discharge; the bed goes to Cleaning. */
export async function completeDischarge(
  ctx: ServiceContext,
  stayId: string,
  input: z.output<typeof completeDischargeSchema>,
) {
  const now = ctx.now();
  const stay = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockAdmitted(txCtx, stayId);
    await checkDischargeReady(txCtx, before, input.disposition);
    if (!input.confirmed && (await openItems(txCtx, before)) > 0) {
      throw conflict('DISCHARGE_CONFIRM', STAY_MESSAGES.confirmOpenItems, 'confirmed');
    }
    if (before.bedId) await releaseBed(txCtx, before.bedId, before.patientId, 'Cleaning');
    await leavePlace(txCtx, stayId, now);
    const discharged = await updateStay(txCtx, stayId, {
      status: 'Discharged',
      dischargedAt: now,
      dischargeDisposition: input.disposition,
      bedId: null,
    });
    // The nights the daily job has not charged yet (or the one night of a same-day stay).
    await chargeNightsAtDischarge(txCtx, stayId);
    await auditStay(txCtx, 'stay.discharge', discharged, {
      disposition: input.disposition,
      confirmed: input.confirmed,
      bedId: before.bedId,
    });
    return discharged;
  });
  await publishStay(ctx, stay);
  return stay.id;
}
