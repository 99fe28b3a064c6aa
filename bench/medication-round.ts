/**
 * The medication round's row: one patient's medication administration record for a day with 20
 * orders (GET /api/stays/:stayId/mar), read by 10 nurses' screens at once on the running embedded
 * server with demo data, against GET /api/auth/me measured the same way in the same run (the
 * cheapest signed-in answer: what is left is the record's own work). The stay is the demo's first
 * one with a medication round (found through FHIR: a recorded dose names its stay as context);
 * the demo doctor orders what it lacks to reach 20.
 */
import { readLoad, token } from './load';
import type { BenchRow } from './table';

const CONNECTIONS = 10;
const ORDERS = 20;
const BUDGET_MS = 100;

export async function medicationRoundRows(origin: string): Promise<BenchRow[]> {
  const doctor = await token(origin, 'doctor@carepoint.example');
  const nurse = await token(origin, 'nurse@carepoint.example');
  const doses = (await (
    await fetch(`${origin}/fhir/R4/MedicationAdministration?_count=1`, { headers: doctor })
  ).json()) as {
    entry?: Array<{ resource: { context?: { reference?: string } } }>;
  };
  const stayId = doses.entry?.[0]?.resource.context?.reference?.split('/')[1];
  if (!stayId) throw new Error('no demo stay with a medication round');
  const mar = `${origin}/api/stays/${stayId}/mar`;
  const have = ((await (await fetch(mar, { headers: nurse })).json()) as { orders: unknown[] }).orders.length;
  for (let i = have; i < ORDERS; i += 1) {
    const res = await fetch(`${origin}/api/stays/${stayId}/medication-orders`, {
      method: 'POST',
      headers: { ...doctor, 'content-type': 'application/json' },
      body: JSON.stringify({
        medicine: `Bench medicine ${i + 1}`,
        dose: '10 mg',
        route: 'Oral',
        kind: i % 3 === 2 ? 'prn' : 'times',
        times: '06:00, 12:00, 18:00, 22:00',
        minIntervalHours: 4,
        maxPerDay: 4,
        startsAt: '2020-01-01T00:00',
      }),
    });
    if (res.status !== 201) throw new Error(`ordering for the bench: ${res.status} ${await res.text()}`);
  }
  await readLoad([mar], nurse, CONNECTIONS); // warm-up
  const record = await readLoad([mar], nurse, CONNECTIONS);
  const me = await readLoad([`${origin}/api/auth/me`], nurse, CONNECTIONS);
  return [
    {
      measure: `embedded API: one patient's medication record for a day, ${ORDERS} orders, ${CONNECTIONS} connections`,
      budget: `p95 < ${BUDGET_MS} ms, none failed`,
      result:
        `p95 ${record.p95.toFixed(1)} ms, p50 ${record.p50.toFixed(1)} ms (GET /api/auth/me p95 ${me.p95.toFixed(1)} ms, ` +
        `${(record.p95 / Math.max(me.p95, 0.1)).toFixed(1)}×), ${record.count} reads, ${record.failed} failed`,
      pass: record.p95 < BUDGET_MS && record.failed === 0,
    },
  ];
}

/** `npx tsx bench/medication-round.ts <origin>`: the row alone, against a server already running with demo data. */
if (process.argv[1]?.endsWith('medication-round.ts') && process.argv[2]) {
  console.log(await medicationRoundRows(process.argv[2]));
}
