import type {
  Appointment,
  Calendar,
  DoctorAppointmentDetail,
  MoveAppointmentInput,
} from '@carepoint/contract';
import {
  APPOINTMENT_MESSAGES,
  AVAILABILITY_MESSAGES,
  CALENDAR_MESSAGES,
  DOCTOR_EVENTS_PATH,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { book, setStatus, TUESDAY } from '../../../test/appointments';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';

/*
 * Moving an appointment (service.ts moveAppointment) on every path: the doctor's own, the
 * desk's reassign, the patient's own within PATIENT_CHANGE_HOURS; the calendars that show the
 * result; and the doctor's live stream. The clock reads Monday 2030-01-07 09:00 (UTC); doctors
 * work Monday to Friday 09:00-16:00, 45 minutes a patient.
 */

type Headers = { cookie: string };
type Appt = { appointment: Appointment };
const WEDNESDAY = '2030-01-09';
const SATURDAY = '2030-01-12';

let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
});
afterAll(() => t.close());

const doctor = () => signedIn(t, 'doctor', { firstName: 'Move', lastName: 'Doctor' });

async function booked(patient: Headers, doctorId: string, date: string, time: string) {
  const res = await book(t, patient, { doctorId, date, time });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Appt>().appointment.id;
}

const doctorMove = (headers: Headers, id: string, payload: MoveAppointmentInput) =>
  t.app.inject({ method: 'POST', url: `/api/doctor/appointments/${id}/move`, headers, payload });
const patientMove = (headers: Headers, id: string, payload: MoveAppointmentInput) =>
  t.app.inject({ method: 'POST', url: `/api/patient/appointments/${id}/move`, headers, payload });
const patientCancel = (headers: Headers, id: string, reason: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/patient/appointments/${id}/cancel`,
    headers,
    payload: { reason },
  });
const freeOn = async (headers: Headers, doctorId: string, date: string) =>
  (await t.app.inject({ url: `/api/doctors/${doctorId}/slots?date=${date}`, headers })).json<{
    slots: string[];
  }>().slots;

describe("the doctor's move", () => {
  it('moves their own appointment to a free time, frees the old one, and records who moved it', async () => {
    const dr = await doctor();
    const p = await signedIn(t, 'patient');
    const id = await booked(p.headers, dr.user.id, TUESDAY, '10:30');
    await setStatus(t, dr.headers, id, 'Confirmed');
    // A minute later, as at a real desk: the history reads in time order.
    t.clock.advance(60_000);
    const res = await doctorMove(dr.headers, id, { date: WEDNESDAY, time: '12:00' }).finally(() =>
      t.clock.set('2030-01-07T09:00:00Z'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<{ appointment: DoctorAppointmentDetail }>().appointment;
    // The doctor's own move keeps the status: they chose the new time.
    expect(moved).toMatchObject({ date: WEDNESDAY, time: '12:00', status: 'Confirmed' });
    expect(moved.startsAt).toBe(`${WEDNESDAY}T12:00:00.000Z`);
    expect(moved.history.at(-1)).toMatchObject({
      from: 'Confirmed',
      to: 'Confirmed',
      by: 'Dr Move Doctor',
      byRole: 'doctor',
      move: {
        from: { doctor: 'Dr Move Doctor', date: TUESDAY, time: '10:30' },
        to: { doctor: 'Dr Move Doctor', date: WEDNESDAY, time: '12:00' },
      },
    });
    expect(await freeOn(p.headers, dr.user.id, TUESDAY)).toContain('10:30');
    expect(await freeOn(p.headers, dr.user.id, WEDNESDAY)).not.toContain('12:00');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'appointment.move'), eq(auditEvents.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorRole: 'doctor',
      patientId: p.user.id,
      details: { from: { date: TUESDAY, time: '10:30' }, to: { date: WEDNESDAY, time: '12:00' } },
    });
  });

  it("refuses with the booking's own messages: a taken time, outside hours, a day off, the past", async () => {
    const dr = await doctor();
    const [p, other] = await Promise.all([signedIn(t, 'patient'), signedIn(t, 'patient')]);
    const id = await booked(p.headers, dr.user.id, TUESDAY, '10:30');
    await booked(other.headers, dr.user.id, TUESDAY, '11:15');

    const taken = await doctorMove(dr.headers, id, { date: TUESDAY, time: '11:15' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLOT_TAKEN', error: AVAILABILITY_MESSAGES.taken });

    const late = await doctorMove(dr.headers, id, { date: TUESDAY, time: '16:30' });
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors.time).toEqual([AVAILABILITY_MESSAGES.outsideHours('09:00', '16:00')]);

    const saturday = await doctorMove(dr.headers, id, { date: SATURDAY, time: '10:30' });
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json().fieldErrors.date).toEqual([
      AVAILABILITY_MESSAGES.dayOff('Dr Move Doctor', 'Saturday'),
    ]);

    const past = await doctorMove(dr.headers, id, { date: '2030-01-04', time: '10:30' });
    expect(past.json().error).toBe(AVAILABILITY_MESSAGES.past);

    // Nothing moved; its own slot does not stand in its way when it moves later the same day.
    expect((await doctorMove(dr.headers, id, { date: TUESDAY, time: '12:00' })).statusCode).toBe(200);
    await setStatus(t, dr.headers, id, 'Cancelled', 'Doctor away');
    const final = await doctorMove(dr.headers, id, { date: TUESDAY, time: '13:30' });
    expect(final.statusCode).toBe(409);
    expect(final.json().error).toBe(APPOINTMENT_MESSAGES.notMovable);
  });

  it("answers 404 for another doctor's appointment, and nothing moves", async () => {
    const [mine, theirs] = await Promise.all([doctor(), doctor()]);
    const p = await signedIn(t, 'patient');
    const id = await booked(p.headers, theirs.user.id, TUESDAY, '10:30');
    const res = await doctorMove(mine.headers, id, { date: TUESDAY, time: '12:00' });
    expect(res.statusCode).toBe(404);
    expect(await freeOn(p.headers, theirs.user.id, TUESDAY)).not.toContain('10:30');
  });

  it('gives one free time to exactly one of several parallel moves', async () => {
    const dr = await doctor();
    const patients = await Promise.all([1, 2, 3].map(() => signedIn(t, 'patient')));
    const ids = await Promise.all(
      patients.map((p, i) => booked(p.headers, dr.user.id, TUESDAY, ['09:00', '09:45', '10:30'][i] ?? '')),
    );
    const results = await Promise.all(
      ids.map((id) => doctorMove(dr.headers, id, { date: TUESDAY, time: '14:15' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const calendar = await t.app.inject({
      url: `/api/doctor/calendar?from=${TUESDAY}&to=${TUESDAY}`,
      headers: dr.headers,
    });
    expect(calendar.json<Calendar>().appointments.filter((a) => a.time === '14:15')).toHaveLength(1);
  });
});

describe("the patient's move and cancel", () => {
  it('moves their own appointment while more than 24 hours ahead; a Confirmed one awaits the doctor again', async () => {
    const dr = await doctor();
    const p = await signedIn(t, 'patient');
    const id = await booked(p.headers, dr.user.id, WEDNESDAY, '10:30');
    await setStatus(t, dr.headers, id, 'Confirmed');
    const res = await patientMove(p.headers, id, { date: WEDNESDAY, time: '13:30' });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Appt>().appointment;
    expect(moved).toMatchObject({ date: WEDNESDAY, time: '13:30', status: 'Pending' });
    // The change window closes 24 hours before the new start.
    expect(moved.changeableUntil).toBe('2030-01-08T13:30:00.000Z');
    const stranger = await signedIn(t, 'patient');
    expect((await patientMove(stranger.headers, id, { date: WEDNESDAY, time: '15:00' })).statusCode).toBe(
      404,
    );
  });

  it('refuses to move or cancel within 24 hours of the start, naming the limit', async () => {
    const dr = await doctor();
    const p = await signedIn(t, 'patient');
    // Tuesday 09:00 is exactly 24 hours away: the window has just closed. 09:45 is still open.
    const soon = await booked(p.headers, dr.user.id, TUESDAY, '09:00');
    const later = await booked(p.headers, dr.user.id, TUESDAY, '09:45');
    const closed = APPOINTMENT_MESSAGES.changeWindowClosed(24);
    expect(closed).toContain('24 hours');
    for (const res of [
      await patientMove(p.headers, soon, { date: WEDNESDAY, time: '09:00' }),
      await patientCancel(p.headers, soon, 'Travelling'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CHANGE_WINDOW_CLOSED', error: closed });
    }
    const cancelled = await patientCancel(p.headers, later, 'Travelling');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Appt>().appointment).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Travelling',
    });
    // Staff still change it inside the window.
    expect((await doctorMove(dr.headers, soon, { date: WEDNESDAY, time: '09:00' })).statusCode).toBe(200);
  });

  it('takes the window from PATIENT_CHANGE_HOURS', async () => {
    const own = await createTestApp({ env: { PATIENT_CHANGE_HOURS: '2' } });
    try {
      const dr = await signedIn(own, 'doctor');
      const p = await signedIn(own, 'patient');
      const res = await book(own, p.headers, { doctorId: dr.user.id, date: '2030-01-07', time: '12:00' });
      const id = res.json<Appt>().appointment.id;
      const cancel = (reason: string) =>
        own.app.inject({
          method: 'POST',
          url: `/api/patient/appointments/${id}/cancel`,
          headers: p.headers,
          payload: { reason },
        });
      own.clock.set('2030-01-07T10:00:00Z');
      expect((await cancel('Late')).json().error).toBe(APPOINTMENT_MESSAGES.changeWindowClosed(2));
      own.clock.set('2030-01-07T09:59:00Z');
      expect((await cancel('In time')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('calendars', () => {
  it("gives the desk every doctor's day: hours, days off, free slots and appointments", async () => {
    const dr = await doctor();
    const p = await signedIn(t, 'patient');
    const id = await booked(p.headers, dr.user.id, TUESDAY, '12:45');
    const res = await t.app.inject({
      url: `/api/admin/appointments/calendar?from=${TUESDAY}&to=2030-01-12`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const calendar = res.json<Calendar>();
    expect(calendar.today).toBe('2030-01-07');
    const column = calendar.doctors.find((d) => d.id === dr.user.id);
    expect(column?.slotMinutes).toBe(45);
    expect(column?.days[0]).toMatchObject({
      date: TUESDAY,
      day: 'Tuesday',
      hours: { from: '09:00', to: '16:00' },
    });
    expect(column?.days[0]?.free).not.toContain('12:45');
    expect(column?.days[0]?.free).toContain('13:30');
    expect(column?.days[4]).toEqual({ date: SATURDAY, day: 'Saturday', hours: null, free: [] });
    expect(calendar.appointments.find((a) => a.id === id)).toMatchObject({
      doctorId: dr.user.id,
      patientId: p.user.id,
      time: '12:45',
      status: 'Pending',
    });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'appointment.calendar.read'));
    expect(audit.some((a) => JSON.stringify(a.details).includes(id))).toBe(true);
  });

  it('shows a doctor only their own, and refuses a range over a week', async () => {
    const [mine, theirs] = await Promise.all([doctor(), doctor()]);
    const p = await signedIn(t, 'patient');
    const own = await booked(p.headers, mine.user.id, WEDNESDAY, '09:00');
    await booked(p.headers, theirs.user.id, WEDNESDAY, '12:00');
    const res = await t.app.inject({
      url: `/api/doctor/calendar?from=2030-01-07&to=2030-01-13`,
      headers: mine.headers,
    });
    const calendar = res.json<Calendar>();
    expect(calendar.doctors.map((d) => d.id)).toEqual([mine.user.id]);
    expect(calendar.appointments.map((a) => a.id)).toEqual([own]);
    const long = await t.app.inject({
      url: '/api/doctor/calendar?from=2030-01-07&to=2030-01-14',
      headers: mine.headers,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.to).toEqual([CALENDAR_MESSAGES.rangeInvalid]);
    expect(
      (
        await t.app.inject({
          url: '/api/admin/appointments/calendar?from=2030-01-07&to=2030-01-07',
          headers: mine.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("the doctor's live stream", () => {
  it("announces a patient's cancel to that doctor's screen, not to another doctor's", async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const address = live.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const [mine, theirs] = await Promise.all([
        signedIn(live, 'doctor', { firstName: 'Live', lastName: 'Mine' }),
        signedIn(live, 'doctor', { firstName: 'Live', lastName: 'Theirs' }),
      ]);
      const p = await signedIn(live, 'patient');
      const stream = async (headers: Headers) => {
        const controller = new AbortController();
        const res = await fetch(`http://127.0.0.1:${address.port}${DOCTOR_EVENTS_PATH}`, {
          headers,
          signal: controller.signal,
        });
        let text = '';
        const reader = res.body?.getReader();
        const pump = (async () => {
          try {
            for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
              text += new TextDecoder().decode(chunk.value);
          } catch {
            // Aborted by the test.
          }
        })();
        return {
          text: () => text,
          close: async () => {
            controller.abort();
            await pump;
          },
        };
      };
      const [mineStream, theirStream] = [await stream(mine.headers), await stream(theirs.headers)];
      await vi.waitFor(() => expect(mineStream.text()).toContain('event: ready'));
      await vi.waitFor(() => expect(theirStream.text()).toContain('event: ready'));
      const res = await book(live, p.headers, { doctorId: mine.user.id, date: WEDNESDAY, time: '10:30' });
      const id = res.json<Appt>().appointment.id;
      await vi.waitFor(() => expect(mineStream.text()).toContain('event: appointments'));
      const before = mineStream.text().split('event: appointments').length;
      await live.app.inject({
        method: 'POST',
        url: `/api/patient/appointments/${id}/cancel`,
        headers: p.headers,
        payload: { reason: 'Feeling better' },
      });
      await vi.waitFor(() => expect(mineStream.text().split('event: appointments').length).toBe(before + 1));
      expect(mineStream.text()).toContain('data: {"topic":"appointments"}');
      expect(theirStream.text()).not.toContain('appointments');
      await Promise.all([mineStream.close(), theirStream.close()]);
    } finally {
      await live.close();
    }
  });
});
