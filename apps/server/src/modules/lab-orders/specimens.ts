import {
  type CancelLabOrderInput,
  LAB_ACCESSION_PREFIX,
  LAB_CANCELLABLE,
  LAB_COLLECTABLE,
  LAB_ORDER_MESSAGES,
  LAB_RECEIVABLE,
  LAB_REJECTABLE,
  type LabOrder,
  type LabOrderState,
  type rejectSpecimenSchema,
} from '@carepoint/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { labOrders, labSpecimens } from '../../db/schema';
import { audit } from '../../lib/audit';
import { type Actor, inTransaction, type ServiceContext } from '../../lib/context';
import { violatedUnique } from '../../lib/db-errors';
import { AppError, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { formatYearlyNumber, nextYearlyNumber } from '../../lib/sequences';
import { voidCancelledLabOrder } from '../billing';
import { requireOrderReach } from './access';
import { loadOrders } from './read';

/*
 * A specimen's way through the laboratory: collected (by the lab, or by a nurse for a patient on
 * their ward) with a new accession number, received at the bench, or rejected with a reason, which
 * sends the order back to Ordered for a new specimen. An order may be cancelled until it has a
 * result. Each step locks the order's row FOR UPDATE first, so of two steps at once the second
 * sees the first's state and is refused (409).
 */

type OrderLocked = typeof labOrders.$inferSelect;

/** The order, locked for this transaction; 404 when missing or out of the actor's reach. */
async function lockOrder(tx: Executor, actor: Actor, orderId: string): Promise<OrderLocked> {
  const [order] = await tx.select().from(labOrders).where(eq(labOrders.id, orderId)).for('update');
  if (!order) throw notFoundWith(LAB_ORDER_MESSAGES.orderNotFound);
  await requireOrderReach(tx, actor, order.patientId);
  return order;
}

const refuseUnless = (
  state: LabOrderState,
  allowed: readonly LabOrderState[],
  code: string,
  message: string,
) => {
  if (!allowed.includes(state)) throw conflict(code, message);
};

/** The order's specimen that is not rejected (the one being tested). */
async function liveSpecimen(tx: Executor, orderId: string) {
  const [specimen] = await tx
    .select({ id: labSpecimens.id, accession: labSpecimens.accession })
    .from(labSpecimens)
    .where(and(eq(labSpecimens.orderId, orderId), isNull(labSpecimens.rejectedAt)));
  if (!specimen) throw conflict('ORDER_STATE', LAB_ORDER_MESSAGES.noSpecimen);
  return specimen;
}

/** Runs one step on a locked order, then announces it and answers the order as it now is. */
async function step(
  ctx: ServiceContext,
  orderId: string,
  change: (tx: Executor, actor: Actor, order: OrderLocked) => Promise<void>,
): Promise<LabOrder> {
  const actor = signedIn(ctx.actor);
  const order = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, actor, orderId);
    await change(tx, actor, locked);
    return locked;
  });
  await ctx.publish('lab', { doctorIds: [order.requesterId] });
  const [answer] = await loadOrders(ctx, eq(labOrders.id, orderId));
  if (!answer) throw notFoundWith(LAB_ORDER_MESSAGES.orderNotFound);
  return answer;
}

/**
 * POST collect: the specimen is taken. It gets the next accession number of the year
 * (LAB-YYYY-NNNNNN) and the order becomes Collected. Of two collections at once, the second
 * waits for the first's lock and is refused; the partial unique index lab_specimens_live_unique
 * holds the rule in the database too.
 */
export function collectSpecimen(ctx: ServiceContext, orderId: string) {
  return step(ctx, orderId, async (tx, actor, order) => {
    // A second press (or a second collector) finds it collected already; a finished order, not waiting.
    if (!LAB_COLLECTABLE.includes(order.state))
      throw order.state === 'Cancelled' || order.state === 'Verified'
        ? conflict('ORDER_STATE', LAB_ORDER_MESSAGES.notCollectable)
        : conflict('SPECIMEN_COLLECTED', LAB_ORDER_MESSAGES.alreadyCollected);
    const txCtx = inTransaction(ctx, tx);
    const accession = formatYearlyNumber(
      LAB_ACCESSION_PREFIX,
      await nextYearlyNumber(txCtx, 'lab-accession'),
    );
    const now = ctx.now();
    const [specimen] = await tx
      .insert(labSpecimens)
      .values({
        orderId,
        accession,
        specimenType: order.specimenType,
        container: order.container,
        collectedAt: now,
        collectedBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: labSpecimens.id })
      .catch((error: unknown) => {
        if (violatedUnique(error) === 'lab_specimens_live_unique')
          throw conflict('SPECIMEN_COLLECTED', LAB_ORDER_MESSAGES.alreadyCollected);
        throw error;
      });
    if (!specimen) throw new Error('specimen not stored');
    await tx.update(labOrders).set({ state: 'Collected', updatedAt: now }).where(eq(labOrders.id, orderId));
    await audit(txCtx, {
      action: 'lab-specimen.collect',
      entityType: 'lab-specimen',
      entityId: specimen.id,
      patientId: order.patientId,
      details: { orderId, accession },
    });
  });
}

/** POST receive: the collected specimen reached the laboratory. */
export function receiveSpecimen(ctx: ServiceContext, orderId: string) {
  return step(ctx, orderId, async (tx, actor, order) => {
    refuseUnless(order.state, LAB_RECEIVABLE, 'ORDER_STATE', LAB_ORDER_MESSAGES.notReceivable);
    const specimen = await liveSpecimen(tx, orderId);
    const now = ctx.now();
    await tx
      .update(labSpecimens)
      .set({ receivedAt: now, receivedBy: actor.id, updatedAt: now })
      .where(eq(labSpecimens.id, specimen.id));
    await tx.update(labOrders).set({ state: 'Received', updatedAt: now }).where(eq(labOrders.id, orderId));
    await audit(inTransaction(ctx, tx), {
      action: 'lab-specimen.receive',
      entityType: 'lab-specimen',
      entityId: specimen.id,
      patientId: order.patientId,
      details: { orderId, accession: specimen.accession },
    });
  });
}

/**
 * POST reject: the specimen cannot be tested (haemolysed, clotted, insufficient, unlabelled). It
 * keeps its reason; the order goes back to Ordered for a new specimen, and the ordering doctor's
 * screens hear of it (their chart shows the reason).
 */
export function rejectSpecimen(
  ctx: ServiceContext,
  orderId: string,
  input: z.output<typeof rejectSpecimenSchema>,
) {
  return step(ctx, orderId, async (tx, actor, order) => {
    refuseUnless(order.state, LAB_REJECTABLE, 'ORDER_STATE', LAB_ORDER_MESSAGES.notRejectable);
    const specimen = await liveSpecimen(tx, orderId);
    const now = ctx.now();
    await tx
      .update(labSpecimens)
      .set({
        rejectedAt: now,
        rejectedBy: actor.id,
        rejectionReason: input.reason,
        rejectionNote: input.note || null,
        updatedAt: now,
      })
      .where(eq(labSpecimens.id, specimen.id));
    await tx.update(labOrders).set({ state: 'Ordered', updatedAt: now }).where(eq(labOrders.id, orderId));
    await audit(inTransaction(ctx, tx), {
      action: 'lab-specimen.reject',
      entityType: 'lab-specimen',
      entityId: specimen.id,
      patientId: order.patientId,
      details: { orderId, accession: specimen.accession, reason: input.reason },
    });
  });
}

/** POST cancel: by the ordering doctor or the laboratory, until the order has a result. */
export function cancelOrder(ctx: ServiceContext, orderId: string, input: CancelLabOrderInput) {
  return step(ctx, orderId, async (tx, actor, order) => {
    if (actor.role === 'doctor' && order.requesterId !== actor.id)
      throw new AppError(403, 'FORBIDDEN', LAB_ORDER_MESSAGES.cancelNotYours);
    refuseUnless(order.state, LAB_CANCELLABLE, 'ORDER_STATE', LAB_ORDER_MESSAGES.notCancellable);
    const now = ctx.now();
    await tx
      .update(labOrders)
      .set({
        state: 'Cancelled',
        cancelledAt: now,
        cancelledBy: actor.id,
        cancelReason: input.reason,
        updatedAt: now,
      })
      .where(eq(labOrders.id, orderId));
    // Cancelled before its specimen was taken: its tests were never done, nor are they charged.
    if (order.state === 'Ordered') await voidCancelledLabOrder(inTransaction(ctx, tx), orderId);
    await audit(inTransaction(ctx, tx), {
      action: 'lab-order.cancel',
      entityType: 'lab-order',
      entityId: orderId,
      patientId: order.patientId,
      details: { state: order.state },
    });
  });
}
