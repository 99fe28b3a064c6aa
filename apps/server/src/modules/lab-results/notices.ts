import { LAB_RESULT_MESSAGES, type LabResultNoticeList } from '@carepoint/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { labResultNotices, labResults, labTests, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith, signedIn } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';
import { storedValue } from './order-view';

/*
 * Notices of corrected results (correct.ts writes them): each reader of the old value sees what it
 * was, what it is and why, until they mark it seen.
 */

const NOTICES_SHOWN = 50;
const superseded = alias(labResults, 'superseded');
const patient = alias(users, 'patient');

/** GET /api/lab-notices: the signed-in user's unseen notices, newest first. Audited. */
export async function listLabNotices(ctx: ServiceContext): Promise<LabResultNoticeList> {
  const recipientId = signedIn(ctx.actor).id;
  const rows = await ctx.db
    .select({
      id: labResultNotices.id,
      result: labResults,
      old: { valueQuantity: superseded.valueQuantity, valueText: superseded.valueText },
      test: labTests.name,
      patientName: fullNameOf(patient),
    })
    .from(labResultNotices)
    .innerJoin(labResults, eq(labResults.id, labResultNotices.resultId))
    .innerJoin(superseded, eq(superseded.id, labResultNotices.supersededResultId))
    .innerJoin(labTests, eq(labTests.id, labResults.testId))
    .innerJoin(patient, eq(patient.id, labResults.patientId))
    .where(and(eq(labResultNotices.recipientId, recipientId), isNull(labResultNotices.seenAt)))
    .orderBy(desc(labResultNotices.createdAt), desc(labResultNotices.id))
    .limit(NOTICES_SHOWN);
  if (rows.length > 0)
    await audit(ctx, {
      action: 'lab.notices.list',
      entityType: 'lab_result_notice',
      details: {
        noticeIds: rows.map((r) => r.id),
        orderIds: [...new Set(rows.map((r) => r.result.orderId))],
      },
    });
  return {
    data: rows.map((r) => ({
      id: r.id,
      orderId: r.result.orderId,
      patient: { id: r.result.patientId, name: r.patientName },
      test: r.test,
      unit: r.result.unit,
      oldValue: storedValue(r.old),
      newValue: storedValue(r.result),
      reason: r.result.correctionReason ?? '',
      correctedAt: r.result.enteredAt.toISOString(),
    })),
  };
}

/** POST /api/lab-notices/:id/seen: the reader has seen it. Another user's notice answers 404. */
export async function markLabNoticeSeen(ctx: ServiceContext, noticeId: string): Promise<{ ok: true }> {
  const recipientId = signedIn(ctx.actor).id;
  const [row] = await ctx.db
    .update(labResultNotices)
    .set({ seenAt: ctx.now() })
    .where(and(eq(labResultNotices.id, noticeId), eq(labResultNotices.recipientId, recipientId)))
    .returning({ id: labResultNotices.id });
  if (!row) throw notFoundWith(LAB_RESULT_MESSAGES.noticeNotFound);
  return { ok: true };
}
