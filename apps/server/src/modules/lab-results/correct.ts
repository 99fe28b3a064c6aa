import {
  type CorrectLabResult,
  isCriticalInterpretation,
  LAB_RESULT_MESSAGES,
  type LabResultSheet,
} from '@carepoint/contract';
import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { auditEvents, labOrders, labResultNotices, labResults, labTests, users } from '../../db/schema';
import { audit, readRecordsWritten } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { evaluate } from './evaluate';
import { LAB_READ_ACTIONS, LAB_WRITE_ACTIONS } from './reads';
import { loadSheet } from './sheet';
import { raiseAlerts } from './verify';

/**
 * POST /api/lab/results/:id/correct: a verified value is replaced by a new version with a reason,
 * never changed in place. The old version keeps its value and gets superseded_at (shown struck
 * through, as corrected); the new one is status corrected and verified by the correcting scientist
 * in the same step (a correction is itself the second look, made with a reason the audit keeps, and
 * the doctor must not wait for a value already released). Everyone the audit trail shows reading
 * the order's results since the old value was entered gets a notice. The old row is locked FOR
 * UPDATE, so of two corrections at once the second finds it superseded (409).
 */
export async function correctResult(
  ctx: ServiceContext,
  resultId: string,
  input: CorrectLabResult,
): Promise<LabResultSheet> {
  const correctorId = signedIn(ctx.actor).id;
  // Reads are audited just after their answers: the ones still on their way count as readers too.
  await readRecordsWritten(ctx.db);
  const { orderId, audience } = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select({
        result: labResults,
        test: labTests,
        requesterId: labOrders.requesterId,
        sex: users.gender,
        dateOfBirth: users.dateOfBirth,
      })
      .from(labResults)
      .innerJoin(labTests, eq(labTests.id, labResults.testId))
      .innerJoin(labOrders, eq(labOrders.id, labResults.orderId))
      .innerJoin(users, eq(users.id, labResults.patientId))
      .where(eq(labResults.id, resultId))
      .for('update', { of: labResults });
    if (!old) throw notFoundWith(LAB_RESULT_MESSAGES.resultNotFound);
    if (old.result.supersededAt) throw conflict('RESULT_SUPERSEDED', LAB_RESULT_MESSAGES.correctOnlyVerified);
    if (old.result.status === 'preliminary')
      throw conflict('RESULT_NOT_VERIFIED', LAB_RESULT_MESSAGES.correctOnlyVerified);
    const { value, range, interpretation } = await evaluate(ctx, tx, old.test, old, { value: input.value });
    if (value.quantity === old.result.valueQuantity && value.text === old.result.valueText)
      throw badRequest(LAB_RESULT_MESSAGES.sameValue, 'value');

    const now = ctx.now();
    await tx.update(labResults).set({ supersededAt: now }).where(eq(labResults.id, resultId));
    const [next] = await tx
      .insert(labResults)
      .values({
        orderId: old.result.orderId,
        specimenId: old.result.specimenId,
        testId: old.result.testId,
        patientId: old.result.patientId,
        version: old.result.version + 1,
        valueQuantity: value.quantity,
        valueText: value.text,
        unit: old.test.unit,
        interpretation,
        rangeLow: range?.low ?? null,
        rangeHigh: range?.high ?? null,
        status: 'corrected',
        source: 'manual',
        enteredBy: correctorId,
        enteredAt: now,
        verifiedBy: correctorId,
        verifiedAt: now,
        correctionReason: input.reason,
        sharedWithPatient: old.result.sharedWithPatient,
      })
      .returning({ id: labResults.id });
    if (!next) throw new Error('corrected result not written');
    if (isCriticalInterpretation(interpretation))
      await raiseAlerts(inTransaction(ctx, tx), [next.id], {
        patientId: old.result.patientId,
        requesterId: old.requesterId,
      });

    const readers = await readersSince(
      inTransaction(ctx, tx),
      { orderId: old.result.orderId, patientId: old.result.patientId },
      old.result.enteredAt,
    );
    const notified = readers.filter((id) => id !== correctorId);
    if (notified.length > 0)
      await tx
        .insert(labResultNotices)
        .values(
          notified.map((recipientId) => ({ recipientId, resultId: next.id, supersededResultId: resultId })),
        )
        .onConflictDoNothing();
    await audit(inTransaction(ctx, tx), {
      action: 'lab.result.correct',
      entityType: 'lab_order',
      entityId: old.result.orderId,
      patientId: old.result.patientId,
      details: {
        resultId: next.id,
        supersededResultId: resultId,
        testId: old.result.testId,
        reason: input.reason,
        interpretation,
        notified,
      },
    });
    return { orderId: old.result.orderId, audience: [old.requesterId, ...notified] };
  });
  await ctx.publish('lab', { doctorIds: audience });
  return loadSheet(ctx, orderId);
}

/**
 * Who read this order's results since `since`, by the audit trail: every read of lab results is
 * audited with the patient and the orders it showed (`details.orderIds`); whoever filed, verified
 * or corrected a value of the order saw it as well.
 */
async function readersSince(
  ctx: ServiceContext,
  order: { orderId: string; patientId: string },
  since: Date,
): Promise<string[]> {
  const rows = await ctx.db
    .select({ actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.patientId, order.patientId),
        gte(auditEvents.at, since),
        isNotNull(auditEvents.actorId),
        or(
          and(
            inArray(auditEvents.action, [...LAB_READ_ACTIONS]),
            sql`${auditEvents.details} @> ${JSON.stringify({ orderIds: [order.orderId] })}::jsonb`,
          ),
          // Who filed or verified the order's values saw them too.
          and(
            inArray(auditEvents.action, [...LAB_WRITE_ACTIONS]),
            eq(auditEvents.entityType, 'lab_order'),
            eq(auditEvents.entityId, order.orderId),
          ),
        ),
      ),
    )
    .groupBy(auditEvents.actorId);
  return rows.flatMap((r) => (r.actorId ? [r.actorId] : []));
}
