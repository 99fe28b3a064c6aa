/**
 * Rows for the embedded database's durable writes (apps/server/src/db/durable-pglite.ts):
 *  - the database alone, before and after: PGlite as it was (fsync off, nothing synced) against
 *    the durable PGlite (WAL synced by group commit), one small insert per commit, at 1 and 20
 *    concurrent writers, on temporary directories on this machine's disk;
 *  - the API: acknowledged writes (Add Bed, POST /api/admin/beds) on the running embedded server
 *    at 1 and 20 connections.
 * Each figure is measured in the same run as what it is compared with.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { DurablePGlite } from '../apps/server/src/db/durable-pglite';
import type { BenchRow } from './table';

const seconds = Math.max(3, Number(process.env.BENCH_SECONDS ?? 8) / 2);
const WRITERS = [1, 20] as const;

interface WriteFigures {
  perSecond: number;
  p99: number;
}

/** `writers` loops each inserting one row per commit for `seconds`: commits per second and p99 latency. */
async function insertLoad(client: PGlite, writers: number): Promise<WriteFigures> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const writer = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await client.query('insert into bench_writes (note) values ($1)', ['a bed was added']);
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(latencies.length / seconds),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

async function measureDatabase(open: (dir: string) => PGlite) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-bench-writes-'));
  const client = open(dir);
  try {
    await client.exec('create table bench_writes (id bigserial primary key, note text)');
    await insertLoad(client, 1); // warm-up
    const figures = new Map<number, WriteFigures>();
    for (const writers of WRITERS) figures.set(writers, await insertLoad(client, writers));
    return figures;
  } finally {
    await client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One writer waits for a disk flush per commit, whatever is done: its budget is the flush's
 * latency. Twenty share flushes (group commit), so they keep most of the unsynced throughput.
 */
const budgetFor = (writers: number) =>
  writers === 1
    ? { text: 'p99 < 10 ms', holds: (_ratio: number, p99: number) => p99 < 10 }
    : { text: '≥ 50% of before', holds: (ratio: number) => ratio >= 0.5 };

/** The database alone: the durable PGlite's commits against PGlite's unsynced ones. */
export async function walSyncRows(): Promise<BenchRow[]> {
  const before = await measureDatabase((dir) => new PGlite(dir));
  const after = await measureDatabase((dir) => new DurablePGlite(dir, {}));
  return WRITERS.map((writers) => {
    const b = before.get(writers) as WriteFigures;
    const a = after.get(writers) as WriteFigures;
    const ratio = a.perSecond / b.perSecond;
    return {
      measure: `embedded database, commits with ${writers} writer(s): durable vs fsync off (before)`,
      budget: budgetFor(writers).text,
      result: `${a.perSecond} / ${b.perSecond} commits/s = ${(ratio * 100).toFixed(0)}%, p99 ${a.p99.toFixed(1)} ms (before ${b.p99.toFixed(1)} ms)`,
      pass: budgetFor(writers).holds(ratio, a.p99),
    };
  });
}

/** The API's acknowledged writes (Add Bed) at 1 and 20 connections on the running embedded server. */
export async function apiWriteRows(origin: string): Promise<BenchRow[]> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@carepoint.example', password: 'carepoint-demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  const rows: BenchRow[] = [];
  let written = 0;
  for (const connections of WRITERS) {
    const result = await autocannon({
      url: `${origin}/api/admin/beds`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      // Each request a new label: beds' labels are unique.
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ label: `Bench ${connections}-${++written}` }),
          }),
        },
      ],
    });
    const failed = result.non2xx + result.errors;
    // Writes queue on the one embedded connection: at 20 connections a write waits for the others.
    const p99Budget = connections === 1 ? 50 : 500;
    rows.push({
      measure: `embedded API: acknowledged writes (Add Bed), ${connections} connection(s)`,
      budget: `p99 < ${p99Budget} ms, none failed`,
      result: `${Math.round(result.requests.average)} writes/s, p99 ${result.latency.p99} ms, ${failed} failed`,
      pass: result.latency.p99 < p99Budget && failed === 0,
    });
  }
  return rows;
}
