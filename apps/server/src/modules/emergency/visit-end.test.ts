import type { ErEntry, QueueEntry } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, MONDAY, setStatus } from '../../../test/appointments';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { queueEntries } from '../../db/schema';

type Headers = { cookie: string };
let t: TestApp;
let admin: Headers;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
});
afterAll(() => t.close());

const post = <T>(url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: admin, payload }).then((r) => r.json<T>());

describe('completing a visit', () => {
  it("ends the patient's wait in the emergency room and the department queues", async () => {
    const doctor = await signedIn(t, 'doctor', { specialty: 'General Medicine' });
    const patient = await signedIn(t, 'patient');
    const other = await signedIn(t, 'patient');
    const { appointment } = (
      await book(t, patient.headers, { doctorId: doctor.user.id, date: MONDAY, time: '09:45' })
    ).json<{
      appointment: { id: string };
    }>();
    expect((await setStatus(t, doctor.headers, appointment.id, 'Confirmed')).statusCode).toBe(200);

    // Triaged on arrival: waiting in the ER and in General's queue; someone else waits too.
    const arrival = await post<ErEntry>('/api/admin/emergency-room', {
      patientId: patient.user.id,
      triageLevel: 'Low',
    });
    const place = await post<QueueEntry>('/api/admin/queues', {
      patientId: patient.user.id,
      department: 'General',
      etaMinutes: 10,
    });
    // Yesterday's wait is another episode: it stays for the ER to close.
    const yesterday = await post<ErEntry>('/api/admin/emergency-room', {
      patientId: patient.user.id,
      triageLevel: 'Low',
      arrivedAt: '2030-01-06T15:00:00.000Z',
    });
    const stranger = await post<ErEntry>('/api/admin/emergency-room', {
      patientId: other.user.id,
      triageLevel: 'Low',
    });

    t.clock.set('2030-01-07T10:00:00Z');
    expect((await setStatus(t, doctor.headers, appointment.id, 'Completed')).statusCode).toBe(200);

    const board = (await t.app.inject({ url: '/api/admin/emergency-room?limit=100', headers: admin })).json<{
      data: ErEntry[];
    }>().data;
    expect(board.find((e) => e.id === arrival.id)).toMatchObject({ status: 'Discharged' });
    expect(board.find((e) => e.id === arrival.id)?.leftAt).not.toBeNull();
    expect(board.find((e) => e.id === stranger.id)).toMatchObject({ status: 'Waiting' });
    expect(board.find((e) => e.id === yesterday.id)).toMatchObject({ status: 'Waiting' });
    // The queue lists only who still waits or was called: the place is gone from it, as Removed.
    const queue = (await t.app.inject({ url: '/api/admin/queues?limit=100', headers: admin })).json<{
      data: QueueEntry[];
    }>().data;
    expect(queue.find((q) => q.id === place.id)).toBeUndefined();
    const [stored] = await t.database.db
      .select({ status: queueEntries.status })
      .from(queueEntries)
      .where(eq(queueEntries.id, place.id));
    expect(stored?.status).toBe('Removed');
  });

  it('marks a place already Called as Seen by the doctor who completed the visit, not Removed', async () => {
    const doctor = await signedIn(t, 'doctor', { specialty: 'Cardiology' });
    const patient = await signedIn(t, 'patient');
    t.clock.set('2030-01-07T09:00:00Z');
    const { appointment } = (
      await book(t, patient.headers, { doctorId: doctor.user.id, date: MONDAY, time: '10:30' })
    ).json<{ appointment: { id: string } }>();
    expect((await setStatus(t, doctor.headers, appointment.id, 'Confirmed')).statusCode).toBe(200);
    const place = await post<QueueEntry>('/api/admin/queues', {
      patientId: patient.user.id,
      department: 'Cardiology',
      etaMinutes: 5,
    });
    t.clock.set('2030-01-07T10:35:00Z');
    const called = await post<QueueEntry>('/api/admin/queues/Cardiology/call-next', {});
    expect(called).toMatchObject({ id: place.id, status: 'Called' });

    t.clock.set('2030-01-07T11:00:00Z');
    expect((await setStatus(t, doctor.headers, appointment.id, 'Completed')).statusCode).toBe(200);

    const [stored] = await t.database.db
      .select({ status: queueEntries.status, seenAt: queueEntries.seenAt, seenBy: queueEntries.seenBy })
      .from(queueEntries)
      .where(eq(queueEntries.id, place.id));
    expect(stored).toEqual({
      status: 'Seen',
      seenAt: new Date('2030-01-07T11:00:00Z'),
      seenBy: doctor.user.id,
    });
    // The board's called list no longer shows them.
    const queue = (await t.app.inject({ url: '/api/admin/queues?limit=100', headers: admin })).json<{
      data: QueueEntry[];
    }>().data;
    expect(queue.find((q) => q.id === place.id)).toBeUndefined();
  });
});
