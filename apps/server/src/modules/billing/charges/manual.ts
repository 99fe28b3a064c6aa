import { type AddChargeOutput, CHARGE_MESSAGES, type Charge } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { charges } from '../../../db/schema';
import { audit } from '../../../lib/audit';
import { inTransaction, type ServiceContext } from '../../../lib/context';
import { violatedIntegrity } from '../../../lib/db-errors';
import { badRequest, conflict, notFoundWith, signedIn } from '../../../lib/errors';
import { facilityDate } from '../../../lib/facility-time';
import { coverageOn } from '../coverage-on';
import { selfPayRow } from '../payers';
import { pricesOf } from '../price-of';
import { splitCharge } from '../split';
import { chargeById, requirePatient } from './bill';

/*
 * What staff do by hand (docs/areas/billing-charges.md#by-hand): add a charge, always with a
 * reason, and void one, always with a reason. A void never deletes: the line stays on the bill,
 * struck through, and counts for nothing.
 */

const M = CHARGE_MESSAGES;

/**
 * The constraint named by the error of the claims' trigger charges_refuse_void_claimed (migration
 * 0066) when a charge on a live claim line is voided: the database decides, so a claim and a
 * void racing cannot both win.
 */
const CHARGE_CLAIMED = 'charges_claimed';

/**
 * POST /api/billing/patients/:id/charges. A catalogue service at the patient's payer's price on
 * the day (split as the care's charges are; a service nothing prices asks for a description and a
 * price instead), or a described service at the price typed, which the patient pays in full (a
 * payer owes only what its tariff names).
 */
export async function addCharge(
  ctx: ServiceContext,
  patientId: string,
  input: AddChargeOutput,
): Promise<Charge> {
  const actor = signedIn(ctx.actor);
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const careDate = input.careDate ?? today;
  if (careDate > today) throw badRequest(M.dateInFuture, 'careDate');
  const id = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await requirePatient(tx, patientId);
    const cover = await coverageOn(tx, patientId, careDate);
    const selfPay = await selfPayRow(tx);
    const payerId = cover?.payerId ?? selfPay.id;
    const priced = input.serviceId
      ? await pricedService(txCtx, payerId, input.serviceId, careDate)
      : { serviceId: null, amount: input.unitPrice ?? 0, basis: null };
    const amount = priced.amount * input.quantity;
    // A described service is not on any tariff: the patient's, as the self-pay basis is.
    const split = splitCharge(amount, priced.basis ?? 'self-pay', cover, false);
    const [row] = await tx
      .insert(charges)
      .values({
        patientId,
        payerId,
        coverageId: cover?.id ?? null,
        serviceId: priced.serviceId,
        description: priced.serviceId ? null : input.description,
        source: 'manual',
        careDate,
        quantity: input.quantity,
        unitPrice: priced.amount,
        amount,
        ...split,
        basis: priced.basis,
        reason: input.reason,
        createdBy: actor.id,
        createdAt: ctx.now(),
      })
      .returning({ id: charges.id });
    if (!row) throw new Error('charge not written');
    await audit(txCtx, {
      action: 'charge.add',
      entityType: 'charge',
      entityId: row.id,
      patientId,
      details: { serviceId: priced.serviceId, amount, quantity: input.quantity, reason: input.reason },
    });
    return row.id;
  });
  return chargeById(ctx.db, id);
}

async function pricedService(ctx: ServiceContext, payerId: string, serviceId: string, at: string) {
  const [price] = await pricesOf(ctx.db, [{ payerId, service: { serviceId }, at }]);
  if (!price) throw badRequest(M.serviceUnpriced, 'serviceId');
  return price;
}

/**
 * POST /api/billing/charges/:id/void. One conditional update (active to void): of two voids at
 * once, one changes the row and the other finds it void (409). A charge on a claim: 409.
 */
export async function voidCharge(ctx: ServiceContext, chargeId: string, reason: string): Promise<Charge> {
  const actor = signedIn(ctx.actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const [voided] = await tx
        .update(charges)
        .set({ status: 'void', voidReason: reason, voidedBy: actor.id, voidedAt: ctx.now() })
        .where(and(eq(charges.id, chargeId), eq(charges.status, 'active')))
        .returning({ id: charges.id, patientId: charges.patientId, amount: charges.amount });
      if (!voided) {
        const [exists] = await tx.select({ id: charges.id }).from(charges).where(eq(charges.id, chargeId));
        if (!exists) throw notFoundWith(M.chargeNotFound);
        throw conflict('CHARGE_VOID', M.alreadyVoid);
      }
      await audit(inTransaction(ctx, tx), {
        action: 'charge.void',
        entityType: 'charge',
        entityId: chargeId,
        patientId: voided.patientId,
        details: { reason, amount: voided.amount },
      });
    });
  } catch (error) {
    if (violatedIntegrity(error) === CHARGE_CLAIMED) throw conflict('CHARGE_CLAIMED', M.claimed, 'reason');
    throw error;
  }
  return chargeById(ctx.db, chargeId);
}
