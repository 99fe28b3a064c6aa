import { randomUUID } from 'node:crypto';
import { medicineLabel, PHARMACY_MESSAGES, type StockMovementKind } from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
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
    if (ordered.length === 0) return [];
    const { rows: changed, take } = await changeBalances(tx, ordered, performedAt);
    // Ids made here, so the ledger's rows go in as one statement.
    const ledger = changed.map((row) => ({
      id: randomUUID(),
      operationId,
      kind: row.kind,
      storeId: row.storeId,
      batchId: row.batchId,
      quantity: row.quantity,
      balanceAfter: row.balanceAfter,
      reason: row.reason ?? null,
      supplier: row.supplier ?? null,
      invoiceNumber: row.invoiceNumber ?? null,
      otherStoreId: row.otherStoreId ?? null,
      administrationId: row.administrationId ?? null,
      performedBy,
      performedAt,
    }));
    // The takes from the locked balances go in the ledger's statement: one round trip for both.
    await (take ? tx.with(tx.$with('taken').as(take)) : tx).insert(stockMovements).values(ledger);
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

const pairKey = (row: { storeId: string; batchId: string }) => `${row.storeId}/${row.batchId}`;

/**
 * Changes the balances the rows move and answers each row's balance after it (in the rows' order).
 * The balances taken from are locked first, in one order (store, then batch), so two operations
 * over the same rows never deadlock and the second sees the first's result; a take that would go
 * under, or from a batch the store never had, answers 409 before anything changed. One upsert adds
 * to the batches arriving, making the balance row of a batch new to a store (an upsert cannot
 * take: the row it proposes, below zero, breaks the CHECK before it meets the row there). The
 * takes' UPDATE is answered, not run: the locked balances already say what it leaves, and the
 * caller runs it with the ledger's rows.
 */
async function changeBalances(
  tx: Executor,
  rows: readonly Movement[],
  at: Date,
): Promise<{ rows: Array<Movement & { balanceAfter: number }>; take: ReturnType<typeof takeFrom> | null }> {
  const deltas = new Map<string, Pair>();
  for (const row of rows) {
    const key = pairKey(row);
    const sum = deltas.get(key) ?? { storeId: row.storeId, batchId: row.batchId, quantity: 0 };
    deltas.set(key, { ...sum, quantity: sum.quantity + row.quantity });
  }
  // A batch whose rows add up to nothing is read under the lock too, for its rows' balances after.
  const taken = [...deltas.values()].filter((pair) => pair.quantity <= 0);
  const held = new Map<string, number>();
  if (taken.length > 0) {
    const locked = await tx
      .select({
        storeId: stockBalances.storeId,
        batchId: stockBalances.batchId,
        quantity: stockBalances.quantity,
      })
      .from(stockBalances)
      .where(
        sql`(${stockBalances.storeId}, ${stockBalances.batchId}) in (${sql.join(
          taken.map((pair) => sql`(${pair.storeId}::uuid, ${pair.batchId}::uuid)`),
          sql`, `,
        )})`,
      )
      .orderBy(stockBalances.storeId, stockBalances.batchId)
      .for('update');
    for (const row of locked) held.set(pairKey(row), row.quantity);
    const short = taken.find((pair) => (held.get(pairKey(pair)) ?? 0) + pair.quantity < 0);
    if (short) throw await notEnoughStock(tx, short);
  }
  const finals = [
    ...taken.map((pair) => ({ ...pair, quantity: (held.get(pairKey(pair)) ?? 0) + pair.quantity })),
    ...(await addTo(tx, [...deltas.values()], at)),
  ];
  // Each row's balance after it: the batch's balance before the operation (its final one less the
  // operation's change), then each row in turn.
  const running = new Map(
    finals.map((row) => [pairKey(row), row.quantity - (deltas.get(pairKey(row))?.quantity ?? 0)]),
  );
  return {
    rows: rows.map((row) => {
      const balanceAfter = (running.get(pairKey(row)) ?? 0) + row.quantity;
      running.set(pairKey(row), balanceAfter);
      return { ...row, balanceAfter };
    }),
    take: taken.length > 0 ? takeFrom(tx, taken, at) : null,
  };
}

type Pair = { storeId: string; batchId: string; quantity: number };
const returnedPair = {
  storeId: stockBalances.storeId,
  batchId: stockBalances.batchId,
  quantity: stockBalances.quantity,
};

/** The statement that takes each pair's (negative) quantity from its locked balance (not yet run). */
function takeFrom(tx: Executor, taken: readonly Pair[], at: Date) {
  const changes = sql.join(
    taken.map((pair) => sql`(${pair.storeId}::uuid, ${pair.batchId}::uuid, ${pair.quantity}::integer)`),
    sql`, `,
  );
  return tx
    .update(stockBalances)
    .set({ quantity: sql`${stockBalances.quantity} + change.quantity`, updatedAt: at })
    .from(sql`(values ${changes}) as change(store_id, batch_id, quantity)`)
    .where(sql`${stockBalances.storeId} = change.store_id and ${stockBalances.batchId} = change.batch_id`)
    .returning(returnedPair);
}

/** Adds each pair's (positive) quantity to its balance, made when the store never had the batch. */
async function addTo(tx: Executor, pairs: readonly Pair[], at: Date) {
  const added = pairs.filter((pair) => pair.quantity > 0);
  if (added.length === 0) return [];
  return tx
    .insert(stockBalances)
    .values(added)
    .onConflictDoUpdate({
      target: [stockBalances.storeId, stockBalances.batchId],
      set: { quantity: sql`${stockBalances.quantity} + excluded.quantity`, updatedAt: at },
    })
    .returning(returnedPair);
}

/** 409 "Not enough stock of <medicine> in <store>". */
async function notEnoughStock(db: Executor, row: Pick<Movement, 'storeId' | 'batchId'>) {
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
