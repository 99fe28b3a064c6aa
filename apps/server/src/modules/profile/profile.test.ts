import { PROFILE_MESSAGES, type User } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { auditEvents, userImages } from '../../db/schema';

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
