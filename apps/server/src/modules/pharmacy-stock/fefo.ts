import { and, asc, eq, gt, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stockBalances, stockBatches } from '../../db/schema';

/*
 * First expiry, first out (docs/areas/pharmacy.md): what a store holds of a medicine in date, the
 * batch expiring first on top, and how a quantity is taken from it. Dispensing reads the main
 * store; a ward dose its ward's store.
 */

export interface InDateBatch {
  id: string;
  batchNumber: string;
  expiryDate: string;
  onHand: number;
  /** Kobo a unit cost (null: not recorded): what a markup over unit cost is taken from when dispensed. */
  unitCost: number | null;
}

/**
 * The in-date batches of these medicines that the store holds, by medicine, the one expiring
 * first on top: the first is the FEFO pick. `today` is the facility's date; a batch expiring
 * today is still in date.
 */
export async function batchesInDate(
  db: Executor,
  storeId: string,
  medicineIds: readonly string[],
  today: string,
): Promise<Map<string, InDateBatch[]>> {
  const byMedicine = new Map<string, InDateBatch[]>();
  if (medicineIds.length === 0) return byMedicine;
  const rows = await db
    .select({
      medicineId: stockBatches.medicineId,
      id: stockBatches.id,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      onHand: stockBalances.quantity,
      unitCost: stockBatches.unitCost,
    })
    .from(stockBalances)
    .innerJoin(stockBatches, eq(stockBatches.id, stockBalances.batchId))
    .where(
      and(
        eq(stockBalances.storeId, storeId),
        gt(stockBalances.quantity, 0),
        inArray(stockBatches.medicineId, [...medicineIds]),
        gte(stockBatches.expiryDate, today),
      ),
    )
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.id));
  for (const { medicineId, ...batch } of rows) {
    const list = byMedicine.get(medicineId) ?? [];
    list.push(batch);
    byMedicine.set(medicineId, list);
  }
  return byMedicine;
}

/**
 * `quantity` taken from the batches in their order (first expiry first), the next one when the
 * first holds too little: one take per batch. Null when they hold too little altogether.
 */
export function firstExpiryFirst(
  batches: readonly InDateBatch[],
  quantity: number,
): Array<{ batchId: string; quantity: number }> | null {
  const takes: Array<{ batchId: string; quantity: number }> = [];
  let left = quantity;
  for (const batch of batches) {
    if (left === 0) break;
    const take = Math.min(left, batch.onHand);
    takes.push({ batchId: batch.id, quantity: take });
    left -= take;
  }
  return left > 0 ? null : takes;
}
