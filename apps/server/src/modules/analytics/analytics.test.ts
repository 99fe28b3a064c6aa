import { TARGET_WAIT_MESSAGE } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, expectInvalid } from '../../../test/admin';
import { createNurses, createTestApp, createUser, type TestApp, testClock } from '../../../test/helpers';
import { ambulances, appointments, beds, erEntries, invoices, queueEntries, sessions } from '../../db/schema';

/*
 * Every figure on known records. The facility is in Lagos (UTC+1) and the clock reads
 * 2030-01-07 09:00 UTC = 10:00 local, so "today" runs from 2030-01-06 23:00 UTC to 2030-01-07 23:00 UTC.
 */
const NOW = new Date('2030-01-07T09:00:00Z');
const clock = testClock(NOW);
const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = await adminClient(t);
  const db = t.database.db;

  const doctor = await createUser(t, 'doctor', { mustChangePassword: true });
  const retired = await createUser(t, 'doctor', { status: 'Inactive', mustChangePassword: true });
  const recent = await createUser(t, 'patient');
  const lapsed = await createUser(t, 'patient');
  const bedded = await createUser(t, 'patient');
  const session = (userId: string, createdAt: Date) => ({
    tokenHash: `hash-${userId}-${createdAt.getTime()}`,
    userId,
    createdAt,
    lastSeenAt: createdAt,
    expiresAt: new Date(createdAt.getTime() + DAY),
  });
  await db.insert(sessions).values([
    session(recent.id, new Date(NOW.getTime() - 29 * DAY)),
    session(lapsed.id, new Date(NOW.getTime() - 31 * DAY)),
    // An inactive account is never an Active User, however recently it signed in.
    session(retired.id, new Date(NOW.getTime() - DAY)),
  ]);

  await createNurses(t, [
    { fullName: 'N One', email: 'n1@test.example', department: 'ER' },
    { fullName: 'N Two', email: 'n2@test.example', department: 'ICU', status: 'On Leave' },
  ]);
  await db.insert(ambulances).values({ code: 'AMB-1', driverName: 'D' });
  await db
    .insert(beds)
    .values([{ label: 'B1' }, { label: 'B2' }, { label: 'B3', status: 'Occupied', patientId: bedded.id }]);

  await db.insert(erEntries).values([
    // 08:10 local, seen after 20 min, discharged.
    {
      patientName: 'e1',
      triageLevel: 'Low',
      status: 'Discharged',
      arrivedAt: at('2030-01-07T07:10:00Z'),
      seenAt: at('2030-01-07T07:30:00Z'),
      leftAt: at('2030-01-07T08:00:00Z'),
    },
    // 08:40 local, seen after 40 min, admitted.
    {
      patientName: 'e2',
      triageLevel: 'High',
      status: 'Admitted',
      arrivedAt: at('2030-01-07T07:40:00Z'),
      seenAt: at('2030-01-07T08:20:00Z'),
      leftAt: at('2030-01-07T08:30:00Z'),
    },
    // 09:15 local, still waiting: 45 min so far.
    { patientName: 'e3', triageLevel: 'Medium', status: 'Waiting', arrivedAt: at('2030-01-07T08:15:00Z') },
    // 09:50 local, seen after 5 min.
    {
      patientName: 'e4',
      triageLevel: 'Urgent',
      status: 'In Treatment',
      arrivedAt: at('2030-01-07T08:50:00Z'),
      seenAt: at('2030-01-07T08:55:00Z'),
    },
    // 23:50 local yesterday: not today, but still waiting (610 min).
    { patientName: 'e5', triageLevel: 'Low', status: 'Waiting', arrivedAt: at('2030-01-06T22:50:00Z') },
    // 00:30 local today (still "yesterday" in UTC): left unseen after 30 min.
    {
      patientName: 'e6',
      triageLevel: 'Low',
      status: 'Discharged',
      arrivedAt: at('2030-01-06T23:30:00Z'),
      leftAt: at('2030-01-07T00:00:00Z'),
    },
  ]);

  const queued = (
    department: 'General' | 'Cardiology' | 'Radiology',
    joinedAt: string,
    status: 'Waiting' | 'Called' = 'Waiting',
  ) => ({
    patientName: `q-${department}-${joinedAt}`,
    department,
    triage: 'Low' as const,
    etaMinutes: 15,
    etaSetAt: at(joinedAt),
    joinedAt: at(joinedAt),
    status,
  });
  await db
    .insert(queueEntries)
    .values([
      queued('General', '2030-01-07T08:30:00Z'),
      queued('General', '2030-01-07T08:50:00Z'),
      queued('Cardiology', '2030-01-07T07:00:00Z'),
      queued('Radiology', '2030-01-07T06:00:00Z', 'Called'),
    ]);

  const booking = (startsAt: string, status: 'Pending' | 'Confirmed' | 'Completed' | 'Cancelled') => ({
    patientId: recent.id,
    doctorId: doctor.id,
    title: 'Check-up',
    priority: 'Low' as const,
    date: startsAt.slice(0, 10),
    time: startsAt.slice(11, 19),
    startsAt: at(startsAt),
    durationMinutes: 30,
    status,
  });
  await db.insert(appointments).values([
    booking('2030-01-07T10:00:00Z', 'Pending'),
    booking('2030-01-07T12:00:00Z', 'Confirmed'),
    booking('2030-01-07T13:00:00Z', 'Cancelled'),
    // 23:30 local: still today.
    booking('2030-01-07T22:30:00Z', 'Confirmed'),
    booking('2030-01-06T10:00:00Z', 'Completed'),
    booking('2030-01-08T10:00:00Z', 'Pending'),
  ]);

  const invoice = (n: number, status: 'Paid' | 'Pending' | 'Cancelled' | 'Refunded', total: number) => ({
    number: `T-${n}`,
    patientId: recent.id,
    doctorId: doctor.id,
    issuedAt: NOW,
    status,
    subtotal: total,
    tax: 0,
    total,
  });
  await db
    .insert(invoices)
    .values([
      invoice(1, 'Paid', 100_000),
      invoice(2, 'Paid', 250_050),
      invoice(3, 'Pending', 70_000),
      invoice(4, 'Cancelled', 90_000),
      invoice(5, 'Refunded', 40_000),
    ]);
});
afterAll(() => t.close());

describe('GET /api/admin/summary', () => {
  it('counts the tiles', async () => {
    const summary = (await admin.get('/api/admin/summary')).json();
    expect(summary).toMatchObject({ doctors: 1, nurses: 2, patients: 3, ambulances: 1, erWaiting: 2 });
  });

  it('lists Today Overview in order', async () => {
    const { todayOverview } = (await admin.get('/api/admin/summary')).json();
    expect(todayOverview).toEqual([
      { key: 'arrivals', label: 'Arrivals today', value: 5 },
      { key: 'inTreatment', label: 'In treatment', value: 1 },
      { key: 'admitted', label: 'Admitted today', value: 1 },
      { key: 'discharged', label: 'Discharged today', value: 2 },
      { key: 'queueWaiting', label: 'Waiting in queues', value: 3 },
      { key: 'appointments', label: 'Appointments today', value: 3 },
      { key: 'bedsFree', label: 'Beds free', value: 2 },
      { key: 'bedsOccupied', label: 'Beds occupied', value: 1 },
    ]);
  });

  it('buckets arrivals and their average waits by facility hour', async () => {
    const { arrivalsByHour, waitTimeTrend } = (await admin.get('/api/admin/summary')).json();
    expect(arrivalsByHour).toHaveLength(24);
    expect(arrivalsByHour[0]).toEqual({ hour: 0, label: '00:00', arrivals: 1 });
    const busy = arrivalsByHour.filter((h: { arrivals: number }) => h.arrivals > 0);
    expect(busy.map((h: { hour: number; arrivals: number }) => [h.hour, h.arrivals])).toEqual([
      [0, 1],
      [8, 2],
      [9, 2],
    ]);
    expect(waitTimeTrend).toHaveLength(24);
    const points = waitTimeTrend.filter((h: { avgWaitMin: number | null }) => h.avgWaitMin !== null);
    expect(points).toEqual([
      { hour: 0, label: '00:00', avgWaitMin: 30 },
      { hour: 8, label: '08:00', avgWaitMin: 30 },
      { hour: 9, label: '09:00', avgWaitMin: 25 },
    ]);
  });

  it('names every busiest hour when hours tie', async () => {
    const { busiestHours } = (await admin.get('/api/admin/summary')).json();
    expect(busiestHours).toEqual({ labels: ['08:00', '09:00'], arrivals: 2 });
  });

  it('moves with the clock: a waiting patient waits longer', async () => {
    clock.set(new Date(NOW.getTime() + 10 * 60_000));
    const { waitTimeTrend } = (await admin.get('/api/admin/summary')).json();
    // e3 now waited 55 min; e4 still 5: (55 + 5) / 2.
    expect(waitTimeTrend[9].avgWaitMin).toBe(30);
    clock.set(NOW);
  });
});

describe('GET /api/admin/analytics', () => {
  it('averages today’s waits, counts arrivals and ranks bottlenecks by current wait', async () => {
    const res = (await admin.get('/api/admin/analytics')).json();
    expect(res).toEqual({
      // (20 + 40 + 45 + 5 + 30) / 5
      avgWaitMin: 28,
      targetWaitMin: 30,
      todayArrivals: 5,
      bottlenecks: [
        // ER: e3 45 min and e5 610 min.
        { department: 'ER', waitMin: 328, waiting: 2 },
        { department: 'Cardiology', waitMin: 120, waiting: 1 },
        // 30 and 10 min; the called Radiology patient is not waiting.
        { department: 'General', waitMin: 20, waiting: 2 },
      ],
    });
  });

  it('stores the target wait setting', async () => {
    for (const targetWaitMin of [0, 601, 2.5, 'soon']) {
      expectInvalid(
        await admin.put('/api/admin/settings/target-wait', { targetWaitMin }),
        TARGET_WAIT_MESSAGE,
      );
    }
    expectInvalid(await admin.put('/api/admin/settings/target-wait', {}), TARGET_WAIT_MESSAGE);
    expect((await admin.put('/api/admin/settings/target-wait', { targetWaitMin: 45 })).json()).toEqual({
      targetWaitMin: 45,
    });
    expect((await admin.get('/api/admin/analytics')).json().targetWaitMin).toBe(45);
    expect((await admin.put('/api/admin/settings/target-wait', { targetWaitMin: 20 })).json()).toEqual({
      targetWaitMin: 20,
    });
    expect((await admin.get('/api/admin/analytics')).json().targetWaitMin).toBe(20);
    const trail = (await admin.get('/api/admin/audit?action=settings.update')).json();
    expect(trail.pagination.total).toBe(2);
  });
});

describe('GET /api/admin/stats', () => {
  it('computes each stat by its definition', async () => {
    expect((await admin.get('/api/admin/stats')).json()).toEqual({
      // admin, 2 doctors, 3 patients, 2 nurses (nurses are accounts too)
      allUsers: 8,
      // the admin (signed in now) and the patient seen 29 days ago
      activeUsers: 2,
      // the active doctor still on a one-time password (the inactive one does not count)
      pendingUsers: 1,
      // Paid invoices only (not Pending, Cancelled or Refunded), in minor units
      totalEarnings: 350_050,
      completedAppointments: 1,
      pendingAppointments: 2,
    });
  });
});
