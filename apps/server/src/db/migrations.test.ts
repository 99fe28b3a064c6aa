import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgresDatabase, testPostgresUrl } from '../../test/helpers';
import { copyPgliteTemplate } from './pglite-template';

/*
 * Migrations are append-only and run on databases that hold a clinic's data: each one is
 * checked by migrating a database that an older release left, with rows in it.
 */

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');
/** Temporary directories, removed after the tests. */
const folders: string[] = [];

/** The migrations' journal: their tags in the order they run. */
const readJournal = () =>
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };

/** A migrations folder with only the first `count` migrations: the database as an older release left it. */
function firstMigrations(count: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-migrations-'));
  folders.push(dir);
  const journal = readJournal();
  const entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

interface RawDatabase {
  query<T>(sql: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database of this run's kind, with no migration applied yet. */
async function emptyDatabase(): Promise<RawDatabase> {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-migrate-'));
    folders.push(dir);
    copyPgliteTemplate(dir, 'bare'); // initdb once per install, not per database; no migration yet
    const client = new PGlite(dir, { extensions: { pg_trgm } });
    await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    return {
      query: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const scratch = await scratchPostgresDatabase(serverUrl);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  return {
    query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    async close() {
      await client.end();
      await scratch.drop();
    },
  };
}

let db: RawDatabase;
beforeAll(async () => {
  db = await emptyDatabase();
});
afterAll(async () => {
  await db?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const DOCTOR = '00000000-0000-4000-8000-000000000001';
const PATIENT = '00000000-0000-4000-8000-000000000002';
const INACTIVE = '00000000-0000-4000-8000-000000000003';
/** Inserts one appointment of the patient with the doctor; a null status leaves the column's default. */
const insertAppointment = (status: string | null, priority: string, startsAt: string, returning = '') =>
  db.query(
    `INSERT INTO appointments (patient_id, doctor_id, title, priority, date, time, starts_at, duration_minutes, status)
     VALUES ('${PATIENT}', '${DOCTOR}', 'Visit', '${priority}', '${startsAt.slice(0, 10)}',
             '${startsAt.slice(11, 19)}', '${startsAt}', 45, ${status ? `'${status}'` : 'DEFAULT'}) ${returning}`,
  );

describe('0001_enum_columns', () => {
  it('turns the text role, status and priority columns of a database with data into enums', async () => {
    await db.migrate(firstMigrations(1));
    await db.query(`
      INSERT INTO users (id, email, password_hash, role, first_name, last_name, status) VALUES
        ('${DOCTOR}', 'doctor@clinic.example', 'x', 'doctor', 'Dan', 'Doc', 'Active'),
        ('${PATIENT}', 'patient@clinic.example', 'x', 'patient', 'Pat', 'Ient', DEFAULT),
        ('${INACTIVE}', 'admin@clinic.example', 'x', 'admin', 'Ada', 'Min', 'Inactive')`);
    await insertAppointment(null, 'High', '2030-01-08T10:00:00Z');
    await insertAppointment('Cancelled', 'Low', '2030-01-08T10:00:00Z');
    await insertAppointment('Completed', 'Urgent', '2030-01-01T09:00:00Z');

    await db.migrate(migrationsFolder);

    expect(
      await db.query(
        'SELECT email, role::text, status::text, pg_typeof(role)::text AS type FROM users ORDER BY email',
      ),
    ).toEqual([
      { email: 'admin@clinic.example', role: 'admin', status: 'Inactive', type: 'user_role' },
      { email: 'doctor@clinic.example', role: 'doctor', status: 'Active', type: 'user_role' },
      { email: 'patient@clinic.example', role: 'patient', status: 'Active', type: 'user_role' },
    ]);
    expect(
      await db.query(
        `SELECT status::text, priority::text, pg_typeof(status)::text AS status_type,
                pg_typeof(priority)::text AS priority_type
           FROM appointments ORDER BY starts_at, status::text`,
      ),
    ).toEqual([
      {
        status: 'Completed',
        priority: 'Urgent',
        status_type: 'appointment_status',
        priority_type: 'appointment_priority',
      },
      {
        status: 'Cancelled',
        priority: 'Low',
        status_type: 'appointment_status',
        priority_type: 'appointment_priority',
      },
      {
        status: 'Pending',
        priority: 'High',
        status_type: 'appointment_status',
        priority_type: 'appointment_priority',
      },
    ]);
  });

  it('keeps the defaults, refuses values outside the lists and still refuses double booking', async () => {
    await db.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES ('new@clinic.example', 'x', 'patient', 'N', 'Ew')`,
    );
    expect(await db.query(`SELECT status::text FROM users WHERE email = 'new@clinic.example'`)).toEqual([
      { status: 'Active' },
    ]);
    await expect(
      db.query(
        `INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES ('x@clinic.example', 'x', 'janitor', 'X', 'Y')`,
      ),
    ).rejects.toThrow(/invalid input value for enum user_role/);
    await expect(insertAppointment(null, 'Critical', '2030-01-09T10:00:00Z')).rejects.toThrow(
      /invalid input value for enum appointment_priority/,
    );
    // The double-booking index, rebuilt over the enum: a second active booking of the same start fails...
    await expect(insertAppointment('Confirmed', 'Low', '2030-01-08T10:00:00Z')).rejects.toThrow(
      /appointments_doctor_active_start_unique/,
    );
    // ...while a cancelled one there is still allowed, and a new booking starts Pending.
    await insertAppointment('Cancelled', 'Medium', '2030-01-08T10:00:00Z');
    expect(await insertAppointment(null, 'Medium', '2030-01-10T10:00:00Z', 'RETURNING status::text')).toEqual(
      [{ status: 'Pending' }],
    );
  });
});

describe('0005_outbox_without_body', () => {
  it('drops the bodies of stored mail (reset links) and keeps how each mail went', async () => {
    const old = await emptyDatabase();
    try {
      await old.migrate(firstMigrations(5));
      await old.query(`
        INSERT INTO outbox ("to", subject, body, sent_at) VALUES
          ('a@clinic.example', 'Reset your CarePoint password', 'https://x/reset-password?token=abc', now()),
          ('b@clinic.example', 'Reset your CarePoint password', 'https://x/reset-password?token=def', NULL)`);
      await old.migrate(migrationsFolder);
      expect(await old.query(`SELECT "to", delivery::text FROM outbox ORDER BY "to"`)).toEqual([
        { to: 'a@clinic.example', delivery: 'Sent' },
        { to: 'b@clinic.example', delivery: 'Server log' },
      ]);
      expect(
        await old.query(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'outbox' AND column_name = 'body'`,
        ),
      ).toEqual([]);
    } finally {
      await old.close();
    }
  });
});

describe('0007_invoices_billing', () => {
  it('keeps stored invoices, drops references to appointments that are gone and accepts Refunded', async () => {
    const old = await emptyDatabase();
    try {
      await old.migrate(firstMigrations(7));
      await old.query(`
        INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES
          ('${DOCTOR}', 'doctor@clinic.example', 'x', 'doctor', 'Dan', 'Doc'),
          ('${PATIENT}', 'patient@clinic.example', 'x', 'patient', 'Pat', 'Ient')`);
      await old.query(`
        INSERT INTO invoices (number, patient_id, doctor_id, appointment_id, issued_at, status, subtotal, tax, total) VALUES
          ('INV-1', '${PATIENT}', '${DOCTOR}', NULL, now(), 'Paid', 100000, 7500, 107500),
          ('INV-2', '${PATIENT}', '${DOCTOR}', '00000000-0000-4000-8000-0000000000ff', now(), 'Pending', 2000, 150, 2150)`);
      await old.migrate(migrationsFolder);
      expect(
        await old.query(
          `SELECT number, status::text, total::text, appointment_id, tax_rate, pg_typeof(total)::text AS type
             FROM invoices ORDER BY number`,
        ),
      ).toEqual([
        {
          number: 'INV-1',
          status: 'Paid',
          total: '107500',
          appointment_id: null,
          tax_rate: 0,
          type: 'bigint',
        },
        {
          number: 'INV-2',
          status: 'Pending',
          total: '2150',
          appointment_id: null,
          tax_rate: 0,
          type: 'bigint',
        },
      ]);
      await old.query(`UPDATE invoices SET status = 'Refunded' WHERE number = 'INV-1'`);
      await expect(old.query(`UPDATE invoices SET total = 1 WHERE number = 'INV-2'`)).rejects.toThrow(
        /invoices_total_sum/,
      );
    } finally {
      await old.close();
    }
  });
});

/** An empty database with the migrations before `tag` applied: what an older release left. */
async function databaseBefore(tag: string) {
  const old = await emptyDatabase();
  await old.migrate(firstMigrations(readJournal().entries.findIndex((e) => e.tag === tag)));
  return old;
}

describe('0027_session_public_id', () => {
  it('gives every running session a public id of its own, on a database an older release left', async () => {
    const old = await databaseBefore('0027_session_public_id');
    try {
      await old.query(`
        INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES
          ('00000000-0000-4000-8000-000000000001', 'a@clinic.example', 'x', 'patient', 'Ada', 'Obi')`);
      await old.query(`
        INSERT INTO sessions (token_hash, user_id, expires_at) VALUES
          ('hash-1', '00000000-0000-4000-8000-000000000001', now() + interval '1 day'),
          ('hash-2', '00000000-0000-4000-8000-000000000001', now() + interval '1 day')`);
      // The whole folder, as the new release runs it: 0027 must not be skipped for its journal time.
      await old.migrate(migrationsFolder);
      const rows = await old.query<{ id: string }>('SELECT id::text FROM sessions ORDER BY token_hash');
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.id)).size).toBe(2);
      for (const row of rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      await expect(
        old.query(`UPDATE sessions SET id = (SELECT id FROM sessions WHERE token_hash = 'hash-1')`),
      ).rejects.toThrow(/sessions_id_unique/);
    } finally {
      await old.close();
    }
  });
});

describe('0033_patient_record_number', () => {
  it('numbers the patients of an older database in order of registration, then id; staff get none', async () => {
    const old = await databaseBefore('0033_patient_record_number');
    try {
      // Inserted out of order: the numbers follow created_at, and the id among equal times.
      await old.query(`
        INSERT INTO users (id, email, password_hash, role, first_name, last_name, created_at) VALUES
          ('00000000-0000-4000-8000-000000000004', 'late@clinic.example', 'x', 'patient', 'Late', 'Obi', '2029-03-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000003', 'tie-b@clinic.example', 'x', 'patient', 'Tie', 'B', '2029-02-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000002', 'tie-a@clinic.example', 'x', 'patient', 'Tie', 'A', '2029-02-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000005', 'doctor@clinic.example', 'x', 'doctor', 'Doc', 'Tor', '2029-01-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000001', 'early@clinic.example', 'x', 'patient', 'Early', 'Eze', '2029-01-15T00:00:00Z')`);
      await old.migrate(migrationsFolder);
      const rows = await old.query<{ email: string; record_number: string | null }>(
        'SELECT email, record_number FROM users ORDER BY email',
      );
      expect(Object.fromEntries(rows.map((r) => [r.email, r.record_number]))).toEqual({
        'early@clinic.example': 'CP-000001',
        'tie-a@clinic.example': 'CP-000002',
        'tie-b@clinic.example': 'CP-000003',
        'late@clinic.example': 'CP-000004',
        'doctor@clinic.example': null,
      });
      // The next patient continues after the backfill; a doctor still gets none.
      await old.query(`
        INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES
          ('next@clinic.example', 'x', 'patient', 'Next', 'One'),
          ('nurse@clinic.example', 'x', 'admin', 'Ad', 'Min')`);
      const added = await old.query<{ email: string; record_number: string | null }>(
        `SELECT email, record_number FROM users WHERE email IN ('next@clinic.example', 'nurse@clinic.example') ORDER BY email`,
      );
      expect(added).toEqual([
        { email: 'next@clinic.example', record_number: 'CP-000005' },
        { email: 'nurse@clinic.example', record_number: null },
      ]);
      // Past a million the number grows a digit instead of being cut to six.
      await old.query(`SELECT setval('patient_record_number_seq', 1234566)`);
      await old.query(`
        INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES
          ('million@clinic.example', 'x', 'patient', 'Mill', 'Ion')`);
      const [million] = await old.query<{ record_number: string }>(
        `SELECT record_number FROM users WHERE email = 'million@clinic.example'`,
      );
      expect(million?.record_number).toBe('CP-1234567');
    } finally {
      await old.close();
    }
  });

  it('starts at CP-000001 on a database without patients', async () => {
    const fresh = await emptyDatabase();
    try {
      await fresh.migrate(migrationsFolder);
      await fresh.query(`
        INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES
          ('first-patient@clinic.example', 'x', 'patient', 'First', 'Patient')`);
      const [row] = await fresh.query<{ record_number: string }>('SELECT record_number FROM users');
      expect(row?.record_number).toBe('CP-000001');
    } finally {
      await fresh.close();
    }
  });
});

describe('0036_medicine_schedules', () => {
  it('keeps each stored medicine’s course as its days and dates the allergy overrides of an older database', async () => {
    const old = await databaseBefore('0036_medicine_schedules');
    try {
      await old.query(`
        INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES
          ('${DOCTOR}', 'doc@clinic.example', 'x', 'doctor', 'Doc', 'Tor'),
          ('${PATIENT}', 'pat@clinic.example', 'x', 'patient', 'Pat', 'Ient')`);
      await old.query(`
        INSERT INTO prescriptions (id, patient_id, doctor_id, acknowledged_allergies, updated_at) VALUES
          ('00000000-0000-4000-8000-0000000000a1', '${PATIENT}', '${DOCTOR}', '{Penicillin}', '2029-05-01T09:00:00Z'),
          ('00000000-0000-4000-8000-0000000000a2', '${PATIENT}', '${DOCTOR}', '{}', '2029-05-02T09:00:00Z')`);
      await old.query(`
        INSERT INTO prescription_medicines (prescription_id, position, name, dosage, duration, time, interval) VALUES
          ('00000000-0000-4000-8000-0000000000a1', 0, 'A', '1', 'Only one day', 'After Meal', 'Daily morning'),
          ('00000000-0000-4000-8000-0000000000a1', 1, 'B', '1', '3 Days', 'After Meal', 'As needed'),
          ('00000000-0000-4000-8000-0000000000a1', 2, 'C', '1', '7 Days', 'Before Meal', 'Daily evening'),
          ('00000000-0000-4000-8000-0000000000a2', 0, 'D', '1', '30 Days', 'Before Meal', 'Morning and evening')`);
      await old.migrate(migrationsFolder);
      const lines = await old.query<{ name: string; duration_days: number }>(
        'SELECT name, duration_days FROM prescription_medicines ORDER BY name',
      );
      expect(lines).toEqual([
        { name: 'A', duration_days: 1 },
        { name: 'B', duration_days: 3 },
        { name: 'C', duration_days: 7 },
        { name: 'D', duration_days: 30 },
      ]);
      const dated = await old.query<{ id: string; at: string | null }>(
        `SELECT id::text, to_char(allergies_acknowledged_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') AS at
         FROM prescriptions ORDER BY id`,
      );
      expect(dated.map((r) => r.at)).toEqual(['2029-05-01 09:00', null]);
      // The new intervals are accepted; a course outside 1-365 days is not.
      await old.query(
        `UPDATE prescription_medicines SET interval = 'Every 8 hours', duration_days = 365 WHERE name = 'A'`,
      );
      await expect(
        old.query(`UPDATE prescription_medicines SET duration_days = 0 WHERE name = 'B'`),
      ).rejects.toThrow(/prescription_medicines_duration_days/);
    } finally {
      await old.close();
    }
  });
});

describe('0041_nurse_role', () => {
  it('makes each nurse record an account with the role nurse, keeping its id, name, e-mail, department and status', async () => {
    const old = await databaseBefore('0041_nurse_role');
    try {
      await old.query(`
        INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES
          ('00000000-0000-4000-8000-000000000001', 'pat@clinic.example', 'x', 'patient', 'Pat', 'Obi')`);
      await old.query(`
        INSERT INTO nurses (id, full_name, email, department, status, created_at) VALUES
          ('00000000-0000-4000-8000-0000000000b1', '  Ada   Mary Nwosu ', 'Ada.Nwosu@Clinic.example', 'ICU', 'On Leave', '2029-02-01T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000b2', 'Halima', 'halima@clinic.example', 'ER', 'On Duty', '2029-03-01T00:00:00Z')`);
      await old.migrate(migrationsFolder);
      expect(
        await old.query(
          `SELECT u.id::text, u.email, u.role::text, u.first_name, u.last_name, u.status::text,
                  u.record_number, n.department, n.status::text AS duty,
                  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD') AS created
             FROM nurses n JOIN users u ON u.id = n.id ORDER BY u.email`,
        ),
      ).toEqual([
        {
          id: '00000000-0000-4000-8000-0000000000b1',
          email: 'ada.nwosu@clinic.example',
          role: 'nurse',
          first_name: 'Ada',
          last_name: 'Mary Nwosu',
          status: 'Active',
          record_number: null,
          department: 'ICU',
          duty: 'On Leave',
          created: '2029-02-01',
        },
        {
          id: '00000000-0000-4000-8000-0000000000b2',
          email: 'halima@clinic.example',
          role: 'nurse',
          first_name: 'Halima',
          last_name: '',
          status: 'Active',
          record_number: null,
          department: 'ER',
          duty: 'On Duty',
          created: '2029-03-01',
        },
      ]);
      // The rebuilt enum, triggers and check still hold: a new patient is numbered, a nurse is not.
      await old.query(`
        INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES
          ('new@clinic.example', 'x', 'patient', 'New', 'Pat'), ('n2@clinic.example', 'x', 'nurse', 'N', 'Two')`);
      expect(
        await old.query(`SELECT email, record_number FROM users WHERE email LIKE 'n%' ORDER BY email`),
      ).toEqual([
        { email: 'n2@clinic.example', record_number: null },
        { email: 'new@clinic.example', record_number: 'CP-000002' },
      ]);
      // A staff record is an account's: none without one, and it goes with its account.
      await expect(
        old.query(
          `INSERT INTO nurses (id, department) VALUES ('00000000-0000-4000-8000-0000000000c9', 'ER')`,
        ),
      ).rejects.toThrow(/nurses_id_users_id_fk/);
      await old.query(`DELETE FROM users WHERE id = '00000000-0000-4000-8000-0000000000b2'`);
      expect(await old.query('SELECT id::text FROM nurses')).toEqual([
        { id: '00000000-0000-4000-8000-0000000000b1' },
      ]);
    } finally {
      await old.close();
    }
  });

  it('stops, changing nothing, when a nurse has the e-mail of another account', async () => {
    const old = await databaseBefore('0041_nurse_role');
    try {
      await old.query(`
        INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES
          ('same@clinic.example', 'x', 'doctor', 'Dan', 'Doc')`);
      await old.query(
        `INSERT INTO nurses (full_name, email, department) VALUES ('Same Person', 'Same@clinic.example', 'ER')`,
      );
      // Drizzle names the failed statement; the database's own message (its cause) names the address.
      const failure = await old.migrate(migrationsFolder).then(
        () => null,
        (error: Error) => error,
      );
      expect((failure?.cause as Error | undefined)?.message).toMatch(
        /The nurse same@clinic\.example has the e-mail/i,
      );
      expect(await old.query('SELECT full_name FROM nurses')).toEqual([{ full_name: 'Same Person' }]);
    } finally {
      await old.close();
    }
  });
});

describe('0044_wards', () => {
  it('moves every existing bed, with its status and patient, into the default General Ward', async () => {
    const old = await databaseBefore('0044_wards');
    try {
      await old.query(`
        INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES
          ('${PATIENT}', 'in-bed@clinic.example', 'x', 'patient', 'In', 'Bed')`);
      await old.query(`
        INSERT INTO beds (label, status, patient_id) VALUES
          ('Ward A-01', 'Occupied', '${PATIENT}'), ('Ward A-02', 'Free', NULL), ('ICU-1', 'Occupied', NULL)`);
      await old.migrate(migrationsFolder);
      const wards = await old.query<{ name: string; kind: string; sex_rule: string; is_default: boolean }>(
        'SELECT name, kind, sex_rule, is_default FROM wards',
      );
      expect(wards).toEqual([{ name: 'General Ward', kind: 'General', sex_rule: 'Mixed', is_default: true }]);
      const beds = await old.query<{
        label: string;
        status: string;
        patient_id: string | null;
        ward: string;
      }>(
        'SELECT label, status, patient_id, w.name AS ward FROM beds JOIN wards w ON w.id = beds.ward_id ORDER BY label',
      );
      expect(beds).toEqual([
        { label: 'ICU-1', status: 'Occupied', patient_id: null, ward: 'General Ward' },
        { label: 'Ward A-01', status: 'Occupied', patient_id: PATIENT, ward: 'General Ward' },
        { label: 'Ward A-02', status: 'Free', patient_id: null, ward: 'General Ward' },
      ]);
      // A bed written without a ward goes to the default ward; a Cleaning bed never names a patient.
      await old.query(`INSERT INTO beds (label) VALUES ('No ward named')`);
      const [added] = await old.query<{ ward: string }>(
        `SELECT w.name AS ward FROM beds JOIN wards w ON w.id = beds.ward_id WHERE label = 'No ward named'`,
      );
      expect(added?.ward).toBe('General Ward');
      await expect(
        old.query(`UPDATE beds SET status = 'Cleaning' WHERE label = 'Ward A-01'`),
      ).rejects.toThrow();
    } finally {
      await old.close();
    }
  });
});
