import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  scratchPostgresDatabase,
  serviceContext,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../../db/client';
import { copyPgliteTemplate } from '../../db/pglite-template';
import { appointments } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { DEMO_PASSWORD } from '../../db/seed/accounts';
import { serverDir } from '../../server-dir';
import { verifyAuditChain } from '../audit';
import { queueAppointmentMessage } from '../notifications';
import { backUpStoppedDatabase } from './offline';
import { RestoreError, restoreBackup } from './restore';

/*
 * A backup holds everything and restores whole: every table of a database filled by the demo data
 * and the API (an uploaded report file among them) comes back row for row into a new embedded
 * data folder and into a new PostgreSQL database, where a restored account signs in and the file
 * downloads byte for byte. A truncated or damaged file, or a target that is not empty, is refused
 * and the target left as it was. Embedded only (vitest.config.ts): the PostgreSQL target is
 * TEST_DATABASE_URL's server, when set.
 */

const postgresServer = process.env.TEST_DATABASE_URL || undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-restore-'));
const DEMO = { admin: 'admin@carepoint.example', doctor: 'doctor@carepoint.example' };
/** A report file with every byte value in it, so the bytea column is checked for any content. */
const REPORT_FILE = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  randomBytes(4096),
]);

let source: TestApp;
let backupFile: string;
let attachmentId: string;
let fingerprints: Fingerprints;
const scratch: Array<{ drop(): Promise<void> }> = [];

type Fingerprints = Record<string, string>;

/** A statement's rows, on either database (both drivers answer `{ rows }`). */
async function rows<Row>(db: Pick<Database, 'execute'>, query: string): Promise<Row[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows;
}

/**
 * Every table's row count and the md5 of its rows' text in a fixed order, and every sequence's
 * position, under the same output settings on both databases.
 */
async function fingerprint(db: Database): Promise<Fingerprints> {
  return db.transaction(async (tx) => {
    for (const setting of [
      "timezone = 'UTC'",
      "datestyle = 'ISO, YMD'",
      'extra_float_digits = 1',
      "intervalstyle = 'postgres'",
      "bytea_output = 'hex'",
    ]) {
      await tx.execute(sql.raw(`set local ${setting}`));
    }
    const tables = await rows<{ name: string }>(
      tx,
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname in ('public', 'drizzle') order by 1`,
    );
    const result: Fingerprints = {};
    for (const { name } of tables) {
      const [row] = await rows<{ n: number; sum: string }>(
        tx,
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum
         from ${name} t`,
      );
      result[name] = `${row?.n} rows, md5 ${row?.sum}`;
    }
    const sequences = await rows<{ name: string; last: string | null }>(
      tx,
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last
       from pg_sequences where schemaname in ('public', 'drizzle')`,
    );
    for (const { name, last } of sequences) result[`sequence ${name}`] = last ?? '0';
    return result;
  });
}

async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: object,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

beforeAll(async () => {
  // The app's own mailer, so mail goes to the outbox table too.
  source = await createTestApp({ mail: 'app' });
  await seedDemoData(serviceContext(source));
  // What the demo data leaves empty: sessions, a profile picture, a reset request and its mail,
  // a setting, a queued appointment e-mail; and the report file this test downloads after the restore.
  const doctor = await signIn(source, { email: DEMO.doctor }, DEMO_PASSWORD);
  const admin = await signIn(source, { email: DEMO.admin }, DEMO_PASSWORD);
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
  await source.app.inject({
    method: 'PUT',
    url: '/api/user/profile/image',
    headers: { ...doctor, 'content-type': 'image/png' },
    payload: png,
  });
  await call(source, 'POST', '/api/auth/forgot-password', {}, { email: 'patient@carepoint.example' });
  await source.settle();
  await call(source, 'PUT', '/api/admin/settings/target-wait', admin, { targetWaitMin: 25 });
  const reports = (await call(source, 'GET', '/api/doctor/reports?kind=investigation', doctor)).json<{
    data: Array<{ id: string }>;
  }>();
  const reportId = reports.data[0]?.id ?? '';
  const uploaded = await source.app.inject({
    method: 'POST',
    url: `/api/doctor/reports/${reportId}/attachments?name=${encodeURIComponent('scan results.pdf')}`,
    headers: { ...doctor, 'content-type': 'application/pdf' },
    payload: REPORT_FILE,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  attachmentId = uploaded.json<{ id: string }>().id;
  // An appointment e-mail in the queue (the demo data books none through the app).
  const [appointment] = await source.database.db.select({ id: appointments.id }).from(appointments).limit(1);
  await queueAppointmentMessage(serviceContext(source), appointment?.id ?? '', 'confirmed');

  // What sign-in factors, SMART apps and bulk exports keep, written straight to their tables:
  // this test is about every table crossing a backup and restore, not about those features.
  const patient = sql`(select id from users where email = 'patient@carepoint.example')`;
  for (const statement of [
    sql`insert into user_totp (user_id, secret_encrypted, confirmed_at) values (${patient}, 'sealed', now())`,
    sql`insert into recovery_codes (user_id, code_hash) values (${patient}, 'code-hash')`,
    sql`insert into second_factor_failures (user_id, failures) values (${patient}, 2)`,
    sql`insert into sign_in_challenges (token_hash, user_id, expires_at) values ('challenge-hash', ${patient}, now())`,
    sql`insert into passkeys (user_id, credential_id, public_key, name) values (${patient}, 'credential', 'key', 'Laptop')`,
    sql`insert into webauthn_challenges (challenge, purpose, expires_at) values ('challenge', 'sign-in', now())`,
    sql`insert into smart_apps (id, name, kind, scopes) values ('7e57a990-0000-4000-8000-000000000001', 'Growth charts', 'public', '{patient/*.rs}')`,
    sql`insert into smart_assertion_ids (app_id, jti, expires_at) values ('7e57a990-0000-4000-8000-000000000001', 'jti', now())`,
    sql`insert into smart_authorization_codes (code_hash, app_id, user_id, redirect_uri, scopes, code_challenge, expires_at)
      values ('code', '7e57a990-0000-4000-8000-000000000001', ${patient}, 'https://app.example/cb', '{patient/*.rs}', 'pkce', now())`,
    sql`insert into smart_grants (app_id, user_id, scopes, expires_at) values ('7e57a990-0000-4000-8000-000000000001', ${patient}, '{patient/*.rs}', now())`,
    sql`insert into smart_signing_keys (kid, private_jwk, public_jwk) values ('kid', '{}', '{}')`,
    sql`insert into smart_tokens (token_hash, kind, app_id, scopes, expires_at) values ('token', 'access', '7e57a990-0000-4000-8000-000000000001', '{patient/*.rs}', now())`,
    sql`insert into bulk_exports (id, requester_id, level, types, request_url, expires_at, status)
      values ('7e57a990-0000-4000-8000-000000000002', ${patient}, 'system', '{Patient}', '/fhir/R4/$export', now(), 'completed')`,
    sql`insert into bulk_export_files (export_id, resource_type, batch, resources, ndjson) values ('7e57a990-0000-4000-8000-000000000002', 'Patient', 1, 0, '')`,
    // A laboratory order through to a critical result filed from an analyser, corrected once.
    sql`insert into lab_orders (id, requisition_id, patient_id, requester_id, priority, state, specimen_type, container)
      values ('7e57a990-0000-4000-8000-000000000003', '7e57a990-0000-4000-8000-000000000004', ${patient},
        (select id from users where email = 'doctor@carepoint.example'), 'STAT', 'Verified', 'SER', 'Plain (red top)')`,
    sql`insert into lab_order_tests (order_id, test_id)
      values ('7e57a990-0000-4000-8000-000000000003', (select id from lab_tests where code = 'K'))`,
    sql`insert into lab_specimens (id, order_id, accession, specimen_type, container, collected_at, collected_by)
      values ('7e57a990-0000-4000-8000-000000000005', '7e57a990-0000-4000-8000-000000000003', 'LAB-2026-999999',
        'SER', 'Plain (red top)', now(), (select id from users where email = 'lab@carepoint.example'))`,
    sql`insert into hl7_messages (id, received_at, raw, state, ack_code, specimen_id)
      values ('7e57a990-0000-4000-8000-000000000006', now(), 'MSH|^~\\&|', 'Filed', 'AA', '7e57a990-0000-4000-8000-000000000005')`,
    sql`insert into lab_results (id, order_id, specimen_id, test_id, patient_id, value_quantity, unit, interpretation,
        status, source, hl7_message_id, entered_at, verified_by, verified_at)
      values ('7e57a990-0000-4000-8000-000000000007', '7e57a990-0000-4000-8000-000000000003', '7e57a990-0000-4000-8000-000000000005',
        (select id from lab_tests where code = 'K'), ${patient}, 6.8, 'mmol/L', 'HH', 'final', 'analyser',
        '7e57a990-0000-4000-8000-000000000006', now(), (select id from users where email = 'lab@carepoint.example'), now())`,
    sql`insert into lab_critical_alerts (result_id, patient_id, doctor_id, raised_at)
      values ('7e57a990-0000-4000-8000-000000000007', ${patient}, (select id from users where email = 'doctor@carepoint.example'), now())`,
    sql`insert into lab_result_notices (recipient_id, result_id, superseded_result_id)
      values ((select id from users where email = 'doctor@carepoint.example'), '7e57a990-0000-4000-8000-000000000007',
        '7e57a990-0000-4000-8000-000000000007')`,
    // A pharmacy batch received into the main store (the migration made the store).
    sql`insert into medicines (id, generic_name, strength, form, route, dispensing_unit)
      values ('7e57a990-0000-4000-8000-000000000008', 'Nitrofurantoin (backup check)', '100 mg', 'Capsule', 'Oral', 'capsule')`,
    sql`insert into stock_batches (id, medicine_id, batch_number, expiry_date, unit_cost)
      values ('7e57a990-0000-4000-8000-000000000009', '7e57a990-0000-4000-8000-000000000008', 'NF-001', '2031-01-31', 1500)`,
    sql`insert into stock_balances (store_id, batch_id, quantity)
      values ((select id from stores where kind = 'main'), '7e57a990-0000-4000-8000-000000000009', 100)`,
    sql`insert into stock_movements (operation_id, kind, store_id, batch_id, quantity, balance_after, supplier, performed_by, performed_at)
      values ('7e57a990-0000-4000-8000-00000000000a', 'receipt', (select id from stores where kind = 'main'),
        '7e57a990-0000-4000-8000-000000000009', 100, 100, 'Emzor', (select id from users where email = 'pharmacist@carepoint.example'), now())`,
    // One pack of it dispensed on a prescription line the demo data has not dispensed, with its charge.
    sql`insert into stock_movements (id, operation_id, kind, store_id, batch_id, quantity, balance_after, performed_by, performed_at)
      values ('7e57a990-0000-4000-8000-00000000000b', '7e57a990-0000-4000-8000-00000000000c', 'dispense',
        (select id from stores where kind = 'main'), '7e57a990-0000-4000-8000-000000000009', -1, 99,
        (select id from users where email = 'pharmacist@carepoint.example'), now())`,
    sql`update stock_balances set quantity = 99 where batch_id = '7e57a990-0000-4000-8000-000000000009'`,
    sql`insert into dispense_lines (id, prescription_id, prescription_medicine_id, medicine_id, quantity_prescribed, quantity_dispensed)
      select '7e57a990-0000-4000-8000-00000000000d', prescription_id, id, '7e57a990-0000-4000-8000-000000000008', 2, 1
      from prescription_medicines
      where id not in (select prescription_medicine_id from dispense_lines) order by id limit 1`,
    sql`insert into dispenses (id, prescription_id, patient_id, dispensed_by, dispensed_at, counselled, operation_id)
      select '7e57a990-0000-4000-8000-00000000000e', p.id, p.patient_id,
        (select id from users where email = 'pharmacist@carepoint.example'), now(), true, '7e57a990-0000-4000-8000-00000000000c'
      from prescriptions p where p.id = (select prescription_id from dispense_lines where id = '7e57a990-0000-4000-8000-00000000000d')`,
    sql`insert into dispense_items (id, dispense_id, dispense_line_id, batch_id, movement_id, quantity)
      values ('7e57a990-0000-4000-8000-00000000000f', '7e57a990-0000-4000-8000-00000000000e', '7e57a990-0000-4000-8000-00000000000d',
        '7e57a990-0000-4000-8000-000000000009', '7e57a990-0000-4000-8000-00000000000b', 1)`,
    sql`insert into charges (patient_id, payer_id, service_id, source, dispense_item_id, care_date, quantity,
        unit_price, amount, payer_amount, patient_amount, basis)
      select d.patient_id, (select id from payers where kind = 'self-pay'),
        (select id from billable_services where medicine_id = '7e57a990-0000-4000-8000-000000000008'), 'medicine',
        '7e57a990-0000-4000-8000-00000000000f', current_date, 1, 1500, 1500, 0, 1500, 'list'
      from dispenses d where d.id = '7e57a990-0000-4000-8000-00000000000e'`,
    // A coverage by an HMO with a pre-authorisation code for a service that HMO asks one for.
    sql`insert into payers (id, kind, name, code) values ('7e57a990-0000-4000-8000-000000000010', 'hmo', 'Restore HMO', 'RST-HMO')`,
    sql`insert into coverages (id, patient_id, payer_id, member_number, valid_from, share_kind, share_bp)
      select '7e57a990-0000-4000-8000-000000000011', id, '7e57a990-0000-4000-8000-000000000010', 'RST-0001', '2020-01-01', 'percent', 1000
      from users where email = 'patient@carepoint.example'`,
    sql`insert into payer_preauth_services (payer_id, service_id)
      select '7e57a990-0000-4000-8000-000000000010', id from billable_services where code = 'CONS-SPEC'`,
    sql`insert into coverage_preauths (coverage_id, service_id, code)
      select '7e57a990-0000-4000-8000-000000000011', id, 'PA-RESTORE' from billable_services where code = 'CONS-SPEC'`,
  ]) {
    await source.database.db.execute(statement);
  }

  // Nothing writes between this and the backup's copy of the database.
  fingerprints = await fingerprint(source.database.db);
  source.app.backups.start('manual', serviceContext(source));
  await source.app.backups.whenIdle();
  const overview = await source.app.backups.overview();
  if (overview.mode !== 'embedded' || !overview.backups[0]?.fileName) throw new Error('no backup');
  expect(overview.backups[0].result).toBe('succeeded');
  backupFile = path.join(overview.directory, overview.backups[0].fileName);
}, 180_000);

afterAll(async () => {
  await source?.close();
  for (const database of scratch) await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

it('the source has a row in every table', () => {
  const empty = Object.entries(tablesOf(fingerprints)).filter(([, value]) => value.startsWith('0 rows'));
  expect(empty).toEqual([]);
  expect(Object.keys(fingerprints)).toContain('drizzle.__drizzle_migrations');
  expect(Object.keys(fingerprints)).toContain('public.report_attachments');
});

it('holds the TOTP key kept in the database, so a restore brings it back (lib/stored-secrets.ts)', () => {
  expect(fingerprints['public.app_secrets']).toMatch(/^1 rows/);
});

const isSequence = (name: string) => name.startsWith('sequence ');
const tablesOf = (f: Fingerprints) =>
  Object.fromEntries(Object.entries(f).filter(([name]) => !isSequence(name)));

/**
 * The restored database as the server opens it: every row, a restored sign-in, the file byte for
 * byte. A sequence may come back further on, never behind: the backup copied the database as a
 * crash would leave it, and PostgreSQL's recovery moves sequences past the values it had logged
 * ahead (ids then skip a few numbers, as after a crash).
 */
async function expectRestored(database: DatabaseHandle) {
  const restored = await fingerprint(database.db);
  expect(tablesOf(restored)).toEqual(tablesOf(fingerprints));
  for (const [name, at] of Object.entries(fingerprints).filter(([key]) => isSequence(key))) {
    expect(Number(restored[name]), name).toBeGreaterThanOrEqual(Number(at));
  }
  // The audit trail comes back as one unbroken chain: the dump loads rows before their triggers.
  expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true });
  const t = await createTestApp({ database });
  try {
    const doctor = await signIn(t, { email: DEMO.doctor }, DEMO_PASSWORD);
    await signIn(t, { email: DEMO.admin }, DEMO_PASSWORD);
    const file = await call(t, 'GET', `/api/doctor/reports/attachments/${attachmentId}`, doctor);
    expect(file.rawPayload.equals(REPORT_FILE)).toBe(true);
  } finally {
    await t.close();
  }
}

/** `npm run restore -- <file>` as the operator runs it: a process of its own, on DATA_DIR. */
const restoreCommand = (file: string, dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/cli/restore.ts'), file], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: work },
    encoding: 'utf8',
  });

describe('into the embedded database', () => {
  const dataDir = path.join(work, 'embedded');

  it('`npm run restore` restores every row into an empty data folder, and the server opens it', async () => {
    const restored = restoreCommand(path.relative(work, backupFile), dataDir);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const tables = Object.keys(tablesOf(fingerprints)).length;
    expect(restored.stdout).toBe(
      `Restoring ${backupFile} into the embedded database in ${dataDir}…\n` +
        `Restored ${tables} tables into ${path.join(dataDir, 'pg')} in ${/in ([\d.]+) s/.exec(restored.stdout)?.[1]} s. ` +
        'Start the server as usual: it migrates the database if the backup is older.\n',
    );
    const database = await openPglite(dataDir);
    try {
      await expectRestored(database);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a data folder that holds a database, and changes nothing', async () => {
    const pgDir = path.join(dataDir, 'pg');
    const before = fs.readdirSync(pgDir, { recursive: true }).sort();
    await expect(restoreBackup(backupFile, { kind: 'embedded', dataDir })).rejects.toThrow(
      new RestoreError(
        `${pgDir} already holds a database. Restore only into an empty data folder: move ${pgDir} aside ` +
          '(or set DATA_DIR to a new folder) and run the restore again. Nothing was changed.',
      ),
    );
    expect(fs.readdirSync(pgDir, { recursive: true }).sort()).toEqual(before);
  });
});

describe.skipIf(!postgresServer)('into a PostgreSQL database', () => {
  let url: string;
  beforeAll(async () => {
    const database = await scratchPostgresDatabase(postgresServer ?? '');
    scratch.push(database);
    url = database.url;
  });

  it('restores every row into an empty database, and the server opens it', async () => {
    await restoreBackup(backupFile, { kind: 'postgres', url });
    const database = await openPostgres(url, 2);
    try {
      await expectRestored(database);
    } finally {
      await database.close();
    }
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    await expect(restoreBackup(backupFile, { kind: 'postgres', url })).rejects.toThrow(
      /^The database at .* is not empty \(\d+ tables and other relations, for example public\.\w+\)\. Restore only into a new, empty database \(createdb, then set DATABASE_URL to it\)\. Nothing was changed\.$/,
    );
  });
});

/** Damaged copies of the backup: cut in half, and one statement broken in the middle. */
function damaged() {
  const text = fs.readFileSync(backupFile, 'utf8');
  const truncated = path.join(work, 'truncated.sql');
  fs.writeFileSync(truncated, text.slice(0, Math.floor(text.length / 2)));
  const corrupt = path.join(work, 'corrupt.sql');
  const middle = text.indexOf('\nINSERT INTO ', Math.floor(text.length / 2));
  fs.writeFileSync(corrupt, `${text.slice(0, middle)}\nINSERT INTOO ${text.slice(middle + 13)}`);
  return { truncated, corrupt };
}

describe('a damaged backup', () => {
  it('is refused before anything is touched when it was cut short', async () => {
    const { truncated } = damaged();
    const dataDir = path.join(work, 'truncated');
    await expect(restoreBackup(truncated, { kind: 'embedded', dataDir })).rejects.toThrow(
      `${truncated} is incomplete: it does not end with pg_dump's "-- PostgreSQL database dump complete" line ` +
        '(the file was cut short, or changed). Use another backup. Nothing was changed.',
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('leaves an embedded target empty when a statement fails', async () => {
    const { corrupt } = damaged();
    const dataDir = path.join(work, 'corrupt');
    await expect(restoreBackup(corrupt, { kind: 'embedded', dataDir })).rejects.toThrow(
      /^The backup could not be restored: syntax error at or near "INTOO" at line \d+ of the backup\. Nothing was restored: .* is still empty\. The file is damaged; use another backup\.$/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it.skipIf(!postgresServer)('leaves a PostgreSQL target empty, whichever way it is damaged', async () => {
    const { truncated, corrupt } = damaged();
    const database = await scratchPostgresDatabase(postgresServer ?? '');
    scratch.push(database);
    await expect(restoreBackup(truncated, { kind: 'postgres', url: database.url })).rejects.toThrow(
      /is incomplete/,
    );
    await expect(restoreBackup(corrupt, { kind: 'postgres', url: database.url })).rejects.toThrow(
      /^The backup could not be restored: syntax error at or near "INTOO" at line \d+/,
    );
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      const { rows } = await check.query(
        `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname in ('public', 'drizzle')`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await check.end();
    }
  });
});

describe('an older backup', () => {
  it('made with the server stopped (npm run backup), is migrated when the server opens it', async () => {
    // A database migrated by the release before the latest migration, with a row in it.
    const journal = JSON.parse(
      fs.readFileSync(path.join(serverDir, 'drizzle/meta/_journal.json'), 'utf8'),
    ) as {
      entries: Array<{ tag: string }>;
    };
    const older = path.join(work, 'older-migrations');
    fs.mkdirSync(path.join(older, 'meta'), { recursive: true });
    const entries = journal.entries.slice(0, -1);
    fs.writeFileSync(path.join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries)
      fs.copyFileSync(path.join(serverDir, 'drizzle', `${tag}.sql`), path.join(older, `${tag}.sql`));
    const olderData = path.join(work, 'older-data');
    const pgDir = path.join(olderData, 'pg');
    copyPgliteTemplate(pgDir, 'bare');
    const client = new PGlite(pgDir, { extensions: { pg_trgm } });
    await client.exec('create extension if not exists pg_trgm');
    await migrate(drizzle({ client }), { migrationsFolder: older });
    await client.query(
      `insert into users (email, password_hash, role, first_name, last_name) values ('old@example.org', 'x', 'patient', 'Old', 'Backup')`,
    );
    await client.close();
    // Backed up as `npm run backup` does, the server stopped.
    const { file } = await backUpStoppedDatabase(olderData, path.join(olderData, 'backups'), 7);

    const dataDir = path.join(work, 'from-older');
    await restoreBackup(file, { kind: 'embedded', dataDir });
    const database = await openPglite(dataDir);
    try {
      const applied = await rows<{ n: number }>(
        database.db,
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
      expect(await rows(database.db, 'select email from users')).toEqual([{ email: 'old@example.org' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
