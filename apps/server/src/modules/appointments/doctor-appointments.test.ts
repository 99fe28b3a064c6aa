import type {
  Appointment,
  CreateDoctorAppointmentInput,
  CreatedDoctorAppointment,
  DoctorAppointmentDetail,
  DoctorAppointmentPage,
  DoctorDashboard,
} from '@carepoint/contract';
import {
  APPOINTMENT_MESSAGES,
  AVAILABILITY_MESSAGES,
  BOOKING_DATE_MESSAGES,
  DOCTOR_APPOINTMENT_MESSAGES,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, setStatus } from '../../../test/appointments';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  signIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../test/helpers';
import { appointmentStatusEvents, appointments, auditEvents, users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { createErEntry } from '../emergency';

type Headers = { cookie: string };
type Appt = { appointment: Appointment };
type Detail = { appointment: DoctorAppointmentDetail };

/** Wednesday 2030-01-09 10:00 UTC (the facility's zone is UTC in tests). */
const NOW = '2030-01-09T10:00:00Z';
const TODAY = '2030-01-09';
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: '1000000', SESSION_MAX_HOURS: '100000' };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(new Date(NOW)), env: LONG_SESSIONS });
});
afterAll(() => t.close());

const doctorNamed = (firstName: string, lastName: string) =>
  signedIn(t, 'doctor', { firstName, lastName, specialty: 'General Medicine' });

/** Books as the patient with the clock moved back a year, so dates in the past can be booked too. */
async function bookAt(patient: Headers, doctorId: string, date: string, time: string) {
  t.clock.set('2029-01-01T00:00:00Z');
  try {
    const res = await book(t, patient, { doctorId, date, time });
    if (res.statusCode !== 201) throw new Error(`booking failed: ${res.body}`);
    return res.json<Appt>().appointment.id;
  } finally {
    t.clock.set(NOW);
  }
}

const list = (headers: Headers, query = '') =>
  t.app.inject({ url: `/api/doctor/appointments${query}`, headers });
const ids = (res: { json: () => unknown }) => (res.json() as DoctorAppointmentPage).data.map((a) => a.id);
const detail = (headers: Headers, id: string) =>
  t.app.inject({ url: `/api/doctor/appointments/${id}`, headers });

const dialog = (fields: Partial<CreateDoctorAppointmentInput> = {}): CreateDoctorAppointmentInput => ({
  fullName: 'Ngozi Ada Eze',
  email: `ngozi-${Math.random().toString(36).slice(2)}@example.com`,
  phone: '+234 803 555 0101',
  age: 34,
  gender: 'female',
  date: '2030-01-10',
  time: '11:15:00',
  type: 'checkup',
  ...fields,
});
const addAppointment = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/doctor/appointments', headers, payload: payload as object });

describe('the Show period selector, search, sorting and paging', () => {
  let doctor: { user: TestUser; headers: Headers };
  const booked: Record<string, string> = {};

  beforeAll(async () => {
    doctor = await doctorNamed('Kemi', 'Ade');
    const [amaka, bola, chidi] = await Promise.all([
      signedIn(t, 'patient', { firstName: 'Amaka', lastName: 'Obi', phone: '0803 111 2222' }),
      signedIn(t, 'patient', { firstName: 'Bola', lastName: 'Tinubu' }),
      signedIn(t, 'patient', { firstName: 'Chidi', lastName: 'Okeke' }),
    ]);
    const plan: Array<[string, Headers, string, string]> = [
      ['todayEarly', amaka.headers, TODAY, '09:00'],
      ['todayLater', bola.headers, TODAY, '12:00'],
      ['yesterday', chidi.headers, '2030-01-08', '09:45'],
      ['weekEdge', amaka.headers, '2030-01-03', '09:00'],
      ['beforeWeek', bola.headers, '2030-01-02', '09:00'],
      ['monthEdge', chidi.headers, '2029-12-11', '09:00'],
      ['beforeMonth', amaka.headers, '2029-12-10', '09:00'],
      ['yearEdge', bola.headers, '2029-01-10', '09:00'],
      ['beforeYear', chidi.headers, '2029-01-09', '09:00'],
      ['tomorrow', chidi.headers, '2030-01-10', '10:30'],
    ];
    for (const [key, headers, date, time] of plan)
      booked[key] = await bookAt(headers, doctor.user.id, date, time);
    // Another doctor's appointment today never shows.
    const other = await doctorNamed('Other', 'Doctor');
    await bookAt(amaka.headers, other.user.id, TODAY, '12:45');
  });

  it('reads each period on the facility calendar: today by default, in time order; the past newest first', async () => {
    const expect_ = async (query: string, keys: string[]) =>
      expect({ query, ids: ids(await list(doctor.headers, `${query}${query ? '&' : '?'}limit=20`)) }).toEqual(
        {
          query,
          ids: keys.map((k) => booked[k]),
        },
      );
    await expect_('', ['todayEarly', 'todayLater']);
    await expect_('?period=today', ['todayEarly', 'todayLater']);
    await expect_('?period=yesterday', ['yesterday']);
    await expect_('?period=lastWeek', ['todayLater', 'todayEarly', 'yesterday', 'weekEdge']);
    await expect_('?period=lastMonth', [
      'todayLater',
      'todayEarly',
      'yesterday',
      'weekEdge',
      'beforeWeek',
      'monthEdge',
    ]);
    await expect_('?period=lastYear', [
      'todayLater',
      'todayEarly',
      'yesterday',
      'weekEdge',
      'beforeWeek',
      'monthEdge',
      'beforeMonth',
      'yearEdge',
    ]);
    // Upcoming: what has not started yet, soonest first (today's 09:00 has).
    await expect_('?period=upcoming', ['todayLater', 'tomorrow']);
  });

  it('answers the spec row: Sr no. id, name, avatar, mobile, email, date, time, status', async () => {
    const res = await list(doctor.headers);
    expect(res.statusCode).toBe(200);
    const [first] = res.json<DoctorAppointmentPage>().data;
    expect(first).toMatchObject({
      id: booked.todayEarly,
      name: 'Amaka Obi',
      imageUrl: null,
      mobile: '0803 111 2222',
      date: TODAY,
      time: '09:00',
      status: 'Pending',
      type: 'checkup',
    });
    expect(first?.email).toMatch(/@test\.example$/);
  });

  it('pages 4 rows by default, searches the patients, and sorts only by name', async () => {
    const page1 = (await list(doctor.headers, '?period=lastYear')).json<DoctorAppointmentPage>();
    expect(page1.data).toHaveLength(4);
    expect(page1.pagination).toMatchObject({ page: 1, limit: 4, total: 8, totalPages: 2, nextPage: 2 });

    const byName = await list(doctor.headers, '?period=lastYear&sort=name&order=asc&limit=20');
    const names = byName.json<DoctorAppointmentPage>().data.map((a) => a.name);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('Amaka Obi');
    const desc = await list(doctor.headers, '?period=lastYear&sort=name&order=desc&limit=20');
    expect(desc.json<DoctorAppointmentPage>().data[0]?.name).toBe('Chidi Okeke');

    for (const q of ['bola', 'TINUBU', 'Bola Tin']) {
      const found = (
        await list(doctor.headers, `?period=lastYear&q=${encodeURIComponent(q)}`)
      ).json<DoctorAppointmentPage>();
      expect({ q, names: found.data.map((a) => a.name) }).toEqual({
        q,
        names: ['Bola Tinubu', 'Bola Tinubu', 'Bola Tinubu'],
      });
    }
    expect(ids(await list(doctor.headers, '?period=lastYear&q=0803%20111'))).toHaveLength(3);
    expect(
      (await list(doctor.headers, '?period=lastYear&q=nobody')).json<DoctorAppointmentPage>(),
    ).toMatchObject({
      data: [],
      pagination: { total: 0 },
    });

    const refused = await list(doctor.headers, '?sort=date');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Sort must be one of: name');
    expect((await list(doctor.headers, '?period=tomorrow')).json().error).toBe(
      'Period must be one of: today, yesterday, lastWeek, lastMonth, lastYear, upcoming',
    );
  });

  it('audits each page with the patients it showed', async () => {
    await list(doctor.headers, '?period=yesterday');
    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'doctor.appointment.list'), eq(auditEvents.actorId, doctor.user.id)))
      .orderBy(auditEvents.at);
    expect(row?.details).toMatchObject({ appointmentIds: expect.any(Array), patientIds: expect.any(Array) });
  });
});

describe('ownership and roles', () => {
  it("keeps a doctor to their own appointments: another doctor's answers 404 to read or change", async () => {
    const owner = await doctorNamed('Owner', 'Doc');
    const intruder = await doctorNamed('Intruder', 'Doc');
    const patient = await signedIn(t, 'patient');
    const id = await bookAt(patient.headers, owner.user.id, '2030-01-11', '09:00');

    expect((await detail(owner.headers, id)).statusCode).toBe(200);
    expect((await detail(intruder.headers, id)).statusCode).toBe(404);
    expect((await setStatus(t, intruder.headers, id, 'Confirmed')).statusCode).toBe(404);
    expect(ids(await list(intruder.headers, '?period=upcoming'))).not.toContain(id);
    expect((await detail(owner.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('keeps patients and admins out (403) and everyone signed out (401)', async () => {
    const admin = await signedIn(t, 'admin');
    const patient = await signedIn(t, 'patient');
    const id = '00000000-0000-4000-8000-000000000000';
    const routes = [
      { method: 'GET' as const, url: '/api/doctor/dashboard' },
      { method: 'GET' as const, url: '/api/doctor/appointments' },
      { method: 'GET' as const, url: `/api/doctor/appointments/${id}` },
      { method: 'POST' as const, url: '/api/doctor/appointments', payload: dialog() },
    ];
    for (const route of routes) {
      expect((await t.app.inject({ ...route, headers: admin.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ ...route, headers: patient.headers })).statusCode).toBe(403);
      expect((await t.app.inject(route)).statusCode).toBe(401);
    }
  });
});

describe('the appointment detail and its status actions', () => {
  it('shows patient, contact, time, title, priority, notes and the status history with who and why', async () => {
    const doctor = await doctorNamed('Tola', 'Bello');
    const patient = await signedIn(t, 'patient', {
      firstName: 'Efe',
      lastName: 'Uche',
      phone: '0802 000 1111',
      dateOfBirth: '1990-01-10',
      gender: 'male',
    });
    const id = await bookAt(patient.headers, doctor.user.id, TODAY, '12:45');

    const before = (await detail(doctor.headers, id)).json<Detail>().appointment;
    expect(before).toMatchObject({
      id,
      patient: {
        id: patient.user.id,
        fullName: 'Efe Uche',
        phone: '0802 000 1111',
        gender: 'male',
        // 39 on the facility's today, the day before the 40th birthday.
        age: 39,
        imageUrl: null,
      },
      title: 'Check-up',
      priority: 'Medium',
      notes: 'Bring results',
      date: TODAY,
      time: '12:45',
      status: 'Pending',
      cancelReason: null,
      history: [{ from: null, to: 'Pending', by: 'Efe Uche', byRole: 'patient', reason: null }],
    });

    const confirmed = await setStatus(t, doctor.headers, id, 'Confirmed');
    expect(confirmed.json<Appt>().appointment.status).toBe('Confirmed');
    // The patient sees the change.
    const seen = await t.app.inject({ url: `/api/patient/appointments/${id}`, headers: patient.headers });
    expect(seen.json<Appt>().appointment.status).toBe('Confirmed');

    // Complete only once it has started.
    expect((await setStatus(t, doctor.headers, id, 'Completed')).json().error).toBe(
      APPOINTMENT_MESSAGES.completeOnlyStarted,
    );
    t.clock.set('2030-01-09T12:50:00Z');
    try {
      expect((await setStatus(t, doctor.headers, id, 'Completed')).statusCode).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
    const after = (await detail(doctor.headers, id)).json<Detail>().appointment;
    expect(after.history.map((e) => [e.from, e.to, e.by])).toEqual([
      [null, 'Pending', 'Efe Uche'],
      ['Pending', 'Confirmed', 'Dr Tola Bello'],
      ['Confirmed', 'Completed', 'Dr Tola Bello'],
    ]);
    // Completed is final.
    expect((await setStatus(t, doctor.headers, id, 'Cancelled', 'Too late')).statusCode).toBe(409);

    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'doctor.appointment.read'), eq(auditEvents.entityId, id)));
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ patientId: patient.user.id, actorId: doctor.user.id });
  });

  it('needs a reason when the doctor cancels, and the patient reads it', async () => {
    const doctor = await doctorNamed('Sade', 'Alabi');
    const patient = await signedIn(t, 'patient');
    const id = await bookAt(patient.headers, doctor.user.id, '2030-01-11', '10:30');

    for (const reason of [undefined, '', '   ']) {
      const res = await setStatus(t, doctor.headers, id, 'Cancelled', reason);
      expect({ reason, status: res.statusCode, error: res.json().error }).toEqual({
        reason,
        status: 400,
        error: APPOINTMENT_MESSAGES.reasonRequired,
      });
    }
    const tooLong = await setStatus(t, doctor.headers, id, 'Cancelled', 'x'.repeat(501));
    expect(tooLong.json().error).toBe('The reason must be at most 500 characters');

    const res = await setStatus(t, doctor.headers, id, 'Cancelled', 'The doctor is away at a conference');
    expect(res.json<Appt>().appointment).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'The doctor is away at a conference',
    });
    const mine = await t.app.inject({ url: '/api/patient/appointments', headers: patient.headers });
    expect(mine.json<{ data: Appointment[] }>().data[0]).toMatchObject({
      id,
      status: 'Cancelled',
      cancelReason: 'The doctor is away at a conference',
    });
    const history = (await detail(doctor.headers, id)).json<Detail>().appointment.history;
    expect(history.at(-1)).toMatchObject({
      from: 'Pending',
      to: 'Cancelled',
      by: 'Dr Sade Alabi',
      reason: 'The doctor is away at a conference',
    });
  });

  it('makes a patient give a reason to cancel, and records it in the history', async () => {
    const doctor = await doctorNamed('Yemi', 'Oke');
    const patient = await signedIn(t, 'patient');
    const cancel = (id: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/patient/appointments/${id}/cancel`,
        headers: patient.headers,
        ...(payload ? { payload } : {}),
      });
    const silent = await bookAt(patient.headers, doctor.user.id, '2030-01-11', '11:15');
    const said = await bookAt(patient.headers, doctor.user.id, '2030-01-11', '12:00');
    for (const payload of [{}, { reason: '  ' }]) {
      const refused = await cancel(silent, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.reason).toEqual([APPOINTMENT_MESSAGES.reasonRequired]);
    }
    expect((await cancel(said, { reason: 'I feel better' })).json<Appt>().appointment).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'I feel better',
    });
    const events = await t.database.db
      .select()
      .from(appointmentStatusEvents)
      .where(eq(appointmentStatusEvents.appointmentId, said));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId, e.reason])).toEqual(
      expect.arrayContaining([
        [null, 'Pending', patient.user.id, null],
        ['Pending', 'Cancelled', patient.user.id, 'I feel better'],
      ]),
    );
  });
});

describe('the dashboard', () => {
  it("shows today's appointments in time order, the counts, the next patient and the ER waiting list", async () => {
    const local = await createTestApp({ clock: testClock(new Date(NOW)), env: LONG_SESSIONS });
    try {
      const doctor = await signedIn(local, 'doctor', { firstName: 'Dami', lastName: 'Ojo' });
      const dashboard = async () =>
        (
          await local.app.inject({ url: '/api/doctor/dashboard', headers: doctor.headers })
        ).json<DoctorDashboard>();
      expect(await dashboard()).toEqual({
        today: TODAY,
        counts: { today: 0, pending: 0, week: 0 },
        appointments: [],
        next: null,
        emergency: { data: [], total: 0 },
      });

      const bookLocal = async (date: string, time: string) => {
        const p = await signedIn(local, 'patient');
        local.clock.set('2030-01-06T00:00:00Z');
        const res = await book(local, p.headers, { doctorId: doctor.user.id, date, time });
        local.clock.set(NOW);
        return { id: res.json<Appt>().appointment.id, headers: p.headers };
      };
      const later = await bookLocal(TODAY, '14:15');
      const early = await bookLocal(TODAY, '09:00');
      const cancelled = await bookLocal(TODAY, '11:15');
      const monday = await bookLocal('2030-01-07', '09:00');
      const friday = await bookLocal('2030-01-11', '09:00');
      await bookLocal('2030-01-14', '09:00'); // next week: pending, but not this week
      await setStatus(local, doctor.headers, cancelled.id, 'Cancelled', 'Double entry');
      await setStatus(local, doctor.headers, monday.id, 'Confirmed');
      await setStatus(local, doctor.headers, friday.id, 'Confirmed');

      const ctx = serviceContext(local);
      await createErEntry(ctx, {
        patientName: 'Walk-in Low',
        triageLevel: 'Low',
        complaint: '',
        patientId: null,
      });
      await createErEntry(ctx, {
        patientName: 'Walk-in Urgent',
        triageLevel: 'Urgent',
        complaint: 'Chest pain',
        patientId: null,
      });
      // Arrived ten minutes earlier at the same level: the longer wait comes first, as on the admin board.
      const tenMinutesAgo = new Date(ctx.now().getTime() - 10 * 60_000);
      await createErEntry(
        { ...ctx, now: () => tenMinutesAgo },
        { patientName: 'Walk-in Urgent earlier', triageLevel: 'Urgent', complaint: 'Fall', patientId: null },
      );

      const day = await dashboard();
      expect(day.appointments.map((a) => [a.id, a.time, a.status])).toEqual([
        [early.id, '09:00', 'Pending'],
        [cancelled.id, '11:15', 'Cancelled'],
        [later.id, '14:15', 'Pending'],
      ]);
      // Today: not cancelled. Waiting for confirmation: Pending from today on. This week: Monday to Sunday.
      expect(day.counts).toEqual({ today: 2, pending: 3, week: 4 });
      expect(day.next?.id).toBe(later.id);
      expect(day.emergency.total).toBe(3);
      expect(day.emergency.data.map((e) => [e.patientName, e.triageLevel])).toEqual([
        ['Walk-in Urgent earlier', 'Urgent'],
        ['Walk-in Urgent', 'Urgent'],
        ['Walk-in Low', 'Low'],
      ]);
      const audits = await local.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'doctor.dashboard.read'));
      expect(audits).toHaveLength(2);
    } finally {
      await local.close();
    }
  });
});

describe('Add new Appointment', () => {
  it('explains every field with the spec messages', async () => {
    const doctor = await doctorNamed('Form', 'Check');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ fullName: undefined }, 'fullName', 'Fullname is required'],
      [{ fullName: '' }, 'fullName', 'Fullname is required'],
      [{ fullName: 'Ada O' }, 'fullName', 'Fullname is too short'],
      [{ fullName: 123456 }, 'fullName', 'Invalid input'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ phone: '' }, 'phone', 'Phone number is required'],
      [{ phone: '0803 555' }, 'phone', 'Phone is too short'],
      [{ age: '' }, 'age', 'Age is required'],
      [{ age: undefined }, 'age', 'Age is required'],
      [{ age: 0 }, 'age', 'Age must be greater than 0'],
      [{ age: 'ten' }, 'age', 'Invalid input'],
      [{ gender: '' }, 'gender', 'Gender is required'],
      [{ gender: 'robot' }, 'gender', 'Invalid input'],
      [{ date: '' }, 'date', 'Date is required'],
      [{ date: '2030-02-29' }, 'date', APPOINTMENT_MESSAGES.dateInvalid],
      [{ time: '' }, 'time', 'Time is required'],
      [{ time: '25:00:00' }, 'time', APPOINTMENT_MESSAGES.timeInvalid],
      [{ type: 'xray' }, 'type', 'Type must be one of: checkup, surgery'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await addAppointment(doctor.headers, { ...dialog(), ...fields });
      expect({ fields, status: res.statusCode, errors: res.json().fieldErrors?.[field] }).toEqual({
        fields,
        status: 400,
        errors: [message],
      });
    }
    // Leap years: 2032-02-29 exists, so the date itself is accepted and the booking rule answers
    // (it is past the two-year booking window seen from the test's today).
    const leap = await addAppointment(doctor.headers, dialog({ date: '2032-02-29' }));
    expect(leap.json().fieldErrors).toEqual({ date: [BOOKING_DATE_MESSAGES.tooFar('2032-01-09')] });
    // Age arrives as text from a form: it is coerced.
    expect(
      (await addAppointment(doctor.headers, dialog({ age: '41' as unknown as number }))).statusCode,
    ).toBe(201);
  });

  it('books a free slot of the doctor for a new patient, Confirmed, who is e-mailed a link to set a password', async () => {
    const doctor = await doctorNamed('Nneka', 'Obi');
    const input = dialog({ email: 'New.Patient@Example.com', type: 'surgery', age: 52, gender: 'other' });
    const res = await addAppointment(doctor.headers, input);
    expect(res.statusCode).toBe(201);
    const body = res.json<CreatedDoctorAppointment>();
    expect(body.patientCreated).toBe(true);
    expect(body.appointment).toMatchObject({
      patient: {
        fullName: 'Ngozi Ada Eze',
        email: 'new.patient@example.com',
        phone: '+234 803 555 0101',
        gender: 'other',
        age: 52,
      },
      title: 'Surgery',
      type: 'surgery',
      priority: 'Medium',
      date: '2030-01-10',
      time: '11:15',
      status: 'Confirmed',
      history: [{ from: null, to: 'Confirmed', by: 'Dr Nneka Obi', byRole: 'doctor' }],
    });
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.patient@example.com'));
    expect(account).toMatchObject({ role: 'patient', firstName: 'Ngozi Ada', lastName: 'Eze' });

    const mail = t.mail.at(-1);
    expect(mail).toMatchObject({
      to: 'new.patient@example.com',
      subject: 'Welcome to CarePoint: set your password',
    });
    expect(mail?.body).toContain('Dr Nneka Obi booked an appointment for you');
    const token = /reset-password\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    // The link is the reset flow's: it sets a password, and the patient then signs in and sees the visit.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a-new-password', confirmPassword: 'a-new-password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const patientHeaders = await signIn(t, { email: 'new.patient@example.com' }, 'a-new-password');
    const mine = await t.app.inject({ url: '/api/patient/appointments', headers: patientHeaders });
    expect(mine.json<{ data: Appointment[] }>().data[0]).toMatchObject({
      status: 'Confirmed',
      date: '2030-01-10',
    });
  });

  it('finds an existing patient by e-mail (any case) and sends no mail', async () => {
    const doctor = await doctorNamed('Find', 'Patient');
    const existing = await createUser(t, 'patient', { firstName: 'Halima', lastName: 'Bello', phone: null });
    const mails = t.mail.length;
    const res = await addAppointment(
      doctor.headers,
      dialog({ email: existing.email.toUpperCase(), fullName: 'Typed Differently' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<CreatedDoctorAppointment>()).toMatchObject({
      patientCreated: false,
      appointment: {
        patient: { id: existing.id, fullName: 'Halima Bello', phone: '+234 803 555 0101', age: 34 },
      },
    });
    expect(t.mail.length).toBe(mails);
  });

  it("refuses a staff e-mail, a time outside the schedule, a taken slot and the patient's overlap; a refused booking creates nobody", async () => {
    const doctor = await doctorNamed('Rule', 'Keeper');
    const admin = await createUser(t, 'admin');
    const staff = await addAppointment(doctor.headers, dialog({ email: admin.email }));
    expect(staff.statusCode).toBe(409);
    expect(staff.json().fieldErrors).toEqual({ email: [DOCTOR_APPOINTMENT_MESSAGES.staffEmail] });

    const offSlot = await addAppointment(doctor.headers, dialog({ time: '10:00:00' }));
    expect(offSlot.json().error).toBe('Appointments start every 45 minutes (09:00, 09:45, ...)');
    const past = await addAppointment(doctor.headers, dialog({ date: TODAY, time: '09:45:00' }));
    expect(past.json().error).toBe(AVAILABILITY_MESSAGES.past);

    const first = await addAppointment(doctor.headers, dialog({ time: '13:30:00' }));
    expect(first.statusCode).toBe(201);
    const newcomer = dialog({ time: '13:30:00' });
    const taken = await addAppointment(doctor.headers, newcomer);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLOT_TAKEN', error: AVAILABILITY_MESSAGES.taken });
    expect(await t.database.db.select().from(users).where(eq(users.email, newcomer.email))).toEqual([]);

    // The same patient cannot be with two doctors at once, whoever books.
    const patientEmail = first.json<CreatedDoctorAppointment>().appointment.patient.email;
    const colleague = await doctorNamed('Busy', 'Colleague');
    const overlap = await addAppointment(
      colleague.headers,
      dialog({ email: patientEmail, time: '13:30:00' }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('PATIENT_BUSY');
  });
});

describe("Add new Appointment's patient search", () => {
  it('finds registered patients with what choosing one fills in; doctors only, and audited', async () => {
    const doctor = await doctorNamed('Search', 'Doctor');
    const known = await createUser(t, 'patient', {
      firstName: 'Obiageli',
      lastName: 'Fillmore',
      phone: '0803 555 0188',
      dateOfBirth: '1990-01-10',
      gender: 'female',
    });
    const sparse = await createUser(t, 'patient', { firstName: 'Obinna', lastName: 'Fillmore', phone: null });
    const search = (headers: Headers, q: string) =>
      t.app.inject({ url: `/api/doctor/appointments/patients?q=${encodeURIComponent(q)}`, headers });

    const res = await search(doctor.headers, 'fillmore');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: known.id,
        fullName: 'Obiageli Fillmore',
        email: known.email,
        phone: '0803 555 0188',
        // 2030-01-09: a day before the 40th birthday.
        age: 39,
        gender: 'female',
      },
      {
        id: sparse.id,
        fullName: 'Obinna Fillmore',
        email: sparse.email,
        phone: null,
        age: null,
        gender: null,
      },
    ]);
    expect((await search(doctor.headers, '')).json().data).toEqual([]);
    const [read] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patients.list'), eq(auditEvents.actorId, doctor.user.id)));
    expect(read?.details).toMatchObject({ patientIds: [known.id, sparse.id] });

    for (const role of ['patient', 'admin'] as const) {
      expect((await search((await signedIn(t, role)).headers, 'fillmore')).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/doctor/appointments/patients?q=fillmore' })).statusCode).toBe(
      401,
    );
  });
});

describe('one patient, one place at a time, on every booking path at once', () => {
  it('lets exactly one of simultaneous bookings by the patient, the clinic and a doctor succeed', async () => {
    const doctors = await Promise.all([1, 2, 3, 4].map((n) => doctorNamed('Parallel', `Doctor${n}`)));
    const patient = await signedIn(t, 'patient');
    const when = { date: '2030-01-11', time: '15:00' };
    const results = await Promise.all([
      book(t, patient.headers, { ...when, doctorId: doctors[0]?.user.id }),
      book(t, patient.headers, { ...when, doctorId: doctors[1]?.user.id }),
      // The clinic's "any doctor" path.
      book(t, patient.headers, when),
      addAppointment(doctors[2]?.headers ?? { cookie: '' }, dialog({ email: patient.user.email, ...when })),
      addAppointment(doctors[3]?.headers ?? { cookie: '' }, dialog({ email: patient.user.email, ...when })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.patientId, patient.user.id), eq(appointments.date, when.date)));
    expect(rows).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('gives the demo doctor appointments today, this week, ahead and past, in every status, each with its history', async () => {
    const local = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos', ...LONG_SESSIONS } });
    try {
      // Wednesday 13:00 in Lagos.
      const now = new Date('2030-01-09T12:00:00Z');
      local.clock.set(now);
      await seedDemoData(serviceContext(local, { now: () => now }));
      const doctor = await signIn(local, { email: 'doctor@carepoint.example' }, 'carepoint-demo');
      const period = async (p: string) =>
        (
          await local.app.inject({ url: `/api/doctor/appointments?period=${p}&limit=100`, headers: doctor })
        ).json<DoctorAppointmentPage>().data;
      const today = await period('today');
      expect(new Set(today.map((a) => a.status))).toEqual(
        new Set(['Completed', 'Cancelled', 'Confirmed', 'Pending']),
      );
      expect((await period('upcoming')).length).toBeGreaterThan(10);
      expect((await period('yesterday')).length).toBeGreaterThan(0);
      expect((await period('lastYear')).map((a) => a.date).sort()[0]).toBe('2029-03-15');
      const dashboard = (
        await local.app.inject({ url: '/api/doctor/dashboard', headers: doctor })
      ).json<DoctorDashboard>();
      expect(dashboard.counts.week).toBeGreaterThan(dashboard.counts.today);
      expect(dashboard.next).not.toBeNull();

      // Every seeded appointment's history ends in its status, and starts with its booking.
      const all = await local.database.db.select().from(appointments);
      const events = await local.database.db.select().from(appointmentStatusEvents);
      for (const a of all) {
        const mine = events
          .filter((e) => e.appointmentId === a.id)
          .sort((x, y) => x.at.getTime() - y.at.getTime());
        expect({ id: a.id, first: mine[0]?.fromStatus, last: mine.at(-1)?.toStatus }).toEqual({
          id: a.id,
          first: null,
          last: a.status,
        });
      }
    } finally {
      await local.close();
    }
  });

  it('gives the demo doctor a morning clinic when the demo starts on their day off', async () => {
    const local = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos', ...LONG_SESSIONS } });
    try {
      // Sunday 08:00 in Lagos: the demo doctor works Monday to Saturday.
      const now = new Date('2030-01-13T07:00:00Z');
      local.clock.set(now);
      await seedDemoData(serviceContext(local, { now: () => now }));
      const doctor = await signIn(local, { email: 'doctor@carepoint.example' }, 'carepoint-demo');
      const today = (
        await local.app.inject({ url: '/api/doctor/appointments?limit=100', headers: doctor })
      ).json<DoctorAppointmentPage>().data;
      expect(today.length).toBeGreaterThan(0);
      expect(today.every((a) => a.date === '2030-01-13' && a.time >= '10:00' && a.time < '13:00')).toBe(true);
    } finally {
      await local.close();
    }
  });
});
