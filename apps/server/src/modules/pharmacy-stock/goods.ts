import {
  type adjustmentInputSchema,
  PHARMACY_STOCK_MESSAGES as M,
  type Moved,
  PHARMACY_MESSAGES,
  type receiptInputSchema,
  type returnInputSchema,
  type stockTransferInputSchema,
} from '@carepoint/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { medicines, stockBalances, stockBatches } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { type Movement, move } from './ledger';
import { publishStock } from './live';
import { mainStore, storeOf, wardStore } from './stores';

/*
 * The goods movements a pharmacist records (issue 34 §3): receipts into the main store,
 * transfers to a ward, returns and adjustments. Each is one transaction: the rows it needs (a new
 * batch, a ward's first store), the ledger rows through move(), and its audit record.
 */

type Input<S extends z.ZodType> = z.output<S>;

/**
 * Runs `write` in one transaction and answers the batch's balances after it, audited as `action`;
 * once committed, the live stock screens are told.
 */
async function recorded(
  ctx: ServiceContext,
  action: string,
  write: (tx: ServiceContext) => Promise<{ batchId: string; rows: Movement[]; details: object }>,
): Promise<Moved> {
  const moved = await ctx.db.transaction(async (tx) => {
    const inTx = inTransaction(ctx, tx);
    const { batchId, rows, details } = await write(inTx);
    const { operationId } = await move(inTx, rows);
    await audit(inTx, {
      action,
      entityType: 'stock-batch',
      entityId: batchId,
      details: {
        operationId,
        ...details,
        movements: rows.map(({ storeId, quantity }) => ({ storeId, quantity })),
      },
    });
    const balances = await tx
      .select({ storeId: stockBalances.storeId, quantity: stockBalances.quantity })
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.batchId, batchId),
          inArray(
            stockBalances.storeId,
            rows.map((r) => r.storeId),
          ),
        ),
      );
    return { operationId, batchId, balances };
  });
  await publishStock(ctx);
  return moved;
}

/**
 * POST /api/pharmacy/stock/receipts: goods from a supplier into the main store. A batch number
 * the medicine has never had makes a new batch; a known one is more of it, and must carry the
 * same expiry date and unit cost (a batch has one of each: the valuation and FEFO read them).
 * Two receipts of a new batch at once both insert: the unique index keeps one batch.
 */
export function receive(ctx: ServiceContext, input: Input<typeof receiptInputSchema>): Promise<Moved> {
  if (input.expiryDate < facilityDate(ctx.now(), ctx.config.TIME_ZONE))
    throw badRequest(M.expiredOnReceipt, 'expiryDate');
  return recorded(ctx, 'pharmacy-stock.receive', async ({ db }) => {
    const [medicine] = await db
      .select({ id: medicines.id })
      .from(medicines)
      .where(eq(medicines.id, input.medicineId));
    if (!medicine) throw notFoundWith(PHARMACY_MESSAGES.medicineNotFound);
    await db
      .insert(stockBatches)
      .values({
        medicineId: input.medicineId,
        batchNumber: input.batchNumber,
        expiryDate: input.expiryDate,
        unitCost: input.unitCost,
        supplier: input.supplier,
      })
      .onConflictDoNothing();
    const [batch] = await db
      .select({ id: stockBatches.id, expiryDate: stockBatches.expiryDate, unitCost: stockBatches.unitCost })
      .from(stockBatches)
      .where(
        and(
          eq(stockBatches.medicineId, input.medicineId),
          eq(sql`lower(${stockBatches.batchNumber})`, input.batchNumber.toLowerCase()),
        ),
      );
    if (!batch) throw new Error('batch not written');
    if (batch.expiryDate !== input.expiryDate)
      throw conflict('BATCH_DIFFERS', M.batchDiffers('expiry date'), 'expiryDate');
    if (batch.unitCost !== input.unitCost)
      throw conflict('BATCH_DIFFERS', M.batchDiffers('unit cost'), 'unitCost');
    const main = await mainStore(db);
    return {
      batchId: batch.id,
      rows: [
        {
          kind: 'receipt',
          storeId: main.id,
          batchId: batch.id,
          quantity: input.quantity,
          supplier: input.supplier,
          invoiceNumber: input.invoiceNumber,
        },
      ],
      details: { supplier: input.supplier, invoiceNumber: input.invoiceNumber },
    };
  });
}

/** The batch, or 404: every movement names one. */
async function batchOf(db: Executor, batchId: string) {
  const [batch] = await db
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(eq(stockBatches.id, batchId));
  if (!batch) throw notFoundWith(PHARMACY_MESSAGES.batchNotFound);
  return batch;
}

/** Both halves of a move between two stores, sharing the operation. */
const between = (
  batchId: string,
  from: string,
  to: string,
  quantity: number,
  kinds: { out: Movement['kind']; in: Movement['kind'] },
  extra: { reason?: string } = {},
  linked = true,
): Movement[] => [
  {
    kind: kinds.out,
    storeId: from,
    batchId,
    quantity: -quantity,
    otherStoreId: linked ? to : null,
    ...extra,
  },
  { kind: kinds.in, storeId: to, batchId, quantity, otherStoreId: linked ? from : null, ...extra },
];

/** POST /api/pharmacy/stock/transfers: main store -> the ward's store (made when first needed). */
export function transfer(ctx: ServiceContext, input: Input<typeof stockTransferInputSchema>): Promise<Moved> {
  return recorded(ctx, 'pharmacy-stock.transfer', async ({ db }) => {
    await batchOf(db, input.batchId);
    const main = await mainStore(db);
    const ward = await wardStore(db, input.wardId);
    return {
      batchId: input.batchId,
      rows: between(input.batchId, main.id, ward.id, input.quantity, {
        out: 'transfer_out',
        in: 'transfer_in',
      }),
      details: { wardId: input.wardId },
    };
  });
}

/**
 * POST /api/pharmacy/stock/returns: a ward's stock back to the main store (two return rows, one
 * each side: the ledger's transfer columns are for transfers), or the main store's to the supplier.
 */
export function returnStock(ctx: ServiceContext, input: Input<typeof returnInputSchema>): Promise<Moved> {
  return recorded(ctx, 'pharmacy-stock.return', async ({ db }) => {
    await batchOf(db, input.batchId);
    const from = await storeOf(db, input.storeId);
    const reason = input.reason;
    if (input.to === 'supplier') {
      if (from.kind !== 'main') throw badRequest(M.supplierReturnFromWard, 'storeId');
      return {
        batchId: input.batchId,
        rows: [
          { kind: 'return', storeId: from.id, batchId: input.batchId, quantity: -input.quantity, reason },
        ],
        details: { to: input.to, reason },
      };
    }
    if (from.kind !== 'ward') throw badRequest(M.returnFromMain, 'storeId');
    const main = await mainStore(db);
    return {
      batchId: input.batchId,
      rows: between(
        input.batchId,
        from.id,
        main.id,
        input.quantity,
        { out: 'return', in: 'return' },
        { reason },
        false,
      ),
      details: { to: input.to, reason },
    };
  });
}

/** POST /api/pharmacy/stock/adjustments: damaged, expired or a count correction, with its note. */
export function adjust(ctx: ServiceContext, input: Input<typeof adjustmentInputSchema>): Promise<Moved> {
  return recorded(ctx, 'pharmacy-stock.adjust', async ({ db }) => {
    await batchOf(db, input.batchId);
    await storeOf(db, input.storeId);
    const reason = `${input.reasonKind}: ${input.note}`;
    return {
      batchId: input.batchId,
      rows: [
        {
          kind: 'adjustment',
          storeId: input.storeId,
          batchId: input.batchId,
          quantity: input.quantity,
          reason,
        },
      ],
      details: { reason },
    };
  });
}
