import { randomUUID } from 'node:crypto';
import { medicineLabel, PHARMACY_MESSAGES, type StockMovementKind } from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { medicines, stockBalances, stockBatches, stockMovements, stores } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { conflict, signedIn } from '../../lib/errors';

/** One change of one batch's balance in one store, as a caller of `move` asks for it. */
export interface Movement {
  kind: StockMovementKind;
  storeId: string;
  batchId: string;
  /** Signed dispensing units: positive adds to the store's balance, negative takes from it. */
  quantity: number;
  /** Why, where a person must say (return, adjustment, count); the database refuses those without. */
  reason?: string | null;
  /** A receipt's supplier (required) and invoice number. */
  supplier?: string | null;
  invoiceNumber?: string | null;
  /** A transfer's other store. */
  otherStoreId?: string | null;
  /** A ward dose's take (kind administration): the dose given. */
  administrationId?: string | null;
}

interface Moved {
  /** Shared by the rows written together: a transfer's two halves, a count's lines. */
  operationId: string;
  movements: Array<{ id: string; storeId: string; batchId: string; quantity: number; balanceAfter: number }>;
}

/**
 * The stock ledger's one writer (docs/areas/pharmacy.md): writes each movement as a row of the
 * append-only ledger and changes its store's balance of the batch in the same transaction, the
 * signed-in user performing it. Runs in the caller's transaction when `ctx.db` is one, so a
 * dispense and its stock commit or roll back together; otherwise in its own.
 *
 * A take is a conditional UPDATE, `quantity = quantity + delta` only while that stays at zero or
 * more: the row's lock orders two takes of the same batch at the same moment, and the second sees
 * the first's result; a take that would go under changes nothing and answers 409 "Not enough stock
 * of <medicine> in <store>", and the caller's transaction rolls the whole operation back (the CHECK
 * `stock_balances_quantity` holds the same rule under everything). Refusing by the condition, not
 * by the CHECK's error, leaves the transaction usable to read the names for the message, so no
 * savepoint is needed: two statements fewer for every dispense. A caller that goes on after a
 * refused move (a ward dose is recorded without its stock) runs it in a savepoint of its own. Balances are changed in one order
 * (store, then batch), so two operations over the same rows never deadlock.
 */
export async function move(ctx: ServiceContext, rows: readonly Movement[]): Promise<Moved> {
  const performedBy = signedIn(ctx.actor).id;
  const performedAt = ctx.now();
  const operationId = randomUUID();
  const ordered = [...rows].sort(
    (a, b) => a.storeId.localeCompare(b.storeId) || a.batchId.localeCompare(b.batchId),
  );
  const write = async (tx: Executor) => {
    const ledger: Array<typeof stockMovements.$inferInsert & { id: string; balanceAfter: number }> = [];
    for (const row of ordered) {
      ledger.push({
        // Made here, so the ledger's rows go in as one statement once every balance has changed.
        id: randomUUID(),
        operationId,
        kind: row.kind,
        storeId: row.storeId,
        batchId: row.batchId,
        quantity: row.quantity,
        balanceAfter: await changeBalance(tx, row, performedAt),
        reason: row.reason ?? null,
        supplier: row.supplier ?? null,
        invoiceNumber: row.invoiceNumber ?? null,
        otherStoreId: row.otherStoreId ?? null,
        administrationId: row.administrationId ?? null,
        performedBy,
        performedAt,
      });
    }
    if (ledger.length > 0) await tx.insert(stockMovements).values(ledger);
    return ledger.map(({ id, storeId, batchId, quantity, balanceAfter }) => ({
      id,
      storeId,
      batchId,
      quantity,
      balanceAfter,
    }));
  };
  const movements = ctx.db instanceof PgTransaction ? await write(ctx.db) : await ctx.db.transaction(write);
  return { operationId, movements };
}

/** Adds `row.quantity` to the store's balance of the batch and answers the new balance. */
async function changeBalance(tx: Executor, row: Movement, at: Date): Promise<number> {
  if (row.quantity > 0) {
    // Stock arriving may be the batch's first in this store: the balance row is made then.
    const [balance] = await tx
      .insert(stockBalances)
      .values({ storeId: row.storeId, batchId: row.batchId, quantity: row.quantity })
      .onConflictDoUpdate({
        target: [stockBalances.storeId, stockBalances.batchId],
        set: { quantity: sql`${stockBalances.quantity} + ${row.quantity}`, updatedAt: at },
      })
      .returning({ quantity: stockBalances.quantity });
    if (!balance) throw new Error('stock balance not written');
    return balance.quantity;
  }
  const [balance] = await tx
    .update(stockBalances)
    .set({ quantity: sql`${stockBalances.quantity} + ${row.quantity}`, updatedAt: at })
    .where(
      and(
        eq(stockBalances.storeId, row.storeId),
        eq(stockBalances.batchId, row.batchId),
        sql`${stockBalances.quantity} + ${row.quantity} >= 0`,
      ),
    )
    .returning({ quantity: stockBalances.quantity });
  // No row: this store never had the batch, or has too little of it.
  if (!balance) throw await notEnoughStock(tx, row);
  return balance.quantity;
}

/** 409 "Not enough stock of <medicine> in <store>", read after the failed take was rolled back. */
async function notEnoughStock(db: Executor, row: Movement) {
  const [names] = await db
    .select({
      genericName: medicines.genericName,
      strength: medicines.strength,
      form: medicines.form,
      store: stores.name,
    })
    .from(stockBatches)
    .innerJoin(medicines, eq(medicines.id, stockBatches.medicineId))
    .innerJoin(stores, eq(stores.id, row.storeId))
    .where(eq(stockBatches.id, row.batchId));
  const message = names
    ? PHARMACY_MESSAGES.notEnoughStock(medicineLabel(names), names.store)
    : PHARMACY_MESSAGES.notEnoughStock('this batch', 'this store');
  return conflict('NOT_ENOUGH_STOCK', message);
}
