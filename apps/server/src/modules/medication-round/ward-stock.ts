import { inTransaction, type ServiceContext } from '../../lib/context';
import { violatedCheck } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { batchesInDate, firstExpiryFirst, move, storeOfWard } from '../pharmacy-stock';

/** What a dose took from the ward's store: the store, the ledger operation and each batch's take. */
export interface DoseStock {
  storeId: string;
  operationId: string;
  takes: Array<{ batchId: string; quantity: number }>;
}

/**
 * A dose given of a formulary medicine takes its units from the stay's ward store through the
 * ledger's one writer (kind administration, each row naming the dose): the in-date batch that
 * expires first, then the next when it holds too little. Runs in the dose's transaction (`ctx`
 * is in it), in a savepoint of its own. The clinical record never waits for the stock: when
 * the ward has no store, too little in date, or another dose took the last units between this
 * read and the take (move()'s 409 after the balance's row lock), or a batch expired meanwhile (the
 * ledger's trigger), the savepoint is rolled back and this answers null: the dose stands, with its
 * shortfall.
 */
export async function takeDoseStock(
  ctx: ServiceContext,
  dose: { administrationId: string; wardId: string; medicineId: string; units: number },
): Promise<DoseStock | null> {
  const store = await storeOfWard(ctx.db, dose.wardId);
  if (!store) return null;
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const inDate = (await batchesInDate(ctx.db, store.id, [dose.medicineId], today)).get(dose.medicineId) ?? [];
  const takes = firstExpiryFirst(inDate, dose.units);
  if (!takes) return null;
  try {
    // A savepoint: a refused take rolls back what the move changed, and the dose's transaction goes on.
    const moved = await ctx.db.transaction((savepoint) =>
      move(
        inTransaction(ctx, savepoint),
        takes.map((take) => ({
          kind: 'administration' as const,
          storeId: store.id,
          batchId: take.batchId,
          quantity: -take.quantity,
          administrationId: dose.administrationId,
        })),
      ),
    );
    return { storeId: store.id, operationId: moved.operationId, takes };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_ENOUGH_STOCK') return null;
    if (violatedCheck(error) === 'stock_movements_not_expired') return null;
    throw error;
  }
}
