import type { AdminPatient, PatientCard, PatientDetail, Profile } from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, client } from '../../../test/admin';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { users } from '../../db/schema';
import { patientMatches } from '../../lib/patient-search';

/*
 * Patient record numbers (decision 0026, migration 0033): the database gives every patient row
 * the next "CP-" number as it is inserted, whoever inserts it; staff have none. Admin and doctor
 * searches find a patient by it in any case.
 */

let t: TestApp;
let admin: AdminClient;
let patient: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  patient = await createUser(t, 'patient', { firstName: 'Kelechi', lastName: 'Numbered' });
});
afterAll(() => t.close());

const RECORD_NUMBER = /^CP-\d{6}$/;
const numberOf = async (email: string) => {
  const [row] = await t.database.db
    .select({ recordNumber: users.recordNumber })
    .from(users)
    .where(eq(users.email, email));
  return row?.recordNumber;
};

describe('assigning record numbers', () => {
  it('gives 20 parallel sign-ups and 5 front-desk registrations 25 distinct numbers', async () => {
    const signUps = Array.from({ length: 20 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/patient',
        payload: {
          firstName: 'Parallel',
          lastName: `Signup${i}`,
          email: `parallel-${i}@signup.example`,
          password: 'a-long-password-1',
          phone: '0803 000 0000',
          address: '1 Marina, Lagos',
          gender: 'female',
        },
      }),
    );
    const desk = Array.from({ length: 5 }, (_, i) =>
      admin.post('/api/admin/patients', {
        firstName: 'Parallel',
        lastName: `Desk${i}`,
        email: `parallel-${i}@desk.example`,
        phone: '0803 000 0001',
        gender: 'male',
      }),
    );
    const answers = await Promise.all([...signUps, ...desk]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const emails = [
      ...Array.from({ length: 20 }, (_, i) => `parallel-${i}@signup.example`),
      ...Array.from({ length: 5 }, (_, i) => `parallel-${i}@desk.example`),
    ];
    const numbers = await Promise.all(emails.map(numberOf));
    for (const n of numbers) expect(n).toMatch(RECORD_NUMBER);
    expect(new Set(numbers).size).toBe(25);
    // The desk's answer carries the number the database gave.
    for (const [i, res] of answers.slice(20).entries()) {
      expect(res.json<PatientDetail>().patient.recordNumber).toBe(numbers[20 + i]);
    }
  });

  it('numbers patients in the order they are inserted, and gives staff none', async () => {
    const first = await createUser(t, 'patient');
    const doctor = await createUser(t, 'doctor');
    const second = await createUser(t, 'patient');
    const n = (u: TestUser) => Number(u.recordNumber?.slice(3));
    expect(n(second)).toBe(n(first) + 1);
    expect(doctor.recordNumber).toBeNull();
    expect((await createUser(t, 'admin')).recordNumber).toBeNull();
  });

  it('refuses a number on a staff row and a patient row left without one, and a number twice', async () => {
    const doctor = await createUser(t, 'doctor');
    await expect(
      t.database.db.update(users).set({ recordNumber: 'CP-900001' }).where(eq(users.id, doctor.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.update(users).set({ recordNumber: null }).where(eq(users.id, patient.id)),
    ).rejects.toThrow();
    const other = await createUser(t, 'patient');
    await expect(
      t.database.db.update(users).set({ recordNumber: patient.recordNumber }).where(eq(users.id, other.id)),
    ).rejects.toThrow();
  });
});

describe('showing the number', () => {
  it('is on the admin patient list and the patient page', async () => {
    const list = await admin.get(`/api/admin/patients?q=${encodeURIComponent('kelechi numbered')}`);
    expect(list.json<{ data: AdminPatient[] }>().data).toEqual([
      expect.objectContaining({ id: patient.id, recordNumber: patient.recordNumber }),
    ]);
    const detail = await admin.get(`/api/admin/patients/${patient.id}`);
    expect(detail.json<PatientDetail>().patient.recordNumber).toBe(patient.recordNumber);
  });

  it("is on the patient's own profile, read-only; staff profiles have none", async () => {
    const own = await signedIn(t, 'patient', { firstName: 'Profile', lastName: 'Reader' });
    const me = client(t, own.headers);
    const read = await me.get('/api/user/profile');
    expect(read.json<{ user: Profile }>().user.recordNumber).toBe(own.user.recordNumber);
    // Sent back with the edited profile, another number changes nothing.
    const saved = await me.put('/api/user/profile', {
      firstName: 'Profile',
      lastName: 'Reader',
      phone: '0803 000 0002',
      recordNumber: 'CP-999999',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ user: Profile }>().user.recordNumber).toBe(own.user.recordNumber);
    expect(await numberOf(own.user.email)).toBe(own.user.recordNumber);
    const doctor = client(t, (await signedIn(t, 'doctor')).headers);
    expect((await doctor.get('/api/user/profile')).json<{ user: Profile }>().user.recordNumber).toBeNull();
  });
});

describe('searching by record number', () => {
  const exactly = () => patient.recordNumber ?? '';
  const typings = () => [exactly(), exactly().toLowerCase(), `  cP-${Number(exactly().slice(3))} `];

  it('finds the patient on the admin list, typed exactly, in any case or without the leading zeros', async () => {
    for (const q of typings()) {
      const res = await admin.get(`/api/admin/patients?q=${encodeURIComponent(q)}`);
      expect(
        res.json<{ data: AdminPatient[] }>().data.map((p) => p.id),
        q,
      ).toEqual([patient.id]);
    }
    const none = await admin.get('/api/admin/patients?q=CP-999999');
    expect(none.json<{ data: AdminPatient[] }>().data).toEqual([]);
  });

  it("finds the patient on the doctor's Patient List (All patients) and its export", async () => {
    const doctor = client(t, (await signedIn(t, 'doctor')).headers);
    for (const q of typings()) {
      const res = await doctor.get(`/api/doctor/patients?scope=all&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: PatientCard[] }>().data).toEqual([
        expect.objectContaining({ id: patient.id, recordNumber: exactly() }),
      ]);
    }
    // Among the doctor's own patients only (none booked yet): nobody.
    const mine = await doctor.get(`/api/doctor/patients?q=${exactly()}`);
    expect(mine.json<{ data: PatientCard[] }>().data).toEqual([]);
    const csv = await doctor.get(`/api/doctor/patients/export?scope=all&q=${exactly().toLowerCase()}`);
    expect(csv.body).toContain('Kelechi Numbered');
  });

  it('is answered by the unique index on record numbers', async () => {
    // A few hundred rows: the planner would rather read the table. Forbidding it shows an index can answer.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // Both drivers answer { rows }; the executor's type is their union (as restore.test.ts reads it).
      const { rows } = (await tx.execute(
        sql`explain select ${users.id} from ${users} where ${users.role} = 'patient' and ${patientMatches(exactly().toLowerCase())}`,
      )) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_record_number_unique');
  });
});
