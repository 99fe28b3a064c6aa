import { randomBytes } from 'node:crypto';
import {
  type ConsumptionReport,
  EXPIRY_CSV_COLUMNS,
  type ExpiryReport,
  PHARMACY_REPORT_MESSAGES,
  type ValuationReport,
} from '@carepoint/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, serviceContext, signIn, type TestApp } from '../../../test/helpers';
import { batchWithStock, mainStore, medicine, wardStore } from '../../../test/pharmacy';
import { auditEvents, stockBatches, stockMovements } from '../../db/schema';
import { actingAs, actorOf } from '../../lib/context';
import { type Movement, move } from '../pharmacy-stock';

/*
 * The pharmacy's reports through the API, on both databases: the valuation adds up against the
 * ledger, consumption falls in the facility's calendar months (Africa/Lagos, UTC+1), the expiry
 * list takes the warning days, the CSV downloads, and who may read them. The test clock's today
 * is 2030-01-07.
 */

let t: TestApp;
let pharmacist: Client;
let pharmacistUser: Awaited<ReturnType<typeof createUser>>;
let main: Awaited<ReturnType<typeof mainStore>>;

/** Movements written through the ledger's one writer at `at` (the ledger dates its rows by the clock). */
async function moveAt(at: string, rows: Movement[]) {
  const clock = { now: () => new Date(at) };
  const ctx = actingAs(serviceContext(t, clock), actorOf({ ...pharmacistUser, mustChangePassword: false }));
  await move(ctx, rows);
}

/** A medicine whose name nothing else in this file matches, so `q` finds only its rows. */
const ownMedicine = () => medicine(t, { genericName: `Reportamol ${randomBytes(4).toString('hex')}` });

const getJson = async <T>(url: string) => {
  const res = await pharmacist.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  pharmacistUser = await createUser(t, 'pharmacist');
  pharmacist = client(t, await signIn(t, pharmacistUser));
  main = await mainStore(t);
});
afterAll(() => t.close());

describe('stock valuation', () => {
  it('values on hand per store and medicine at each batch’s unit cost, adding up against the ledger', async () => {
    const med = await ownMedicine();
    const ward = await wardStore(t);
    const { batch: cheap } = await batchWithStock(t, { medicineId: med.id, storeId: main.id, quantity: 100 });
    const { batch: dear } = await batchWithStock(t, { medicineId: med.id, storeId: main.id, quantity: 40 });
    await t.database.db.update(stockBatches).set({ unitCost: 12_550 }).where(eq(stockBatches.id, dear.id));
    await moveAt('2030-01-05T10:00:00Z', [
      { kind: 'transfer_out', storeId: main.id, batchId: cheap.id, quantity: -30, otherStoreId: ward.id },
      { kind: 'transfer_in', storeId: ward.id, batchId: cheap.id, quantity: 30, otherStoreId: main.id },
    ]);
    await moveAt('2030-01-06T10:00:00Z', [
      { kind: 'dispense', storeId: main.id, batchId: dear.id, quantity: -15 },
      { kind: 'administration', storeId: ward.id, batchId: cheap.id, quantity: -4 },
    ]);

    const report = await getJson<ValuationReport>(
      `/api/pharmacy/reports/valuation?q=${encodeURIComponent(med.genericName)}`,
    );
    // The ledger's own sums per store and batch, valued at the batch's cost.
    const ledger = await t.database.db
      .select({
        storeId: stockMovements.storeId,
        units: sql<string>`sum(${stockMovements.quantity})`,
        value: sql<string>`sum(${stockMovements.quantity} * ${stockBatches.unitCost})`,
      })
      .from(stockMovements)
      .innerJoin(stockBatches, eq(stockBatches.id, stockMovements.batchId))
      .where(inArray(stockMovements.batchId, [cheap.id, dear.id]))
      .groupBy(stockMovements.storeId);
    const fromLedger = Object.fromEntries(
      ledger.map((r) => [r.storeId, { quantity: Number(r.units), value: Number(r.value) }]),
    );
    expect(fromLedger).toEqual({
      [main.id]: { quantity: 70 + 25, value: 70 * 3_000 + 25 * 12_550 },
      [ward.id]: { quantity: 26, value: 26 * 3_000 },
    });
    expect(report.data.map((r) => [r.storeId, r.quantity, r.value])).toEqual([
      [main.id, fromLedger[main.id]?.quantity, fromLedger[main.id]?.value],
      [ward.id, fromLedger[ward.id]?.quantity, fromLedger[ward.id]?.value],
    ]);
    expect(report.data[0]).toMatchObject({
      medicine: `${med.genericName} 500 mg Capsule`,
      dispensingUnit: 'capsule',
      storeName: main.name,
    });
    expect(report.totals).toEqual({
      stores: [
        { storeId: main.id, storeName: main.name, ...fromLedger[main.id] },
        { storeId: ward.id, storeName: ward.name, ...fromLedger[ward.id] },
      ],
      quantity: 121,
      value: 70 * 3_000 + 25 * 12_550 + 26 * 3_000,
    });
    expect(report.pagination).toMatchObject({ total: 2 });

    const wardOnly = await getJson<ValuationReport>(
      `/api/pharmacy/reports/valuation?q=${encodeURIComponent(med.genericName)}&storeId=${ward.id}`,
    );
    expect(wardOnly.data.map((r) => r.storeId)).toEqual([ward.id]);
    expect(wardOnly.totals.value).toBe(26 * 3_000);

    // Pages of one row each: the second is the ward's, the totals still the whole report's.
    const second = await getJson<ValuationReport>(
      `/api/pharmacy/reports/valuation?q=${encodeURIComponent(med.genericName)}&limit=1&page=2`,
    );
    expect(second.data.map((r) => r.storeId)).toEqual([ward.id]);
    expect(second.totals.quantity).toBe(121);
  });
});

describe('consumption per month', () => {
  it('counts dispensed and ward-dose units in the facility’s calendar months, the last 12 by default', async () => {
    const med = await ownMedicine();
    const ward = await wardStore(t);
    const { batch } = await batchWithStock(t, { medicineId: med.id, storeId: main.id, quantity: 500 });
    await moveAt('2029-01-20T10:00:00Z', [
      { kind: 'dispense', storeId: main.id, batchId: batch.id, quantity: -9 },
    ]);
    await moveAt('2029-03-10T10:00:00Z', [
      { kind: 'transfer_out', storeId: main.id, batchId: batch.id, quantity: -50, otherStoreId: ward.id },
      { kind: 'transfer_in', storeId: ward.id, batchId: batch.id, quantity: 50, otherStoreId: main.id },
    ]);
    // 23:30 in Lagos on 30 November, and 00:30 on 1 December (both 30 November in UTC).
    await moveAt('2029-11-30T22:30:00Z', [
      { kind: 'dispense', storeId: main.id, batchId: batch.id, quantity: -3 },
    ]);
    await moveAt('2029-11-30T23:30:00Z', [
      { kind: 'dispense', storeId: main.id, batchId: batch.id, quantity: -5 },
    ]);
    await moveAt('2030-01-02T08:00:00Z', [
      { kind: 'administration', storeId: ward.id, batchId: batch.id, quantity: -2 },
      // Neither a return nor an adjustment is consumption.
      { kind: 'adjustment', storeId: main.id, batchId: batch.id, quantity: -7, reason: 'Damaged: wet' },
    ]);
    // 00:30 on 1 February in Lagos: next month, past the report's end.
    await moveAt('2030-01-31T23:30:00Z', [
      { kind: 'dispense', storeId: main.id, batchId: batch.id, quantity: -11 },
    ]);

    const q = `q=${encodeURIComponent(med.genericName)}`;
    const report = await getJson<ConsumptionReport>(`/api/pharmacy/reports/consumption?${q}`);
    expect(report.months).toHaveLength(12);
    expect([report.months[0], report.months.at(-1)]).toEqual(['2029-02', '2030-01']);
    expect(report.data).toHaveLength(1);
    const byMonth = Object.fromEntries(
      report.months.map((m, i) => [m, report.data[0]?.months[i]]).filter(([, n]) => n !== 0),
    );
    expect(byMonth).toEqual({ '2029-11': 3, '2029-12': 5, '2030-01': 2 });
    expect(report.data[0]).toMatchObject({ id: med.id, dispensingUnit: 'capsule', total: 10 });

    const december = await getJson<ConsumptionReport>(
      `/api/pharmacy/reports/consumption?${q}&from=2029-01&to=2029-12`,
    );
    expect(december.months[0]).toBe('2029-01');
    expect(december.data[0]?.months).toEqual([9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5]);
    expect(december.data[0]?.total).toBe(17);

    const wardOnly = await getJson<ConsumptionReport>(
      `/api/pharmacy/reports/consumption?${q}&storeId=${ward.id}`,
    );
    expect(wardOnly.data.map((r) => r.total)).toEqual([2]);

    expectInvalid(
      await pharmacist.get('/api/pharmacy/reports/consumption?from=2029-05&to=2029-04'),
      PHARMACY_REPORT_MESSAGES.monthOrder,
      'to',
    );
    expectInvalid(
      await pharmacist.get('/api/pharmacy/reports/consumption?from=2028-01&to=2029-04'),
      PHARMACY_REPORT_MESSAGES.monthSpan(12),
      'to',
    );
    expectInvalid(
      await pharmacist.get('/api/pharmacy/reports/consumption?from=2029-13'),
      PHARMACY_REPORT_MESSAGES.month,
      'from',
    );
  });
});

describe('the expiry list', () => {
  it('lists batches on a shelf expired or expiring within the warning days, first expiry first', async () => {
    const med = await ownMedicine();
    const ward = await wardStore(t);
    const stock = (expiryDate: string, quantity = 10, storeId = main.id) =>
      batchWithStock(t, { medicineId: med.id, storeId, quantity, expiryDate, pharmacist: pharmacistUser });
    const soon = await stock('2030-02-01');
    const expired = await stock('2030-01-01', 6);
    const later = await stock('2030-04-17');
    await stock('2031-06-30');
    const emptied = await stock('2030-01-20', 4);
    await moveAt('2030-01-06T10:00:00Z', [
      {
        kind: 'adjustment',
        storeId: main.id,
        batchId: emptied.batch.id,
        quantity: -4,
        reason: 'Expired: gone',
      },
      { kind: 'transfer_out', storeId: main.id, batchId: soon.batch.id, quantity: -3, otherStoreId: ward.id },
      { kind: 'transfer_in', storeId: ward.id, batchId: soon.batch.id, quantity: 3, otherStoreId: main.id },
    ]);

    const q = `q=${encodeURIComponent(med.genericName)}`;
    const report = await getJson<ExpiryReport>(`/api/pharmacy/reports/expiry?${q}`);
    expect(report).toMatchObject({ withinDays: 90, today: '2030-01-07', until: '2030-04-07' });
    expect(report.data.map((r) => [r.batchNumber, r.storeId, r.status, r.quantity, r.value])).toEqual([
      [expired.batch.batchNumber, main.id, 'expired', 6, 6 * 3_000],
      [soon.batch.batchNumber, main.id, 'expiring', 7, 7 * 3_000],
      [soon.batch.batchNumber, ward.id, 'expiring', 3, 3 * 3_000],
    ]);

    const wider = await getJson<ExpiryReport>(`/api/pharmacy/reports/expiry?${q}&withinDays=100`);
    expect(wider.data.map((r) => r.batchId).at(-1)).toBe(later.batch.id);
    expect(wider.until).toBe('2030-04-17');
    const none = await getJson<ExpiryReport>(`/api/pharmacy/reports/expiry?${q}&withinDays=0`);
    expect(none.data.map((r) => r.batchId)).toEqual([expired.batch.id]);

    expectInvalid(
      await pharmacist.get('/api/pharmacy/reports/expiry?withinDays=-1'),
      PHARMACY_REPORT_MESSAGES.withinDays,
      'withinDays',
    );
    expectInvalid(await pharmacist.get('/api/pharmacy/reports/expiry?q=a%00b'), /./, 'q');
    expectInvalid(await pharmacist.get(`/api/pharmacy/reports/expiry?q=${'a'.repeat(5_000)}`), /./, 'q');
    expectInvalid(
      await pharmacist.get('/api/pharmacy/reports/expiry?format=xml'),
      PHARMACY_REPORT_MESSAGES.format,
      'format',
    );
  });
});

describe('CSV export', () => {
  it('downloads the whole report as CSV, formulas defused, and records who exported it', async () => {
    const med = await medicine(t, { genericName: `=HYPERLINK("x") ${randomBytes(3).toString('hex')}` });
    const { batch } = await batchWithStock(t, {
      medicineId: med.id,
      storeId: main.id,
      quantity: 12,
      expiryDate: '2030-02-15',
      pharmacist: pharmacistUser,
    });
    const res = await pharmacist.get(
      `/api/pharmacy/reports/expiry?format=csv&q=${encodeURIComponent(med.genericName)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="pharmacy-expiry-2030-01-07.csv"',
    );
    const [header, row, end] = res.body.split('\r\n');
    expect(header).toBe(`\uFEFF${EXPIRY_CSV_COLUMNS.join(',')}`);
    expect(row).toBe(
      `2030-02-15,Expiring,"'${med.genericName.replaceAll('"', '""')} 500 mg Capsule",capsule,${batch.batchNumber},${main.name},12,30.00,360.00`,
    );
    expect(end).toBe('');

    const [exported] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'pharmacy-reports.export'), eq(auditEvents.actorId, pharmacistUser.id)),
      );
    expect(exported?.details).toMatchObject({ report: 'expiry', rows: 1, withinDays: 90 });

    const valuation = await pharmacist.get(
      `/api/pharmacy/reports/valuation?format=csv&q=${encodeURIComponent(med.genericName)}`,
    );
    expect(valuation.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFStore,Medicine,Unit,Quantity,Value (NGN)',
      `${main.name},"'${med.genericName.replaceAll('"', '""')} 500 mg Capsule",capsule,12,360.00`,
    ]);
    const consumption = await pharmacist.get(
      '/api/pharmacy/reports/consumption?format=csv&from=2029-11&to=2030-01',
    );
    expect(consumption.headers['content-disposition']).toContain('pharmacy-consumption-2030-01-07.csv');
    expect(consumption.body.split('\r\n')[0]).toBe('\uFEFFMedicine,Unit,2029-11,2029-12,2030-01,Total');
  });
});

describe('who may read the reports', () => {
  const urls = [
    '/api/pharmacy/reports/valuation',
    '/api/pharmacy/reports/consumption',
    '/api/pharmacy/reports/expiry',
    '/api/pharmacy/reports/expiry?format=csv',
  ];

  it('lets pharmacists and admins read them, refuses other roles (403) and strangers (401)', async () => {
    const admin = client(t, await signIn(t, await createUser(t, 'admin')));
    for (const url of urls) {
      expect((await admin.get(url)).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    for (const role of ['doctor', 'nurse', 'patient', 'lab'] as const) {
      const other = client(t, await signIn(t, await createUser(t, role)));
      for (const url of urls) expect((await other.get(url)).statusCode, `${role} ${url}`).toBe(403);
    }
  });
});
