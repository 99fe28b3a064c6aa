import { INPATIENT_PERIOD_MESSAGE } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, client, expectInvalid } from '../../../test/admin';
import {
  changesHeard,
  createTestApp,
  createUser,
  signedIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../test/helpers';
import { signedDischargeSummary } from '../../../test/inpatient';
import { beds, stays, wards } from '../../db/schema';

/*
 * Inpatient figures on known stays. The facility is in Lagos (UTC+1) and the clock reads
 * 2030-01-07 09:00 UTC = 10:00 local: the last 7 facility days run from 2030-01-01 00:00 local
 * (2029-12-31 23:00 UTC) to 2030-01-08 00:00 local (2030-01-07 23:00 UTC), the last 14 from
 * 2029-12-25 local.
 */
const NOW = new Date('2030-01-07T09:00:00Z');
const clock = testClock(NOW);
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: AdminClient;
let doctor: TestUser;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = await adminClient(t);
  doctor = await createUser(t, 'doctor');
});
afterAll(() => t.close());

const inpatient = async (query = '') => {
  const res = await admin.get(`/api/admin/analytics/inpatient${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('before any stay or bed', () => {
  it('answers zeros and no average length of stay (nothing to divide by)', async () => {
    const figures = await inpatient('?days=7');
    expect(figures).toMatchObject({
      days: 7,
      from: '2030-01-01',
      to: '2030-01-07',
      admissions: 0,
      discharges: 0,
      lengthOfStay: { averageDays: null, stays: 0, totalDays: 0 },
    });
    expect(figures.movements).toHaveLength(7);
    expect(
      figures.movements.every(
        (d: { admissions: number; discharges: number }) => !d.admissions && !d.discharges,
      ),
    ).toBe(true);
    // The default ward the migration made, with no beds: nothing occupied, no percent.
    expect(figures.occupancy.total).toEqual({
      occupied: 0,
      reserved: 0,
      cleaning: 0,
      free: 0,
      total: 0,
      percentOccupied: null,
    });
    expect(
      figures.occupancy.wards.every((w: { percentOccupied: number | null }) => w.percentOccupied === null),
    ).toBe(true);
    const { inpatient: today } = (await admin.get('/api/admin/summary')).json();
    expect(today).toMatchObject({ admissionsToday: 0, dischargesToday: 0, percentOccupied: null });
  });
});

describe('with wards, beds and stays', () => {
  let wardA = '';
  let wardB = '';
  beforeAll(async () => {
    const db = t.database.db;
    const [a, b] = await db
      .insert(wards)
      .values([{ name: 'Aaa Medical' }, { name: 'Bbb Surgical', kind: 'Surgical' }])
      .returning({ id: wards.id });
    wardA = a?.id ?? '';
    wardB = b?.id ?? '';
    const inA = await createUser(t, 'patient');
    const inA2 = await createUser(t, 'patient');
    const expected = await createUser(t, 'patient');
    await db.insert(beds).values([
      { label: 'A1', wardId: wardA, status: 'Occupied', patientId: inA.id },
      { label: 'A2', wardId: wardA, status: 'Occupied', patientId: inA2.id },
      { label: 'A3', wardId: wardA, status: 'Reserved', patientId: expected.id },
      { label: 'A4', wardId: wardA, status: 'Cleaning' },
      { label: 'A5', wardId: wardA, status: 'Free' },
      { label: 'B1', wardId: wardB, status: 'Free' },
    ]);

    const stay = async (
      status: 'Planned' | 'Admitted' | 'Discharged' | 'Cancelled',
      admittedAt: string | null,
      dischargedAt: string | null = null,
      patient?: TestUser,
    ) => ({
      patientId: (patient ?? (await createUser(t, 'patient'))).id,
      wardId: wardA,
      doctorId: doctor.id,
      status,
      admitSource: 'Emergency' as const,
      reason: 'Fever',
      diagnosisText: 'Pneumonia',
      admittedAt: admittedAt ? at(admittedAt) : null,
      dischargedAt: dischargedAt ? at(dischargedAt) : null,
      dischargeDisposition: dischargedAt ? ('Home' as const) : null,
    });
    await db.insert(stays).values([
      // 23:30 local on 6 January (22:30 UTC): admitted on the 6th.
      await stay('Admitted', '2030-01-06T22:30:00Z', null, inA),
      // 00:30 local on 7 January, still the 6th in UTC: admitted today.
      await stay('Admitted', '2030-01-06T23:30:00Z', null, inA2),
      // 23:30 local on 31 December, before the 7-day period; home on 3 January 11:00: 3 midnights.
      await stay('Discharged', '2029-12-31T22:30:00Z', '2030-01-03T10:00:00Z'),
      // In and out on 2 January: 0 midnights.
      await stay('Discharged', '2030-01-02T08:00:00Z', '2030-01-02T15:00:00Z'),
      // 00:10 local on 5 January to 00:20 local today: 2 midnights, discharged today.
      await stay('Discharged', '2030-01-04T23:10:00Z', '2030-01-06T23:20:00Z'),
      // 23:59 local on 31 December: a discharge on the 31st, outside the last 7 days, inside 14.
      await stay('Discharged', '2029-12-29T10:00:00Z', '2029-12-31T22:59:00Z'),
      // 25 December local, the first day of the last 14; admitted before it: 5 midnights.
      await stay('Discharged', '2029-12-20T10:00:00Z', '2029-12-25T10:00:00Z'),
      // A cancelled stay and a plan never came in, whatever times they carry.
      await stay('Cancelled', '2030-01-05T10:00:00Z'),
      await stay('Planned', null, null, expected),
    ]);
    await changesHeard(t);
  });

  it('counts each bed state by ward, with the percent occupied', async () => {
    const { occupancy } = await inpatient();
    const byName = Object.fromEntries(occupancy.wards.map((w: { name: string }) => [w.name, w] as const));
    expect(byName['Aaa Medical']).toEqual({
      wardId: wardA,
      name: 'Aaa Medical',
      occupied: 2,
      reserved: 1,
      cleaning: 1,
      free: 1,
      total: 5,
      percentOccupied: 40,
    });
    expect(byName['Bbb Surgical']).toMatchObject({ occupied: 0, free: 1, total: 1, percentOccupied: 0 });
    // Wards by name; the default ward (no beds) is listed too.
    expect(occupancy.wards.map((w: { name: string }) => w.name)).toEqual(
      [...occupancy.wards.map((w: { name: string }) => w.name)].sort(),
    );
    expect(occupancy.wards.some((w: { total: number }) => w.total === 0)).toBe(true);
    expect(occupancy.total).toEqual({
      occupied: 2,
      reserved: 1,
      cleaning: 1,
      free: 2,
      total: 6,
      percentOccupied: 33,
    });
  });

  it('counts admissions and discharges per facility day over the last 7 days', async () => {
    const figures = await inpatient('?days=7');
    const busy = figures.movements.filter(
      (d: { admissions: number; discharges: number }) => d.admissions || d.discharges,
    );
    expect(busy).toEqual([
      { date: '2030-01-02', admissions: 1, discharges: 1 },
      { date: '2030-01-03', admissions: 0, discharges: 1 },
      { date: '2030-01-05', admissions: 1, discharges: 0 },
      { date: '2030-01-06', admissions: 1, discharges: 0 },
      { date: '2030-01-07', admissions: 1, discharges: 1 },
    ]);
    expect(figures.movements.map((d: { date: string }) => d.date)).toEqual([
      '2030-01-01',
      '2030-01-02',
      '2030-01-03',
      '2030-01-04',
      '2030-01-05',
      '2030-01-06',
      '2030-01-07',
    ]);
    expect(figures).toMatchObject({ admissions: 4, discharges: 3 });
    // (3 + 0 + 2) / 3 midnights.
    expect(figures.lengthOfStay).toEqual({ averageDays: 1.7, stays: 3, totalDays: 5 });
  });

  it('reaches back 14 days when asked, and 14 is the default', async () => {
    const figures = await inpatient('?days=14');
    expect(figures).toMatchObject({
      days: 14,
      from: '2029-12-25',
      to: '2030-01-07',
      admissions: 6,
      discharges: 5,
    });
    expect(figures.movements[0]).toEqual({ date: '2029-12-25', admissions: 0, discharges: 1 });
    expect(figures.movements.find((d: { date: string }) => d.date === '2029-12-31')).toEqual({
      date: '2029-12-31',
      admissions: 1,
      discharges: 1,
    });
    // (3 + 0 + 2 + 2 + 5) / 5 midnights.
    expect(figures.lengthOfStay).toEqual({ averageDays: 2.4, stays: 5, totalDays: 12 });
    expect(await inpatient()).toEqual(figures);
  });

  it('puts today’s admissions and discharges and the beds on the dashboard, and moves with the clock', async () => {
    const { inpatient: today } = (await admin.get('/api/admin/summary')).json();
    expect(today).toEqual({
      occupied: 2,
      reserved: 1,
      cleaning: 1,
      free: 2,
      total: 6,
      percentOccupied: 33,
      admissionsToday: 1,
      dischargesToday: 1,
    });
    // 01:30 local on 8 January: a new day with nobody in or out yet (signed in afresh: the
    // session above has been idle all night).
    clock.set(at('2030-01-08T00:30:00Z'));
    try {
      const later = await adminClient(t);
      const next = (await later.get('/api/admin/summary')).json().inpatient;
      expect(next).toMatchObject({ admissionsToday: 0, dischargesToday: 0 });
      const week = (await later.get('/api/admin/analytics/inpatient?days=7')).json();
      expect(week).toMatchObject({ from: '2030-01-02', to: '2030-01-08', admissions: 4, discharges: 3 });
    } finally {
      clock.set(NOW);
    }
  });

  it('moves with an admission and a discharge made through the stays API', async () => {
    const before = (await admin.get('/api/admin/summary')).json().inpatient;
    const patient = await createUser(t, 'patient');
    const [bed] = await t.database.db
      .insert(beds)
      .values({ label: 'B2', wardId: wardB, status: 'Free' })
      .returning({ id: beds.id });
    const admitted = await admin.post('/api/stays', {
      patientId: patient.id,
      bedId: bed?.id,
      doctorId: doctor.id,
      reason: 'Chest pain',
      diagnosisText: 'Angina',
    });
    expect(admitted.statusCode, admitted.body).toBe(201);
    const during = (await admin.get('/api/admin/summary')).json().inpatient;
    expect(during).toMatchObject({
      admissionsToday: before.admissionsToday + 1,
      occupied: before.occupied + 1,
      total: before.total + 1,
    });
    await signedDischargeSummary(t, admitted.json().id, doctor);
    const out = await admin.post(`/api/stays/${admitted.json().id}/discharge`, {
      disposition: 'Home',
      confirmed: true,
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = (await admin.get('/api/admin/summary')).json().inpatient;
    expect(after).toMatchObject({
      admissionsToday: before.admissionsToday + 1,
      dischargesToday: before.dischargesToday + 1,
      occupied: before.occupied,
      cleaning: before.cleaning + 1,
    });
    // In and out today: a stay of 0 midnights joins the average, (3 + 0 + 2 + 0) / 4.
    expect((await inpatient('?days=7')).lengthOfStay).toEqual({ averageDays: 1.3, stays: 4, totalDays: 5 });
  });

  it('refuses a period other than 7, 14 or 30 days', async () => {
    for (const days of ['10', '0', 'abc', '7.5', '-7']) {
      expectInvalid(await admin.get(`/api/admin/analytics/inpatient?days=${days}`), INPATIENT_PERIOD_MESSAGE);
    }
    expect((await inpatient('?days=30')).movements).toHaveLength(30);
  });

  it('is for admins only', async () => {
    expect((await client(t).get('/api/admin/analytics/inpatient')).statusCode).toBe(401);
    for (const role of ['doctor', 'nurse', 'patient'] as const) {
      const { headers } = await signedIn(t, role);
      const res = await client(t, headers).get('/api/admin/analytics/inpatient');
      expect(res.statusCode, role).toBe(403);
    }
  });
});
