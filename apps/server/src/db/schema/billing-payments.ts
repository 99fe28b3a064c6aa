import { CASHIER_DAY_STATUSES, RECEIPT_KINDS, RECEIPT_METHODS, REFUND_STATUSES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';

/*
 * The cashier's money (docs/areas/billing-payments.md). Triggers of the migration hold what a
 * column cannot: a closed day takes no payment and never changes, a receipt is never deleted and
 * only its drawn-down and refunded totals move, a draw-down is never changed.
 */

export const receiptMethod = pgEnum('receipt_method', RECEIPT_METHODS);
export const receiptKind = pgEnum('receipt_kind', RECEIPT_KINDS);
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);
export const cashierDayStatus = pgEnum('cashier_day_status', CASHIER_DAY_STATUSES);

/** Kobo: bigint read as a JS number; every amount stays below 2^53. */
const kobo = () => bigint({ mode: 'number' });

/**
 * One cashier's day (the facility's date). Made open by the first receipt of the day (or by the
 * close); closing records the cash counted and expected. A closed day is final: a trigger refuses
 * any change to it and any receipt on it.
 */
export const cashierDays = pgTable(
  'cashier_days',
  {
    cashierId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    day: date({ mode: 'string' }).notNull(),
    status: cashierDayStatus().notNull().default('open'),
    expectedCash: kobo(),
    countedCash: kobo(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cashierId, t.day] }),
    check(
      'cashier_days_closed',
      sql`(${t.status} = 'closed') = (${t.closedAt} is not null)
        and (${t.status} = 'closed') = (${t.countedCash} is not null)
        and (${t.status} = 'closed') = (${t.expectedCash} is not null)
        and coalesce(${t.countedCash}, 0) >= 0`,
    ),
  ],
);

/**
 * Money received, each with its receipt number (RCT-YYYY-NNNNNN, a yearly sequence): a payment
 * against the patient's balance or a deposit held for them. `applied` (a deposit drawn down) and
 * `refunded` (approved refunds) are the only columns that ever change, and never past the amount.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    receiptNumber: text().notNull(),
    kind: receiptKind().notNull(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cashierId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    method: receiptMethod().notNull(),
    reference: text(),
    amount: kobo().notNull(),
    applied: kobo().notNull().default(0),
    refunded: kobo().notNull().default(0),
    /** The patient's balance just after this receipt, for the printed receipt. */
    balanceAfter: kobo().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_receipt_number_unique').on(t.receiptNumber),
    index('payments_patient_idx').on(t.patientId, t.createdAt),
    index('payments_day_idx').on(t.cashierId, t.day),
    index('payments_deposits_held_idx').on(t.patientId).where(sql`${t.kind} = 'deposit'`),
    foreignKey({ columns: [t.cashierId, t.day], foreignColumns: [cashierDays.cashierId, cashierDays.day] }),
    check('payments_amount', sql`${t.amount} > 0`),
    check(
      'payments_taken_back',
      sql`${t.applied} >= 0 and ${t.refunded} >= 0 and ${t.applied} + ${t.refunded} <= ${t.amount}`,
    ),
    check('payments_applied_deposit', sql`${t.kind} = 'deposit' or ${t.applied} = 0`),
    check('payments_reference', sql`${t.method} = 'cash' or coalesce(length(trim(${t.reference})), 0) > 0`),
  ],
);

/** Part of a deposit drawn down against the balance. Append-only. */
export const depositDrawdowns = pgTable(
  'deposit_drawdowns',
  {
    id: id(),
    depositId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: kobo().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('deposit_drawdowns_patient_idx').on(t.patientId),
    check('deposit_drawdowns_amount', sql`${t.amount} > 0`),
  ],
);

/** Money given back from a receipt: asked for by a cashier with a reason, approved or rejected by an administrator. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: kobo().notNull(),
    reason: text().notNull(),
    status: refundStatus().notNull().default('requested'),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requestedAt: createdAt(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp({ withTimezone: true }),
    note: text(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_status_idx').on(t.status, t.requestedAt),
    check('refunds_amount', sql`${t.amount} > 0`),
    check('refunds_reason', sql`length(trim(${t.reason})) > 0`),
    check(
      'refunds_decided',
      sql`(${t.status} = 'requested') = (${t.decidedAt} is null)
        and (${t.status} = 'requested') = (${t.decidedBy} is null)
        and (${t.status} <> 'rejected' or coalesce(length(trim(${t.note})), 0) > 0)`,
    ),
  ],
);

/**
 * A payment's Idempotency-Key, scoped to the cashier who sent it: the request it came with (a
 * hash of the route and body) and, once taken, the answer every retry gets. The row is inserted
 * in the payment's own transaction, so a parallel duplicate waits on its key until the first
 * commits (then reads its answer) or rolls back (then takes the payment itself).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
