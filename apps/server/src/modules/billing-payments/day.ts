import {
  type CashierDay,
  PAYMENT_MESSAGES as M,
  RECEIPT_METHODS,
  type ReceiptMethod,
} from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cashierDays, payments } from '../../db/schema';
import { audit } from '../../lib/audit';
import { type Actor, inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { isoOrNull } from '../../lib/list';

/** The day's receipts of one cashier, summed by method. */
async function totalsOf(db: Executor, cashierId: string, day: string) {
  const rows = await db
    .select({
      method: payments.method,
      total: sql<number>`sum(${payments.amount})`.mapWith(Number),
      receipts: sql<number>`count(*)`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.cashierId, cashierId), eq(payments.day, day)))
    .groupBy(payments.method);
  const totals = Object.fromEntries(RECEIPT_METHODS.map((m) => [m, 0])) as Record<ReceiptMethod, number>;
  for (const row of rows) totals[row.method] = row.total;
  return {
    totals,
    receipts: rows.reduce((sum, r) => sum + r.receipts, 0),
    total: rows.reduce((sum, r) => sum + r.total, 0),
  };
}

/** Deposits held for every patient: the dashboard's figure. */
async function depositsHeld(db: Executor) {
  const [row] = await db
    .select({
      held: sql<number>`coalesce(sum(${payments.amount} - ${payments.applied} - ${payments.refunded}), 0)`.mapWith(
        Number,
      ),
    })
    .from(payments)
    .where(eq(payments.kind, 'deposit'));
  return row?.held ?? 0;
}

async function dayOf(db: Executor, cashier: Actor, day: string): Promise<CashierDay> {
  const [row] = await db
    .select()
    .from(cashierDays)
    .where(and(eq(cashierDays.cashierId, cashier.id), eq(cashierDays.day, day)));
  const sums = await totalsOf(db, cashier.id, day);
  const counted = row?.countedCash ?? null;
  return {
    day,
    cashier: `${cashier.firstName} ${cashier.lastName}`,
    status: row?.status ?? 'open',
    ...sums,
    expectedCash: row?.expectedCash ?? sums.totals.cash,
    countedCash: counted,
    difference: counted === null ? null : counted - (row?.expectedCash ?? 0),
    closedAt: isoOrNull(row?.closedAt ?? null),
    depositsHeld: await depositsHeld(db),
  };
}

/** The signed-in cashier's day (today, the facility's, unless asked). */
export const readDay = (ctx: ServiceContext, day = facilityDate(ctx.now(), ctx.config.TIME_ZONE)) =>
  dayOf(ctx.db, signedIn(ctx.actor), day);

/**
 * Closes the cashier's day with the cash counted. The day's row is locked FOR UPDATE before the
 * totals are read: a receipt being taken holds it FOR SHARE (the payments trigger), so the close
 * waits for it and counts it, and a receipt that comes after waits for the close and is refused.
 * A closed day never changes (trigger cashier_days_final), so a second close is refused.
 */
export async function closeDay(
  ctx: ServiceContext,
  input: { countedCash: number; day?: string | undefined },
) {
  const cashier = signedIn(ctx.actor);
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const day = input.day ?? today;
  if (day > today) throw badRequest(M.dayInFuture, 'day');
  return ctx.db.transaction(async (tx) => {
    const thisDay = and(eq(cashierDays.cashierId, cashier.id), eq(cashierDays.day, day));
    await tx.insert(cashierDays).values({ cashierId: cashier.id, day }).onConflictDoNothing();
    const [row] = await tx.select().from(cashierDays).where(thisDay).for('update');
    if (!row || row.status === 'closed') throw conflict('DAY_CLOSED', M.dayAlreadyClosed);
    const { totals } = await totalsOf(tx, cashier.id, day);
    await tx
      .update(cashierDays)
      .set({
        status: 'closed',
        expectedCash: totals.cash,
        countedCash: input.countedCash,
        closedAt: ctx.now(),
      })
      .where(thisDay);
    await audit(inTransaction(ctx, tx), {
      action: 'cashier_day.close',
      entityType: 'cashier_day',
      entityId: `${cashier.id}:${day}`,
      details: { day, totals, expectedCash: totals.cash, countedCash: input.countedCash },
    });
    return dayOf(tx, cashier, day);
  });
}
