/**
 * The laboratory's rows (docs/areas/lab-orders.md, lab-results.md), on the running embedded server
 * with demo data:
 * - the worklist with 2,000 open orders (placed through the API, one requisition per patient and
 *   tube kinds): 10 readers read its first page in a closed loop, p95 under 200 ms, beside
 *   GET /api/auth/me's p95 at the same 10 readers in the same run (the request's fixed cost);
 * - a verified result reaching the ordering doctor's open screen: the doctor's live stream (the
 *   one their dashboard and the chart's results listen to) is open while the second scientist
 *   verifies; the time from the verification's request to the `lab` event, worst of 5, under 1 s.
 */
import { readLoad, token } from './load';
import type { BenchRow } from './table';

const OPEN_ORDERS = 2_000;
const READERS = 10;
const VERIFICATIONS = 5;
/** Orderings in flight at once while the orders are placed (the machine has 2 cores). */
const ORDERING_CONNECTIONS = 4;
const WORKLIST_BUDGET_MS = 200;
const VERIFIED_BUDGET_MS = 1000;
/** Potassium in serum or plasma (LOINC 2823-3), the shipped catalogue's quantity test the HL7 row also sends. */
const POTASSIUM_LOINC = '2823-3';
/** The second scientist of the demo data: verifies what lab@ entered (second-scientist rule). */
const SECOND_SCIENTIST = 'musa.danjuma@carepoint.example';

type Headers = Record<string, string>;

async function send<T>(method: string, url: string, headers: Headers, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface CatalogueTest {
  id: string;
  kind: string;
  loincCode: string;
  specimenType: string;
  container: string;
}

/** The active catalogue's single tests: one per kind of tube (each ordering then makes one order per tube), and potassium. */
async function catalogue(origin: string, doctor: Headers) {
  const page = await send<{ data: CatalogueTest[] }>('GET', `${origin}/api/lab-tests?limit=100`, doctor);
  const tests = page.data.filter((t) => t.kind === 'test');
  const perTube = new Map<string, string>();
  for (const t of tests)
    if (!perTube.has(`${t.specimenType}/${t.container}`))
      perTube.set(`${t.specimenType}/${t.container}`, t.id);
  const potassium = tests.find((t) => t.loincCode === POTASSIUM_LOINC);
  if (!potassium) throw new Error('the catalogue has no potassium test');
  return { oneTestPerTube: [...perTube.values()], potassiumId: potassium.id };
}

async function demoPatientIds(origin: string, admin: Headers) {
  const page = await send<{ data: Array<{ id: string }> }>(
    'GET',
    `${origin}/api/admin/patients?limit=100`,
    admin,
  );
  return page.data.map((p) => p.id);
}

/** Places orderings until `total` open orders exist, `ORDERING_CONNECTIONS` at a time; answers how many were placed. */
async function placeOpenOrders(
  origin: string,
  doctor: Headers,
  patientIds: string[],
  testIds: string[],
  total: number,
) {
  let placed = 0;
  let next = 0;
  const orderer = async () => {
    while (placed < total) {
      const patientId = patientIds[next++ % patientIds.length] ?? '';
      const wanted = testIds.slice(0, Math.min(testIds.length, total - placed));
      placed += wanted.length;
      await send('POST', `${origin}/api/lab/orders`, doctor, {
        patientId,
        testIds: wanted,
        priority: (['Routine', 'Urgent', 'STAT'] as const)[next % 3],
        confirmDuplicates: true,
      });
    }
  };
  await Promise.all(Array.from({ length: ORDERING_CONNECTIONS }, orderer));
  return placed;
}

async function worklistRows(origin: string, who: { admin: Headers; doctor: Headers; lab: Headers }) {
  const { oneTestPerTube } = await catalogue(origin, who.doctor);
  const patients = await demoPatientIds(origin, who.admin);
  const start = performance.now();
  const placed = await placeOpenOrders(origin, who.doctor, patients, oneTestPerTube, OPEN_ORDERS);
  const placing = (performance.now() - start) / 1000;
  const url = `${origin}/api/lab/worklist`;
  const open = await send<{ pagination: { total: number; totalIsLowerBound: boolean } }>('GET', url, who.lab);
  await readLoad([url], who.lab, READERS); // warm-up
  const read = await readLoad([url], who.lab, READERS);
  const me = await readLoad([`${origin}/api/auth/me`], who.lab, READERS);
  return {
    measure: `embedded API: the lab worklist's first page with ${OPEN_ORDERS.toLocaleString('en-US')} open orders, ${READERS} readers, against GET /api/auth/me at ${READERS}`,
    budget: `p95 < ${WORKLIST_BUDGET_MS} ms, none failed`,
    result:
      `p95 ${read.p95.toFixed(1)} ms, p50 ${read.p50.toFixed(1)} ms, ${read.count} reads, ${read.failed} failed ` +
      `(me: p95 ${me.p95.toFixed(1)} ms = ${(read.p95 / me.p95).toFixed(1)}×; ${placed} orders placed in ${placing.toFixed(0)} s, ` +
      `${open.pagination.total}${open.pagination.totalIsLowerBound ? '+' : ''} open)`,
    pass: read.p95 < WORKLIST_BUDGET_MS && read.failed === 0,
  };
}

/** An open live stream: when each `lab` event arrived. */
function openStream(url: string, headers: Headers) {
  const arrivals: number[] = [];
  const controller = new AbortController();
  const ready = fetch(url, { headers, signal: controller.signal }).then((res) => {
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no event stream');
    const decoder = new TextDecoder();
    void (async () => {
      let pending = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const at = performance.now();
          // Whole messages only (a chunk may end inside one): they end with a blank line.
          const messages = (pending + decoder.decode(value, { stream: true })).split('\n\n');
          pending = messages.pop() ?? '';
          for (const message of messages) if (message.startsWith('event: lab')) arrivals.push(at);
        }
      } catch {
        // Aborted at the end of the row.
      }
    })();
  });
  return { ready, arrivals, close: () => controller.abort() };
}

/** Resolves with the arrival of event number `count` (0-based), or fails after `timeoutMs`. */
async function arrival(stream: ReturnType<typeof openStream>, count: number, timeoutMs = 10_000) {
  const end = performance.now() + timeoutMs;
  while (stream.arrivals.length <= count) {
    if (performance.now() > end) throw new Error('the verification did not reach the doctor’s stream');
    await new Promise((resolve) => setImmediate(resolve));
  }
  return stream.arrivals[count] ?? 0;
}

/** Resolves once the stream has heard nothing for `quietMs` (the events of the steps before have all arrived). */
async function settled(stream: ReturnType<typeof openStream>, quietMs = 500) {
  for (;;) {
    const seen = stream.arrivals.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    if (stream.arrivals.length === seen) return;
  }
}

async function verifiedResultRow(
  origin: string,
  who: { admin: Headers; doctor: Headers; lab: Headers; secondScientist: Headers },
) {
  const { potassiumId } = await catalogue(origin, who.doctor);
  const [patientId = ''] = (await demoPatientIds(origin, who.admin)).slice(-1);
  const stream = openStream(`${origin}/api/doctor/events`, who.doctor);
  await stream.ready;
  // Every order ordered, collected, received and resulted first: only the verifications are timed.
  const orderIds: string[] = [];
  for (let i = 0; i < VERIFICATIONS; i += 1) {
    const { orders } = await send<{ orders: Array<{ id: string }> }>(
      'POST',
      `${origin}/api/lab/orders`,
      who.doctor,
      {
        patientId,
        testIds: [potassiumId],
        priority: 'STAT',
        confirmDuplicates: true,
      },
    );
    const id = orders[0]?.id ?? '';
    await send('POST', `${origin}/api/lab/orders/${id}/collect`, who.lab);
    await send('POST', `${origin}/api/lab/orders/${id}/receive`, who.lab);
    await send('PUT', `${origin}/api/lab/orders/${id}/results`, who.lab, {
      values: [{ testId: potassiumId, value: 4.2 }],
    });
    orderIds.push(id);
  }
  await settled(stream);
  const latencies: number[] = [];
  for (const id of orderIds) {
    const count = stream.arrivals.length;
    const start = performance.now();
    await send('POST', `${origin}/api/lab/orders/${id}/verify`, who.secondScientist);
    latencies.push((await arrival(stream, count)) - start);
  }
  stream.close();
  const worst = Math.max(...latencies);
  const median = [...latencies].sort((a, b) => a - b)[Math.floor(VERIFICATIONS / 2)] ?? 0;
  return {
    measure: `embedded API: a verified result reaches the ordering doctor's open stream (worst of ${VERIFICATIONS})`,
    budget: `< ${VERIFIED_BUDGET_MS} ms`,
    result: `worst ${worst.toFixed(1)} ms, median ${median.toFixed(1)} ms`,
    pass: worst < VERIFIED_BUDGET_MS,
  };
}

export async function labRows(origin: string): Promise<BenchRow[]> {
  const who = {
    admin: await token(origin, 'admin@carepoint.example'),
    doctor: await token(origin, 'doctor@carepoint.example'),
    lab: await token(origin, 'lab@carepoint.example'),
    secondScientist: await token(origin, SECOND_SCIENTIST),
  };
  return [await worklistRows(origin, who), await verifiedResultRow(origin, who)];
}

/** `npx tsx bench/lab.ts <origin>`: the rows alone, against a server already running with demo data. */
if (process.argv[1]?.endsWith('lab.ts') && process.argv[2]) {
  console.log(await labRows(process.argv[2]));
}
