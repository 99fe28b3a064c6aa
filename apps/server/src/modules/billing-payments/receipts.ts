import {
  formatNaira,
  PAYMENT_MESSAGES as M,
  type RECEIPT_SORTABLE,
  type Receipt,
  type ReceiptKind,
  type TakePaymentOutput,
} from '@carepoint/contract';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cashierDays, payments, refunds, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { violatedCheck } from '../../lib/db-errors';
import { conflict, notFoundWith, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { iso, type ListQuery, listPage, matchingRows, orderBy, type Select, selectOf } from '../../lib/list';
import { formatYearlyNumber, nextYearlyNumber } from '../../lib/sequences';
import { readAccount } from './balance';
import { oncePerKey } from './idempotency';

const RECEIPT_PREFIX = 'RCT';

/** The cashier's name as the receipt prints it. */
const cashierName = sql<string>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${payments.cashierId})`;

const receiptRows = (select: Select) =>
  select({
    id: payments.id,
    number: payments.receiptNumber,
    kind: payments.kind,
    patientId: payments.patientId,
    amount: payments.amount,
    method: payments.method,
    reference: payments.reference,
    cashier: cashierName,
    day: payments.day,
    takenAt: payments.createdAt,
    balanceAfter: payments.balanceAfter,
    applied: payments.applied,
    refunded: payments.refunded,
  }).from(payments);
type ReceiptRow = Awaited<ReturnType<ReturnType<typeof receiptRows>['where']>>[number];

/** The rows with their refunds; what a new refund may take leaves out the ones awaiting approval. */
async function withRefunds(db: Executor, rows: ReceiptRow[]): Promise<Receipt[]> {
  const ids = rows.map((r) => r.id);
  const found = ids.length
    ? await db
        .select({
          id: refunds.id,
          paymentId: refunds.paymentId,
          amount: refunds.amount,
          reason: refunds.reason,
          status: refunds.status,
          requestedAt: refunds.requestedAt,
        })
        .from(refunds)
        .where(inArray(refunds.paymentId, ids))
        .orderBy(asc(refunds.requestedAt), asc(refunds.id))
    : [];
  return rows.map(({ takenAt, ...row }) => {
    const own = found.filter((r) => r.paymentId === row.id);
    const pending = own.filter((r) => r.status === 'requested').reduce((sum, r) => sum + r.amount, 0);
    return {
      ...row,
      takenAt: iso(takenAt),
      refundable: row.amount - row.applied - row.refunded - pending,
      refunds: own.map(({ paymentId: _, requestedAt, ...r }) => ({ ...r, requestedAt: iso(requestedAt) })),
    };
  });
}

/** One receipt, or 404. */
export async function loadReceipt(db: Executor, id: string): Promise<Receipt> {
  const rows = await receiptRows(selectOf(db)).where(eq(payments.id, id));
  const [receipt] = await withRefunds(db, rows);
  if (!receipt) throw notFoundWith(M.receiptNotFound);
  return receipt;
}

/** A patient's receipts, newest first; the read is audited with the patient. */
export async function listReceipts(
  ctx: ServiceContext,
  patientId: string,
  query: ListQuery<(typeof RECEIPT_SORTABLE)[number]>,
) {
  await readAccount(ctx.db, patientId);
  const where = eq(payments.patientId, patientId);
  const page = await listPage(ctx, query, {
    rows: (select) => receiptRows(select).where(where),
    order: orderBy(
      query,
      { takenAt: payments.createdAt, amount: payments.amount, number: payments.receiptNumber },
      [desc(payments.createdAt)],
      payments.id,
    ),
    count: matchingRows(ctx.db).from(payments).where(where),
    mapPage: (rows) => withRefunds(ctx.db, rows),
  });
  await audit(ctx, {
    action: 'payment.list',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { receipts: page.data.map((r) => r.number) },
  });
  return page;
}

const refusal = (message: string) => conflict('AMOUNT_REFUSED', message, 'amount');

/**
 * A payment against the balance or a deposit, once per Idempotency-Key (see oncePerKey). A
 * payment may not exceed what the patient owes: the rest is a deposit, which the cashier records
 * as one (so money the hospital holds is always visible as held, never hidden in a negative
 * balance). The patient's row is locked first, so parallel payments cannot together pass it.
 */
export async function takeReceipt(
  ctx: ServiceContext,
  kind: ReceiptKind,
  patientId: string,
  input: TakePaymentOutput,
  key: string,
) {
  const cashier = signedIn(ctx.actor);
  return oncePerKey(ctx, { key, operation: `${kind}:${patientId}`, body: input }, async (txCtx) => {
    const account = await readAccount(txCtx.db, patientId, { lock: true });
    if (kind === 'payment') {
      if (account.balance <= 0) throw refusal(M.nothingOwed);
      if (input.amount > account.balance) throw refusal(M.overBalance(formatNaira(account.balance)));
    }
    const day = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
    await txCtx.db.insert(cashierDays).values({ cashierId: cashier.id, day }).onConflictDoNothing();
    const number = formatYearlyNumber(RECEIPT_PREFIX, await nextYearlyNumber(txCtx, 'receipt'));
    const [row] = await txCtx.db
      .insert(payments)
      .values({
        receiptNumber: number,
        kind,
        patientId,
        cashierId: cashier.id,
        day,
        method: input.method,
        reference: input.reference,
        amount: input.amount,
        balanceAfter: kind === 'payment' ? account.balance - input.amount : account.balance,
        createdAt: ctx.now(),
      })
      .returning({ id: payments.id })
      .catch((error: unknown) => {
        throw violatedCheck(error) === 'payments_day_open' ? conflict('DAY_CLOSED', M.dayClosed) : error;
      });
    if (!row) throw new Error('receipt not stored');
    await audit(txCtx, {
      action: kind === 'payment' ? 'payment.take' : 'deposit.take',
      entityType: 'payment',
      entityId: row.id,
      patientId,
      details: { number, amount: input.amount, method: input.method, reference: input.reference },
    });
    return loadReceipt(txCtx.db, row.id);
  });
}

/** One receipt for its PDF; the read is audited with its patient. */
export async function readReceipt(ctx: ServiceContext, id: string) {
  const receipt = await loadReceipt(ctx.db, id);
  await audit(ctx, {
    action: 'payment.receipt',
    entityType: 'payment',
    entityId: id,
    patientId: receipt.patientId,
    details: { number: receipt.number },
  });
  return receipt;
}
