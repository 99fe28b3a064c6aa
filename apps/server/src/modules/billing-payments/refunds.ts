import { formatNaira, PAYMENT_MESSAGES as M, type Refund, type RefundStatus } from '@carepoint/contract';
import { type AnyColumn, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { payments, refunds, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { conflict, notFoundWith, signedIn } from '../../lib/errors';
import {
  iso,
  isoOrNull,
  type ListQuery,
  listPage,
  matchingRows,
  orderBy,
  type Select,
  selectOf,
} from '../../lib/list';
import { readAccount } from './balance';
import { loadReceipt } from './receipts';

const patient = alias(users, 'refund_patient');
const requester = alias(users, 'refund_requester');
const decider = alias(users, 'refund_decider');
const nameOf = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

const refundRows = (select: Select) =>
  select({
    id: refunds.id,
    receiptId: refunds.paymentId,
    receiptNumber: payments.receiptNumber,
    patientId: refunds.patientId,
    patientName: nameOf(patient),
    recordNumber: patient.recordNumber,
    amount: refunds.amount,
    reason: refunds.reason,
    status: refunds.status,
    requestedBy: nameOf(requester),
    requestedAt: refunds.requestedAt,
    decidedBy: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
    decidedAt: refunds.decidedAt,
    note: refunds.note,
  })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(patient, eq(patient.id, refunds.patientId))
    .innerJoin(requester, eq(requester.id, refunds.requestedBy))
    .leftJoin(decider, eq(decider.id, refunds.decidedBy));
type RefundRow = Awaited<ReturnType<ReturnType<typeof refundRows>['where']>>[number];

const toRefund = ({
  patientId,
  patientName,
  recordNumber,
  requestedAt,
  decidedAt,
  ...r
}: RefundRow): Refund => ({
  ...r,
  patient: { id: patientId, name: patientName, recordNumber },
  requestedAt: iso(requestedAt),
  decidedAt: isoOrNull(decidedAt),
});

async function loadRefund(db: Executor, id: string): Promise<Refund> {
  const [row] = await refundRows(selectOf(db)).where(eq(refunds.id, id));
  if (!row) throw notFoundWith(M.refundNotFound);
  return toRefund(row);
}

/**
 * A cashier asks for money back from a receipt, with a reason; an administrator decides. A
 * request may take what the receipt still holds (its amount less drawn down, refunded and the
 * refunds still awaiting approval), so two requests cannot together promise more than it holds.
 */
export async function requestRefund(
  ctx: ServiceContext,
  receiptId: string,
  input: { amount: number; reason: string },
): Promise<Refund> {
  const actor = signedIn(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const first = await loadReceipt(tx, receiptId);
    await readAccount(tx, first.patientId, { lock: true });
    // Read again under the patient's lock: a parallel request may have just taken some.
    const receipt = await loadReceipt(tx, receiptId);
    if (input.amount > receipt.refundable)
      throw conflict(
        'AMOUNT_REFUSED',
        M.overRefundable(formatNaira(Math.max(0, receipt.refundable))),
        'amount',
      );
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: receiptId,
        patientId: receipt.patientId,
        amount: input.amount,
        reason: input.reason,
        requestedBy: actor.id,
        requestedAt: ctx.now(),
      })
      .returning({ id: refunds.id });
    if (!row) throw new Error('refund not stored');
    await audit(inTransaction(ctx, tx), {
      action: 'refund.request',
      entityType: 'refund',
      entityId: row.id,
      patientId: receipt.patientId,
      details: { receipt: receipt.number, amount: input.amount, reason: input.reason },
    });
    return loadRefund(tx, row.id);
  });
}

/**
 * Approve or reject a refund awaiting it. The refund's row is locked and must still be
 * requested (two administrators at once: one decides, the other is told it is decided); an
 * approval adds to the receipt's refunded total, which its CHECK keeps within the receipt.
 */
export async function decideRefund(
  ctx: ServiceContext,
  id: string,
  decision: { status: 'approved' } | { status: 'rejected'; note: string },
): Promise<Refund> {
  const actor = signedIn(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ patientId: refunds.patientId }).from(refunds).where(eq(refunds.id, id));
    if (!found) throw notFoundWith(M.refundNotFound);
    await readAccount(tx, found.patientId, { lock: true });
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
    if (refund?.status !== 'requested') throw conflict('REFUND_DECIDED', M.refundDecided);
    if (decision.status === 'approved')
      await tx
        .update(payments)
        .set({ refunded: sql`${payments.refunded} + ${refund.amount}` })
        .where(eq(payments.id, refund.paymentId));
    await tx
      .update(refunds)
      .set({
        status: decision.status,
        decidedBy: actor.id,
        decidedAt: ctx.now(),
        note: decision.status === 'rejected' ? decision.note : null,
      })
      .where(eq(refunds.id, id));
    await audit(inTransaction(ctx, tx), {
      action: decision.status === 'approved' ? 'refund.approve' : 'refund.reject',
      entityType: 'refund',
      entityId: id,
      patientId: refund.patientId,
      details: { amount: refund.amount, ...(decision.status === 'rejected' ? { note: decision.note } : {}) },
    });
    return loadRefund(tx, id);
  });
}

/** The administrator's Refunds: those awaiting a decision first, then newest first. */
export async function listRefunds(
  ctx: ServiceContext,
  query: ListQuery<'requestedAt'> & { status?: RefundStatus | undefined },
) {
  const where: SQL | undefined = query.status ? eq(refunds.status, query.status) : undefined;
  const page = await listPage(ctx, query, {
    rows: (select) => refundRows(select).where(where),
    order: orderBy(
      query,
      { requestedAt: refunds.requestedAt },
      [sql`${refunds.status} = 'requested' desc`, desc(refunds.requestedAt)],
      refunds.id,
    ),
    count: matchingRows(ctx.db).from(refunds).where(where),
    map: toRefund,
  });
  await audit(ctx, {
    action: 'refund.list',
    entityType: 'refund',
    details: {
      refunds: page.data.map((r) => r.id),
      patientIds: [...new Set(page.data.map((r) => r.patient.id))],
    },
  });
  return page;
}
