import { LEDGER_ROWS_SHOWN, type Ledger, medicineLabel, PHARMACY_MESSAGES } from '@carepoint/contract';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { medicines, stockBatches, stockMovements, stores, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { iso } from '../../lib/list';

const otherStore = alias(stores, 'other_store');

/**
 * GET /api/pharmacy/stock/batches/:batchId/ledger: the batch's ledger, newest first, in every
 * store or one; each row with the balance it left, so it reads as a running total per store.
 */
export async function batchLedger(ctx: ServiceContext, batchId: string, storeId?: string): Promise<Ledger> {
  const [batch] = await ctx.db
    .select({
      id: stockBatches.id,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      genericName: medicines.genericName,
      strength: medicines.strength,
      form: medicines.form,
    })
    .from(stockBatches)
    .innerJoin(medicines, eq(medicines.id, stockBatches.medicineId))
    .where(eq(stockBatches.id, batchId));
  if (!batch) throw notFoundWith(PHARMACY_MESSAGES.batchNotFound);
  const rows = await ctx.db
    .select({
      movement: stockMovements,
      storeName: stores.name,
      otherStoreName: otherStore.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(stockMovements)
    .innerJoin(stores, eq(stores.id, stockMovements.storeId))
    .leftJoin(otherStore, eq(otherStore.id, stockMovements.otherStoreId))
    .innerJoin(users, eq(users.id, stockMovements.performedBy))
    .where(
      and(eq(stockMovements.batchId, batchId), storeId ? eq(stockMovements.storeId, storeId) : undefined),
    )
    .orderBy(desc(stockMovements.performedAt), desc(stockMovements.id))
    .limit(LEDGER_ROWS_SHOWN);
  return {
    batch: {
      id: batch.id,
      batchNumber: batch.batchNumber,
      expiryDate: batch.expiryDate,
      medicine: medicineLabel(batch),
    },
    data: rows.map(({ movement: m, ...row }) => ({
      id: m.id,
      operationId: m.operationId,
      kind: m.kind,
      storeId: m.storeId,
      storeName: row.storeName,
      quantity: m.quantity,
      balanceAfter: m.balanceAfter,
      reason: m.reason,
      supplier: m.supplier,
      invoiceNumber: m.invoiceNumber,
      otherStoreName: row.otherStoreName,
      performedBy: `${row.firstName} ${row.lastName}`,
      performedAt: iso(m.performedAt),
    })),
  };
}
