import {
  type DoctorActivity,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MESSAGES,
  PROFILE_MESSAGES,
  type Profile,
  SINGLE_LINE_TEXT_MESSAGE,
  type User,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../test/helpers';
import { appointments, auditEvents, triageAssessments, userImages } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = { cookie: string };
const edit = {
  firstName: 'Grace',
  lastName: 'Okonkwo',
  phone: '+234 801 000 0003',
  dateOfBirth: '1990-04-12',
  address: '4 Awolowo Road, Ikoyi, Lagos',
};
const read = (headers: Headers) => t.app.inject({ url: '/api/user/profile', headers });
const update = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload });

describe('my profile', () => {
  it('reads and updates the own account only, and audits both for a patient', async () => {
    const me = await signedIn(t, 'patient', { address: 'Old address' });
    const someone = await signedIn(t, 'patient', { firstName: 'Other' });
    await expect(read(me.headers).then((r) => r.json<{ user: User }>().user.email)).resolves.toBe(
      me.user.email,
    );

    const res = await update(me.headers, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ ...edit, email: me.user.email, role: 'patient' });
    expect((await read(me.headers)).json<{ user: User }>().user).toMatchObject(edit);
    // The other patient's record is untouched and never visible to me.
    expect((await read(someone.headers)).json<{ user: User }>().user).toMatchObject({
      id: someone.user.id,
      firstName: 'Other',
    });

    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.patientId, me.user.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['profile.read', 'profile.read', 'profile.update']);
    expect(audits.find((a) => a.action === 'profile.update')?.details).toEqual({
      changed: ['firstName', 'lastName', 'phone', 'dateOfBirth', 'address'],
    });
  });

  it('keeps the e-mail read-only: the same one is accepted, another is refused', async () => {
    const me = await signedIn(t, 'patient');
    expect((await update(me.headers, { ...edit, email: me.user.email.toUpperCase() })).statusCode).toBe(200);
    const res = await update(me.headers, { ...edit, email: 'new@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Email cannot be changed',
      fieldErrors: { email: ['Email cannot be changed'] },
    });
    expect((await read(me.headers)).json<{ user: User }>().user.email).toBe(me.user.email);
  });

  it('gives each field its message and clears optional ones', async () => {
    const me = await signedIn(t, 'patient');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: '' }, 'First name is required'],
      [{ lastName: '  ' }, 'Last name is required'],
      [{ phone: undefined }, 'Phone is required'],
      [{ dateOfBirth: '1990-02-30' }, PROFILE_MESSAGES.dateOfBirthInvalid],
      [{ dateOfBirth: '2031-01-01' }, 'Date of birth cannot be in the future'],
      [{ dateOfBirth: '1800-06-01' }, PROFILE_MESSAGES.dateOfBirthTooEarly],
      [{ dateOfBirth: '1899-12-31' }, PROFILE_MESSAGES.dateOfBirthTooEarly],
      [{ firstName: 'Gr\u202eace' }, SINGLE_LINE_TEXT_MESSAGE],
      [{ lastName: '\u200b' }, SINGLE_LINE_TEXT_MESSAGE],
    ];
    for (const [fields, message] of cases) {
      const res = await update(me.headers, { ...edit, ...fields });
      expect({ fields, status: res.statusCode, error: res.json().error }).toEqual({
        fields,
        status: 400,
        error: message,
      });
    }
    const cleared = await update(me.headers, { ...edit, dateOfBirth: '', address: null });
    expect(cleared.json<{ user: User }>().user).toMatchObject({ dateOfBirth: null, address: null });
  });

  it('serves every role, and nobody signed out', async () => {
    const dr = await signedIn(t, 'doctor');
    const res = await update(dr.headers, { ...edit, firstName: 'Daniel' });
    expect(res.json<{ user: User }>().user).toMatchObject({ firstName: 'Daniel', role: 'doctor' });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, dr.user.id), eq(auditEvents.action, 'profile.update')));
    expect(audit[0]?.patientId).toBeNull();
    expect((await t.app.inject({ url: '/api/user/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: edit })).statusCode).toBe(
      401,
    );
  });
});

describe('profile images', () => {
  it('serves a stored image to signed-in users and answers 404 otherwise', async () => {
    const owner = await signedIn(t, 'doctor');
    const viewer = await signedIn(t, 'patient');
    const url = `/api/users/${owner.user.id}/image`;
    expect((await t.app.inject({ url, headers: viewer.headers })).statusCode).toBe(404);

    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await t.database.db.insert(userImages).values({
      userId: owner.user.id,
      contentType: 'image/png',
      data: png.toString('base64'),
      size: png.length,
    });
    const res = await t.app.inject({ url, headers: viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect((await read(owner.headers)).json<{ user: User }>().user.imageUrl).toMatch(
      new RegExp(`^${url}\\?v=\\d+$`),
    );
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe("a doctor's own profile fields", () => {
  it('saves specialty, experience and gender for a doctor; left out keeps them', async () => {
    const dr = await signedIn(t, 'doctor', { specialty: 'General Practice', address: 'Clinic Road' });
    const res = await update(dr.headers, {
      ...edit,
      address: 'Clinic Road',
      specialty: 'Cardiology',
      experienceYears: '12',
      gender: 'female',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: Profile }>().user).toMatchObject({
      specialty: 'Cardiology',
      experienceYears: 12,
      gender: 'female',
    });
    const kept = await update(dr.headers, { ...edit, address: 'Clinic Road' });
    expect(kept.json<{ user: Profile }>().user).toMatchObject({
      specialty: 'Cardiology',
      experienceYears: 12,
      gender: 'female',
      address: 'Clinic Road',
    });
    const cleared = await update(dr.headers, { ...edit, specialty: '', experienceYears: '', gender: '' });
    expect(cleared.json<{ user: Profile }>().user).toMatchObject({
      specialty: null,
      experienceYears: null,
      gender: null,
    });
    for (const experienceYears of [-1, 71, 2.5, 'many']) {
      const bad = await update(dr.headers, { ...edit, experienceYears });
      expect({ experienceYears, error: bad.json().error }).toEqual({
        experienceYears,
        error: PROFILE_MESSAGES.experienceInvalid,
      });
    }
  });

  it("does not change a patient's profile beyond the patient's fields", async () => {
    const me = await signedIn(t, 'patient');
    const res = await update(me.headers, { ...edit, specialty: 'Surgeon', experienceYears: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: Profile }>().user).toMatchObject({
      ...edit,
      specialty: null,
      experienceYears: null,
    });
  });
});

describe('uploading a profile image', () => {
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
  const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 2)]);
  const WEBP = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(32),
  ]);
  const upload = (headers: Headers | Record<string, never>, body: Buffer | string, type: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/image',
      headers: { ...headers, 'content-type': type },
      payload: body,
    });

  it('stores a PNG, JPEG or WebP by its content and shows it wherever the avatar appears', async () => {
    const dr = await signedIn(t, 'doctor');
    const res = await upload(dr.headers, PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const imageUrl = res.json<{ user: Profile }>().user.imageUrl ?? '';
    expect(imageUrl).toMatch(new RegExp(`^/api/users/${dr.user.id}/image\\?v=\\d+$`));
    const me = await t.app.inject({ url: '/api/auth/me', headers: dr.headers });
    expect(me.json<{ user: User }>().user.imageUrl).toBe(imageUrl);
    const served = await t.app.inject({ url: imageUrl, headers: dr.headers });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // The bytes decide the type, not the header; a new picture gets a new URL.
    t.clock.advance(1000);
    const jpeg = await upload(dr.headers, JPEG, 'image/png');
    expect(jpeg.statusCode).toBe(200);
    const jpegUrl = jpeg.json<{ user: Profile }>().user.imageUrl ?? '';
    expect(jpegUrl).not.toBe(imageUrl);
    expect((await t.app.inject({ url: jpegUrl, headers: dr.headers })).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect((await upload(dr.headers, WEBP, 'image/webp')).statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(userImages).where(eq(userImages.userId, dr.user.id));
    expect(stored).toMatchObject({ contentType: 'image/webp', size: WEBP.length });

    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, dr.user.id), eq(auditEvents.action, 'profile.image.update')));
    expect(trail).toHaveLength(3);
  });

  it('refuses a fake or oversized picture with a clear message and keeps the old one', async () => {
    const dr = await signedIn(t, 'doctor');
    expect((await upload(dr.headers, PNG, 'image/png')).statusCode).toBe(200);
    const cases: Array<[Buffer | string, string, number, string]> = [
      ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/png', 400, PROFILE_IMAGE_MESSAGES.notAnImage],
      [Buffer.from('GIF89a....'), 'image/gif', 415, PROFILE_IMAGE_MESSAGES.notAnImage],
      [JSON.stringify({ image: 'x' }), 'application/json', 415, PROFILE_IMAGE_MESSAGES.notAnImage],
      [Buffer.alloc(0), 'image/png', 400, PROFILE_IMAGE_MESSAGES.notAnImage],
      [
        Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]),
        'image/png',
        413,
        PROFILE_IMAGE_MESSAGES.tooLarge,
      ],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await upload(dr.headers, body, type);
      expect({ type, status: res.statusCode, error: res.json().error }).toEqual({
        type,
        status,
        error: message,
      });
    }
    // Exactly 2 MB is allowed.
    const limit = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - PNG.length)]);
    expect((await upload(dr.headers, limit, 'image/png')).statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(userImages).where(eq(userImages.userId, dr.user.id));
    expect(stored?.size).toBe(PROFILE_IMAGE_MAX_BYTES);
  });

  it('removes the picture, and answers nobody signed out', async () => {
    const me = await signedIn(t, 'patient');
    expect((await upload(me.headers, PNG, 'image/png')).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile/image',
      headers: me.headers,
    });
    expect(removed.json<{ user: Profile }>().user.imageUrl).toBeNull();
    expect(
      (await t.app.inject({ url: `/api/users/${me.user.id}/image`, headers: me.headers })).statusCode,
    ).toBe(404);
    const audits = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.patientId, me.user.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['profile.image.update', 'profile.image.remove']),
    );
    expect((await upload({}, PNG, 'image/png')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/profile/image' })).statusCode).toBe(401);
  });
});

describe("the doctor's medical actions", () => {
  it("counts the doctor's completed, seen, due today and triaged, from the records", async () => {
    const dr = await signedIn(t, 'doctor');
    const other = await createUser(t, 'doctor');
    const [p1, p2] = [await createUser(t, 'patient'), await createUser(t, 'patient')];
    const at = (date: string, time: string) => new Date(`${date}T${time}:00Z`);
    const appointment = (
      doctorId: string,
      patientId: string,
      date: string,
      time: string,
      status: 'Pending' | 'Confirmed' | 'Completed' | 'Cancelled',
    ) => ({
      doctorId,
      patientId,
      title: 'Visit',
      priority: 'Medium' as const,
      date,
      time,
      startsAt: at(date, time),
      durationMinutes: 45,
      status,
    });
    // The clock reads Monday 2030-01-07 09:00 (UTC is the facility's zone in tests).
    await t.database.db
      .insert(appointments)
      .values([
        appointment(dr.user.id, p1.id, '2030-01-02', '10:00', 'Completed'),
        appointment(dr.user.id, p1.id, '2030-01-03', '10:00', 'Completed'),
        appointment(dr.user.id, p2.id, '2029-12-20', '10:00', 'Completed'),
        appointment(dr.user.id, p2.id, '2030-01-07', '11:00', 'Confirmed'),
        appointment(dr.user.id, p1.id, '2030-01-07', '12:00', 'Pending'),
        appointment(dr.user.id, p1.id, '2030-01-07', '13:00', 'Cancelled'),
        appointment(other.id, p2.id, '2030-01-07', '11:00', 'Confirmed'),
        appointment(other.id, p2.id, '2030-01-04', '11:00', 'Completed'),
      ]);
    await t.database.db.insert(triageAssessments).values([
      {
        patientName: 'A',
        score: 0,
        priority: 'Low',
        suggestedDepartment: 'General',
        department: 'General',
        recordedBy: dr.user.id,
        recordedAt: at('2030-01-07', '08:00'),
      },
      {
        patientName: 'B',
        score: 0,
        priority: 'Low',
        suggestedDepartment: 'General',
        department: 'General',
        recordedBy: dr.user.id,
        recordedAt: at('2030-01-06', '08:00'),
      },
    ]);
    const res = await t.app.inject({ url: '/api/doctor/profile/activity', headers: dr.headers });
    expect(res.json<DoctorActivity>()).toEqual({
      completedThisMonth: 2,
      patientsSeen: 2,
      upcomingToday: 2,
      triagedToday: 1,
    });
    const patient = await signedIn(t, 'patient');
    expect(
      (await t.app.inject({ url: '/api/doctor/profile/activity', headers: patient.headers })).statusCode,
    ).toBe(403);
  });
});
