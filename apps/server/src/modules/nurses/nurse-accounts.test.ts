import { type Nurse, ROLES } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, client, concrete } from '../../../test/admin';
import { createTestApp, signedIn, signIn, type TestApp } from '../../../test/helpers';
import { erEntries, users } from '../../db/schema';
import { routeModules } from '..';

/** Nurses as accounts: added by an admin with a welcome link, signed in to their own area only. */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

/** Adds a nurse as an admin, chooses their password from the welcome mail and signs them in. */
async function invitedNurse(email: string) {
  const res = await admin.post('/api/admin/nurses', {
    fullName: 'Ifeoma Grace Obi',
    email,
    department: 'ER',
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = t.mail.at(-1);
  expect(mail).toMatchObject({ to: email, subject: 'Welcome to CarePoint: set your password' });
  expect(mail?.body).toContain('An administrator added you as a nurse at CarePoint');
  const token = /reset-password\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: 'nurse-chosen-pass', confirmPassword: 'nurse-chosen-pass' },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return { nurse: res.json<Nurse>(), headers: await signIn(t, { email }, 'nurse-chosen-pass') };
}

describe('adding a nurse', () => {
  it('makes an account with the role nurse, mails a link to set the password, and the nurse signs in', async () => {
    const { nurse, headers } = await invitedNurse('ifeoma.obi@test.example');
    expect(nurse).toMatchObject({
      fullName: 'Ifeoma Grace Obi',
      email: 'ifeoma.obi@test.example',
      department: 'ER',
      status: 'Active',
      accountStatus: 'Active',
    });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, nurse.id));
    expect(account).toMatchObject({ role: 'nurse', firstName: 'Ifeoma', lastName: 'Grace Obi' });
    const me = await client(t, headers).get('/api/auth/me');
    expect(me.json().user).toMatchObject({ role: 'nurse', email: 'ifeoma.obi@test.example' });
    expect((await client(t, headers).get('/api/nurse/me')).json()).toMatchObject({
      id: nurse.id,
      department: 'ER',
      status: 'Active',
    });
  });

  it('has no password anyone knows before the link is used', async () => {
    await admin.post('/api/admin/nurses', {
      fullName: 'No Pass',
      email: 'nopass@test.example',
      department: 'ICU',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nopass@test.example', password: '' },
    });
    expect(login.statusCode).toBe(400);
    await expect(signIn(t, { email: 'nopass@test.example' }, '!no-password-yet')).rejects.toThrow(/401/);
  });

  it('answers 409 on the e-mail field for an e-mail another account has, and sends no mail', async () => {
    const doctor = await signedIn(t, 'doctor');
    const sent = t.mail.length;
    const res = await admin.post('/api/admin/nurses', {
      fullName: 'Dup Nurse',
      email: doctor.user.email.toUpperCase(),
      department: 'ER',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fieldErrors).toEqual({ email: ['A nurse with this email already exists'] });
    expect(t.mail.length).toBe(sent);
  });
});

describe('a nurse signed in', () => {
  it('reads the emergency room list in triage order, and the read is in the audit trail', async () => {
    const { headers } = await signedIn(t, 'nurse');
    await t.database.db.insert(erEntries).values([
      { patientName: 'Low Waiting', triageLevel: 'Low', status: 'Waiting', arrivedAt: t.clock.now() },
      { patientName: 'Urgent Waiting', triageLevel: 'Urgent', status: 'Waiting', arrivedAt: t.clock.now() },
    ]);
    const res = await client(t, headers).get('/api/nurse/emergency-room?status=Waiting');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((e: { patientName: string }) => e.patientName)).toEqual([
      'Urgent Waiting',
      'Low Waiting',
    ]);
    const trail = (await admin.get('/api/admin/audit?action=er.list&limit=1')).json();
    expect(trail.data[0]).toMatchObject({ actorRole: 'nurse', action: 'er.list' });
  });

  it('answers 404 for a nurse record of an account that has none', async () => {
    // An account given the role without a staff record (not made by Manage Nurses).
    const { headers } = await signedIn(t, 'nurse');
    const res = await client(t, headers).get('/api/nurse/me');
    expect(res.statusCode).toBe(404);
  });

  it('is refused (403) by every route that does not name the nurse, and reaches their own', async () => {
    const probe = Fastify({ logger: false });
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    const routes: Array<{ method: string; url: string; access: unknown }> = [];
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD'))
        routes.push({ method, url: route.url, access: route.config?.access });
    });
    for (const register of routeModules) await probe.register(register);
    await probe.ready();
    await probe.close();

    const { headers } = await signedIn(t, 'nurse');
    const nurse = client(t, headers);
    const closed = routes.filter(
      (r) => Array.isArray(r.access) && !r.access.includes('nurse') && r.url !== '/api/admin/events',
    );
    // The admin, doctor and patient areas and FHIR are all closed to a nurse.
    expect(closed.some((r) => r.url === '/api/admin/nurses')).toBe(true);
    expect(closed.some((r) => r.url === '/api/doctor/dashboard')).toBe(true);
    expect(closed.some((r) => r.url === '/api/smart/authorization')).toBe(true);
    for (const { method, url } of closed) {
      // No body: an upload route refuses a JSON body (415) before it checks who asks.
      const res = await nurse.send(method as 'GET', concrete(url));
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // FHIR (registered apart from these modules) waits until a nurse's reach is decided.
    expect((await nurse.get('/fhir/R4/Patient')).statusCode).toBe(403);
    // Their own: profile, sessions, the nurse area.
    for (const url of [
      '/api/user/profile',
      '/api/auth/sessions',
      '/api/two-factor',
      '/api/nurse/emergency-room',
    ])
      expect((await nurse.get(url)).statusCode, url).toBe(200);
  });

  it.each(ROLES.filter((role) => role !== 'nurse'))('the nurse area answers 403 to a %s', async (role) => {
    const { headers } = await signedIn(t, role);
    for (const url of ['/api/nurse/me', '/api/nurse/emergency-room'])
      expect((await client(t, headers).get(url)).statusCode, url).toBe(403);
  });
});

describe('deactivating a nurse', () => {
  it('ends their sessions and refuses their sign-in; a PUT without the account status keeps it', async () => {
    const { nurse, headers } = await invitedNurse('leaving@test.example');
    const put = await admin.put(`/api/admin/nurses/${nurse.id}`, {
      fullName: 'Ifeoma Obi',
      email: 'leaving@test.example',
      department: 'ICU',
      status: 'On Leave',
    });
    expect(put.json()).toMatchObject({ fullName: 'Ifeoma Obi', accountStatus: 'Active', status: 'On Leave' });
    expect((await client(t, headers).get('/api/nurse/me')).statusCode).toBe(200);

    const off = await admin.patch(`/api/admin/nurses/${nurse.id}`, { accountStatus: 'Inactive' });
    expect(off.json()).toMatchObject({ accountStatus: 'Inactive', status: 'On Leave', department: 'ICU' });
    expect((await client(t, headers).get('/api/nurse/me')).statusCode).toBe(401);
    await expect(signIn(t, { email: 'leaving@test.example' }, 'nurse-chosen-pass')).rejects.toThrow(
      /sign-in failed/,
    );
    expect((await admin.get('/api/admin/nurses?q=leaving')).json().data).toEqual([
      expect.objectContaining({ id: nurse.id, accountStatus: 'Inactive' }),
    ]);
  });
});
