import { ER_MESSAGES, QUEUE_MESSAGES } from '@carepoint/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, type Client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, type TestApp, testClock } from '../../../test/helpers';
import { queueEntries } from '../../db/schema';

const T0 = new Date('2030-01-07T09:00:00Z');
const clock = testClock(T0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let t: TestApp;
let admin: Client;
let otherAdmin: Client;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminClient(t);
  otherAdmin = await adminClient(t);
});
afterAll(() => t.close());
beforeEach(() => clock.set(T0));

const arrive = async (body: object) => {
  const res = await admin.post('/api/admin/emergency-room', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; waitMinutes: number; status: string }>();
};

describe('emergency room entries', () => {
  it('validates a new arrival', async () => {
    expectInvalid(
      await admin.post('/api/admin/emergency-room', { triageLevel: 'High' }),
      ER_MESSAGES.patientNameRequired,
    );
    expectInvalid(
      await admin.post('/api/admin/emergency-room', { patientName: 'X', triageLevel: 'Critical' }),
      'Choose a triage level: Low, Medium, High or Urgent',
    );
    expectInvalid(
      await admin.post('/api/admin/emergency-room', {
        patientName: 'X',
        triageLevel: 'Low',
        arrivedAt: '2030-01-07T09:01:00Z',
      }),
      ER_MESSAGES.arrivalInFuture,
    );
    const doctor = await createUser(t, 'doctor');
    expectInvalid(
      await admin.post('/api/admin/emergency-room', { triageLevel: 'Low', patientId: doctor.id }),
      ER_MESSAGES.patientNotFound,
    );
  });

  it('takes the name of a linked patient and records the arrival time', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Ngozi', lastName: 'Linked' });
    const entry = await arrive({ triageLevel: 'Medium', patientId: patient.id, complaint: 'Fever' });
    expect(entry).toMatchObject({
      patientName: 'Ngozi Linked',
      patientId: patient.id,
      status: 'Waiting',
      arrivedAt: T0.toISOString(),
      seenAt: null,
      leftAt: null,
      waitMinutes: 0,
      complaint: 'Fever',
    });
    const trail = (await admin.get(`/api/admin/audit?patientId=${patient.id}&action=er.create`)).json();
    expect(trail.pagination.total).toBe(1);
  });

  it('measures the wait until seen, and until now while waiting', async () => {
    const entry = await arrive({
      patientName: 'Wait Measured',
      triageLevel: 'High',
      arrivedAt: '2030-01-07T08:30:00Z',
    });
    expect(entry.waitMinutes).toBe(30);
    clock.advance(15 * MINUTE + 59 * SECOND);
    const waiting = (await admin.get('/api/admin/emergency-room?q=wait%20measured')).json().data[0];
    expect(waiting.waitMinutes).toBe(45);

    const seen = (
      await admin.patch(`/api/admin/emergency-room/${entry.id}`, { status: 'In Treatment' })
    ).json();
    expect(seen).toMatchObject({
      status: 'In Treatment',
      seenAt: '2030-01-07T09:15:59.000Z',
      leftAt: null,
      waitMinutes: 45,
    });
    clock.advance(60 * MINUTE);
    const later = (await admin.get('/api/admin/emergency-room?q=wait%20measured')).json().data[0];
    expect(later.waitMinutes).toBe(45);

    const admitted = (
      await admin.patch(`/api/admin/emergency-room/${entry.id}`, { status: 'Admitted' })
    ).json();
    expect(admitted).toMatchObject({
      status: 'Admitted',
      seenAt: '2030-01-07T09:15:59.000Z',
      leftAt: '2030-01-07T10:15:59.000Z',
    });
  });

  it('allows only forward moves; leaving unseen keeps seenAt empty', async () => {
    const entry = await arrive({ patientName: 'Left Unseen', triageLevel: 'Low' });
    clock.advance(20 * MINUTE);
    const left = (
      await admin.patch(`/api/admin/emergency-room/${entry.id}`, { status: 'Discharged' })
    ).json();
    expect(left).toMatchObject({
      status: 'Discharged',
      seenAt: null,
      leftAt: '2030-01-07T09:20:00.000Z',
      waitMinutes: 20,
    });
    const back = await admin.patch(`/api/admin/emergency-room/${entry.id}`, { status: 'Waiting' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toBe('Cannot move an entry from Discharged to Waiting');
    expectInvalid(
      await admin.patch(`/api/admin/emergency-room/${entry.id}`, { status: 'Gone' }),
      /^Status must be one of/,
    );
    const missing = await admin.patch('/api/admin/emergency-room/00000000-0000-4000-8000-000000000003', {
      triageLevel: 'Low',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists by triage severity by default, the longest wait first within a level, those who left last', async () => {
    const at = (hhmm: string) => `2030-01-07T${hhmm}:00Z`;
    const urgentLong = await arrive({
      patientName: 'Order Urgent long',
      triageLevel: 'Urgent',
      arrivedAt: at('07:22'),
    });
    await arrive({ patientName: 'Order Low early', triageLevel: 'Low', arrivedAt: at('06:00') });
    await arrive({ patientName: 'Order Urgent short', triageLevel: 'Urgent', arrivedAt: at('08:50') });
    await arrive({ patientName: 'Order Medium', triageLevel: 'Medium', arrivedAt: at('08:00') });
    const gone = await arrive({
      patientName: 'Order High gone',
      triageLevel: 'High',
      arrivedAt: at('05:00'),
    });
    const treated = await arrive({
      patientName: 'Order Low treated',
      triageLevel: 'Low',
      arrivedAt: at('08:55'),
    });
    expect(
      (await admin.patch(`/api/admin/emergency-room/${gone.id}`, { status: 'Discharged' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/admin/emergency-room/${treated.id}`, { status: 'In Treatment' })).statusCode,
    ).toBe(200);
    const list = (await admin.get('/api/admin/emergency-room?q=order&limit=100')).json();
    expect(list.data.map((e: { patientName: string }) => e.patientName)).toEqual([
      'Order Urgent long',
      'Order Urgent short',
      'Order Medium',
      'Order Low early',
      'Order Low treated',
      'Order High gone',
    ]);
    expect(list.data[0]).toMatchObject({ id: urgentLong.id, waitMinutes: 98 });
  });

  it('lists by triage, filters, sorts by urgency and records the read', async () => {
    await arrive({ patientName: 'Sort Low', triageLevel: 'Low', arrivedAt: '2030-01-07T08:00:00Z' });
    await arrive({ patientName: 'Sort Urgent', triageLevel: 'Urgent', arrivedAt: '2030-01-07T07:00:00Z' });
    await arrive({ patientName: 'Sort Medium', triageLevel: 'Medium', arrivedAt: '2030-01-07T08:30:00Z' });
    const names = (query: string) =>
      admin
        .get(`/api/admin/emergency-room?q=sort${query}`)
        .then((r) => r.json().data.map((e: { patientName: string }) => e.patientName));
    expect(await names('')).toEqual(['Sort Urgent', 'Sort Medium', 'Sort Low']);
    expect(await names('&sort=arrivedAt&order=desc')).toEqual(['Sort Medium', 'Sort Low', 'Sort Urgent']);
    expect(await names('&sort=triageLevel&order=desc')).toEqual(['Sort Urgent', 'Sort Medium', 'Sort Low']);
    expect(await names('&triageLevel=Low')).toEqual(['Sort Low']);
    expect(await names('&status=Waiting&sort=arrivedAt')).toEqual(['Sort Urgent', 'Sort Low', 'Sort Medium']);
    // Earlier tests moved the clock on; the reads of this test happened at T0.
    const trail = (await admin.get('/api/admin/audit?action=er.list&limit=1&to=2030-01-07T09:00:01Z')).json();
    expect(trail.data[0].details.entryIds).toHaveLength(3);
  });
});

const join = async (body: object) => {
  const res = await admin.post('/api/admin/queues', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; etaMinutes: number }>();
};
const etaOf = async (c: Client, id: string) => {
  const board = (await c.get('/api/admin/queues?department=Radiology&limit=100')).json();
  return board.data.find((e: { id: string }) => e.id === id)?.etaMinutes;
};

describe('department queues', () => {
  it('validates a new queue entry', async () => {
    expectInvalid(
      await admin.post('/api/admin/queues', { department: 'General', etaMinutes: 5 }),
      QUEUE_MESSAGES.patientRequired,
    );
    expectInvalid(
      await admin.post('/api/admin/queues', { patient: 'X', department: 'Dentistry', etaMinutes: 5 }),
      /^Choose a department/,
    );
    expectInvalid(
      await admin.post('/api/admin/queues', { patient: 'X', department: 'General' }),
      QUEUE_MESSAGES.etaRequired,
    );
    expectInvalid(
      await admin.post('/api/admin/queues', { patient: 'X', department: 'General', etaMinutes: -1 }),
      QUEUE_MESSAGES.etaRange,
    );
    expectInvalid(
      await admin.post('/api/admin/queues', { patient: 'X', department: 'General', etaMinutes: 1.5 }),
      QUEUE_MESSAGES.etaRange,
    );
  });

  it('derives the ETA from stored times: same at 0 and 59 s, one less at 60 s, never below 0, alike for every reader', async () => {
    const entry = await join({
      patient: 'Eta Patient',
      department: 'Radiology',
      triage: 'Low',
      etaMinutes: 3,
    });
    expect(entry.etaMinutes).toBe(3);
    expect(await etaOf(admin, entry.id)).toBe(3);
    clock.advance(59 * SECOND);
    expect(await etaOf(admin, entry.id)).toBe(3);
    clock.advance(1 * SECOND);
    expect(await etaOf(admin, entry.id)).toBe(2);
    expect(await etaOf(otherAdmin, entry.id)).toBe(2);
    clock.advance(2 * MINUTE + 59 * SECOND);
    expect(await etaOf(admin, entry.id)).toBe(0);
    clock.advance(30 * MINUTE);
    expect(await etaOf(admin, entry.id)).toBe(0);
    expect(await etaOf(otherAdmin, entry.id)).toBe(0);

    // A new estimate restarts the countdown from now.
    const reset = (await admin.patch(`/api/admin/queues/${entry.id}`, { etaMinutes: 10 })).json();
    expect(reset).toMatchObject({ etaMinutes: 10, etaSetMinutes: 10, etaSetAt: clock.now().toISOString() });
    clock.advance(61 * SECOND);
    expect(await etaOf(otherAdmin, entry.id)).toBe(9);
  });

  it('calls the highest triage first, then the earliest, and answers 404 when nobody waits', async () => {
    const early = await join({
      patient: 'Early Medium',
      department: 'Orthopedics',
      triage: 'Medium',
      etaMinutes: 5,
    });
    clock.advance(MINUTE);
    const urgent = await join({
      patient: 'Late Urgent',
      department: 'Orthopedics',
      triage: 'Urgent',
      etaMinutes: 5,
    });
    clock.advance(MINUTE);
    const second = await join({
      patient: 'Later Medium',
      department: 'Orthopedics',
      triage: 'Medium',
      etaMinutes: 5,
    });

    const order = (await admin.get('/api/admin/queues?department=Orthopedics')).json();
    expect(order.data.map((e: { id: string }) => e.id)).toEqual([urgent.id, early.id, second.id]);

    const called: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await admin.post('/api/admin/queues/Orthopedics/call-next');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'Called', calledAt: clock.now().toISOString() });
      called.push(res.json().id);
    }
    expect(called).toEqual([urgent.id, early.id, second.id]);
    const empty = await admin.post('/api/admin/queues/Orthopedics/call-next');
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ code: 'QUEUE_EMPTY', error: QUEUE_MESSAGES.nobodyWaiting });
    expect((await admin.get('/api/admin/queues?department=Orthopedics')).json().data).toEqual([]);
    expectInvalid(await admin.post('/api/admin/queues/Dentistry/call-next'), /^Choose a department/);

    const late = await admin.patch(`/api/admin/queues/${urgent.id}`, { triage: 'Low' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(QUEUE_MESSAGES.notWaiting);
  });

  it('gives ETAs that follow queue position: nobody before the patient ahead', async () => {
    const ahead = await join({ patient: 'Pos First', department: 'General', triage: 'High', etaMinutes: 48 });
    clock.advance(MINUTE);
    const behind = await join({ patient: 'Pos Second', department: 'General', triage: 'Low', etaMinutes: 0 });
    // The answer to the join already counts the patient ahead (48 - 1 minute elapsed).
    expect(behind.etaMinutes).toBe(47);
    clock.advance(1 * SECOND);
    const later = await join({ patient: 'Pos Third', department: 'General', triage: 'Low', etaMinutes: 60 });
    expect(later.etaMinutes).toBe(60);
    const etas = async (query = '') =>
      (await admin.get(`/api/admin/queues?q=pos&limit=100${query}`))
        .json()
        .data.map((e: { patient: string; etaMinutes: number; etaSetMinutes: number }) => [
          e.patient,
          e.etaMinutes,
        ]);
    expect(await etas()).toEqual([
      ['Pos First', 47],
      ['Pos Second', 47],
      ['Pos Third', 60],
    ]);
    // Sorted by another column, each ETA is still the one its place in the queue gives.
    expect(await etas('&sort=patient&order=desc')).toEqual([
      ['Pos Third', 60],
      ['Pos Second', 47],
      ['Pos First', 47],
    ]);
    clock.advance(10 * MINUTE);
    const board = (await admin.get('/api/admin/queues/board')).json();
    const general = board.departments.find((d: { department: string }) => d.department === 'General');
    expect(
      general.entries
        .filter((e: { patient: string }) => e.patient.startsWith('Pos'))
        .map((e: { etaMinutes: number }) => e.etaMinutes),
    ).toEqual([37, 37, 50]);
    for (const id of [ahead.id, behind.id, later.id])
      await admin.patch(`/api/admin/queues/${id}`, { status: 'Removed' });
  });

  it('keeps a registered patient at most once in a waiting queue, also under parallel requests', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Once', lastName: 'Only' });
    const body = { patientId: patient.id, department: 'Cardiology', etaMinutes: 5 };
    const answers = await Promise.all([1, 2, 3].map(() => admin.post('/api/admin/queues', body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'ALREADY_WAITING', error: QUEUE_MESSAGES.alreadyWaiting });
    // Another department's queue, or the same one once called, is fine.
    await join({ ...body, department: 'Radiology' });
    const res = await admin.post('/api/admin/queues/Cardiology/call-next');
    expect(res.json().patientId).toBe(patient.id);
    await join(body);
  });

  it('removes a waiting patient from the queue', async () => {
    const entry = await join({ patient: 'Walked Out', department: 'Cardiology', etaMinutes: 5 });
    const removed = (await admin.patch(`/api/admin/queues/${entry.id}`, { status: 'Removed' })).json();
    expect(removed.status).toBe('Removed');
    expect((await admin.get('/api/admin/queues?q=walked')).json().data).toEqual([]);
    expectInvalid(
      await admin.patch(`/api/admin/queues/${entry.id}`, { status: 'Called' }),
      'Status can only be set to Removed',
    );
  });

  it('shows a board of every department with counts and its first entries in queue order', async () => {
    await t.database.db.insert(queueEntries).values(
      Array.from({ length: 12 }, (_, i) => ({
        patientName: `Board ${i}`,
        department: 'Pediatrics' as const,
        triage: i === 11 ? ('High' as const) : ('Low' as const),
        etaMinutes: 10,
        etaSetAt: T0,
        joinedAt: new Date(T0.getTime() + i * SECOND),
      })),
    );
    const board = (await admin.get('/api/admin/queues/board')).json();
    expect(board.departments.map((d: { department: string }) => d.department)).toEqual([
      'General',
      'Cardiology',
      'Pediatrics',
      'Orthopedics',
      'Radiology',
      'ER',
    ]);
    const pediatrics = board.departments.find((d: { department: string }) => d.department === 'Pediatrics');
    expect(pediatrics.waiting).toBe(12);
    expect(pediatrics.entries).toHaveLength(10);
    expect(pediatrics.entries.slice(0, 3).map((e: { patient: string }) => e.patient)).toEqual([
      'Board 11',
      'Board 0',
      'Board 1',
    ]);
    expect(board.departments.find((d: { department: string }) => d.department === 'ER')).toEqual({
      department: 'ER',
      waiting: 0,
      entries: [],
      called: [],
    });
    expect((await admin.get('/api/admin/audit?action=queues.board')).json().pagination.total).toBeGreaterThan(
      0,
    );
  });
});
