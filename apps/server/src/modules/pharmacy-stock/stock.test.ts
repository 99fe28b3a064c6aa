import { randomBytes } from 'node:crypto';
import {
  type Ledger,
  type Moved,
  PHARMACY_STOCK_MESSAGES,
  type StockPage,
  type StoreList,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers';
import { batchWithStock, mainStore, medicine } from '../../../test/pharmacy';
import { stores, wards } from '../../db/schema';

/*
 * The stock screen and the goods movements through the API: receipts (new and known batches),
 * transfers to a ward (its store made once, also under parallel first transfers), returns,
 * adjustments, the ledger agreeing with the balances, the alerts, and who may do what. The test
 * clock's today is 2030-01-07.
 */

let t: TestApp;
let pharmacist: Client;
let admin: Client;
let nurse: Client;
let main: Awaited<ReturnType<typeof mainStore>>;

const as = async (role: 'pharmacist' | 'admin' | 'nurse') =>
  client(t, await signIn(t, await createUser(t, role)));

const newWard = async () => {
  const [ward] = await t.database.db
    .insert(wards)
    .values({ name: `Ward ${randomBytes(3).toString('hex')}` })
    .returning({ id: wards.id });
  if (!ward) throw new Error('ward not created');
  return ward.id;
};

const receipt = (medicineId: string, fields: Record<string, unknown> = {}) => ({
  medicineId,
  supplier: 'Emzor Pharmaceuticals',
  invoiceNumber: 'INV-2030-17',
  batchNumber: `AMX-${randomBytes(3).toString('hex')}`,
  expiryDate: '2031-06-30',
  quantity: 500,
  unitCost: 3050,
  ...fields,
});

const stockOf = async (medicineId: string, name: string) => {
  const res = await pharmacist.get(`/api/pharmacy/stock?q=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json<StockPage>().data.find((r) => r.id === medicineId);
  if (!row) throw new Error('medicine not on the stock screen');
  return row;
};

/** The ledger reads newest first: each movement a minute after the one before. */
const aMinuteLater = () => t.clock.advance(60_000);

const ledger = async (batchId: string) => {
  const res = await pharmacist.get(`/api/pharmacy/stock/batches/${batchId}/ledger`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Ledger>();
};

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  pharmacist = await as('pharmacist');
  admin = await as('admin');
  nurse = await as('nurse');
  main = await mainStore(t);
});
afterAll(() => t.close());

describe('receiving, transferring, returning, adjusting', () => {
  it('receives a new batch into the main store, then more of it; the screen and the ledger agree', async () => {
    const med = await medicine(t, { reorderLevel: 100 });
    const body = receipt(med.id);
    const first = await pharmacist.post('/api/pharmacy/stock/receipts', body);
    expect(first.statusCode, first.body).toBe(201);
    aMinuteLater();
    const again = await pharmacist.post('/api/pharmacy/stock/receipts', { ...body, quantity: 250 });
    expect(again.json<Moved>().balances).toEqual([{ storeId: main.id, quantity: 750 }]);

    const row = await stockOf(med.id, med.genericName);
    expect(row.onHand).toBe(750);
    expect(row.stores).toEqual([{ storeId: main.id, quantity: 750 }]);
    expect(row.batches).toHaveLength(1);
    expect(row.batches[0]).toMatchObject({ batchNumber: body.batchNumber, unitCost: 3050, status: 'ok' });
    expect(row.alerts).toEqual([]);

    const rows = (await ledger(first.json<Moved>().batchId)).data;
    expect(rows.map((r) => [r.kind, r.quantity, r.balanceAfter, r.invoiceNumber])).toEqual([
      ['receipt', 250, 750, 'INV-2030-17'],
      ['receipt', 500, 500, 'INV-2030-17'],
    ]);
  });

  it('refuses a known batch with another expiry, an expired batch and bad input, naming the field', async () => {
    const med = await medicine(t);
    const body = receipt(med.id);
    await pharmacist.post('/api/pharmacy/stock/receipts', body);
    const differs = await pharmacist.post('/api/pharmacy/stock/receipts', {
      ...body,
      expiryDate: '2032-01-31',
    });
    expect(differs.statusCode).toBe(409);
    expect(differs.json<{ error: string }>().error).toBe(PHARMACY_STOCK_MESSAGES.batchDiffers('expiry date'));
    expectInvalid(
      await pharmacist.post('/api/pharmacy/stock/receipts', receipt(med.id, { expiryDate: '2030-01-06' })),
      PHARMACY_STOCK_MESSAGES.expiredOnReceipt,
      'expiryDate',
    );
    expectInvalid(
      await pharmacist.post('/api/pharmacy/stock/receipts', receipt(med.id, { supplier: 'Emzor\u0000' })),
      /./,
      'supplier',
    );
    expectInvalid(
      await pharmacist.post('/api/pharmacy/stock/receipts', receipt(med.id, { quantity: 0 })),
      PHARMACY_STOCK_MESSAGES.quantity,
      'quantity',
    );
    expectInvalid(
      await pharmacist.post('/api/pharmacy/stock/receipts', receipt(med.id, { unitCost: 30.5 })),
      PHARMACY_STOCK_MESSAGES.unitCost,
      'unitCost',
    );
    expectInvalid(
      await pharmacist.post(
        '/api/pharmacy/stock/receipts',
        receipt(med.id, { batchNumber: 'x'.repeat(100_000) }),
      ),
      /at most/,
      'batchNumber',
    );
  });

  it('transfers to a ward, making its store once; returns and adjusts; the ledger adds up to the balances', async () => {
    const med = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: med.id, storeId: main.id, quantity: 100 });
    const wardId = await newWard();
    const before = (await pharmacist.get('/api/pharmacy/stores')).json<StoreList>();
    expect(before.data.find((s) => s.wardId === wardId)?.id).toBeNull();

    aMinuteLater();
    const moved = await pharmacist.post('/api/pharmacy/stock/transfers', {
      batchId: batch.id,
      wardId,
      quantity: 40,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const after = (await pharmacist.get('/api/pharmacy/stores')).json<StoreList>();
    const wardStoreId = after.data.find((s) => s.wardId === wardId)?.id;
    if (!wardStoreId) throw new Error('ward store not made');
    expect(moved.json<Moved>().balances).toEqual(
      expect.arrayContaining([
        { storeId: main.id, quantity: 60 },
        { storeId: wardStoreId, quantity: 40 },
      ]),
    );

    aMinuteLater();
    const back = await pharmacist.post('/api/pharmacy/stock/returns', {
      batchId: batch.id,
      storeId: wardStoreId,
      to: 'main',
      quantity: 5,
      reason: 'Patient discharged',
    });
    expect(back.statusCode, back.body).toBe(201);
    aMinuteLater();
    const damaged = await pharmacist.post('/api/pharmacy/stock/adjustments', {
      batchId: batch.id,
      storeId: wardStoreId,
      quantity: -3,
      reasonKind: 'Damaged',
      note: 'Blister packs crushed',
    });
    expect(damaged.statusCode, damaged.body).toBe(201);
    aMinuteLater();
    const toSupplier = await pharmacist.post('/api/pharmacy/stock/returns', {
      batchId: batch.id,
      storeId: main.id,
      to: 'supplier',
      quantity: 10,
      reason: 'Recalled by the supplier',
    });
    expect(toSupplier.statusCode, toSupplier.body).toBe(201);

    const row = await stockOf(med.id, med.genericName);
    expect(row.stores).toEqual(
      expect.arrayContaining([
        { storeId: main.id, quantity: 55 },
        { storeId: wardStoreId, quantity: 32 },
      ]),
    );
    expect(row.onHand).toBe(87);
    const rows = (await ledger(batch.id)).data;
    for (const storeId of [main.id, wardStoreId]) {
      const own = rows.filter((r) => r.storeId === storeId);
      const sum = own.reduce((total, r) => total + r.quantity, 0);
      expect(sum).toBe(row.stores.find((s) => s.storeId === storeId)?.quantity);
      expect(own[0]?.balanceAfter).toBe(sum);
    }
    expect(rows.find((r) => r.kind === 'adjustment')?.reason).toBe('Damaged: Blister packs crushed');
    expect(rows.find((r) => r.kind === 'transfer_in')?.otherStoreName).toBe(main.name);
  });

  it('announces each committed movement to the live stock screens, and a refused one not', async () => {
    const med = await medicine(t);
    const published = vi.spyOn(t.app.events, 'publish');
    try {
      const received = await pharmacist.post(
        '/api/pharmacy/stock/receipts',
        receipt(med.id, { quantity: 5 }),
      );
      expect(received.statusCode, received.body).toBe(201);
      expect(published.mock.calls).toEqual([['stock', undefined]]);
      published.mockClear();
      const tooMany = await pharmacist.post('/api/pharmacy/stock/transfers', {
        batchId: received.json<Moved>().batchId,
        wardId: await newWard(),
        quantity: 6,
      });
      expect(tooMany.statusCode).toBe(409);
      expect(published).not.toHaveBeenCalled();
    } finally {
      published.mockRestore();
    }
  });

  it('refuses a take beyond what is on hand (409, nothing written) and returns the wrong way', async () => {
    const med = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: med.id, storeId: main.id, quantity: 5 });
    const wardId = await newWard();
    const tooMany = await pharmacist.post('/api/pharmacy/stock/transfers', {
      batchId: batch.id,
      wardId,
      quantity: 6,
    });
    expect(tooMany.statusCode).toBe(409);
    // The ward's first store was made in the refused transaction: it was rolled back too.
    expect(await t.database.db.select().from(stores).where(eq(stores.wardId, wardId))).toEqual([]);
    expect((await ledger(batch.id)).data).toHaveLength(1);
    expectInvalid(
      await pharmacist.post('/api/pharmacy/stock/returns', {
        batchId: batch.id,
        storeId: main.id,
        to: 'main',
        quantity: 1,
        reason: 'x',
      }),
      PHARMACY_STOCK_MESSAGES.returnFromMain,
      'storeId',
    );
    expectInvalid(
      await pharmacist.post('/api/pharmacy/stock/adjustments', {
        batchId: batch.id,
        storeId: main.id,
        quantity: 0,
        reasonKind: 'Damaged',
        note: 'x',
      }),
      PHARMACY_STOCK_MESSAGES.adjustmentQuantity,
      'quantity',
    );
  });

  it('of parallel transfers of the last packs, one succeeds; parallel first transfers make one ward store', async () => {
    const med = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: med.id, storeId: main.id, quantity: 10 });
    const wardId = await newWard();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        pharmacist.post('/api/pharmacy/stock/transfers', { batchId: batch.id, wardId, quantity: 4 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(await t.database.db.select().from(stores).where(eq(stores.wardId, wardId))).toHaveLength(1);
    const row = await stockOf(med.id, med.genericName);
    expect(row.onHand).toBe(10);
    expect(row.stores.find((s) => s.storeId === main.id)?.quantity).toBe(2);
  });
});

describe('the stock screen', () => {
  it('flags below reorder level, expiring (the facility setting) and expired, and filters by each', async () => {
    const low = await medicine(t, { reorderLevel: 100 });
    await batchWithStock(t, { medicineId: low.id, storeId: main.id, quantity: 20, expiryDate: '2030-02-15' });
    await batchWithStock(t, {
      medicineId: low.id,
      storeId: main.id,
      quantity: 200,
      expiryDate: '2029-12-31',
    });
    const row = await stockOf(low.id, low.genericName);
    expect(row.alerts).toEqual(['expiring', 'expired']);
    expect(row.batches.map((b) => b.status)).toEqual(['expired', 'expiring']);

    const lower = await medicine(t, { reorderLevel: 100 });
    await batchWithStock(t, { medicineId: lower.id, storeId: main.id, quantity: 20 });
    expect((await stockOf(lower.id, lower.genericName)).alerts).toEqual(['below-reorder']);
    const filtered = await pharmacist.get('/api/pharmacy/stock?alert=below-reorder&limit=100');
    expect(filtered.json<StockPage>().data.map((r) => r.id)).toContain(lower.id);
    expect(filtered.json<StockPage>().data.map((r) => r.id)).not.toContain(low.id);

    // 30 days instead of 90: 2030-02-15 is 39 days away, no longer expiring.
    const put = await admin.put('/api/admin/facility/pharmacy', { expiryWarningDays: 30 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await stockOf(low.id, low.genericName)).alerts).toEqual(['expired']);
    await admin.put('/api/admin/facility/pharmacy', { expiryWarningDays: 90 });
    expectInvalid(
      await admin.put('/api/admin/facility/pharmacy', { expiryWarningDays: 0 }),
      PHARMACY_STOCK_MESSAGES.expiryDays,
      'expiryWarningDays',
    );
  });

  it('sorts by on hand and searches the brand name', async () => {
    const brand = `Brand${randomBytes(3).toString('hex')}`;
    const a = await medicine(t, { brandName: brand });
    const b = await medicine(t, { brandName: brand });
    await batchWithStock(t, { medicineId: a.id, storeId: main.id, quantity: 30 });
    await batchWithStock(t, { medicineId: b.id, storeId: main.id, quantity: 10 });
    const res = await pharmacist.get(`/api/pharmacy/stock?q=${brand}&sort=onHand&order=desc`);
    expect(res.json<StockPage>().data.map((r) => r.onHand)).toEqual([30, 10]);
  });
});

describe('who may', () => {
  it('lets admins read but not move stock; nurses neither', async () => {
    const med = await medicine(t);
    expect((await admin.get('/api/pharmacy/stock')).statusCode).toBe(200);
    expect((await admin.post('/api/pharmacy/stock/receipts', receipt(med.id))).statusCode).toBe(403);
    expect((await nurse.get('/api/pharmacy/stock')).statusCode).toBe(403);
    expect((await nurse.get('/api/pharmacy/stores')).statusCode).toBe(403);
    expect((await client(t).get('/api/pharmacy/stock')).statusCode).toBe(401);
  });

  it('answers 404 for a batch that does not exist', async () => {
    const res = await pharmacist.get(
      '/api/pharmacy/stock/batches/00000000-0000-4000-8000-000000000000/ledger',
    );
    expect(res.statusCode).toBe(404);
  });
});
