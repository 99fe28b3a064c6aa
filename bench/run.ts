/**
 * Checks ARCHITECTURE.md's budgets on this machine, against loopback only:
 *  1. the built server's start with demo data on a fresh embedded data directory, from process
 *     start to the first healthy /api/health, and its resident memory (every process of its tree);
 *     then `npm start` again on that data (answering, and memory of npm and the server together);
 *  2. an authenticated page of 20 patients from 100,000 on PostgreSQL at 50 connections,
 *     against a bare node:http JSON server in the same run (req/s ratio, p99);
 *  3. patient name search over 1,000,000 patients: p95 over a mix of terms, broad ones included.
 * BENCH_DATABASE_URL (default: the local server) names a server where it may create and drop
 * the database carepoint_bench. BENCH_SECONDS and BENCH_SEARCH_PATIENTS shorten a run;
 * `--start-only` measures only the start (1).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const searchPatients = Number(process.env.BENCH_SEARCH_PATIENTS ?? 1_000_000);
const PORT = 34_600;
const BASELINE_PORT = 34_601;

const startOnly = process.argv.includes('--start-only');

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
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, readyMs: Math.round(performance.now() - started) };
    await new Promise((r) => setTimeout(r, 25));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-(child.pid ?? 0), 'SIGTERM');
  });

async function adminToken() {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@carepoint.example', password: 'carepoint-demo' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Adds patients straight in SQL: names from small lists, so searches match realistic shares. */
async function addPatients(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const first = [
    'Ade',
    'Chioma',
    'Ibrahim',
    'Ngozi',
    'Tunde',
    'Fatima',
    'Emeka',
    'Zainab',
    'Kelechi',
    'Amaka',
  ];
  const last = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Nwosu', 'Musa', 'Obi', 'Lawal', 'Ajayi', 'Okeke'];
  await client.query(
    `insert into users (email, password_hash, role, first_name, last_name, date_of_birth)
     select 'bench' || n || '-' || md5(random()::text) || '@bench.example', 'x', 'patient',
            ($1::text[])[1 + n % 10] || chr(97 + n % 26) || chr(97 + (n / 26) % 26),
            ($2::text[])[1 + (n / 10) % 10] || chr(97 + (n / 676) % 26),
            date '1940-01-01' + (n % 29000)
     from generate_series(1, $3::int) as n`,
    [first, last, count],
  );
  await client.query('analyze users');
  await client.end();
}

async function baselineServer() {
  const body = JSON.stringify({
    data: Array.from({ length: 20 }, (_, i) => ({
      id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
      fullName: `Patient Number${i}`,
      email: `patient${i}@example.org`,
      age: 40,
      status: 'Outpatient',
    })),
    pagination: { page: 1, limit: 20, total: 100000, totalPages: 5000, prevPage: null, nextPage: 2 },
  });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(BASELINE_PORT, '127.0.0.1', resolve));
  return server;
}

const load = (url: string, headers: Record<string, string> = {}) =>
  autocannon({ url, connections: 50, duration: seconds, headers });

async function searchP95(token: string, samples: number) {
  const terms = ['ade', 'oka', 'chi', 'musa', 'ngoz', 'bello', 'emeka', 'obi', 'zainab', 'lawa'];
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const q = terms[i % terms.length] ?? 'ade';
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/admin/patients?q=${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(samples * 0.5)] ?? 0, p95: times[Math.floor(samples * 0.95)] ?? 0 };
}

async function main() {
  const report: string[] = [];

  // 1. The built server (built if its sources changed, the template cluster prepared, as npm
  // start does) on a fresh embedded data directory; then `npm start` again on that data.
  node(['scripts/build.mjs', '--changed']);
  node(['apps/server/dist/prepare-embedded.js']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-bench-'));
  try {
    const embedded = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', DATABASE_URL: '' });
    const fresh = treeRss(embedded.child.pid ?? 0);
    await stop(embedded.child);
    report.push(
      `embedded start (built server), fresh data directory with demo data: ready in ${embedded.readyMs} ms ` +
        `(budget 5000), RSS ${fresh.mb} MB over ${fresh.processes} process(es) (budget 400)`,
    );
    const again = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, ['npm', 'start']);
    const againRss = treeRss(again.child.pid ?? 0);
    await stop(again.child);
    report.push(
      `npm start again on existing data: answering in ${again.readyMs} ms (budget 5000), ` +
        `RSS ${againRss.mb} MB over ${againRss.processes} processes`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (startOnly) return printReport(report);

  // 2. A page of 20 patients from 100,000 on PostgreSQL.
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists carepoint_bench with (force)');
  await admin.query('create database carepoint_bench');
  const benchUrl = new URL(serverUrl);
  benchUrl.pathname = '/carepoint_bench';
  const onPg = await startServer({
    DATABASE_URL: benchUrl.toString(),
    DEMO_DATA: 'true',
    DATABASE_POOL_SIZE: '20',
  });
  try {
    await addPatients(benchUrl.toString(), 100_000);
    const token = await adminToken();
    const baseline = await baselineServer();
    const bare = await load(`http://127.0.0.1:${BASELINE_PORT}/`);
    baseline.close();
    const app = await load(`http://127.0.0.1:${PORT}/api/admin/patients?page=2`, {
      authorization: `Bearer ${token}`,
    });
    const ratio = app.requests.average / bare.requests.average;
    report.push(
      `page of 20 from 100,000 patients, 50 connections, ${seconds} s: ${Math.round(app.requests.average)} req/s ` +
        `vs bare node:http ${Math.round(bare.requests.average)} req/s = ${(ratio * 100).toFixed(1)}% (budget 30%); ` +
        `p99 ${app.latency.p99} ms (budget 50); non-2xx ${app.non2xx}`,
    );

    // 3. Name search over 1,000,000 patients.
    await addPatients(benchUrl.toString(), searchPatients - 100_000);
    const search = await searchP95(token, 200);
    report.push(
      `name search over ${searchPatients.toLocaleString('en-US')} patients (3+ characters, broad terms included): ` +
        `p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms (budget 50)`,
    );
  } finally {
    await stop(onPg.child);
    await admin.query('drop database if exists carepoint_bench with (force)');
    await admin.end();
  }
  printReport(report);
}

function printReport(report: string[]) {
  console.log(`\nCarePoint bench (${os.cpus().length} cores)\n${report.map((l) => `- ${l}`).join('\n')}`);
}

await main();
