import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { medicines, stockBalances, stockBatches, stores } from '../../db/schema';

/*
 * A ward's own store as the medication round sees it: the nurse reads on the MAR what the ward
 * holds of each ordered medicine, and each dose given takes from it (modules/medication-round).
 */

/** The ward's store, or undefined while stock has never gone to the ward (the first transfer makes it). */
export async function storeOfWard(db: Executor, wardId: string) {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.wardId, wardId));
  return store;
}

/**
 * What the ward's store holds in date (expiring `today` or later) of each of these medicines, in
 * its dispensing unit, by medicine: 0 where it holds none, or the ward has no store yet. One
 * statement (stock_batches_medicine_expiry_idx, then the balance's key).
 */
export async function wardStock(
  db: Executor,
  wardId: string,
  medicineIds: readonly string[],
  today: string,
): Promise<Map<string, { onHand: number; dispensingUnit: string }>> {
  if (medicineIds.length === 0) return new Map();
  const wardStore = db.select({ id: stores.id }).from(stores).where(eq(stores.wardId, wardId));
  const rows = await db
    .select({
      id: medicines.id,
      dispensingUnit: medicines.dispensingUnit,
      onHand: sql<number>`coalesce(sum(${stockBalances.quantity}), 0)`.mapWith(Number),
    })
    .from(medicines)
    .leftJoin(
      stockBatches,
      and(eq(stockBatches.medicineId, medicines.id), gte(stockBatches.expiryDate, today)),
    )
    .leftJoin(
      stockBalances,
      and(eq(stockBalances.batchId, stockBatches.id), eq(stockBalances.storeId, sql`(${wardStore})`)),
    )
    .where(inArray(medicines.id, [...medicineIds]))
    .groupBy(medicines.id);
  return new Map(rows.map(({ id, ...stock }) => [id, stock]));
}
