import { type Account, formatNaira, PAYMENT_MESSAGES as M } from '@carepoint/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { depositDrawdowns, payments, refunds } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { conflict, signedIn } from '../../lib/errors';
import { readAccount } from './balance';

/** What each deposit can still give: its amount less drawn down, refunded and refunds awaiting approval. */
const available = sql<number>`${payments.amount} - ${payments.applied} - ${payments.refunded} - coalesce((
  select sum(${refunds.amount}) from ${refunds}
  where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'requested'), 0)`.mapWith(Number);

/**
 * Apply Deposit: draws `amount` of the patient's deposits down against their balance, oldest
 * deposit first. Explicit, not automatic: the cashier does it with the patient (or their family)
 * at the desk, so the money held on admission is never spent without anyone saying so. Never more
 * than is held, nor more than is owed. The patient's row is locked, as for every change of their money.
 */
export async function drawDown(ctx: ServiceContext, patientId: string, amount: number): Promise<Account> {
  const actor = signedIn(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const account = await readAccount(tx, patientId, { lock: true });
    const deposits = await tx
      .select({ id: payments.id, number: payments.receiptNumber, available })
      .from(payments)
      .where(and(eq(payments.patientId, patientId), eq(payments.kind, 'deposit')))
      .orderBy(asc(payments.createdAt), asc(payments.id));
    const free = deposits.reduce((sum, d) => sum + Math.max(0, d.available), 0);
    if (amount > free) throw conflict('AMOUNT_REFUSED', M.overDeposit(formatNaira(free)), 'amount');
    if (amount > account.balance)
      throw conflict('AMOUNT_REFUSED', M.overBalance(formatNaira(Math.max(0, account.balance))), 'amount');
    let left = amount;
    const taken: { number: string; amount: number }[] = [];
    for (const deposit of deposits) {
      const part = Math.min(left, Math.max(0, deposit.available));
      if (part === 0) continue;
      // The CHECK payments_taken_back holds the deposit's own limit, whatever else runs.
      await tx
        .update(payments)
        .set({ applied: sql`${payments.applied} + ${part}` })
        .where(eq(payments.id, deposit.id));
      await tx.insert(depositDrawdowns).values({
        depositId: deposit.id,
        patientId,
        amount: part,
        createdBy: actor.id,
        createdAt: ctx.now(),
      });
      taken.push({ number: deposit.number, amount: part });
      left -= part;
      if (left === 0) break;
    }
    await audit(txCtx, {
      action: 'deposit.drawdown',
      entityType: 'patient',
      entityId: patientId,
      patientId,
      details: { amount, from: taken },
    });
    return readAccount(tx, patientId);
  });
}
