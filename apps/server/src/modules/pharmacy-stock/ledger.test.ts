import { PHARMACY_MESSAGES } from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  serviceContext,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { batchWithStock, mainStore, medicine, wardStore } from '../../../test/pharmacy';
import { stockBalances, stockMovements, stores } from '../../db/schema';
import { actingAs, actorOf, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { type Movement, move } from './ledger';

let t: TestApp;
let main: Awaited<ReturnType<typeof mainStore>>;
let pharmacists: TestUser[];

const as = (user: TestUser): ServiceContext =>
  actingAs(serviceContext(t), actorOf({ ...user, mustChangePassword: false }));

const balanceOf = async (storeId: string, batchId: string) => {
  const [row] = await t.database.db
    .select({ quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(and(eq(stockBalances.storeId, storeId), eq(stockBalances.batchId, batchId)));
  return row?.quantity;
};

const ledgerOf = (batchId: string) =>
  t.database.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.batchId, batchId))
    .orderBy(stockMovements.performedAt, stockMovements.balanceAfter);

/** What `promise` was refused with: the AppError's status, code and message. */
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.statusCode, code: error.code, message: error.message };
};

/** The database's own refusal of a direct write (a CHECK, the ledger's trigger). */
const dbRefusal = (write: () => Promise<unknown>) => expect(write()).rejects.toThrow();

beforeAll(async () => {
  t = await createTestApp();
  main = await mainStore(t);
  pharmacists = [await createUser(t, 'pharmacist'), await createUser(t, 'pharmacist')];
});
afterAll(() => t.close());

describe('stock ledger', () => {
  it('has exactly one main store, made by the migration', async () => {
    const mains = await t.database.db.select().from(stores).where(eq(stores.kind, 'main'));
    expect(mains.map((s) => s.name)).toEqual(['Main Pharmacy']);
    await dbRefusal(() => t.database.db.insert(stores).values({ name: 'Second Pharmacy', kind: 'main' }));
  });

  it('a receipt makes the balance and its ledger row, with the balance after it', async () => {
    const drug = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 30 });
    await move(as(pharmacists[0] as TestUser), [
      {
        kind: 'receipt',
        storeId: main.id,
        batchId: batch.id,
        quantity: 20,
        supplier: 'Fidson',
        invoiceNumber: 'F-77',
      },
    ]);
    expect(await balanceOf(main.id, batch.id)).toBe(50);
    const ledger = await ledgerOf(batch.id);
    expect(ledger.map((m) => [m.kind, m.quantity, m.balanceAfter])).toEqual([
      ['receipt', 30, 30],
      ['receipt', 20, 50],
    ]);
  });

  it('a transfer moves stock between stores as two rows of one operation', async () => {
    const drug = await medicine(t);
    const ward = await wardStore(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 10 });
    const moved = await move(as(pharmacists[0] as TestUser), [
      { kind: 'transfer_out', storeId: main.id, batchId: batch.id, quantity: -4, otherStoreId: ward.id },
      { kind: 'transfer_in', storeId: ward.id, batchId: batch.id, quantity: 4, otherStoreId: main.id },
    ]);
    expect(await balanceOf(main.id, batch.id)).toBe(6);
    expect(await balanceOf(ward.id, batch.id)).toBe(4);
    const rows = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.operationId, moved.operationId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['transfer_in', 'transfer_out']);
  });

  it('refuses to take more than is on hand, naming the medicine and the store, and takes nothing', async () => {
    // A name of its own: the shipped formulary has Metformin 500 mg Tablet already.
    const drug = await medicine(t, {
      genericName: 'Metformin (ledger test)',
      strength: '500 mg',
      form: 'Tablet',
    });
    const other = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 2 });
    const { batch: plenty } = await batchWithStock(t, {
      medicineId: other.id,
      storeId: main.id,
      quantity: 50,
    });
    const take = (batchId: string, quantity: number): Movement => ({
      kind: 'dispense',
      storeId: main.id,
      batchId,
      quantity: -quantity,
    });
    expect(
      await refusal(move(as(pharmacists[0] as TestUser), [take(plenty.id, 5), take(batch.id, 3)])),
    ).toEqual({
      status: 409,
      code: 'NOT_ENOUGH_STOCK',
      message: PHARMACY_MESSAGES.notEnoughStock('Metformin (ledger test) 500 mg Tablet', 'Main Pharmacy'),
    });
    // The whole operation rolled back: the other batch's take too.
    expect(await balanceOf(main.id, plenty.id)).toBe(50);
    expect(await balanceOf(main.id, batch.id)).toBe(2);
    expect((await ledgerOf(batch.id)).map((m) => m.kind)).toEqual(['receipt']);
  });

  it('refuses a take from a store that never had the batch', async () => {
    const drug = await medicine(t);
    const ward = await wardStore(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 5 });
    const refused = await refusal(
      move(as(pharmacists[0] as TestUser), [
        { kind: 'administration', storeId: ward.id, batchId: batch.id, quantity: -1 },
      ]),
    );
    expect(refused).toMatchObject({
      status: 409,
      message: PHARMACY_MESSAGES.notEnoughStock(`${drug.genericName} 500 mg Capsule`, ward.name),
    });
  });

  it('two pharmacists taking the last pack at the same moment: one gets it, the other 409', async () => {
    const drug = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 1 });
    const results = await Promise.allSettled(
      pharmacists.map((p) =>
        move(as(p), [{ kind: 'dispense', storeId: main.id, batchId: batch.id, quantity: -1 }]),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(AppError);
    expect(rejected?.reason).toMatchObject({ statusCode: 409, code: 'NOT_ENOUGH_STOCK' });
    expect(await balanceOf(main.id, batch.id)).toBe(0);
    const takes = (await ledgerOf(batch.id)).filter((m) => m.kind === 'dispense');
    expect(takes.map((m) => [m.quantity, m.balanceAfter])).toEqual([[-1, 0]]);
  });

  it('many takes at once never take more than was there', async () => {
    const drug = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        move(as(pharmacists[i % 2] as TestUser), [
          { kind: 'dispense', storeId: main.id, batchId: batch.id, quantity: -1 },
        ]),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await balanceOf(main.id, batch.id)).toBe(0);
    const [sum] = await t.database.db
      .select({ total: sql<number>`sum(${stockMovements.quantity})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.batchId, batch.id));
    expect(sum?.total).toBe(0);
  });

  it('the ledger is append-only: rows cannot be changed or deleted', async () => {
    const drug = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 5 });
    await dbRefusal(() =>
      t.database.db.update(stockMovements).set({ quantity: 500 }).where(eq(stockMovements.batchId, batch.id)),
    );
    await dbRefusal(() => t.database.db.delete(stockMovements).where(eq(stockMovements.batchId, batch.id)));
    expect((await ledgerOf(batch.id)).map((m) => m.quantity)).toEqual([5]);
  });

  it('the database asks a reason of adjustments, returns and counts, and a supplier of receipts', async () => {
    const drug = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 5 });
    const ctx = as(pharmacists[0] as TestUser);
    for (const kind of ['adjustment', 'return', 'count'] as const) {
      await dbRefusal(() => move(ctx, [{ kind, storeId: main.id, batchId: batch.id, quantity: -1 }]));
      await dbRefusal(() =>
        move(ctx, [{ kind, storeId: main.id, batchId: batch.id, quantity: -1, reason: '  ' }]),
      );
    }
    await dbRefusal(() => move(ctx, [{ kind: 'receipt', storeId: main.id, batchId: batch.id, quantity: 1 }]));
    // A take cannot hide as a receipt, nor a receipt as a dispense.
    await dbRefusal(() =>
      move(ctx, [{ kind: 'receipt', storeId: main.id, batchId: batch.id, quantity: -1, supplier: 'X' }]),
    );
    await dbRefusal(() =>
      move(ctx, [{ kind: 'dispense', storeId: main.id, batchId: batch.id, quantity: 1 }]),
    );
    await move(ctx, [
      { kind: 'adjustment', storeId: main.id, batchId: batch.id, quantity: -1, reason: 'Damaged' },
    ]);
    expect(await balanceOf(main.id, batch.id)).toBe(4);
  });
});
