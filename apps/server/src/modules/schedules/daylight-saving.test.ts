import { AVAILABILITY_MESSAGES, DEFAULT_SCHEDULE, type SlotsResponse } from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../test/appointments';
import { createTestApp, signedIn, type TestApp, testClock } from '../../../test/helpers';
import { appointments } from '../../db/schema';

/**
 * Booking on the days Europe/London changes its clocks (TIME_ZONE=Europe/London), for a doctor
 * whose Sunday hours (00:00-04:00, 30 minutes a patient) cover both changes: 2030-03-31, when
 * 01:00-01:59 does not exist, and 2030-10-27, when it happens twice.
 */
const SPRING = '2030-03-31';
const AUTUMN = '2030-10-27';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TIME_ZONE: 'Europe/London' },
    clock: testClock(new Date('2030-03-01T09:00:00Z')),
  });
});
afterAll(() => t.close());

async function nightDoctor() {
  const dr = await signedIn(t, 'doctor');
  const days = DEFAULT_SCHEDULE.days.map((d) =>
    d.day === 'Sunday' ? { day: d.day, off: false, from: '00:00', to: '04:00' } : d,
  );
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/doctor/schedule',
    headers: dr.headers,
    payload: { perPatientTime: '00:30', days },
  });
  expect(put.statusCode).toBe(200);
  return dr;
}

const slotsOn = async (headers: { cookie: string }, doctorId: string, date: string) =>
  (await t.app.inject({ url: `/api/doctors/${doctorId}/slots?date=${date}`, headers })).json<SlotsResponse>()
    .slots;

const startsOf = async (doctorId: string, date: string) =>
  (
    await t.database.db
      .select({ time: appointments.time, startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctorId), eq(appointments.date, date)))
      .orderBy(asc(appointments.startsAt))
  ).map((r) => `${r.time.slice(0, 5)} ${r.startsAt.toISOString()}`);

describe('daylight-saving days in Europe/London', () => {
  it('spring: offers and books no time the clock skips; the others keep their own moments', async () => {
    const dr = await nightDoctor();
    const p = await signedIn(t, 'patient');
    expect(await slotsOn(p.headers, dr.user.id, SPRING)).toEqual([
      '00:00',
      '00:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);

    const skipped = await book(t, p.headers, { doctorId: dr.user.id, date: SPRING, time: '01:00' });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().error).toBe(AVAILABILITY_MESSAGES.skipped);

    for (const time of ['00:30', '02:00']) {
      const other = await signedIn(t, 'patient');
      expect((await book(t, other.headers, { doctorId: dr.user.id, date: SPRING, time })).statusCode).toBe(
        201,
      );
    }
    // 00:30 GMT and 02:00 BST are half an hour apart in real time.
    expect(await startsOf(dr.user.id, SPRING)).toEqual([
      '00:30 2030-03-31T00:30:00.000Z',
      '02:00 2030-03-31T01:00:00.000Z',
    ]);
    expect(await slotsOn(p.headers, dr.user.id, SPRING)).toEqual(['00:00', '02:30', '03:00', '03:30']);
  });

  it('autumn: offers each wall-clock slot once; the repeated hour is booked at its later (GMT) moment', async () => {
    const dr = await nightDoctor();
    const p = await signedIn(t, 'patient');
    const all = ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30'];
    expect(await slotsOn(p.headers, dr.user.id, AUTUMN)).toEqual(all);
    for (const time of ['00:30', '01:00']) {
      const other = await signedIn(t, 'patient');
      expect((await book(t, other.headers, { doctorId: dr.user.id, date: AUTUMN, time })).statusCode).toBe(
        201,
      );
    }

    // Now is 01:15 the second time (GMT): 01:00 has passed; 01:30 is offered, and booked ahead of now.
    t.clock.set('2030-10-27T01:15:00Z');
    const late = await signedIn(t, 'patient');
    expect(await slotsOn(late.headers, dr.user.id, AUTUMN)).toEqual([
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);
    const passed = await book(t, late.headers, { doctorId: dr.user.id, date: AUTUMN, time: '01:00' });
    expect(passed.json().error).toBe(AVAILABILITY_MESSAGES.past);
    expect(
      (await book(t, late.headers, { doctorId: dr.user.id, date: AUTUMN, time: '01:30' })).statusCode,
    ).toBe(201);
    expect(await startsOf(dr.user.id, AUTUMN)).toEqual([
      '00:30 2030-10-26T23:30:00.000Z',
      '01:00 2030-10-27T01:00:00.000Z',
      '01:30 2030-10-27T01:30:00.000Z',
    ]);
  });
});
