import type { Appointment, AppointmentPage, ScheduleInput } from '@carepoint/contract';
import { APPOINTMENT_MESSAGES, AVAILABILITY_MESSAGES, DEFAULT_SCHEDULE } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, booking, MONDAY, SATURDAY, SUNDAY, setStatus, TUESDAY } from '../../../test/appointments';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { appointments, auditEvents, sessions } from '../../db/schema';
import { saveSchedule } from '../schedules';

type Headers = { cookie: string };
type Appt = { appointment: Appointment };

let t: TestApp;
let doctor: TestUser;
let doctorHeaders: Headers;
let patient: { user: TestUser; headers: Headers };

/** Tests move the clock by days: sessions must outlive that. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '10000' };

beforeAll(async () => {
  t = await createTestApp({ env: LONG_SESSIONS });
  const signed = await signedIn(t, 'doctor', {
    firstName: 'Ada',
    lastName: 'Okafor',
    specialty: 'Cardiology',
  });
  doctor = signed.user;
  doctorHeaders = signed.headers;
  patient = await signedIn(t, 'patient');
});
afterAll(() => t.close());

/** A doctor of their own, so each test's bookings cannot collide with another test's. */
async function freshDoctor(fields: Parameters<typeof createUser>[2] = {}) {
  return signedIn(t, 'doctor', { specialty: 'General Medicine', ...fields });
}

describe('booking with a chosen doctor', () => {
  it('books a free slot inside the hours as Pending, with the doctor and the spec fields', async () => {
    const res = await book(t, patient.headers, { doctorId: doctor.id });
    expect(res.statusCode).toBe(201);
    const { appointment } = res.json<Appt>();
    expect(appointment).toMatchObject({
      title: 'Check-up',
      priority: 'Medium',
      notes: 'Bring results',
      date: TUESDAY,
      time: '10:30',
      status: 'Pending',
      durationMinutes: 45,
      startsAt: '2030-01-08T10:30:00.000Z',
      patientId: patient.user.id,
      doctor: { id: doctor.id, user: { firstName: 'Ada', lastName: 'Okafor' }, specialty: 'Cardiology' },
    });
    expect(appointment._id).toBe(appointment.id);
  });

  it('refuses times the schedule does not allow, each with its message', async () => {
    const { user: dr } = await freshDoctor({ firstName: 'Emeka', lastName: 'Nwosu' });
    const cases: Array<[Partial<Parameters<typeof booking>[0]>, number, string]> = [
      [{ time: '08:15' }, 400, 'Please choose a time between 09:00 and 16:00'],
      [{ time: '16:00' }, 400, 'Please choose a time between 09:00 and 16:00'],
      [{ time: '15:45' }, 400, 'The last appointment of the day starts at 15:00'],
      [{ time: '10:00' }, 400, 'Appointments start every 45 minutes (09:00, 09:45, ...)'],
      [{ time: '10:30:30' }, 400, 'Appointments start every 45 minutes (09:00, 09:45, ...)'],
      [{ date: SUNDAY }, 400, 'Dr Emeka Nwosu does not work on Sundays'],
      [{ date: SATURDAY }, 400, 'Dr Emeka Nwosu does not work on Saturdays'],
      [{ date: '2030-01-04', time: '09:00' }, 400, 'That time is in the past'],
      // The clock reads Monday 09:00: the slot starting now is already past.
      [{ date: MONDAY, time: '09:00' }, 400, 'That time is in the past'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await book(t, patient.headers, { doctorId: dr.id, ...fields });
      expect({ fields, status: res.statusCode, error: res.json().error }).toEqual({
        fields,
        status,
        error: message,
      });
    }
    expect(await book(t, patient.headers, { doctorId: dr.id, date: MONDAY, time: '09:45' })).toHaveProperty(
      'statusCode',
      201,
    );
  });

  it('refuses a taken slot with 409 and the spec-like message, and frees it when cancelled', async () => {
    const { user: dr } = await freshDoctor();
    const other = await signedIn(t, 'patient');
    const first = await book(t, patient.headers, { doctorId: dr.id, time: '12:00' });
    expect(first.statusCode).toBe(201);
    const second = await book(t, other.headers, { doctorId: dr.id, time: '12:00:00' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: AVAILABILITY_MESSAGES.taken, code: 'SLOT_TAKEN' });

    const id = first.json<Appt>().appointment.id;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/patient/appointments/${id}/cancel`,
      headers: patient.headers,
      payload: { reason: 'Travelling' },
    });
    expect(cancel.json<Appt>().appointment.status).toBe('Cancelled');
    expect((await book(t, other.headers, { doctorId: dr.id, time: '12:00' })).statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent bookings of the same slot succeed', async () => {
    const { user: dr } = await freshDoctor();
    const [a, b] = await Promise.all([signedIn(t, 'patient'), signedIn(t, 'patient')]);
    const results = await Promise.all([
      book(t, a.headers, { doctorId: dr.id, time: '14:15' }),
      book(t, b.headers, { doctorId: dr.id, time: '14:15' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().error).toBe('That time is already booked. Please choose another time.');
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.doctorId, dr.id));
    expect(rows).toHaveLength(1);
  });

  it('is guarded by the database too: a second active row for the same doctor and start is rejected', async () => {
    const { user: dr } = await freshDoctor();
    const res = await book(t, patient.headers, { doctorId: dr.id, time: '13:30' });
    const [row] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, res.json<Appt>().appointment.id));
    if (!row) throw new Error('missing');
    const { id: _id, ...copy } = row;
    await expect(t.database.db.insert(appointments).values(copy)).rejects.toThrow();
    // A cancelled copy does not hold the slot, so it is allowed.
    await t.database.db.insert(appointments).values({ ...copy, status: 'Cancelled' });
  });

  it('uses the per-patient time of the schedule and refuses overlaps with longer older bookings', async () => {
    const { user: dr } = await freshDoctor();
    const schedule: ScheduleInput = { ...DEFAULT_SCHEDULE, perPatientTime: '01:00:00' };
    await saveSchedule(t.database.db, dr.id, { ...DEFAULT_SCHEDULE, perPatientTime: '01:00:00' });
    const p = await signedIn(t, 'patient');
    const long = await book(t, p.headers, { doctorId: dr.id, time: '10:00' });
    expect(long.json<Appt>().appointment.durationMinutes).toBe(60);
    await saveSchedule(t.database.db, dr.id, { ...DEFAULT_SCHEDULE, perPatientTime: '00:30:00' });
    const other = await signedIn(t, 'patient');
    const overlap = await book(t, other.headers, { doctorId: dr.id, time: '10:30' });
    expect(overlap.statusCode).toBe(409);
    expect((await book(t, other.headers, { doctorId: dr.id, time: '11:00' })).statusCode).toBe(201);
    expect(schedule.perPatientTime).toBe('01:00:00');
  });

  it('refuses a second booking of the same patient at the same time', async () => {
    const [d1, d2] = await Promise.all([freshDoctor(), freshDoctor()]);
    const p = await signedIn(t, 'patient');
    expect((await book(t, p.headers, { doctorId: d1.user.id, time: '15:00' })).statusCode).toBe(201);
    const again = await book(t, p.headers, { doctorId: d2.user.id, time: '15:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(APPOINTMENT_MESSAGES.patientDoubleBooked);
  });

  it('lets one patient hold only one of six simultaneous bookings at one time with six doctors', async () => {
    // Issue 8 #9: in parallel, each booking checked the patient's other bookings before any had committed.
    const doctors = await Promise.all(Array.from({ length: 6 }, () => freshDoctor()));
    const p = await signedIn(t, 'patient');
    const results = await Promise.all(
      doctors.map((d) => book(t, p.headers, { doctorId: d.user.id, date: '2030-01-09', time: '11:15' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'PATIENT_BUSY' });
    }
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.patientId, p.user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown or inactive doctor', async () => {
    const inactive = await createUser(t, 'doctor', { status: 'Inactive' });
    const notADoctor = await createUser(t, 'patient');
    for (const doctorId of [inactive.id, notADoctor.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await book(t, patient.headers, { doctorId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(APPOINTMENT_MESSAGES.doctorUnknown);
    }
  });
});

describe('validation', () => {
  it('answers "All fields are required" for any missing or empty title, priority, date or time', async () => {
    for (const field of ['title', 'priority', 'date', 'time'] as const) {
      for (const value of [undefined, '', '   ']) {
        const payload: Record<string, unknown> = { ...booking({ doctorId: doctor.id }), [field]: value };
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/patient/appointments',
          headers: patient.headers,
          payload,
        });
        expect({ field, value, status: res.statusCode, error: res.json().error }).toEqual({
          field,
          value,
          status: 400,
          error: 'All fields are required',
        });
      }
    }
  });

  it('explains wrong values', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ priority: 'Soon' }, APPOINTMENT_MESSAGES.priorityInvalid],
      [{ date: '2030-02-30' }, APPOINTMENT_MESSAGES.dateInvalid],
      [{ date: '08/01/2030' }, APPOINTMENT_MESSAGES.dateInvalid],
      [{ time: '25:00' }, APPOINTMENT_MESSAGES.timeInvalid],
      [{ time: '9am' }, APPOINTMENT_MESSAGES.timeInvalid],
      [{ doctorId: 'dr-who' }, APPOINTMENT_MESSAGES.doctorInvalid],
      [{ notes: 'x'.repeat(2001) }, 'Notes must be at most 2000 characters'],
    ];
    for (const [fields, message] of cases) {
      const res = await book(t, patient.headers, { doctorId: doctor.id, ...fields });
      expect({ fields, status: res.statusCode, error: res.json().error }).toEqual({
        fields,
        status: 400,
        error: message,
      });
    }
  });
});

describe('booking without a doctor', () => {
  it('assigns the free doctor with the fewest appointments that day, then by name, or refuses', async () => {
    const local = await createTestApp({ env: LONG_SESSIONS });
    try {
      const p = await signedIn(local, 'patient');
      const zed = await createUser(local, 'doctor', { firstName: 'Zed', lastName: 'Zulu' });
      const amy = await createUser(local, 'doctor', { firstName: 'Amy', lastName: 'Abara' });
      await saveSchedule(local.database.db, zed.id, {
        ...DEFAULT_SCHEDULE,
        days: DEFAULT_SCHEDULE.days.map((d) =>
          d.day === 'Saturday' ? { day: d.day, off: false, from: '10:00', to: '13:00' } : d,
        ),
      });

      // Both free and both without bookings that day: by name, Abara first.
      const first = await book(local, p.headers, { time: '09:00' });
      expect(first.statusCode).toBe(201);
      expect(first.json<Appt>().appointment.doctor.id).toBe(amy.id);
      // Abara now has one booking that Tuesday: Zulu has fewer.
      const second = await book(local, (await signedIn(local, 'patient')).headers, { time: '11:15' });
      expect(second.json<Appt>().appointment.doctor.id).toBe(zed.id);
      // Abara is busy at 09:00, Zulu is not.
      const third = await book(local, (await signedIn(local, 'patient')).headers, { time: '09:00' });
      expect(third.json<Appt>().appointment.doctor.id).toBe(zed.id);
      // Both busy at 09:00 now.
      const full = await book(local, (await signedIn(local, 'patient')).headers, { time: '09:00' });
      expect(full.statusCode).toBe(409);
      expect(full.json().error).toBe('No doctor is available at that time. Please choose another time.');
      // Only Zulu works on Saturdays.
      const saturday = await book(local, p.headers, { date: SATURDAY, time: '10:45' });
      expect(saturday.json<Appt>().appointment.doctor.id).toBe(zed.id);
      // Nobody works on Sundays, and the past is refused as such.
      expect((await book(local, p.headers, { date: SUNDAY, time: '10:30' })).json().error).toBe(
        AVAILABILITY_MESSAGES.noDoctor,
      );
      expect((await book(local, p.headers, { date: '2030-01-01', time: '10:30' })).json().error).toBe(
        'That time is in the past',
      );
    } finally {
      await local.close();
    }
  });
});

describe('the patient list and detail', () => {
  it('lists only the own appointments, newest first when asked, paged, and audits each read', async () => {
    const p = await signedIn(t, 'patient');
    const { user: dr } = await freshDoctor();
    for (const date of ['2030-01-08', '2030-01-10', '2030-01-09']) {
      expect((await book(t, p.headers, { doctorId: dr.id, date, time: '09:45' })).statusCode).toBe(201);
    }
    const page1 = await t.app.inject({
      url: '/api/patient/appointments?limit=2&sort=date&order=desc',
      headers: p.headers,
    });
    const body = page1.json<AppointmentPage>();
    expect(body.data.map((a) => a.date)).toEqual(['2030-01-10', '2030-01-09']);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      totalIsLowerBound: false,
      prevPage: null,
      nextPage: 2,
    });
    const page2 = await t.app.inject({
      url: '/api/patient/appointments?limit=2&page=2&sort=date&order=desc',
      headers: p.headers,
    });
    expect(page2.json<AppointmentPage>().data.map((a) => a.date)).toEqual(['2030-01-08']);
    const asc = await t.app.inject({
      url: '/api/patient/appointments?sort=date&order=asc',
      headers: p.headers,
    });
    expect(asc.json<AppointmentPage>().data.map((a) => a.date)).toEqual([
      '2030-01-08',
      '2030-01-09',
      '2030-01-10',
    ]);

    // The dashboard's next appointments: active and ahead only, soonest first.
    const first = page2.json<AppointmentPage>().data[0]?.id ?? '';
    await t.app.inject({
      method: 'POST',
      url: `/api/patient/appointments/${first}/cancel`,
      headers: p.headers,
      payload: { reason: 'Travelling' },
    });
    const upcoming = await t.app.inject({
      url: '/api/patient/appointments?scope=upcoming&limit=5',
      headers: p.headers,
    });
    expect(upcoming.json<AppointmentPage>().data.map((a) => a.date)).toEqual(['2030-01-09', '2030-01-10']);

    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, p.user.id), eq(auditEvents.action, 'appointment.list')));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ actorId: p.user.id, actorRole: 'patient' });
  });

  it('lists today’s and later visits first, soonest first, then the past; with the change window’s hours and the clinic’s phone', async () => {
    const p = await signedIn(t, 'patient');
    const { user: dr } = await freshDoctor();
    for (const date of ['2030-01-10', '2030-01-08', '2030-01-09']) {
      expect((await book(t, p.headers, { doctorId: dr.id, date, time: '09:45' })).statusCode).toBe(201);
    }
    // Two past visits and one earlier today (the test clock is Monday 2030-01-07 09:00 UTC).
    const visit = (date: string, at: string) => ({
      patientId: p.user.id,
      doctorId: dr.id,
      title: 'Follow-up',
      priority: 'Medium' as const,
      date,
      time: '08:00',
      startsAt: new Date(at),
      durationMinutes: 30,
      status: 'Completed' as const,
    });
    await t.database.db
      .insert(appointments)
      .values([
        visit('2030-01-03', '2030-01-03T08:00:00Z'),
        visit('2030-01-07', '2030-01-07T08:00:00Z'),
        visit('2030-01-05', '2030-01-05T08:00:00Z'),
      ]);

    const res = await t.app.inject({ url: '/api/patient/appointments', headers: p.headers });
    const body = res.json<AppointmentPage>();
    expect(body.data.map((a) => a.date)).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
      '2030-01-10',
      '2030-01-05',
      '2030-01-03',
    ]);
    expect(body.changeHours).toBe(24);
    expect(body.clinicPhone).toBeNull();

    const withPhone = await createTestApp({ env: { FACILITY_PHONE: '+234 1 555 0100' } });
    try {
      const someone = await signedIn(withPhone, 'patient');
      const answer = await withPhone.app.inject({
        url: '/api/patient/appointments',
        headers: someone.headers,
      });
      expect(answer.json<AppointmentPage>().clinicPhone).toBe('+234 1 555 0100');
    } finally {
      await withPhone.close();
    }
  });

  it("answers 404 for another patient's appointment, to read or to cancel", async () => {
    const owner = await signedIn(t, 'patient');
    const intruder = await signedIn(t, 'patient');
    const { user: dr } = await freshDoctor();
    const id = (await book(t, owner.headers, { doctorId: dr.id })).json<Appt>().appointment.id;

    const read = await t.app.inject({ url: `/api/patient/appointments/${id}`, headers: intruder.headers });
    expect(read.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/patient/appointments/${id}/cancel`,
      headers: intruder.headers,
      payload: { reason: 'Travelling' },
    });
    expect(cancel.statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/patient/appointments', headers: intruder.headers });
    expect(list.json<AppointmentPage>().data).toEqual([]);

    const own = await t.app.inject({ url: `/api/patient/appointments/${id}`, headers: owner.headers });
    expect(own.json<Appt>().appointment.status).toBe('Pending');
  });

  it('keeps doctors and admins out of the patient routes (403) and everyone signed out (401)', async () => {
    const admin = await signedIn(t, 'admin');
    const id = '00000000-0000-4000-8000-000000000000';
    const routes = [
      { method: 'GET' as const, url: '/api/patient/summary' },
      { method: 'GET' as const, url: '/api/patient/appointments' },
      { method: 'POST' as const, url: '/api/patient/appointments', payload: booking() },
      { method: 'GET' as const, url: `/api/patient/appointments/${id}` },
      { method: 'POST' as const, url: `/api/patient/appointments/${id}/cancel` },
    ];
    for (const route of routes) {
      expect((await t.app.inject({ ...route, headers: doctorHeaders })).statusCode).toBe(403);
      expect((await t.app.inject({ ...route, headers: admin.headers })).statusCode).toBe(403);
      expect((await t.app.inject(route)).statusCode).toBe(401);
    }
    expect((await setStatus(t, patient.headers, id, 'Confirmed')).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/appointments/${id}/status`,
          payload: { status: 'Confirmed' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('status changes', () => {
  it('follows the transition table for doctors and admins', async () => {
    const dr = await freshDoctor();
    const otherDoctor = await freshDoctor();
    const admin = await signedIn(t, 'admin');
    const p = await signedIn(t, 'patient');
    const id = (await book(t, p.headers, { doctorId: dr.user.id, time: '09:00' })).json<Appt>().appointment
      .id;

    // Another doctor's appointment does not exist for this doctor.
    expect((await setStatus(t, otherDoctor.headers, id, 'Confirmed')).statusCode).toBe(404);
    const skip = await setStatus(t, dr.headers, id, 'Completed');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe('A Pending appointment cannot be changed to Completed');
    expect((await setStatus(t, dr.headers, id, 'Confirmed')).json<Appt>().appointment.status).toBe(
      'Confirmed',
    );
    expect((await setStatus(t, dr.headers, id, 'Pending')).statusCode).toBe(409);
    expect((await setStatus(t, dr.headers, id, 'Later')).json().error).toBe(
      'Status must be one of: Pending, Confirmed, Completed, Cancelled',
    );
    // Not before the visit has started.
    const early = await setStatus(t, dr.headers, id, 'Completed');
    expect(early.json().error).toBe(APPOINTMENT_MESSAGES.completeOnlyStarted);
    t.clock.set('2030-01-08T09:10:00Z');
    try {
      expect((await setStatus(t, dr.headers, id, 'Completed')).json<Appt>().appointment.status).toBe(
        'Completed',
      );
    } finally {
      t.clock.set('2030-01-07T09:00:00Z');
    }
    expect((await setStatus(t, admin.headers, id, 'Cancelled')).statusCode).toBe(409);

    const second = (await book(t, p.headers, { doctorId: dr.user.id, time: '09:45' })).json<Appt>()
      .appointment.id;
    // Staff say why they cancel; the patient reads the reason on the appointment.
    const silent = await setStatus(t, admin.headers, second, 'Cancelled');
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toMatchObject({
      error: APPOINTMENT_MESSAGES.reasonRequired,
      fieldErrors: { reason: [APPOINTMENT_MESSAGES.reasonRequired] },
    });
    const cancelled = await setStatus(t, admin.headers, second, 'Cancelled', '  Clinic closed for repairs ');
    expect(cancelled.json<Appt>().appointment).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Clinic closed for repairs',
    });
    const seen = await t.app.inject({ url: `/api/patient/appointments/${second}`, headers: p.headers });
    expect(seen.json<Appt>().appointment.cancelReason).toBe('Clinic closed for repairs');
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, second), eq(auditEvents.action, 'appointment.status')));
    expect(audits[0]).toMatchObject({
      patientId: p.user.id,
      actorRole: 'admin',
      details: { from: 'Pending', to: 'Cancelled', reason: 'Clinic closed for repairs' },
    });
  });

  it('lets a patient cancel only their own upcoming, active appointments', async () => {
    const dr = await freshDoctor();
    const p = await signedIn(t, 'patient');
    const cancel = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/patient/appointments/${id}/cancel`,
        headers: p.headers,
        payload: { reason: 'Travelling' },
      });
    const confirmed = (await book(t, p.headers, { doctorId: dr.user.id, time: '11:15' })).json<Appt>()
      .appointment.id;
    await setStatus(t, dr.headers, confirmed, 'Confirmed');
    expect((await cancel(confirmed)).json<Appt>().appointment.status).toBe('Cancelled');
    const again = await cancel(confirmed);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A Cancelled appointment cannot be changed to Cancelled');

    const started = (await book(t, p.headers, { doctorId: dr.user.id, time: '12:00' })).json<Appt>()
      .appointment.id;
    t.clock.set('2030-01-08T12:00:00Z');
    try {
      const late = await cancel(started);
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('Only upcoming appointments can be cancelled');
    } finally {
      t.clock.set('2030-01-07T09:00:00Z');
    }
  });
});

describe('the dashboard summary', () => {
  it('counts upcoming appointments and the days since the last completed visit', async () => {
    const local = await createTestApp({ env: LONG_SESSIONS });
    try {
      const p = await signedIn(local, 'patient');
      const dr = await signedIn(local, 'doctor');
      const summary = async () =>
        (await local.app.inject({ url: '/api/patient/summary', headers: p.headers })).json();
      expect(await summary()).toEqual({
        upcomingAppointments: 0,
        prescriptions: 0,
        lastVisitDays: null,
        signedInBefore: false,
      });
      // A second sign-in (another session, even one ended since) makes the patient a returning one.
      await local.database.db.insert(sessions).values({
        tokenHash: 'earlier-sign-in',
        userId: p.user.id,
        expiresAt: new Date('2030-02-01T00:00:00Z'),
        revokedAt: new Date('2030-01-01T00:00:00Z'),
      });
      expect((await summary()).signedInBefore).toBe(true);

      const ids: string[] = [];
      for (const [date, time] of [
        ['2030-01-08', '09:00'],
        ['2030-01-09', '09:00'],
        ['2030-01-10', '09:00'],
      ] as const) {
        ids.push(
          (await book(local, p.headers, { doctorId: dr.user.id, date, time })).json<Appt>().appointment.id,
        );
      }
      const [visited, cancelled] = ids as [string, string, string];
      await local.app.inject({
        method: 'POST',
        url: `/api/patient/appointments/${cancelled}/cancel`,
        headers: p.headers,
        payload: { reason: 'Travelling' },
      });
      await setStatus(local, dr.headers, visited, 'Confirmed');
      expect(await summary()).toMatchObject({
        upcomingAppointments: 2,
        prescriptions: 0,
        lastVisitDays: null,
      });

      // Tuesday's visit took place; on Friday evening it was 3 days ago and one booking is still ahead.
      local.clock.set('2030-01-08T09:30:00Z');
      await setStatus(local, dr.headers, visited, 'Completed');
      local.clock.set('2030-01-11T20:00:00Z');
      expect(await summary()).toMatchObject({ upcomingAppointments: 0, prescriptions: 0, lastVisitDays: 3 });
      local.clock.set('2030-01-09T08:00:00Z');
      expect(await summary()).toMatchObject({ upcomingAppointments: 1, prescriptions: 0, lastVisitDays: 1 });

      const audits = await local.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, p.user.id), eq(auditEvents.action, 'patient.summary.read')));
      expect(audits).toHaveLength(5);
    } finally {
      await local.close();
    }
  });
});

describe('the facility time zone', () => {
  it('reads date and time on the facility clock and stores the matching instant', async () => {
    const local = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
    try {
      const p = await signedIn(local, 'patient');
      const dr = await createUser(local, 'doctor');
      // 09:00 UTC is 10:00 in Lagos: the 09:45 slot has passed there, 10:30 has not.
      expect(
        (await book(local, p.headers, { doctorId: dr.id, date: MONDAY, time: '09:45' })).json().error,
      ).toBe('That time is in the past');
      const res = await book(local, p.headers, { doctorId: dr.id, date: MONDAY, time: '10:30' });
      expect(res.json<Appt>().appointment).toMatchObject({
        date: MONDAY,
        time: '10:30',
        startsAt: '2030-01-07T09:30:00.000Z',
      });
    } finally {
      await local.close();
    }
  });
});
