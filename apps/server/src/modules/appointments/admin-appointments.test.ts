import type { AnyDoctorSlots, DeskAppointment, ReassignAppointment } from '@carepoint/contract';
import { APPOINTMENT_MESSAGES, AVAILABILITY_MESSAGES, FRONT_DESK_MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, booking, MONDAY, setStatus, TUESDAY } from '../../../test/appointments';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';
import { saveSchedule } from '../schedules';

type Headers = { cookie: string };
type Page = { data: DeskAppointment[]; pagination: { total: number } };
let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
});
afterAll(() => t.close());

const doctorNamed = (firstName: string, lastName: string) => createUser(t, 'doctor', { firstName, lastName });

const deskBook = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/appointments', headers: admin, payload });
const reassign = (id: string, payload: ReassignAppointment) =>
  t.app.inject({ method: 'POST', url: `/api/admin/appointments/${id}/reassign`, headers: admin, payload });
const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/admin/appointments?${query}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json<Page>();
};

describe('booking at the desk', () => {
  it('books for a registered patient by the booking rules, Pending until confirmed', async () => {
    const doctor = await doctorNamed('Desk', 'Booker');
    const patient = await createUser(t, 'patient', { firstName: 'Walk', lastName: 'In' });
    const res = await deskBook({ ...booking({ doctorId: doctor.id }), patientId: patient.id });
    expect(res.statusCode).toBe(201);
    const appt = res.json<DeskAppointment>();
    expect(appt).toMatchObject({
      status: 'Pending',
      date: TUESDAY,
      time: '10:30',
      patient: { id: patient.id, fullName: 'Walk In' },
      doctor: { id: doctor.id, name: 'Dr Desk Booker' },
    });
    const off = await deskBook({ ...booking({ doctorId: doctor.id, time: '10:00' }), patientId: patient.id });
    expect(off.statusCode).toBe(400);
    expect(off.json().fieldErrors.time[0]).toContain('Appointments start every 45 minutes');
    const confirmed = await setStatus(t, admin, appt.id, 'Confirmed');
    expect(confirmed.json().appointment.status).toBe('Confirmed');
    const noPatient = await deskBook({ ...booking({ doctorId: doctor.id }), patientId: doctor.id });
    expect(noPatient.json()).toMatchObject({ error: FRONT_DESK_MESSAGES.patientRequired });
  });
});

describe('the desk list', () => {
  it('filters by doctor, status, date and patient search on the server, paged, and audits the page', async () => {
    const a = await doctorNamed('Filter', 'Alpha');
    const b = await doctorNamed('Filter', 'Beta');
    const p1 = await signedIn(t, 'patient', { firstName: 'Kemi', lastName: 'Adeyemi' });
    const p2 = await signedIn(t, 'patient', { firstName: 'Yusuf', lastName: 'Garba' });
    const ids: string[] = [];
    for (const [headers, doctorId, date, time] of [
      [p1.headers, a.id, TUESDAY, '09:00'],
      [p2.headers, a.id, TUESDAY, '09:45'],
      [p1.headers, b.id, '2030-01-09', '09:00'],
    ] as const) {
      const res = await book(t, headers, { doctorId, date, time });
      ids.push(res.json().appointment.id);
    }
    await setStatus(t, admin, ids[1] ?? '', 'Confirmed');
    expect((await list(`doctorId=${a.id}`)).data.map((r) => r.time)).toEqual(['09:00', '09:45']);
    expect((await list(`doctorId=${a.id}&status=Confirmed`)).data.map((r) => r.id)).toEqual([ids[1]]);
    expect((await list(`date=2030-01-09&doctorId=${b.id}`)).data.map((r) => r.id)).toEqual([ids[2]]);
    const byName = await list(`q=adeyemi&doctorId=${a.id}`);
    expect(byName.data.map((r) => r.patient.fullName)).toEqual(['Kemi Adeyemi']);
    const paged = await list(`doctorId=${a.id}&limit=1&page=2&order=desc`);
    expect(paged.pagination.total).toBe(2);
    expect(paged.data.map((r) => r.time)).toEqual(['09:00']);
    expect(
      (await t.app.inject({ url: '/api/admin/appointments?status=Nope', headers: admin })).statusCode,
    ).toBe(400);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'desk.appointment.list'));
    expect(audited.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/admin/appointments', headers: p1.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('reassigning', () => {
  async function pendingWith(doctor: TestUser, time = '10:30') {
    const p = await signedIn(t, 'patient');
    const res = await book(t, p.headers, { doctorId: doctor.id, time });
    return { id: res.json().appointment.id as string, patient: p };
  }

  it('moves an active appointment to another doctor free slot, freeing the old one, audited', async () => {
    const from = await doctorNamed('Old', 'Doctor');
    const to = await doctorNamed('New', 'Doctor');
    const { id } = await pendingWith(from);
    const res = await reassign(id, { doctorId: to.id, date: TUESDAY, time: '11:15' });
    expect(res.statusCode).toBe(200);
    expect(res.json<DeskAppointment>()).toMatchObject({
      doctor: { id: to.id },
      time: '11:15',
      status: 'Pending',
    });
    const slots = await t.app.inject({
      url: `/api/doctors/${from.id}/slots?date=${TUESDAY}`,
      headers: admin,
    });
    expect(slots.json().slots).toContain('10:30');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'appointment.move'), eq(auditEvents.entityId, id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses a taken, off-schedule or past time, and final appointments', async () => {
    const doctor = await doctorNamed('Busy', 'Doctor');
    const other = await doctorNamed('Other', 'Doctor');
    const { id } = await pendingWith(doctor, '09:00');
    await pendingWith(other, '09:45');
    const taken = await reassign(id, { doctorId: other.id, date: TUESDAY, time: '09:45' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(AVAILABILITY_MESSAGES.taken);
    expect((await reassign(id, { doctorId: other.id, date: TUESDAY, time: '10:00' })).statusCode).toBe(400);
    expect((await reassign(id, { doctorId: other.id, date: '2030-01-04', time: '09:00' })).json().error).toBe(
      AVAILABILITY_MESSAGES.past,
    );
    // The same doctor, a later time the same day: its own slot does not block it.
    expect((await reassign(id, { doctorId: doctor.id, date: TUESDAY, time: '09:45' })).statusCode).toBe(200);
    await setStatus(t, admin, id, 'Cancelled', 'Patient called');
    const final = await reassign(id, { doctorId: other.id, date: TUESDAY, time: '12:00' });
    expect(final.statusCode).toBe(409);
    expect(final.json().error).toBe(APPOINTMENT_MESSAGES.notMovable);
  });

  it('gives one slot to exactly one of several parallel reassignments', async () => {
    const target = await doctorNamed('Race', 'Target');
    const sources = await Promise.all([1, 2, 3].map((n) => doctorNamed('Race', `Source${n}`)));
    const appts = await Promise.all(sources.map((d) => pendingWith(d, '13:30')));
    const results = await Promise.all(
      appts.map(({ id }) => reassign(id, { doctorId: target.id, date: TUESDAY, time: '14:15' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await list(`doctorId=${target.id}`)).data).toHaveLength(1);
  });

  it('cancels with a reason through the status route (a reason is required)', async () => {
    const doctor = await doctorNamed('Cancel', 'Doctor');
    const { id, patient } = await pendingWith(doctor);
    expect((await setStatus(t, admin, id, 'Cancelled')).statusCode).toBe(400);
    const res = await setStatus(t, admin, id, 'Cancelled', 'Doctor on leave');
    expect(res.json().appointment).toMatchObject({ status: 'Cancelled', cancelReason: 'Doctor on leave' });
    const mine = await t.app.inject({ url: '/api/patient/appointments', headers: patient.headers });
    expect(mine.json().data[0].cancelReason).toBe('Doctor on leave');
  });
});

describe('any available doctor', () => {
  it('offers the union of every doctor free times and books a doctor free at the chosen one', async () => {
    // A fresh app: only these two doctors are bookable.
    const own = await createTestApp();
    try {
      const viewer = await signedIn(own, 'patient');
      await createUser(own, 'doctor', { firstName: 'Every', lastName: 'FortyFive' });
      const b = await createUser(own, 'doctor', { firstName: 'Every', lastName: 'Thirty' });
      await saveSchedule(own.database.db, b.id, {
        perPatientTime: '00:30:00',
        days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) =>
          day === 'Saturday' || day === 'Sunday'
            ? { day, off: true, from: null, to: null }
            : { day, off: false, from: '10:00', to: '12:00' },
        ),
      } as Parameters<typeof saveSchedule>[2]);
      const slots = await own.app.inject({
        url: `/api/doctors/slots?date=${TUESDAY}`,
        headers: viewer.headers,
      });
      expect(slots.statusCode).toBe(200);
      const free = slots.json<AnyDoctorSlots>();
      expect(free.day).toBe('Tuesday');
      // 45-minute starts of the first doctor and 30-minute starts of the second, merged and sorted.
      expect(free.slots.slice(0, 6)).toEqual(['09:00', '09:45', '10:00', '10:30', '11:00', '11:15']);
      const res = await book(own, viewer.headers, { time: '10:00' });
      expect(res.statusCode).toBe(201);
      expect(res.json().appointment.doctor.id).toBe(b.id);
      const after = await own.app.inject({
        url: `/api/doctors/slots?date=${TUESDAY}`,
        headers: viewer.headers,
      });
      expect(after.json<AnyDoctorSlots>().slots).not.toContain('10:00');
      const monday = await own.app.inject({
        url: `/api/doctors/slots?date=${MONDAY}`,
        headers: viewer.headers,
      });
      // The clock reads Monday 09:00: the 09:00 start has passed.
      expect(monday.json<AnyDoctorSlots>().slots[0]).toBe('09:45');
    } finally {
      await own.close();
    }
  });
});
