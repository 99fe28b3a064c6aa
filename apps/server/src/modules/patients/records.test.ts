import type { PatientDetail } from '@carepoint/contract';
import { FRONT_DESK_MESSAGES, GENDER_MESSAGES, MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../test/appointments';
import { createTestApp, createUser, signedIn, signIn, type TestApp } from '../../../test/helpers';
import { auditEvents, beds, erEntries } from '../../db/schema';

type Headers = { cookie: string };
let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
});
afterAll(() => t.close());

const walkIn = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Chiamaka',
  lastName: 'Eze',
  email: 'chiamaka.eze@example.com',
  phone: '0803 555 0101',
  address: '12 Allen Avenue, Ikeja',
  dateOfBirth: '1990-04-02',
  gender: 'female',
  ...fields,
});

const register = (payload: object, headers: Headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/patients', headers, payload });

describe('registering a walk-in', () => {
  it('creates the patient, e-mails a link that sets their password, and shows no password', async () => {
    const res = await register(walkIn());
    expect(res.statusCode).toBe(201);
    const detail = res.json<PatientDetail>();
    expect(detail.patient).toMatchObject({
      fullName: 'Chiamaka Eze',
      email: 'chiamaka.eze@example.com',
      phone: '0803 555 0101',
      dateOfBirth: '1990-04-02',
      age: 39,
      gender: 'female',
      status: 'Outpatient',
    });
    expect(res.body).not.toMatch(/password/i);
    const mail = t.mail.at(-1);
    expect(mail).toMatchObject({
      to: 'chiamaka.eze@example.com',
      subject: 'Welcome to CarePoint: set your password',
    });
    expect(mail?.body).toContain('The CarePoint front desk registered you');
    const token = /reset-password\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'chosen-password', confirmPassword: 'chosen-password' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t, { email: 'chiamaka.eze@example.com' }, 'chosen-password')).resolves.toBeDefined();
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.create'), eq(auditEvents.patientId, detail.patient.id)));
    expect(audited).toHaveLength(1);
  });

  it('answers 409 with a clear message on the e-mail field when the e-mail is taken (any case)', async () => {
    await createUser(t, 'doctor', { email: 'taken@example.com' });
    const res = await register(walkIn({ email: 'TAKEN@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: MESSAGES.emailTaken,
      fieldErrors: { email: [MESSAGES.emailTaken] },
    });
  });

  it('gives two parallel registrations of one e-mail exactly one account', async () => {
    const results = await Promise.all([1, 2, 3].map(() => register(walkIn({ email: 'race@example.com' }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('validates the fields with their messages, and is for admins only', async () => {
    const res = await register({ firstName: ' ', lastName: '', email: 'nope', phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Enter a valid email address'],
      phone: ['Phone is required'],
    });
    const future = await register(walkIn({ email: 'future@example.com', dateOfBirth: '2099-01-01' }));
    expect(future.json()).toMatchObject({ error: 'Date of birth cannot be in the future' });
    const doctor = await signedIn(t, 'doctor');
    expect((await register(walkIn({ email: 'x@example.com' }), doctor.headers)).statusCode).toBe(403);
  });
});

describe('editing and reading a patient', () => {
  it('saves the whole record; another account e-mail answers 409; unknown ids 404', async () => {
    const p = await createUser(t, 'patient', { firstName: 'Tunde', lastName: 'Bakare' });
    const other = await createUser(t, 'patient');
    const put = (payload: object, id = p.id) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/patients/${id}`, headers: admin, payload });
    const res = await put(
      walkIn({ firstName: 'Babatunde', email: 'b.bakare@example.com', gender: 'unknown' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<PatientDetail>().patient).toMatchObject({
      fullName: 'Babatunde Eze',
      email: 'b.bakare@example.com',
      gender: 'unknown',
    });
    // Every record the desk keeps has a gender (FHIR's administrative gender; unknown is an answer).
    for (const gender of ['', undefined]) {
      const refused = await put(walkIn({ email: 'b.bakare@example.com', gender }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ gender: [GENDER_MESSAGES.required] });
    }
    expect((await put(walkIn({ email: other.email }))).statusCode).toBe(409);
    const missing = await put(walkIn({ email: 'z@example.com' }), '00000000-0000-4000-8000-00000000abcd');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(FRONT_DESK_MESSAGES.patientNotFound);
    // A doctor's id is not a patient's.
    const doctor = await createUser(t, 'doctor');
    expect((await put(walkIn({ email: 'w@example.com' }), doctor.id)).statusCode).toBe(404);
  });

  it('shows the profile, the bed, the appointments and the ER visits, and audits the read', async () => {
    const p = await signedIn(t, 'patient', { firstName: 'Ngozi', lastName: 'Obi' });
    const doctor = await createUser(t, 'doctor', { firstName: 'Ada', lastName: 'Okafor' });
    expect((await book(t, p.headers, { doctorId: doctor.id })).statusCode).toBe(201);
    await t.database.db.insert(beds).values({ label: 'Ward A-1', status: 'Occupied', patientId: p.user.id });
    await t.database.db.insert(erEntries).values({
      patientName: 'Ngozi Obi',
      patientId: p.user.id,
      triageLevel: 'High',
      complaint: 'Chest pain',
      arrivedAt: t.clock.now(),
    });
    const res = await t.app.inject({ url: `/api/admin/patients/${p.user.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const detail = res.json<PatientDetail>();
    expect(detail.patient).toMatchObject({ fullName: 'Ngozi Obi', status: 'Inpatient' });
    expect(detail.bed).toMatchObject({ label: 'Ward A-1' });
    expect(detail.appointments).toMatchObject({
      total: 1,
      data: [{ date: '2030-01-08', time: '10:30', status: 'Pending', doctorName: 'Dr Ada Okafor' }],
    });
    expect(detail.erVisits).toMatchObject({
      total: 1,
      data: [{ triageLevel: 'High', complaint: 'Chest pain' }],
    });
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.read'), eq(auditEvents.patientId, p.user.id)));
    expect(reads).toHaveLength(1);
    expect(
      (await t.app.inject({ url: `/api/admin/patients/${p.user.id}`, headers: p.headers })).statusCode,
    ).toBe(403);
  });
});
