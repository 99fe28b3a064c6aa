/**
 * `npx tsx bench/fhir-patient-search.ts`: FHIR Patient searches over 1,000,000 patients on
 * PostgreSQL (issue #13: a name search stays under 50 ms p95). Creates the scratch database
 * carepoint_fhir_bench on BENCH_DATABASE_URL's server (default: the local one), fills it with
 * bench/data.ts's patients, then answers each search BENCH_REPEAT times (default 200) through the
 * whole app in-process (app.inject: routing, session, parsing, SQL, Bundle, audit row) and prints
 * p50/p95 per search, with Bundle.total as answered. Drops the database at the end.
 */
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { FHIR_PATIENT_SEARCHES, insertPatientsSql } from './data';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(process.env.BENCH_LARGE ?? 1_000_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 200);
const name = 'carepoint_fhir_bench';
/** A patient in the middle of the table, looked up by e-mail and phone (in both its written forms). */
const SAMPLE = "select email, phone from users where email like '%123457@example.com'";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  try {
    const raw = new pg.Client({ connectionString: url.toString() });
    await raw.connect();
    const started = Date.now();
    // Written without the secondary indexes, then each built once from its own definition.
    const { rows: indexes } = await raw.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where tablename = 'users' and indexname not in ('users_pkey', 'users_email_unique')`,
    );
    for (const index of indexes) await raw.query(`drop index ${index.name}`);
    for (let from = 1; from <= size; from += 100_000) {
      await raw.query(insertPatientsSql(from, Math.min(size, from + 99_999)));
    }
    await raw.query(`set maintenance_work_mem = '256MB'`);
    for (const index of indexes) await raw.query(index.definition);
    await raw.query('vacuum analyze users');
    console.log(`${size} patients in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const password = 'bench-password-1';
    await database.db.insert(users).values({
      email: 'bench.doctor@example.com',
      role: 'doctor',
      firstName: 'Bench',
      lastName: 'Doctor',
      passwordHash: await hashPassword(password),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench.doctor@example.com', password },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };

    const { rows: sample } = await raw.query<{ email: string; phone: string }>(SAMPLE);
    const { email, phone } = sample[0] ?? { email: '', phone: '' };
    const digits = phone.replace(/\D/g, '');
    const searches = [
      ...FHIR_PATIENT_SEARCHES,
      `email=${encodeURIComponent(email.toUpperCase())}`,
      `phone=${encodeURIComponent(phone)}`,
      `phone=0${digits.slice(3)}`,
    ];
    console.log('| search | total | entries | p50 ms | p95 ms |');
    console.log('|---|---|---|---|---|');
    for (const query of searches) {
      const times: number[] = [];
      let summary = '';
      for (let i = 0; i < repeat + 20; i += 1) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/fhir/R4/Patient?${query}`, headers });
        const elapsed = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
        // The first 20 warm the caches and plans.
        if (i >= 20) times.push(elapsed);
        const bundle = res.json<{ total?: number; entry?: unknown[] }>();
        summary = `${bundle.total ?? '(over the cap)'} | ${bundle.entry?.length ?? 0}`;
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${query} | ${summary} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
      );
    }
    await raw.end();
    await app.close();
  } finally {
    await database.close();
    // BENCH_KEEP=1 keeps the database for EXPLAIN; the next run drops it first.
    if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
