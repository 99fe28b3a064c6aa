import type { Account } from '@carepoint/contract';
import { PAYMENT_MESSAGES } from '@carepoint/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { charges, payments, users } from '../../db/schema';
import { notFoundWith } from '../../lib/errors';

/*
 * A patient's balance, read from the rows it is made of (nothing is stored twice, so it cannot
 * drift): what their active charges ask of them, less the payments they made (net of refunds),
 * less the deposits drawn down against it. Deposits held stay apart until drawn down.
 */

const total = (expression: SQL) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/** The account's sums for the patient whose id is `patientId` (a column or a value). */
export const accountSums = (patientId: SQL | typeof users.id) => {
  const charged = total(
    sql`(select sum(${charges.patientAmount}) from ${charges} where ${charges.patientId} = ${patientId} and ${charges.status} = 'active')`,
  );
  const paid = total(
    sql`(select sum(${payments.amount} - ${payments.refunded}) from ${payments} where ${payments.patientId} = ${patientId} and ${payments.kind} = 'payment')`,
  );
  const deposits = sql`from ${payments} where ${payments.patientId} = ${patientId} and ${payments.kind} = 'deposit'`;
  const applied = total(sql`(select sum(${payments.applied}) ${deposits})`);
  const depositsHeld = total(
    sql`(select sum(${payments.amount} - ${payments.applied} - ${payments.refunded}) ${deposits})`,
  );
  return { charged, paid, applied, depositsHeld };
};

/** charged − paid − applied, as one expression (the list's filter and order). */
export const balanceOf = (patientId: typeof users.id) => {
  const s = accountSums(patientId);
  return sql<number>`(${s.charged} - ${s.paid} - ${s.applied})`.mapWith(Number);
};

export const patientName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * The patient's account. With `lock`, the patient's row is locked first (FOR NO KEY UPDATE: it
 * does not block the charges that reference them), so every change of one patient's money runs
 * one at a time and reads a balance no other change is moving.
 */
export async function readAccount(db: Executor, patientId: string, { lock = false } = {}): Promise<Account> {
  const where = and(eq(users.id, patientId), eq(users.role, 'patient'));
  if (lock) {
    const [locked] = await db.select({ id: users.id }).from(users).where(where).for('no key update');
    if (!locked) throw notFoundWith(PAYMENT_MESSAGES.patientNotFound);
  }
  const sums = accountSums(sql`${patientId}::uuid`);
  const [row] = await db
    .select({ id: users.id, name: patientName, recordNumber: users.recordNumber, ...sums })
    .from(users)
    .where(where);
  if (!row) throw notFoundWith(PAYMENT_MESSAGES.patientNotFound);
  const { id, name, recordNumber, charged, paid, applied, depositsHeld } = row;
  return {
    patient: { id, name, recordNumber },
    charged,
    paid,
    applied,
    balance: charged - paid - applied,
    depositsHeld,
  };
}
