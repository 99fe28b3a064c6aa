import type {
  DispensingPrescription,
  DispensingQueue,
  StockAlert,
  StockPage,
  StoreList,
} from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dispenseLines, prescriptionMedicines, stockBalances, stockMovements, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed/accounts';
import { signIn, type TestApp } from './helpers';

const PHARMACIST = 'pharmacist@carepoint.example';

/**
 * What the demo pharmacist finds right after the seed (db/seed/pharmacy.ts), read through the API:
 * the queue with prescriptions waiting and one part-dispensed, one dispensed in full, the stock
 * screen's three alerts, two wards' stores; and the ledger adding up to every balance. Registered
 * by both demo-data tests (PGlite and PostgreSQL), after the demo data is loaded.
 */
export function demoPharmacyChecks(testApp: () => TestApp) {
  let session: Promise<{ cookie: string }> | undefined;
  const get = async <T>(url: string): Promise<T> => {
    session ??= signIn(testApp(), { email: PHARMACIST }, DEMO_PASSWORD);
    const res = await testApp().app.inject({ method: 'GET', url, headers: await session });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };
  const db = () => testApp().database.db;
  /** The prescriptions the pharmacy has dispensed anything of, with what each line still owes. */
  const worked = () =>
    db()
      .select({
        id: dispenseLines.prescriptionId,
        owed: sql<number>`sum(${dispenseLines.quantityPrescribed} - ${dispenseLines.quantityDispensed})::int`,
      })
      .from(dispenseLines)
      .groupBy(dispenseLines.prescriptionId);

  it('queues prescriptions waiting, one part-dispensed with the rest owed; one dispensed in full left it', async () => {
    const queue = await get<DispensingQueue>('/api/pharmacy/dispensing/queue');
    const [partly, ...more] = (await worked()).filter((r) => r.owed > 0);
    const [full] = (await worked()).filter((r) => r.owed === 0);
    expect(more).toEqual([]);
    expect(partly && full).toBeTruthy();
    const ids = queue.data.map((p) => p.id);
    expect(ids).toContain(partly?.id);
    expect(ids).not.toContain(full?.id);
    expect(queue.data.find((p) => p.id === partly?.id)?.partlyDispensed).toBe(1);
    const waiting = queue.data.filter((p) => p.partlyDispensed === 0 && p.id !== partly?.id);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    // Oldest first.
    const written = queue.data.map((p) => p.writtenAt);
    expect(written).toEqual([...written].sort());

    const owed = await get<DispensingPrescription>(`/api/pharmacy/dispensing/prescriptions/${partly?.id}`);
    expect(owed.lines.map((l) => l.supply && [l.supply.medicine.label, l.supply.owed])).toEqual([
      ['Artemether/lumefantrine 20/120 mg Tablet', 0],
      ['Paracetamol 500 mg Tablet', 6],
    ]);
    // First expiry, first out: the paracetamol came from the batch expiring soon.
    expect(owed.lines[1]?.items.map((i) => [i.batchNumber, i.quantity])).toEqual([['EMZ23561', 6]]);
    const done = await get<DispensingPrescription>(`/api/pharmacy/dispensing/prescriptions/${full?.id}`);
    expect(done.lines.every((l) => l.supply?.owed === 0 && l.items.length > 0)).toBe(true);
    expect(done.counselledAt).not.toBeNull();
  });

  it('points the demo prescriptions at the formulary where they name one of its medicines', async () => {
    const lines = await db()
      .select({ name: prescriptionMedicines.name, medicineId: prescriptionMedicines.medicineId })
      .from(prescriptionMedicines);
    const linked = (name: string) => lines.filter((l) => l.name === name).every((l) => l.medicineId !== null);
    expect(linked('Paracetamol 500 mg')).toBe(true);
    expect(linked('Metformin 500 mg')).toBe(true);
    expect(linked('Artemether/lumefantrine 20/120 mg Tablet')).toBe(true);
    expect(lines.filter((l) => l.name === 'Vitamin C 1000 mg').every((l) => l.medicineId === null)).toBe(
      true,
    );
  });

  it('shows an expired batch on a shelf, one expiring, and a medicine below its reorder level', async () => {
    const withAlert = async (alert: StockAlert) =>
      (await get<StockPage>(`/api/pharmacy/stock?alert=${alert}&limit=100`)).data;
    const expired = (await withAlert('expired')).find((r) => r.label === 'Metronidazole 400 mg Tablet');
    const stale = expired?.batches.find((b) => b.status === 'expired');
    expect(stale?.batchNumber).toBe('FHC22874');
    // Still on two shelves: the main store's and the Surgical Ward's.
    expect(stale?.stores.map((s) => s.quantity).sort()).toEqual([40, 60]);
    const expiring = (await withAlert('expiring')).find((r) => r.label === 'Paracetamol 500 mg Tablet');
    expect(expiring?.batches[0]?.status).toBe('expiring');
    const below = (await withAlert('below-reorder')).find((r) => r.label === 'Ceftriaxone 1 g Injection');
    expect(below?.onHand).toBeLessThan(below?.reorderLevel ?? 0);
    expect(below?.onHand).toBeGreaterThan(0);
    // Most of the formulary is stocked above its level.
    const all = await get<StockPage>('/api/pharmacy/stock?limit=100');
    const stocked = all.data.filter((r) => !r.alerts.includes('below-reorder'));
    expect(stocked.length).toBeGreaterThan(all.data.length * 0.9);
  });

  it('stocks two wards’ stores from the main pharmacy', async () => {
    const stores = await get<StoreList>('/api/pharmacy/stores');
    const made = stores.data.filter((s) => s.kind === 'ward' && s.id !== null).map((s) => s.name);
    expect(made).toEqual(['General Ward store', 'Surgical Ward store']);
  });

  it('keeps a ledger that adds up to every balance, each store’s newest row showing it', async () => {
    const balances = await db()
      .select({
        storeId: stockBalances.storeId,
        batchId: stockBalances.batchId,
        quantity: stockBalances.quantity,
      })
      .from(stockBalances);
    const ledger = await db()
      .select({
        storeId: stockMovements.storeId,
        batchId: stockMovements.batchId,
        sum: sql<number>`sum(${stockMovements.quantity})::int`,
        last: sql<number>`(array_agg(${stockMovements.balanceAfter} order by ${stockMovements.performedAt} desc, ${stockMovements.id}))[1]`,
        count: sql<number>`count(*)::int`,
      })
      .from(stockMovements)
      .groupBy(stockMovements.storeId, stockMovements.batchId);
    expect(balances.length).toBeGreaterThan(70);
    const key = (r: { storeId: string; batchId: string }) => `${r.storeId}/${r.batchId}`;
    const byKey = new Map(ledger.map((r) => [key(r), r]));
    expect(ledger).toHaveLength(balances.length);
    for (const balance of balances) {
      expect(byKey.get(key(balance))?.sum, key(balance)).toBe(balance.quantity);
      expect(byKey.get(key(balance))?.last, key(balance)).toBe(balance.quantity);
    }
    // Every movement by the demo pharmacist.
    const [pharmacist] = await db().select({ id: users.id }).from(users).where(eq(users.email, PHARMACIST));
    const others = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(sql`${stockMovements.performedBy} <> ${pharmacist?.id}`);
    expect(others[0]?.n).toBe(0);
  });
}
