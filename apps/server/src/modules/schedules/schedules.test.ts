import {
  BOOKING_DATE_MESSAGES,
  checkAvailability,
  DEFAULT_SCHEDULE,
  type DoctorScheduleResponse,
  parseTimeMinutes,
  SCHEDULE_MESSAGES,
  type ScheduleResponse,
  type SlotsResponse,
  toLocalDateTime,
} from '@carepoint/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, MONDAY, SUNDAY, setStatus, TUESDAY } from '../../../test/appointments';
import { createTestApp, createUser, serviceContext, signedIn, type TestApp } from '../../../test/helpers';
import { appointments, auditEvents, doctorScheduleDays, users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { ensureDefaultSchedule, loadSchedules } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const slots = (headers: { cookie: string }, doctorId: string, date: string) =>
  t.app.inject({ url: `/api/doctors/${doctorId}/slots?date=${date}`, headers });

describe('doctors a patient can pick', () => {
  it('lists active doctors by name with their specialty, to signed-in users only', async () => {
    await createUser(t, 'doctor', { firstName: 'Zara', lastName: 'Zed', specialty: 'Neurology' });
    await createUser(t, 'doctor', { firstName: 'Abe', lastName: 'Able', specialty: null });
    await createUser(t, 'doctor', { firstName: 'Gone', lastName: 'Away', status: 'Inactive' });
    const { headers } = await signedIn(t, 'patient');
    const res = await t.app.inject({ url: '/api/doctors/available', headers });
    expect(res.statusCode).toBe(200);
    const names = res.json<{ data: Array<{ lastName: string; specialty: string | null }> }>().data;
    expect(names.map((d) => d.lastName)).toEqual(['Able', 'Zed']);
    expect(names[1]).toMatchObject({ specialty: 'Neurology' });
    expect((await t.app.inject({ url: '/api/doctors/available' })).statusCode).toBe(401);
  });
});

describe('free slots', () => {
  it('excludes booked and past slots; a day off has none', async () => {
    const dr = await createUser(t, 'doctor');
    const p = await signedIn(t, 'patient');
    expect((await book(t, p.headers, { doctorId: dr.id, date: MONDAY, time: '12:00' })).statusCode).toBe(201);
    const t1 = (await book(t, p.headers, { doctorId: dr.id, date: TUESDAY, time: '09:45' })).statusCode;
    expect(t1).toBe(201);

    // The clock reads Monday 09:00: 09:00 itself has started.
    const monday = (await slots(p.headers, dr.id, MONDAY)).json<SlotsResponse>();
    expect(monday).toMatchObject({
      day: 'Monday',
      hours: { from: '09:00', to: '16:00' },
      perPatientTime: '00:45:00',
    });
    expect(monday.slots).toEqual(['09:45', '10:30', '11:15', '12:45', '13:30', '14:15', '15:00']);
    const tuesday = (await slots(p.headers, dr.id, TUESDAY)).json<SlotsResponse>();
    expect(tuesday.slots).toEqual(['09:00', '10:30', '11:15', '12:00', '12:45', '13:30', '14:15', '15:00']);
    expect((await slots(p.headers, dr.id, SUNDAY)).json<SlotsResponse>()).toMatchObject({
      hours: null,
      slots: [],
    });
  });

  it('validates the date and the doctor', async () => {
    const dr = await createUser(t, 'doctor');
    const { headers } = await signedIn(t, 'patient');
    expect((await slots(headers, dr.id, '')).json().error).toBe('Date is required');
    expect((await slots(headers, dr.id, '2030-02-30')).json().error).toBe('Enter a valid date as YYYY-MM-DD');
    // Only bookable dates: from the facility's today (2030-01-07 here) to two years on.
    for (const [date, message] of [
      ['1970-01-01', BOOKING_DATE_MESSAGES.past],
      ['2030-01-04', BOOKING_DATE_MESSAGES.past],
      ['9999-12-31', BOOKING_DATE_MESSAGES.tooFar('2032-01-07')],
      ['2032-01-08', BOOKING_DATE_MESSAGES.tooFar('2032-01-07')],
    ] as const) {
      for (const url of [`/api/doctors/${dr.id}/slots?date=${date}`, `/api/doctors/slots?date=${date}`]) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ error: message, fieldErrors: { date: [message] } });
      }
    }
    expect((await slots(headers, dr.id, '2032-01-07')).statusCode).toBe(200);
    const farBooking = await book(t, headers, { doctorId: dr.id, date: '2032-01-12', time: '09:00' });
    expect(farBooking.statusCode).toBe(400);
    expect(farBooking.json().fieldErrors).toEqual({ date: [BOOKING_DATE_MESSAGES.tooFar('2032-01-07')] });
    const patient = await createUser(t, 'patient');
    expect((await slots(headers, patient.id, MONDAY)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/doctors/${dr.id}/slots?date=${MONDAY}` })).statusCode).toBe(401);
  });
});

describe("a doctor's weekly schedule", () => {
  it('starts as the default and can be replaced by the doctor, changing the free slots', async () => {
    const dr = await signedIn(t, 'doctor');
    const p = await signedIn(t, 'patient');
    const mine = await t.app.inject({ url: '/api/doctor/schedule', headers: dr.headers });
    expect(mine.json<ScheduleResponse>()).toEqual({
      doctorId: dr.user.id,
      ...DEFAULT_SCHEDULE,
      outsideHours: [],
    });

    const days = DEFAULT_SCHEDULE.days.map((d) =>
      d.day === 'Monday' ? { day: d.day, off: false, from: '08:00:00', to: '14:00:00' } : d,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/doctor/schedule',
      headers: dr.headers,
      payload: { perPatientTime: '00:30', days },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<ScheduleResponse>()).toMatchObject({ perPatientTime: '00:30:00' });
    expect(put.json<ScheduleResponse>().days[0]).toEqual({
      day: 'Monday',
      off: false,
      from: '08:00',
      to: '14:00',
    });

    const read = await t.app.inject({ url: `/api/doctors/${dr.user.id}/schedule`, headers: p.headers });
    expect(read.json<ScheduleResponse>().days[0]).toEqual({
      day: 'Monday',
      off: false,
      from: '08:00',
      to: '14:00',
    });
    expect((await slots(p.headers, dr.user.id, MONDAY)).json<SlotsResponse>().slots[0]).toBe('09:30');
  });

  it('refuses a schedule with missing or reversed hours, and patients may not edit one', async () => {
    const dr = await signedIn(t, 'doctor');
    const put = (payload: Record<string, unknown>, headers = dr.headers) =>
      t.app.inject({ method: 'PUT', url: '/api/doctor/schedule', headers, payload });
    const reversed = DEFAULT_SCHEDULE.days.map((d) =>
      d.day === 'Friday' ? { ...d, from: '16:00', to: '09:00' } : d,
    );
    expect((await put({ perPatientTime: '00:45:00', days: reversed })).json().error).toBe(
      'From time must be before To time',
    );
    const missing = DEFAULT_SCHEDULE.days.map((d) => (d.day === 'Friday' ? { ...d, from: null } : d));
    expect((await put({ perPatientTime: '00:45:00', days: missing })).json().error).toBe(
      'From time is required',
    );
    expect((await put({ perPatientTime: '', days: DEFAULT_SCHEDULE.days })).json().error).toBe(
      'Per-patient time is required',
    );
    expect((await put({ perPatientTime: '00:45', days: DEFAULT_SCHEDULE.days.slice(1) })).statusCode).toBe(
      400,
    );
    const p = await signedIn(t, 'patient');
    expect((await put(DEFAULT_SCHEDULE, p.headers)).statusCode).toBe(403);
  });

  it('refuses a per-patient time that is not sensible', async () => {
    const dr = await signedIn(t, 'doctor');
    for (const perPatientTime of ['00:04', '08:01', '45', '00:45:99']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/doctor/schedule',
        headers: dr.headers,
        payload: { perPatientTime, days: DEFAULT_SCHEDULE.days },
      });
      expect({ perPatientTime, error: res.json().error }).toEqual({
        perPatientTime,
        error: SCHEDULE_MESSAGES.perPatientTimeInvalid,
      });
    }
  });

  it('lists, never cancels, booked appointments the new hours no longer cover', async () => {
    const dr = await signedIn(t, 'doctor', { firstName: 'Moves', lastName: 'Hours' });
    const other = await signedIn(t, 'doctor');
    const p = await signedIn(t, 'patient', { firstName: 'Booked', lastName: 'Patient' });
    const booked = async (doctorId: string, date: string, time: string) => {
      const res = await book(t, p.headers, { doctorId, date, time });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ appointment: { id: string } }>().appointment.id;
    };
    const mondayNoon = await booked(dr.user.id, MONDAY, '12:00');
    const tuesdayEarly = await booked(dr.user.id, TUESDAY, '09:00');
    const tuesdayLate = await booked(dr.user.id, TUESDAY, '15:00');
    const stillFits = await booked(dr.user.id, TUESDAY, '12:00');
    const cancelled = await booked(dr.user.id, MONDAY, '14:15');
    // Cancelled by the doctor: it is too close for the patient to cancel online.
    const cancel = await setStatus(t, dr.headers, cancelled, 'Cancelled', 'Travelling');
    expect(cancel.statusCode, cancel.body).toBe(200);
    await booked(other.user.id, MONDAY, '13:30');

    // Monday off; Tuesday 10:00-15:30 (the 15:00 booking of 45 minutes would end at 15:45).
    const days = DEFAULT_SCHEDULE.days.map((d) =>
      d.day === 'Monday'
        ? { day: d.day, off: true, from: null, to: null }
        : d.day === 'Tuesday'
          ? { day: d.day, off: false, from: '10:00', to: '15:30' }
          : d,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/doctor/schedule',
      headers: dr.headers,
      payload: { perPatientTime: '00:45:00', days },
    });
    expect(put.statusCode).toBe(200);
    const expected = [
      {
        id: mondayNoon,
        date: MONDAY,
        time: '12:00',
        durationMinutes: 45,
        status: 'Pending',
        patientName: 'Booked Patient',
      },
      {
        id: tuesdayEarly,
        date: TUESDAY,
        time: '09:00',
        durationMinutes: 45,
        status: 'Pending',
        patientName: 'Booked Patient',
      },
      {
        id: tuesdayLate,
        date: TUESDAY,
        time: '15:00',
        durationMinutes: 45,
        status: 'Pending',
        patientName: 'Booked Patient',
      },
    ];
    expect(put.json<DoctorScheduleResponse>().outsideHours).toEqual(expected);
    const read = await t.app.inject({ url: '/api/doctor/schedule', headers: dr.headers });
    expect(read.json<DoctorScheduleResponse>().outsideHours).toEqual(expected);

    // Nothing was cancelled; the booking that still fits is not listed.
    const rows = await t.database.db
      .select({ id: appointments.id, status: appointments.status })
      .from(appointments)
      .where(eq(appointments.doctorId, dr.user.id));
    expect(
      rows
        .filter((r) => r.status === 'Pending')
        .map((r) => r.id)
        .sort(),
    ).toEqual([mondayNoon, tuesdayEarly, tuesdayLate, stillFits].sort());
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, dr.user.id), eq(auditEvents.action, 'schedule.outside_hours.read')));
    expect(audited.length).toBeGreaterThan(0);

    // Once an appointment has started, it is no longer the doctor's to move.
    t.clock.set('2030-01-07T12:00:00Z');
    try {
      const later = await t.app.inject({ url: '/api/doctor/schedule', headers: dr.headers });
      expect(later.json<DoctorScheduleResponse>().outsideHours.map((a) => a.id)).toEqual([
        tuesdayEarly,
        tuesdayLate,
      ]);
    } finally {
      t.clock.set('2030-01-07T09:00:00Z');
    }
  });

  it("is each doctor's own: one doctor's change leaves another's schedule and list alone", async () => {
    const a = await signedIn(t, 'doctor');
    const b = await signedIn(t, 'doctor');
    const p = await signedIn(t, 'patient');
    expect((await book(t, p.headers, { doctorId: b.user.id, date: MONDAY, time: '12:00' })).statusCode).toBe(
      201,
    );
    const allOff = DEFAULT_SCHEDULE.days.map((d) => ({ day: d.day, off: true, from: null, to: null }));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/doctor/schedule',
      headers: a.headers,
      payload: { perPatientTime: '00:30', days: allOff, doctorId: b.user.id },
    });
    expect(put.json<DoctorScheduleResponse>()).toMatchObject({ doctorId: a.user.id, outsideHours: [] });
    const theirs = await t.app.inject({ url: '/api/doctor/schedule', headers: b.headers });
    expect(theirs.json<DoctorScheduleResponse>()).toEqual({
      doctorId: b.user.id,
      ...DEFAULT_SCHEDULE,
      outsideHours: [],
    });
    expect((await slots(p.headers, b.user.id, TUESDAY)).json<SlotsResponse>().slots).toHaveLength(9);
    expect((await slots(p.headers, a.user.id, TUESDAY)).json<SlotsResponse>().slots).toEqual([]);
    // There is no route to change someone else's schedule.
    const sneaky = await t.app.inject({
      method: 'PUT',
      url: `/api/doctors/${b.user.id}/schedule`,
      headers: a.headers,
      payload: { perPatientTime: '00:30', days: allOff },
    });
    expect(sneaky.statusCode).toBe(404);
  });

  it('ensureDefaultSchedule stores the default once and keeps an existing schedule', async () => {
    const dr = await createUser(t, 'doctor');
    await Promise.all([
      ensureDefaultSchedule(t.database.db, dr.id),
      ensureDefaultSchedule(t.database.db, dr.id),
    ]);
    const rows = await t.database.db
      .select()
      .from(doctorScheduleDays)
      .where(eq(doctorScheduleDays.doctorId, dr.id));
    expect(rows).toHaveLength(7);
    expect((await loadSchedules(t.database.db, [dr.id])).get(dr.id)).toEqual(DEFAULT_SCHEDULE);
  });
});

describe('demo data', () => {
  it('gives every doctor a schedule and books only real, non-overlapping slots', async () => {
    const local = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
    try {
      const now = new Date('2030-01-09T12:00:00Z');
      await seedDemoData(serviceContext(local, { now: () => now }));
      const db = local.database.db;
      const doctors = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.role, 'doctor'));
      const schedules = await loadSchedules(
        db,
        doctors.map((d) => d.id),
      );
      const stored = await db
        .selectDistinct({ doctorId: doctorScheduleDays.doctorId })
        .from(doctorScheduleDays)
        .where(
          inArray(
            doctorScheduleDays.doctorId,
            doctors.map((d) => d.id),
          ),
        );
      expect(stored).toHaveLength(doctors.length);
      const demoDoctor = doctors.find((d) => d.email === 'doctor@carepoint.example');
      expect(schedules.get(demoDoctor?.id ?? '')?.days[5]).toEqual({
        day: 'Saturday',
        off: false,
        from: '10:00',
        to: '13:00',
      });

      const rows = await db
        .select()
        .from(appointments)
        .where(and(inArray(appointments.status, ['Pending', 'Confirmed'])));
      expect(rows.length).toBeGreaterThan(10);
      const nowLocal = toLocalDateTime(now, 'Africa/Lagos');
      for (const row of rows) {
        const others = rows.filter((r) => r !== row && r.doctorId === row.doctorId && r.date === row.date);
        const result = checkAvailability({
          schedule: schedules.get(row.doctorId) ?? DEFAULT_SCHEDULE,
          doctorName: 'Dr',
          date: row.date,
          minutes: parseTimeMinutes(row.time) ?? -1,
          now: nowLocal,
          busy: others.map((o) => ({
            minutes: parseTimeMinutes(o.time) ?? 0,
            durationMinutes: o.durationMinutes,
          })),
        });
        expect(result).toEqual({ ok: true, durationMinutes: row.durationMinutes });
      }
      const demoPatient = await db.select().from(users).where(eq(users.email, 'patient@carepoint.example'));
      const theirs = await db
        .select()
        .from(appointments)
        .where(eq(appointments.patientId, demoPatient[0]?.id ?? ''));
      expect(new Set(theirs.map((a) => a.status))).toEqual(
        new Set(['Completed', 'Pending', 'Confirmed', 'Cancelled']),
      );
    } finally {
      await local.close();
    }
  });
});
