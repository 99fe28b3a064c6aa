/**
 * The ward board's rows, on the running embedded server with demo data: a 300-bed hospital (10
 * wards of 30 beds, 24 patients admitted in each) is added through the API; then, with 50 boards
 * open (50 nurses' live streams), 10 readers read the wards' boards in a closed loop (a board's
 * read is what every open board makes after a change): p95 under 200 ms. And a dose recorded by a
 * nurse must reach all 50 open streams in under a second (worst of 5 doses).
 */
import { readLoad, token } from './load';
import type { BenchRow } from './table';

const WARDS = 10;
const BEDS_PER_WARD = 30;
const ADMITTED_PER_WARD = 24;
const BOARDS = 50;
const READERS = 10;
const DOSES = 5;
const BOARD_BUDGET_MS = 200;
const DOSE_BUDGET_MS = 1000;

type Headers = Record<string, string>;

async function post<T>(url: string, headers: Headers, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** One ward of beds with its patients admitted under the demo doctor; answers the ward and its stays. */
async function benchWard(
  origin: string,
  tag: string,
  n: number,
  who: { admin: Headers; doctor: Headers; doctorId: string },
) {
  const ward = await post<{ id: string }>(`${origin}/api/admin/wards`, who.admin, {
    name: `Bench ward ${tag} ${n}`,
    kind: 'General',
    sexRule: 'Mixed',
  });
  const stayIds: string[] = [];
  for (let b = 1; b <= BEDS_PER_WARD; b += 1) {
    const bed = await post<{ id: string }>(`${origin}/api/admin/beds`, who.admin, {
      label: `Bench ${tag} ${n}-${b}`,
      wardId: ward.id,
    });
    if (b > ADMITTED_PER_WARD) continue;
    const { patient } = await post<{ patient: { id: string } }>(`${origin}/api/admin/patients`, who.admin, {
      firstName: 'Bench',
      lastName: `Patient ${n}-${b}`,
      email: `bench-${tag}-${n}-${b}@example.com`,
      phone: '+234 803 555 0100',
      gender: 'female',
    });
    const stay = await post<{ id: string }>(`${origin}/api/stays`, who.doctor, {
      patientId: patient.id,
      bedId: bed.id,
      doctorId: who.doctorId,
      reason: 'Bench admission',
    });
    stayIds.push(stay.id);
  }
  return { wardId: ward.id, stayIds };
}

/** An open live stream: counts the `wards` events it receives, and when each arrived. */
function openBoard(url: string, headers: Headers) {
  const arrivals: number[] = [];
  const controller = new AbortController();
  const ready = fetch(url, { headers, signal: controller.signal }).then(async (res) => {
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
          for (const message of messages) if (message.startsWith('event: wards')) arrivals.push(at);
        }
      } catch {
        // Aborted at the end of the row.
      }
    })();
  });
  return { ready, arrivals, close: () => controller.abort() };
}

/** Resolves when every board has received more than `counts` events; answers the latest first arrival. */
async function allReceived(boards: ReturnType<typeof openBoard>[], counts: number[], timeoutMs = 10_000) {
  const end = performance.now() + timeoutMs;
  while (boards.some((b, i) => b.arrivals.length <= (counts[i] ?? 0))) {
    if (performance.now() > end) throw new Error('a live event did not reach every board');
    await new Promise((resolve) => setImmediate(resolve));
  }
  return Math.max(...boards.map((b, i) => b.arrivals[counts[i] ?? 0] ?? 0));
}

export async function wardBoardRows(origin: string): Promise<BenchRow[]> {
  const admin = await token(origin, 'admin@carepoint.example');
  const doctor = await token(origin, 'doctor@carepoint.example');
  const nurse = await token(origin, 'nurse@carepoint.example');
  const me = (await (await fetch(`${origin}/api/auth/me`, { headers: doctor })).json()) as {
    user: { id: string };
  };
  const tag = Date.now().toString(36);
  const wards = [];
  for (let n = 1; n <= WARDS; n += 1)
    wards.push(await benchWard(origin, tag, n, { admin, doctor, doctorId: me.user.id }));

  const boards = Array.from({ length: BOARDS }, () => openBoard(`${origin}/api/nurse/events`, nurse));
  await Promise.all(boards.map((b) => b.ready));
  const boardUrls = wards.map((w) => `${origin}/api/wards/${w.wardId}/board`);
  await readLoad(boardUrls, nurse, READERS); // warm-up
  const read = await readLoad(boardUrls, nurse, READERS);

  const latencies: number[] = [];
  for (let i = 0; i < DOSES; i += 1) {
    const stayId = wards[i % WARDS]?.stayIds[i] ?? '';
    let counts = boards.map((b) => b.arrivals.length);
    const order = await post<{ id: string }>(`${origin}/api/stays/${stayId}/medication-orders`, doctor, {
      medicine: 'Paracetamol',
      dose: '1 g',
      route: 'Oral',
      kind: 'prn',
      minIntervalHours: 4,
      maxPerDay: 4,
      startsAt: '2020-01-01T00:00',
    });
    await allReceived(boards, counts); // the order's own event, before the dose is timed
    counts = boards.map((b) => b.arrivals.length);
    const start = performance.now();
    await post(`${origin}/api/medication-orders/${order.id}/administrations`, nurse, { outcome: 'Given' });
    latencies.push((await allReceived(boards, counts)) - start);
  }
  for (const b of boards) b.close();
  const worst = Math.max(...latencies);
  const beds = WARDS * BEDS_PER_WARD;
  return [
    {
      measure: `embedded API: a ward board (${beds} beds in ${WARDS} wards), ${BOARDS} boards open, ${READERS} readers`,
      budget: `p95 < ${BOARD_BUDGET_MS} ms, none failed`,
      result: `p95 ${read.p95.toFixed(1)} ms, p50 ${read.p50.toFixed(1)} ms, ${read.count} reads, ${read.failed} failed`,
      pass: read.p95 < BOARD_BUDGET_MS && read.failed === 0,
    },
    {
      measure: `embedded API: a recorded dose reaches all ${BOARDS} open boards (worst of ${DOSES})`,
      budget: `< ${DOSE_BUDGET_MS} ms`,
      result: `worst ${worst.toFixed(1)} ms, median ${[...latencies].sort((a, b) => a - b)[Math.floor(DOSES / 2)]?.toFixed(1)} ms`,
      pass: worst < DOSE_BUDGET_MS,
    },
  ];
}

/** `npx tsx bench/ward-board.ts <origin>`: the rows alone, against a server already running with demo data. */
if (process.argv[1]?.endsWith('ward-board.ts') && process.argv[2]) {
  console.log(await wardBoardRows(process.argv[2]));
}
