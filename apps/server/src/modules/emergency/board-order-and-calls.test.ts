import { QUEUE_MESSAGES, type QueueBoard, type QueueEntry } from '@carepoint/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp, testClock } from '../../../test/helpers';

/*
 * The ER board puts, within a triage level, those still waiting before those in treatment; a
 * department queue's Call next leaves a trace (who was called, when, by whom) on the board until
 * the patient is marked seen.
 */

const T0 = new Date('2030-01-07T09:00:00Z');
const clock = testClock(T0);
let t: TestApp;
let admin: Client;
let otherAdmin: Client;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = client(t, (await signedIn(t, 'admin', { firstName: 'Bisi', lastName: 'Desk' })).headers);
  otherAdmin = client(t, (await signedIn(t, 'admin', { firstName: 'Tunde', lastName: 'Front' })).headers);
});
afterAll(() => t.close());
beforeEach(() => clock.set(T0));

const names = async (query: string) =>
  (await admin.get(`/api/admin/emergency-room?q=level${query}`))
    .json<{ data: Array<{ patientName: string }> }>()
    .data.map((e) => e.patientName);

describe('the ER board', () => {
  it('lists, within a triage level, those waiting before those in treatment, however the level is sorted', async () => {
    const arrive = async (patientName: string, triageLevel: string, arrivedAt: string) => {
      const res = await admin.post('/api/admin/emergency-room', {
        patientName,
        triageLevel,
        arrivedAt: `2030-01-07T${arrivedAt}:00Z`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>();
    };
    const treatedFirst = await arrive('Level High treated', 'High', '07:00');
    await arrive('Level High waiting', 'High', '08:00');
    await arrive('Level High waiting later', 'High', '08:30');
    const treatedLow = await arrive('Level Low treated', 'Low', '06:00');
    await arrive('Level Low waiting', 'Low', '08:45');
    for (const { id } of [treatedFirst, treatedLow]) {
      expect(
        (await admin.patch(`/api/admin/emergency-room/${id}`, { status: 'In Treatment' })).statusCode,
      ).toBe(200);
    }
    const board = [
      'Level High waiting',
      'Level High waiting later',
      'Level High treated',
      'Level Low waiting',
      'Level Low treated',
    ];
    expect(await names('')).toEqual(board);
    expect(await names('&sort=triageLevel&order=desc')).toEqual([
      'Level High waiting later',
      'Level High waiting',
      'Level High treated',
      'Level Low waiting',
      'Level Low treated',
    ]);
    expect(await names('&sort=triageLevel&order=asc')).toEqual([
      'Level Low waiting',
      'Level Low treated',
      'Level High waiting',
      'Level High waiting later',
      'Level High treated',
    ]);
  });
});

const join = async (patient: string) => {
  const res = await admin.post('/api/admin/queues', { patient, department: 'Cardiology', etaMinutes: 10 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<QueueEntry>();
};
const cardiology = async (as: Client = admin) => {
  const board = (await as.get('/api/admin/queues/board')).json<QueueBoard>();
  const queue = board.departments.find((d) => d.department === 'Cardiology');
  if (!queue) throw new Error('no Cardiology queue');
  return queue;
};

describe("a queue's Call next", () => {
  it('shows who was called, when and by whom on every screen until they are marked seen', async () => {
    const first = await join('Called First');
    clock.advance(1000);
    const second = await join('Called Second');
    clock.set('2030-01-07T09:10:00Z');
    const call = await admin.post('/api/admin/queues/Cardiology/call-next');
    expect(call.statusCode).toBe(200);
    expect(call.json<QueueEntry>()).toMatchObject({
      id: first.id,
      status: 'Called',
      calledAt: '2030-01-07T09:10:00.000Z',
      calledBy: 'Bisi Desk',
      seenAt: null,
    });
    clock.set('2030-01-07T09:12:00Z');
    expect((await otherAdmin.post('/api/admin/queues/Cardiology/call-next')).statusCode).toBe(200);

    // Another desk's board names both called patients, the newest call first, with who called them.
    const afterCalls = await cardiology(otherAdmin);
    expect(afterCalls.waiting).toBe(0);
    expect(afterCalls.called.map((e) => [e.patient, e.calledAt, e.calledBy])).toEqual([
      ['Called Second', '2030-01-07T09:12:00.000Z', 'Tunde Front'],
      ['Called First', '2030-01-07T09:10:00.000Z', 'Bisi Desk'],
    ]);

    clock.set('2030-01-07T09:20:00Z');
    const seen = await otherAdmin.post(`/api/admin/queues/${first.id}/seen`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<QueueEntry>()).toMatchObject({
      status: 'Seen',
      seenAt: '2030-01-07T09:20:00.000Z',
      calledBy: 'Bisi Desk',
    });
    expect((await cardiology()).called.map((e) => e.id)).toEqual([second.id]);

    const again = await admin.post(`/api/admin/queues/${first.id}/seen`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_CALLED', error: QUEUE_MESSAGES.notCalled });
    const waiting = await join('Not Called Yet');
    expect((await admin.post(`/api/admin/queues/${waiting.id}/seen`)).statusCode).toBe(409);
    const unknown = await admin.post('/api/admin/queues/00000000-0000-4000-8000-000000000000/seen');
    expect(unknown.statusCode).toBe(404);

    const trail = (await admin.get('/api/admin/audit?action=queue.seen')).json();
    expect(trail.data).toHaveLength(1);
    expect(trail.data[0]).toMatchObject({ entityId: first.id });
  });
});
