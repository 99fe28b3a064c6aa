/**
 * `npm run bench`: the budgets of docs/performance.md on this machine, over loopback, in one run and one
 * table (measure | budget | result | pass). Throughput is a ratio against a bare node:http JSON
 * server measured in the same run at the same connections; growth is a ratio between sizes.
 *  1. the built server's start with demo data on a fresh embedded data directory (time to the
 *     first healthy /api/health, resident memory of its process tree), then `npm start` again;
 *  2. embedded database (PGlite): a signed-in page of 20 from 100,000 patients, 10 connections
 *     (the app, the bare server and the load generator each in a process of its own); a backup
 *     of it (backups.ts); a FHIR bulk export of all of them (bulk-export.ts);
 *  3. PostgreSQL: the same page at 50 connections; the list's page 1 and page 500 at 10,000,
 *     100,000 and 1,000,000 patients (median latency, growth factor); patient search over
 *     1,000,000 patients for every kind of term (p95); the ICD-10-CM code search (p95, and
 *     its median against GET /api/auth/me's in the same run). The throughput rows ask for one page
 *     again and again, as a front desk's screens do, so the read cache serves them (each read
 *     still audited); the latency rows time every read as a cache miss (see latencies).
 * Row providers (BENCH_ROW_PROVIDERS below) add rows of their own against the embedded server.
 * BENCH_DATABASE_URL (default: the local server) names a server where it creates and drops the
 * scratch database carepoint_bench. BENCH_SECONDS (default 8) sets each load run;
 * BENCH_LARGE (default 1,000,000) the largest size; `--start-only` measures only (1) (with the
 * row providers); `--writes-only` only the durable writes (durable-writes.ts); `--backups-only`
 * only the backup at 100,000 patients and the reads while it runs (backups.ts);
 * `--bulk-export-only` only the FHIR bulk export of those 100,000 patients (bulk-export.ts);
 * `--throughput-only` only PostgreSQL's page of 20 from 100,000 patients under load;
 * `--pharmacy-only` only the pharmacy's rows (pharmacy.ts: 5,000 medicines on PostgreSQL, before
 * the patients grow) and the claims' (claims.ts: a month's claim of 5,000 encounters).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { assetRows } from './assets';
import { backupRows } from './backups';
import { billRows } from './billing-charges';
import { bulkExportRows } from './bulk-export';
import { claimsRows } from './claims';
import { DIAGNOSIS_CODE_SEARCH_TERMS, FHIR_PATIENT_SEARCHES, insertPatientsSql, SEARCH_TERMS } from './data';
import { apiWriteRows, walSyncRows } from './durable-writes';
import { HL7_BENCH_PORT, hl7OruRows } from './hl7-oru';
import { labRows } from './lab';
import { medicationRoundRows } from './medication-round';
import { pharmacyRows } from './pharmacy';
import { type BenchRow, type BenchRowProvider, formatTable, type Query } from './table';
import { wardBoardRows } from './ward-board';

/** Extra rows, measured against the embedded server with demo data (e.g. assetRows from ./assets). */
const BENCH_ROW_PROVIDERS: BenchRowProvider[] = [
  ...(process.argv.includes('--writes-only') ? [] : [assetRows]),
  apiWriteRows,
  ...(process.argv.includes('--writes-only')
    ? []
    : [medicationRoundRows, wardBoardRows, labRows, hl7OruRows, billRows]),
];

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const large = Number(process.env.BENCH_LARGE ?? 1_000_000);
// Below the ephemeral range (32768–60999): an outgoing connection may hold a port in it.
const PORT = 18_600;
const BASELINE_PORT = 18_601;
const origin = `http://127.0.0.1:${PORT}`;
const writesOnly = process.argv.includes('--writes-only');
const startOnly = writesOnly || process.argv.includes('--start-only');
const backupsOnly = process.argv.includes('--backups-only');
const bulkExportOnly = process.argv.includes('--bulk-export-only');
const throughputOnly = process.argv.includes('--throughput-only');
const pharmacyOnly = process.argv.includes('--pharmacy-only');
const rows: BenchRow[] = [];
const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Resident memory of a process and all its descendants (npm, sh, node…), from /proc. */
function treeRss(rootPid: number) {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the name before it may hold spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  let kb = 0;
  for (const pid of tree) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Ended meanwhile.
    }
  }
  return { mb: Math.round(kb / 1024), processes: tree.length };
}

const node = (args: string[]) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
};

/** Starts a server command (its own process group, so stopping it stops npm's children too). */
async function startServer(
  env: Record<string, string>,
  command = [process.execPath, 'apps/server/dist/main.js'],
) {
  const started = performance.now();
  const [file = process.execPath, ...args] = command;
  const child = spawn(file, args, {
    cwd: root,
    // No scheduled backup in the middle of a measurement (backups.ts measures one of its own).
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', BACKUP_EVERY_HOURS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, readyMs: Math.round(performance.now() - started) };
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Stops a child: a server started by startServer with its process group, another alone. */
const stop = (child: ChildProcess, group = true) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(group ? -(child.pid ?? 0) : (child.pid ?? 0), 'SIGTERM');
  });

/** Signs in a demo account (admin unless told) and answers its Authorization header. */
async function demoHeaders(email = 'admin@carepoint.example') {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'carepoint-demo' }),
  });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/**
 * A bare node:http server answering `body` (the app's own page, the same bytes), in a process of
 * its own: the ceiling of this machine. (In the bench's own process it shared its thread with the
 * load generator, which slowed it and flattered the app's ratio; its body was half the size.)
 */
async function bareServer(body: string) {
  const source = `require('node:http').createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(${JSON.stringify(body)});
    }).listen(${BASELINE_PORT}, '127.0.0.1', () => console.log('listening'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return child;
}

interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

/** autocannon in a process of its own (its command line, JSON out), apart from both servers. */
async function load(
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  duration = seconds,
) {
  const args = [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    ...['-c', String(connections), '-d', String(duration), '-j'],
    ...Object.entries(headers).flatMap(([key, value]) => ['-H', `${key}=${value}`]),
    url,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon ${url} exited with ${code}`);
  return JSON.parse(out) as LoadResult;
}

const WARM_UP_SECONDS = 3;

/**
 * Node's options for an instance on a PostgreSQL server, as docs/operations.md runs it: a larger
 * young generation (decision 0027). The embedded database's server runs as `npm start` does.
 */
const POSTGRES_INSTANCE_NODE_OPTIONS = ['--max-semi-space-size=64'];

/** Rounds of the throughput rows: the bare server and the app alternate, each measured this many times. */
const THROUGHPUT_ROUNDS = 3;

/**
 * The app's page of 20 against bare node:http, at the same connections: throughput ratio and
 * p99. Three processes, each on its own thread: the app, the bare server, the load generator.
 * The two servers take turns (bare, app, bare, app…), THROUGHPUT_ROUNDS times, and each round's
 * ratio compares the app with the bare server measured just before it: this machine's speed drifts
 * by a fifth from one minute to the next, so a single pair could land on either side of a budget.
 * The row shows the median round's ratio, and the worst p99 of all rounds.
 */
async function throughputRow(
  label: string,
  connections: number,
  headers: Record<string, string>,
  budget: { ratio: number; p99: number },
) {
  const url = `${origin}/api/admin/patients?page=2`;
  const baseline = await bareServer(await (await fetch(url, { headers })).text());
  const bareUrl = `http://127.0.0.1:${BASELINE_PORT}/`;
  const rounds: Array<{ app: number; bare: number; ratio: number }> = [];
  let p99 = 0;
  let errors = 0;
  try {
    // Each server warmed at the same load first (JIT, heap sizes), so neither is timed cold.
    await load(bareUrl, connections, {}, WARM_UP_SECONDS);
    await load(url, connections, headers, WARM_UP_SECONDS);
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      const bare = await load(bareUrl, connections);
      const app = await load(url, connections, headers);
      rounds.push({
        app: app.requests.average,
        bare: bare.requests.average,
        ratio: app.requests.average / bare.requests.average,
      });
      p99 = Math.max(p99, app.latency.p99);
      errors += app.non2xx + app.errors;
    }
  } finally {
    await stop(baseline, false);
  }
  // The median round by its ratio.
  const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  const ratio = middle?.ratio ?? 0;
  const each = rounds.map((r) => `${(r.ratio * 100).toFixed(1)}%`).join(', ');
  rows.push({
    measure: `${label}, ${connections} connections (req/s vs bare node:http, each in its own process; median of ${THROUGHPUT_ROUNDS} alternating rounds)`,
    budget: `≥ ${budget.ratio * 100}%`,
    result: `${Math.round(middle?.app ?? 0)} / ${Math.round(middle?.bare ?? 0)} = ${(ratio * 100).toFixed(1)}% (rounds: ${each})${errors ? ` (${errors} errors)` : ''}`,
    pass: ratio >= budget.ratio && errors === 0,
  });
  rows.push({
    measure: `${label}, ${connections} connections: p99 (worst round)`,
    budget: `< ${budget.p99} ms`,
    result: `${p99} ms`,
    pass: p99 < budget.p99,
  });
}

/**
 * Makes the next read a read cache miss: a change request that changes nothing (a logout
 * without a session) clears the instance's caches before it answers (lib/read-cache.ts); then
 * the session is looked up again (/api/auth/me), so the timed read finds it cached as usual.
 */
async function clearReadCache(headers: Record<string, string>) {
  await fetch(`${origin}/api/auth/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).then((r) => r.arrayBuffer());
  await fetch(`${origin}/api/auth/me`, { headers }).then((r) => r.arrayBuffer());
}

/** The value at quantile `q` of ascending `sorted` times. */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/**
 * Sequential requests: the median and 95th percentile of their times in ms, and the three URLs
 * of the highest median, so a missed budget names what to look at. Each is timed as a cache
 * miss (the read cache cleared just before, outside the timing): these rows measure what the
 * database path costs as data grows, not the memory that serves repeated reads.
 */
async function latencies(urls: readonly string[], headers: Record<string, string>) {
  const times: number[] = [];
  const byUrl = new Map<string, number[]>();
  for (const url of urls) {
    await clearReadCache(headers);
    const t0 = performance.now();
    const res = await fetch(`${origin}${url}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const elapsed = performance.now() - t0;
    times.push(elapsed);
    const own = byUrl.get(url) ?? [];
    own.push(elapsed);
    byUrl.set(url, own);
  }
  times.sort((a, b) => a - b);
  const slowest = [...byUrl]
    .map(([url, own]) => ({
      url,
      median: quantile(
        own.sort((a, b) => a - b),
        0.5,
      ),
    }))
    .sort((a, b) => b.median - a.median)
    .slice(0, 3);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), slowest };
}

/** The slowest searches' terms and medians, e.g. "chi ade 12.0 ms, 5512 9.1 ms". */
const slowestTerms = (slowest: { url: string; median: number }[]) =>
  slowest
    .map(({ url, median }) => `"${new URL(url, origin).searchParams.get('q')}" ${ms(median)}`)
    .join(', ');

const repeat = (url: string, n: number) => Array.from({ length: n }, () => url);

/**
 * A page's cost at one size: the lowest median of three rounds of 100 reads. The machine is
 * shared, and other work only ever adds time: one busy moment moved a single median of 200 by
 * a quarter between runs, more than the sizes differ.
 */
async function bestMedian(url: string, headers: Record<string, string>) {
  const medians: number[] = [];
  for (let round = 0; round < 3; round++) medians.push((await latencies(repeat(url, 100), headers)).p50);
  return Math.min(...medians);
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Adds patients up to `total` (counting from `have`) in batches of 100,000 rows. The rows go in
 * without the users table's secondary indexes, which are then built again from their own
 * definitions: building an index once is many times faster than updating it a million times,
 * and every size is then measured on freshly built indexes (before, 10,000 alone was measured
 * on indexes grown by inserts, and was often the slowest size).
 */
async function grow(query: Query, have: number, total: number) {
  const indexes = (
    await query(
      `select indexname as name, indexdef as definition from pg_indexes
       where tablename = 'users' and indexname not in ('users_pkey', 'users_email_unique')`,
    )
  ).rows as Array<{ name: string; definition: string }>;
  for (const { name } of indexes) await query(`drop index ${name}`);
  for (let from = have + 1; from <= total; from += 100_000) {
    await query(insertPatientsSql(from, Math.min(total, from + 99_999)));
  }
  await query(`set maintenance_work_mem = '256MB'`);
  for (const { definition } of indexes) await query(definition);
  // Every table, not only users: the demo data and the audit rows of earlier reads would
  // otherwise wake autovacuum in the middle of a measurement.
  await query('vacuum analyze');
}

async function startMeasures(dataDir: string) {
  const embedded = await startServer({
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DATABASE_URL: '',
    HL7_MLLP_PORT: String(HL7_BENCH_PORT),
  });
  const fresh = treeRss(embedded.child.pid ?? 0);
  try {
    for (const provider of BENCH_ROW_PROVIDERS) rows.push(...(await provider(origin)));
  } finally {
    await stop(embedded.child);
  }
  rows.push(
    {
      measure: 'embedded start, fresh data directory with demo data: ready',
      budget: '< 5000 ms',
      result: `${embedded.readyMs} ms`,
      pass: embedded.readyMs < 5000,
    },
    {
      measure: 'embedded start: resident memory, all processes',
      budget: '< 400 MB',
      result: `${fresh.mb} MB over ${fresh.processes} process(es)`,
      pass: fresh.mb < 400,
    },
  );
  const again = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, ['npm', 'start']);
  const againRss = treeRss(again.child.pid ?? 0);
  await stop(again.child);
  rows.push({
    measure: '`npm start` again on existing data: answering',
    budget: '< 5000 ms',
    result: `${again.readyMs} ms (${againRss.mb} MB over ${againRss.processes} processes)`,
    pass: again.readyMs < 5000,
  });
}

/** 2. The embedded database with 100,000 patients written straight into its data directory. */
async function embeddedMeasures(dataDir: string) {
  log('embedded: adding 100,000 patients');
  const client = new PGlite(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
  await grow((q) => client.query(q), 0, 100_000);
  await client.close();
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    const headers = await demoHeaders();
    if (!backupsOnly && !bulkExportOnly) {
      log('embedded: load');
      await throughputRow('embedded (PGlite): page of 20 from 100,000 patients', 10, headers, {
        ratio: 0.05,
        p99: 100,
      });
    }
    if (!bulkExportOnly) {
      log('embedded: a backup, and the reads while it runs');
      rows.push(...(await backupRows(origin, headers)));
    }
    if (!backupsOnly) {
      log('embedded: a FHIR bulk export of every patient');
      rows.push(...(await bulkExportRows(origin, headers, () => treeRss(server.child.pid ?? 0).mb)));
    }
  } finally {
    await stop(server.child);
  }
}

/** 3. PostgreSQL: throughput at 100,000, growth from 10,000 to `large`, search at `large`. */
async function postgresMeasures() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists carepoint_bench with (force)');
  await admin.query('create database carepoint_bench');
  const benchUrl = new URL(serverUrl);
  benchUrl.pathname = '/carepoint_bench';
  // Started as docs/operations.md starts an instance on a PostgreSQL server (decision 0027).
  const server = await startServer(
    { DATABASE_URL: benchUrl.toString(), DEMO_DATA: 'true', DATABASE_POOL_SIZE: '20' },
    [process.execPath, ...POSTGRES_INSTANCE_NODE_OPTIONS, 'apps/server/dist/main.js'],
  );
  const data = new pg.Client({ connectionString: benchUrl.toString() });
  await data.connect();
  try {
    if (!throughputOnly) {
      log('postgres: the pharmacy at 5,000 medicines');
      rows.push(...(await pharmacyRows(origin, (q) => data.query(q))));
      log("postgres: a month's claim of 5,000 encounters");
      rows.push(
        ...(await claimsRows(
          origin,
          (q) => data.query(q),
          () => treeRss(server.child.pid ?? 0).mb,
        )),
      );
    }
    if (pharmacyOnly) return;
    const headers = await demoHeaders();
    const sizes = throughputOnly ? [100_000] : [10_000, 100_000, large];
    const pages: Record<'first' | 'deep', number[]> = { first: [], deep: [] };
    let have = 0;
    for (const size of sizes) {
      log(`postgres: growing to ${size.toLocaleString('en-US')} patients`);
      await grow((q) => data.query(q), have, size);
      have = size;
      // Warm-up of both pages (JIT, pool, caches), so the first size is not measured cold: each
      // read here is a cache miss too, the database path the rows time.
      await latencies(
        [...repeat('/api/admin/patients?page=1', 300), ...repeat('/api/admin/patients?page=500', 300)],
        headers,
      );
      pages.first.push(await bestMedian('/api/admin/patients?page=1', headers));
      pages.deep.push(await bestMedian('/api/admin/patients?page=500', headers));
      if (size === 100_000) {
        log('postgres: load');
        await throughputRow('PostgreSQL: page of 20 from 100,000 patients', 50, headers, {
          ratio: 0.3,
          p99: 50,
        });
      }
    }
    if (throughputOnly) return;
    const sizeNames = sizes.map((s) => (s >= 1_000_000 ? `${s / 1_000_000}M` : `${s / 1000}k`)).join(' / ');
    for (const [key, label] of [
      ['first', 'page 1'],
      ['deep', 'page 500'],
    ] as const) {
      const times = pages[key];
      const growth = Math.max(...times) / Math.min(...times);
      rows.push({
        measure: `growth: admin patients ${label} at ${sizeNames} (best median of 3 × 100)`,
        budget: '≤ 1.5×',
        result: `${times.map(ms).join(' / ')} = ${growth.toFixed(2)}×`,
        pass: growth <= 1.5,
      });
    }
    log('postgres: search');
    const terms = SEARCH_TERMS.map((q) => `/api/admin/patients?q=${encodeURIComponent(q)}`);
    await latencies(terms, headers); // warm-up
    const search = await latencies(Array.from({ length: 8 }, () => terms).flat(), headers);
    rows.push({
      measure: `patient search over ${large.toLocaleString('en-US')} patients, ${SEARCH_TERMS.length} terms (words in any order, accents): p95`,
      budget: '< 20 ms',
      result: `${ms(search.p95)} (p50 ${ms(search.p50)}; slowest medians: ${slowestTerms(search.slowest)})`,
      pass: search.p95 < 20,
    });
    const doctorTerms = SEARCH_TERMS.map((q) => `/api/doctor/patients?scope=all&q=${encodeURIComponent(q)}`);
    const doctor = await demoHeaders('doctor@carepoint.example');
    await latencies(doctorTerms, doctor);
    const cards = await latencies(Array.from({ length: 4 }, () => doctorTerms).flat(), doctor);
    rows.push({
      measure: `doctor's Patient List search (all patients) over ${large.toLocaleString('en-US')}: p95`,
      budget: '< 50 ms',
      result: `${ms(cards.p95)} (p50 ${ms(cards.p50)})`,
      pass: cards.p95 < 50,
    });
    // The diagnosis picker's search against the same signed-in doctor's cheapest read of this
    // run (GET /api/auth/me: session, access, one row), so the ratio is the search's own cost.
    const codeSearches = DIAGNOSIS_CODE_SEARCH_TERMS.map(
      (q) => `/api/diagnosis-codes?q=${encodeURIComponent(q)}`,
    );
    const me = repeat('/api/auth/me', codeSearches.length);
    await latencies([...codeSearches, ...me], doctor);
    const codes = await latencies(Array.from({ length: 8 }, () => codeSearches).flat(), doctor);
    const baseline = await latencies(Array.from({ length: 8 }, () => me).flat(), doctor);
    const codeRatio = codes.p50 / baseline.p50;
    rows.push({
      measure: `ICD-10-CM code search, ${DIAGNOSIS_CODE_SEARCH_TERMS.length} terms (code, code start, title words): p95, and p50 against GET /api/auth/me`,
      budget: '< 20 ms, ≤ 3×',
      result: `${ms(codes.p95)} (p50 ${ms(codes.p50)} / ${ms(baseline.p50)} = ${codeRatio.toFixed(2)}×; slowest medians: ${slowestTerms(codes.slowest)})`,
      pass: codes.p95 < 20 && codeRatio <= 3,
    });
    const fhirSearches = FHIR_PATIENT_SEARCHES.map((q) => `/fhir/R4/Patient?${q}`);
    await latencies(fhirSearches, headers);
    const fhir = await latencies(Array.from({ length: 4 }, () => fhirSearches).flat(), headers);
    rows.push({
      measure: `FHIR Patient search over ${large.toLocaleString('en-US')} (name, family, given, birthdate): p95`,
      budget: '< 50 ms',
      result: `${ms(fhir.p95)} (p50 ${ms(fhir.p50)})`,
      pass: fhir.p95 < 50,
    });
  } finally {
    await data.end();
    await stop(server.child);
    await admin.query('drop database if exists carepoint_bench with (force)');
    await admin.end();
  }
}

async function main() {
  const started = performance.now();
  // The built server (built if its sources changed, the template cluster prepared, as npm start does).
  node(['scripts/build.mjs', '--changed']);
  node(['apps/server/dist/prepare-embedded.js']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-bench-'));
  try {
    if (throughputOnly || pharmacyOnly) {
      await postgresMeasures();
      return report(started);
    }
    if (backupsOnly || bulkExportOnly) {
      // The demo data, then the embedded measures' 100,000 patients and the backup's (or the
      // bulk export's) rows alone.
      await stop((await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', DATABASE_URL: '' })).child);
      await embeddedMeasures(dataDir);
      return report(started);
    }
    log('embedded start');
    await startMeasures(dataDir);
    log('embedded: durable commits, before and after');
    rows.push(...(await walSyncRows()));
    if (!startOnly) await embeddedMeasures(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!startOnly) await postgresMeasures();
  report(started);
}

function report(started: number) {
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\nCarePoint bench (${os.cpus().length} cores, ${minutes} min)\n${formatTable(rows)}`);
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

await main();
