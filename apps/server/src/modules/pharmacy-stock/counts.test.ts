import {
  type CountPosted,
  type CountPreview,
  type CountSheet,
  PHARMACY_STOCK_MESSAGES,
  STOCK_COUNT_LINES_MAX,
  STOCK_COUNT_MESSAGES,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers';
import { batchWithStock, mainStore, medicine, wardStore } from '../../../test/pharmacy';
import { auditEvents, stockBalances, stockMovements } from '../../db/schema';

/*
 * Stock counts through the API: the blind count sheet of a store, the preview's variances and
 * their value (nothing written), the post's count rows through the ledger (one operation, audited),
 * the post refused whole when stock moved since the preview (also two posts of one count at once),
 * bad lines refused on their field, and only pharmacists counting. The test clock's today is
 * 2030-01-07; test batches cost ₦30.00 (3,000 kobo) a unit.
 */

let t: TestApp;
let pharmacist: Client;
let main: Awaited<ReturnType<typeof mainStore>>;

const as = async (role: 'pharmacist' | 'admin' | 'nurse') =>
  client(t, await signIn(t, await createUser(t, role)));

/** A new medicine with batches of these quantities in `storeId`. */
const stocked = async (storeId: string, ...quantities: number[]) => {
  const med = await medicine(t);
  const batches = [];
  for (const quantity of quantities)
    batches.push((await batchWithStock(t, { medicineId: med.id, storeId, quantity })).batch);
  return { med, batches };
};

const balanceOf = async (storeId: string, batchId: string) => {
  const [row] = await t.database.db
    .select({ quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(and(eq(stockBalances.storeId, storeId), eq(stockBalances.batchId, batchId)));
  return row?.quantity;
};

const countRowsOf = (batchId: string) =>
  t.database.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.batchId, batchId), eq(stockMovements.kind, 'count')));

const preview = async (storeId: string, lines: Array<{ batchId: string; counted: number }>) => {
  const res = await pharmacist.post('/api/pharmacy/stock/counts/preview', { storeId, lines });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CountPreview>();
};

/** The post of a preview as the screen sends it: each line with the quantity on record it showed. */
const postOf = (shown: CountPreview, note?: string) => ({
  storeId: shown.storeId,
  ...(note === undefined ? {} : { note }),
  lines: shown.lines.map(({ batchId, counted, onRecord }) => ({ batchId, counted, onRecord })),
});

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  pharmacist = await as('pharmacist');
  main = await mainStore(t);
});
afterAll(() => t.close());

describe('the count sheet', () => {
  it("lists the store's batches by medicine and expiry, without quantities, searched and paged", async () => {
    const ward = await wardStore(t);
    const { med, batches } = await stocked(ward.id, 10, 20);
    const other = await stocked(main.id, 5);
    const res = await pharmacist.get(`/api/pharmacy/stock/counts/sheet?storeId=${ward.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json<CountSheet>();
    expect(sheet.data.map((r) => r.id).sort()).toEqual(batches.map((b) => b.id).sort());
    expect(sheet.data.map((r) => r.id)).not.toContain(other.batches[0]?.id);
    expect(sheet.data[0]).toEqual({
      id: expect.any(String),
      medicine: `${med.genericName} 500 mg Capsule`,
      dispensingUnit: 'capsule',
      batchNumber: expect.any(String),
      expiryDate: '2031-01-07',
      status: 'ok',
    });

    const batch = batches[1];
    if (!batch) throw new Error('no batch');
    const found = await pharmacist.get(
      `/api/pharmacy/stock/counts/sheet?storeId=${ward.id}&q=${batch.batchNumber.toLowerCase()}`,
    );
    expect(found.json<CountSheet>().data.map((r) => r.id)).toEqual([batch.id]);
    for (const sort of ['name', 'expiry']) {
      const sorted = await pharmacist.get(
        `/api/pharmacy/stock/counts/sheet?storeId=${ward.id}&sort=${sort}&order=desc`,
      );
      expect(sorted.statusCode, sorted.body).toBe(200);
      expect(sorted.json<CountSheet>().data).toHaveLength(2);
    }
    const paged = await pharmacist.get(`/api/pharmacy/stock/counts/sheet?storeId=${ward.id}&limit=1&page=2`);
    expect(paged.json<CountSheet>().data).toHaveLength(1);
    expect(paged.json<CountSheet>().pagination).toMatchObject({ total: 2, totalPages: 2 });
  });

  it('answers 404 for a store that does not exist and 400 without one', async () => {
    const missing = await pharmacist.get(
      '/api/pharmacy/stock/counts/sheet?storeId=00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expectInvalid(
      await pharmacist.get('/api/pharmacy/stock/counts/sheet'),
      PHARMACY_STOCK_MESSAGES.store,
      'storeId',
    );
  });
});

describe('previewing and posting a count', () => {
  it('previews each line against the record with the value of its variance, writing nothing', async () => {
    const { batches } = await stocked(main.id, 100, 40, 7);
    const [a, b, c] = batches.map((x) => x.id) as [string, string, string];
    const shown = await preview(main.id, [
      { batchId: a, counted: 97 },
      { batchId: b, counted: 41 },
      { batchId: c, counted: 7 },
    ]);
    expect(shown.storeName).toBe(main.name);
    expect(shown.lines.map((l) => [l.onRecord, l.counted, l.variance, l.varianceValue])).toEqual([
      [100, 97, -3, -9_000],
      [40, 41, 1, 3_000],
      [7, 7, 0, 0],
    ]);
    expect(shown.totals).toEqual({ differing: 2, gainValue: 3_000, lossValue: 9_000, netValue: -6_000 });
    expect(await balanceOf(main.id, a)).toBe(100);
    expect(await countRowsOf(a)).toEqual([]);
  });

  it('posts one count row per line that differs, one operation, with the note; balances become the counts; audited', async () => {
    const { batches } = await stocked(main.id, 100, 40, 7);
    const [a, b, c] = batches.map((x) => x.id) as [string, string, string];
    const shown = await preview(main.id, [
      { batchId: a, counted: 97 },
      { batchId: b, counted: 41 },
      { batchId: c, counted: 7 },
    ]);
    const published = vi.spyOn(t.app.events, 'publish');
    const res = await pharmacist.post('/api/pharmacy/stock/counts', postOf(shown, 'Shelf A'));
    expect(res.statusCode, res.body).toBe(201);
    // Once committed, the live stock screens are told.
    const announced = [...published.mock.calls];
    published.mockRestore();
    expect(announced).toEqual([['stock', undefined]]);
    const posted = res.json<CountPosted>();
    expect(posted.totals).toEqual(shown.totals);
    expect(posted.operationId).toEqual(expect.any(String));

    expect([await balanceOf(main.id, a), await balanceOf(main.id, b), await balanceOf(main.id, c)]).toEqual([
      97, 41, 7,
    ]);
    const rows = [...(await countRowsOf(a)), ...(await countRowsOf(b))];
    expect(rows.map((r) => [r.quantity, r.balanceAfter, r.reason, r.operationId])).toEqual([
      [-3, 97, 'Stock count: Shelf A', posted.operationId],
      [1, 41, 'Stock count: Shelf A', posted.operationId],
    ]);
    expect(await countRowsOf(c)).toEqual([]);

    const [record] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'pharmacy-stock.count'), eq(auditEvents.entityId, main.id)))
      .orderBy(auditEvents.at);
    expect(record?.details).toMatchObject({
      operationId: posted.operationId,
      note: 'Shelf A',
      lines: 3,
      movements: [
        { batchId: a, quantity: -3 },
        { batchId: b, quantity: 1 },
      ],
    });
  });

  it('posts a count that finds the record right without a ledger row, reason "Stock count" when no note', async () => {
    const ward = await wardStore(t);
    const { batches } = await stocked(ward.id, 12);
    const batchId = batches[0]?.id ?? '';
    const agreeing = await pharmacist.post(
      '/api/pharmacy/stock/counts',
      postOf(await preview(ward.id, [{ batchId, counted: 12 }])),
    );
    expect(agreeing.statusCode, agreeing.body).toBe(201);
    expect(agreeing.json<CountPosted>().operationId).toBeNull();
    expect(await countRowsOf(batchId)).toEqual([]);

    // Everything gone: the balance stays, at 0, and the next count still lists the batch.
    const empty = await pharmacist.post(
      '/api/pharmacy/stock/counts',
      postOf(await preview(ward.id, [{ batchId, counted: 0 }])),
    );
    expect(empty.statusCode, empty.body).toBe(201);
    expect((await countRowsOf(batchId)).map((r) => [r.quantity, r.balanceAfter, r.reason])).toEqual([
      [-12, 0, 'Stock count'],
    ]);
    const sheet = await pharmacist.get(`/api/pharmacy/stock/counts/sheet?storeId=${ward.id}`);
    expect(sheet.json<CountSheet>().data.map((r) => r.id)).toEqual([batchId]);
  });
});

describe('a count gone stale', () => {
  it('refuses the whole post (409) when stock moved since the preview, writing nothing', async () => {
    const { med, batches } = await stocked(main.id, 50, 30);
    const [a, b] = batches.map((x) => x.id) as [string, string];
    const shown = await preview(main.id, [
      { batchId: a, counted: 48 },
      { batchId: b, counted: 30 },
    ]);
    // A transfer to a ward takes 5 of the second batch meanwhile.
    const ward = await wardStore(t);
    const moved = await pharmacist.post('/api/pharmacy/stock/transfers', {
      batchId: b,
      wardId: ward.wardId,
      quantity: 5,
    });
    expect(moved.statusCode, moved.body).toBe(201);

    const published = vi.spyOn(t.app.events, 'publish');
    const stale = await pharmacist.post('/api/pharmacy/stock/counts', postOf(shown));
    const announced = [...published.mock.calls];
    published.mockRestore();
    expect(stale.statusCode, stale.body).toBe(409);
    expect(announced).toEqual([]);
    expect(stale.json<{ code: string; error: string }>()).toMatchObject({
      code: 'COUNT_STALE',
      error: STOCK_COUNT_MESSAGES.movedSincePreview(
        `${med.genericName} 500 mg Capsule, batch ${batches[1]?.batchNumber}`,
      ),
    });
    expect(await balanceOf(main.id, a)).toBe(50);
    expect(await countRowsOf(a)).toEqual([]);

    // Previewed again, it posts.
    const again = await pharmacist.post(
      '/api/pharmacy/stock/counts',
      postOf(await preview(main.id, shown.lines)),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(await balanceOf(main.id, a)).toBe(48);
  });

  it('of two posts of the same count at once, one is written and the other refused', async () => {
    const { batches } = await stocked(main.id, 20, 20);
    const [a, b] = batches.map((x) => x.id) as [string, string];
    const body = postOf(
      await preview(main.id, [
        { batchId: a, counted: 18 },
        { batchId: b, counted: 23 },
      ]),
    );
    const results = await Promise.all([
      pharmacist.post('/api/pharmacy/stock/counts', body),
      pharmacist.post('/api/pharmacy/stock/counts', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect([await balanceOf(main.id, a), await balanceOf(main.id, b)]).toEqual([18, 23]);
    expect((await countRowsOf(a)).map((r) => r.quantity)).toEqual([-2]);
    expect((await countRowsOf(b)).map((r) => r.quantity)).toEqual([3]);
  });
});

describe('bad input', () => {
  it('refuses bad counts, a batch not in the store and a batch twice, on the line', async () => {
    const { batches } = await stocked(main.id, 10);
    const ward = await wardStore(t);
    const elsewhere = await stocked(ward.id, 3);
    const batchId = batches[0]?.id ?? '';
    const previewing = (lines: unknown, storeId: string = main.id) =>
      pharmacist.post('/api/pharmacy/stock/counts/preview', { storeId, lines });

    for (const counted of [-1, 2.5, '7', null])
      expectInvalid(
        await previewing([{ batchId, counted }]),
        STOCK_COUNT_MESSAGES.counted,
        'lines.0.counted',
      );
    expectInvalid(
      await previewing([
        { batchId, counted: 1 },
        { batchId: elsewhere.batches[0]?.id, counted: 1 },
      ]),
      STOCK_COUNT_MESSAGES.notInStore(main.name),
      'lines.1.batchId',
    );
    expectInvalid(
      await previewing([
        { batchId, counted: 1 },
        { batchId, counted: 2 },
      ]),
      STOCK_COUNT_MESSAGES.countedTwice,
      'lines.1.batchId',
    );
    expectInvalid(await previewing([]), STOCK_COUNT_MESSAGES.noLines, 'lines');
    expectInvalid(
      await previewing(Array.from({ length: STOCK_COUNT_LINES_MAX + 1 }, () => ({ batchId, counted: 1 }))),
      STOCK_COUNT_MESSAGES.tooManyLines(STOCK_COUNT_LINES_MAX),
      'lines',
    );
    expectInvalid(
      await previewing([{ batchId: 'B-1', counted: 1 }]),
      PHARMACY_STOCK_MESSAGES.batch,
      'lines.0.batchId',
    );

    const line = { batchId, counted: 9, onRecord: 10 };
    const posting = (fields: Record<string, unknown>) =>
      pharmacist.post('/api/pharmacy/stock/counts', { storeId: main.id, lines: [line], ...fields });
    expectInvalid(
      await posting({ lines: [{ batchId, counted: 9 }] }),
      STOCK_COUNT_MESSAGES.onRecord,
      'lines.0.onRecord',
    );
    expectInvalid(await posting({ note: 'Shelf\u0000A' }), /./, 'note');
    expectInvalid(await posting({ note: 'x'.repeat(100_000) }), /at most/, 'note');
    expectInvalid(
      await posting({ storeId: ward.id }),
      STOCK_COUNT_MESSAGES.notInStore(ward.name),
      'lines.0.batchId',
    );
    expect(await balanceOf(main.id, batchId)).toBe(10);
    expect(await countRowsOf(batchId)).toEqual([]);
  });
});

describe('who may count', () => {
  it('only pharmacists: admins read stock but never count it, nurses neither, nobody signed out', async () => {
    const admin = await as('admin');
    const nurse = await as('nurse');
    const { batches } = await stocked(main.id, 4);
    const lines = [{ batchId: batches[0]?.id, counted: 3, onRecord: 4 }];
    for (const caller of [admin, nurse]) {
      expect((await caller.get(`/api/pharmacy/stock/counts/sheet?storeId=${main.id}`)).statusCode).toBe(403);
      expect(
        (await caller.post('/api/pharmacy/stock/counts/preview', { storeId: main.id, lines })).statusCode,
      ).toBe(403);
      expect((await caller.post('/api/pharmacy/stock/counts', { storeId: main.id, lines })).statusCode).toBe(
        403,
      );
    }
    expect((await client(t).get(`/api/pharmacy/stock/counts/sheet?storeId=${main.id}`)).statusCode).toBe(401);
    expect(await balanceOf(main.id, batches[0]?.id ?? '')).toBe(4);
  });
});
