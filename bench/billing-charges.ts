/**
 * A patient's bill (docs/areas/billing-charges.md), on the running embedded server with demo data:
 * a new patient is registered and given 300 charges through the API (Add Charge, one a day going
 * back), then one cashier reads the Bill's first page (GET /api/billing/patients/:id/charges, with
 * its totals) in a closed loop: p95 under 100 ms. The page is served by the index on (patient,
 * care date); each read is audited, as every read of patient data.
 */
import { readLoad, token } from './load';
import type { BenchRow } from './table';

const CHARGES = 300;
const BILL_BUDGET_MS = 100;

async function post<T>(url: string, headers: Record<string, string>, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export async function billRows(origin: string): Promise<BenchRow[]> {
  const admin = await token(origin, 'admin@carepoint.example');
  const cashier = await token(origin, 'cashier@carepoint.example');
  const tag = Date.now().toString(36);
  const { patient } = await post<{ patient: { id: string } }>(`${origin}/api/admin/patients`, admin, {
    firstName: 'Bench',
    lastName: `Bill ${tag}`,
    email: `bench-bill-${tag}@example.com`,
    phone: '+234 803 555 0100',
    gender: 'female',
  });
  const url = `${origin}/api/billing/patients/${patient.id}/charges`;
  for (let n = 0; n < CHARGES; n += 1)
    await post(url, cashier, {
      description: `Bench service ${n}`,
      unitPrice: 1_000 + n,
      quantity: 1 + (n % 3),
      careDate: dayBefore(1 + n),
      reason: 'Bench',
    });
  await readLoad([url], cashier, 1); // warm-up
  const read = await readLoad([url], cashier, 1);
  return [
    {
      measure: `embedded API: a patient's bill with ${CHARGES} charges, its first page and totals, 1 cashier`,
      budget: `p95 < ${BILL_BUDGET_MS} ms, none failed`,
      result: `p95 ${read.p95.toFixed(1)} ms, p50 ${read.p50.toFixed(1)} ms, ${read.count} reads, ${read.failed} failed`,
      pass: read.p95 < BILL_BUDGET_MS && read.failed === 0,
    },
  ];
}
