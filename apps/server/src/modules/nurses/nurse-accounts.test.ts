import { NURSE_MESSAGES, type Nurse, ROLES } from '@carepoint/contract';
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
    for (const url of ['/api/nurse/me', '/api/nurse/wards', '/api/nurse/emergency-room'])
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

describe("a nurse's wards", () => {
  /** A ward made by the admin, with `free` Free beds and one Cleaning bed. */
  async function ward(name: string, free: number) {
    const res = await admin.post('/api/admin/wards', { name, kind: 'General' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    for (let i = 0; i < free + 1; i++) {
      const bed = await admin.post('/api/admin/beds', { label: `${name} ${i + 1}`, wardId: id });
      expect(bed.statusCode, bed.body).toBe(201);
      if (i === free) {
        const cleaning = await admin.put(`/api/admin/beds/${bed.json<{ id: string }>().id}`, {
          label: `${name} ${i + 1}`,
          status: 'Cleaning',
          patientId: null,
        });
        expect(cleaning.statusCode, cleaning.body).toBe(200);
      }
    }
    return id;
  }

  it('are set by the admin, listed by name on Manage Nurses, and are what the nurse sees first', async () => {
    const surgical = await ward('Ward Surgical N', 2);
    const annex = await ward('Annex Ward N', 1);
    const { nurse, headers } = await invitedNurse('on.wards@test.example');
    expect(nurse.wards).toEqual([]);
    expect((await client(t, headers).get('/api/nurse/wards')).json()).toEqual({ data: [] });

    const put = await admin.patch(`/api/admin/nurses/${nurse.id}`, { wardIds: [surgical, annex, surgical] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Nurse>().wards).toEqual([
      { id: annex, name: 'Annex Ward N' },
      { id: surgical, name: 'Ward Surgical N' },
    ]);
    const listed = (await admin.get('/api/admin/nurses?q=on.wards')).json<{ data: Nurse[] }>().data;
    expect(listed.map((n) => n.wards.map((w) => w.name))).toEqual([['Annex Ward N', 'Ward Surgical N']]);
    expect((await client(t, headers).get('/api/nurse/wards')).json().data).toEqual([
      expect.objectContaining({ id: annex, name: 'Annex Ward N', beds: 2, freeBeds: 1 }),
      expect.objectContaining({ id: surgical, name: 'Ward Surgical N', beds: 3, freeBeds: 2 }),
    ]);

    // Left out, the wards stay; an empty list takes the nurse off every ward.
    await admin.patch(`/api/admin/nurses/${nurse.id}`, { department: 'Surgery' });
    expect((await client(t, headers).get('/api/nurse/me')).json<Nurse>().wards).toHaveLength(2);
    await admin.patch(`/api/admin/nurses/${nurse.id}`, { wardIds: [] });
    expect((await client(t, headers).get('/api/nurse/wards')).json()).toEqual({ data: [] });
  });

  it('refuses a ward that does not exist on the field, changing nothing', async () => {
    const kept = await ward('Kept Ward N', 1);
    const { nurse } = await invitedNurse('unknown.ward@test.example');
    await admin.patch(`/api/admin/nurses/${nurse.id}`, { wardIds: [kept] });
    const res = await admin.patch(`/api/admin/nurses/${nurse.id}`, {
      department: 'Changed',
      wardIds: [kept, '00000000-0000-4000-8000-00000000dead'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: NURSE_MESSAGES.wardNotFound,
      fieldErrors: { wardIds: [NURSE_MESSAGES.wardNotFound] },
    });
    const after = (await admin.get('/api/admin/nurses?q=unknown.ward')).json<{ data: Nurse[] }>().data[0];
    expect(after).toMatchObject({ department: 'ER', wards: [{ id: kept, name: 'Kept Ward N' }] });
    // A new nurse with an unknown ward is not made at all.
    const add = await admin.post('/api/admin/nurses', {
      fullName: 'No Ward',
      email: 'no.ward@test.example',
      department: 'ER',
      wardIds: ['00000000-0000-4000-8000-00000000dead'],
    });
    expect(add.statusCode).toBe(400);
    expect((await admin.get('/api/admin/nurses?q=no.ward')).json().data).toEqual([]);
  });

  it('goes with a removed ward', async () => {
    const res = await admin.post('/api/admin/wards', { name: 'Closing Ward N', kind: 'General' });
    const closing = res.json<{ id: string }>().id;
    const { nurse } = await invitedNurse('closing.ward@test.example');
    await admin.patch(`/api/admin/nurses/${nurse.id}`, { wardIds: [closing] });
    expect((await admin.delete(`/api/admin/wards/${closing}`)).statusCode).toBeLessThan(300);
    const after = (await admin.get('/api/admin/nurses?q=closing.ward')).json<{ data: Nurse[] }>().data[0];
    expect(after?.wards).toEqual([]);
  });
});
