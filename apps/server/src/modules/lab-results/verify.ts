import { isCriticalInterpretation, LAB_RESULT_MESSAGES, type LabResultSheet } from '@carepoint/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { labCriticalAlerts, labOrders, labResults, labSpecimens } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { loadLabSettings } from '../facility';
import { loadSheet } from './sheet';

/**
 * POST /api/lab/orders/:id/verify: every preliminary value of the order becomes final (verified by
 * the signed-in scientist, now) and the order Verified, released to the ordering doctor. Under the
 * lab's second-scientist rule (the default) a scientist who entered one of the values is refused
 * (403). A critical value (LL or HH) raises its alert for the ordering doctor here, on release:
 * an unverified value may be an analyser's or a typing error, and the doctor acts on what the lab
 * stands behind (docs/areas/lab-results.md). The order's row is locked FOR UPDATE, so of two
 * verifications at once the second finds it Verified (409).
 */
export async function verifyOrder(ctx: ServiceContext, orderId: string): Promise<LabResultSheet> {
  const verifierId = signedIn(ctx.actor).id;
  const requesterId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: labOrders.id,
        state: labOrders.state,
        patientId: labOrders.patientId,
        requesterId: labOrders.requesterId,
      })
      .from(labOrders)
      .where(eq(labOrders.id, orderId))
      .for('update');
    if (!order) throw notFoundWith(LAB_RESULT_MESSAGES.orderNotFound);
    if (order.state === 'Verified') throw conflict('ORDER_VERIFIED', LAB_RESULT_MESSAGES.alreadyVerified);
    if (order.state !== 'Resulted') throw conflict('RESULTS_MISSING', LAB_RESULT_MESSAGES.nothingToVerify);
    const pending = await tx
      .select({
        id: labResults.id,
        enteredBy: labResults.enteredBy,
        interpretation: labResults.interpretation,
      })
      .from(labResults)
      .innerJoin(labSpecimens, eq(labSpecimens.id, labResults.specimenId))
      .where(
        and(
          eq(labResults.orderId, orderId),
          isNull(labSpecimens.rejectedAt),
          isNull(labResults.supersededAt),
          eq(labResults.status, 'preliminary'),
        ),
      );
    const settings = await loadLabSettings(tx);
    if (settings.verification === 'second-scientist' && pending.some((r) => r.enteredBy === verifierId))
      throw new AppError(403, 'SECOND_SCIENTIST_REQUIRED', LAB_RESULT_MESSAGES.secondScientistRequired);
    const now = ctx.now();
    if (pending.length > 0)
      await tx
        .update(labResults)
        .set({ status: 'final', verifiedBy: verifierId, verifiedAt: now })
        .where(
          inArray(
            labResults.id,
            pending.map((r) => r.id),
          ),
        );
    await tx.update(labOrders).set({ state: 'Verified', updatedAt: now }).where(eq(labOrders.id, orderId));
    const critical = pending.filter((r) => isCriticalInterpretation(r.interpretation));
    await raiseAlerts(
      inTransaction(ctx, tx),
      critical.map((r) => r.id),
      order,
    );
    await audit(inTransaction(ctx, tx), {
      action: 'lab.results.verify',
      entityType: 'lab_order',
      entityId: orderId,
      patientId: order.patientId,
      details: { resultIds: pending.map((r) => r.id), criticalResultIds: critical.map((r) => r.id) },
    });
    return order.requesterId;
  });
  await ctx.publish('lab', { doctorIds: [requesterId] });
  return loadSheet(ctx, orderId);
}

/** One alert per critical result version, for the ordering doctor, raised now (in the caller's transaction). */
export async function raiseAlerts(
  ctx: ServiceContext,
  resultIds: readonly string[],
  order: { patientId: string; requesterId: string },
): Promise<void> {
  if (resultIds.length === 0) return;
  await ctx.db
    .insert(labCriticalAlerts)
    .values(
      resultIds.map((resultId) => ({
        resultId,
        patientId: order.patientId,
        doctorId: order.requesterId,
        raisedAt: ctx.now(),
      })),
    )
    .onConflictDoNothing({ target: labCriticalAlerts.resultId });
}
