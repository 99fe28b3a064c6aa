import { DOCTOR_ALL_FIELDS, DOCTOR_MESSAGES, ROLES, type Role } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_LISTS,
  ADMIN_ROUTES,
  type AdminClient,
  adminClient,
  client,
  concrete,
  expectInvalid,
} from '../../../test/admin';
import { createTestApp, signedIn, signIn, type TestApp } from '../../../test/helpers';
import { doctorSchedules, users } from '../../db/schema';
import { routeModules } from '..';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

describe('admin routes: who may call them', () => {
  it('the table names every /api/admin route the app registers', async () => {
    // Registers the route modules on a bare instance just to see their routes.
    const probe = Fastify({ logger: false });
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    const registered: string[] = [];
    probe.addHook('onRoute', (route) => {
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      for (const m of methods) if (route.url.startsWith('/api/admin/')) registered.push(`${m} ${route.url}`);
    });
    for (const routes of routeModules) await probe.register(routes);
    await probe.ready();
    await probe.close();
    expect(registered.sort()).toEqual(ADMIN_ROUTES.map((r) => `${r.method} ${r.url}`).sort());
  });

  describe.each(ADMIN_ROUTES)('$method $url', ({ method, url }) => {
    it('answers 401 without a session', async () => {
      const res = await client(t).send(method, concrete(url), method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(401);
    });

    it.each(ROLES.filter((role) => role !== 'admin'))('answers 403 to a %s', async (role) => {
      const { headers } = await signedInOnce(role);
      const res = await client(t, headers).send(method, concrete(url), method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });
  });

  // The event stream never ends, so an admin's access to it is checked over a real socket in live.test.ts.
  describe.each(ADMIN_ROUTES.filter((route) => route.url !== '/api/admin/events'))(
    '$method $url',
    ({ method, url }) => {
      it('lets an admin through', async () => {
        const res = await admin.send(method, concrete(url), method === 'GET' ? undefined : {});
        expect([401, 403]).not.toContain(res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      });
    },
  );
});

const sessions = new Map<string, Awaited<ReturnType<typeof signedIn>>>();
async function signedInOnce(role: Role) {
  let session = sessions.get(role);
  if (!session) {
    session = await signedIn(t, role);
    sessions.set(role, session);
  }
  return session;
}

describe('every admin list', () => {
  it.each(ADMIN_LISTS)('%s refuses a sort outside its allow-list and a limit over 100', async (url) => {
    expectInvalid(await admin.get(`${url}?sort=passwordHash`), /^Sort must be one of: /);
    expectInvalid(await admin.get(`${url}?limit=101`), 'Limit must be at most 100');
    expectInvalid(await admin.get(`${url}?order=sideways`), 'Order must be asc or desc');
    const ok = await admin.get(`${url}?limit=100`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pagination).toMatchObject({ page: 1, limit: 100, totalIsLowerBound: false });
  });

  it.each(ADMIN_LISTS)('%s pages 20 rows by default', async (url) => {
    const res = await admin.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination.limit).toBe(20);
  });
});

const newDoctor = (n: number | string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Amina',
  lastName: `Doctor${n}`,
  email: `amina.doctor${n}@test.example`,
  phone: '+234 801 234 5678',
  address: '1 Hospital Road',
  specialty: 'Cardiology',
  ...extra,
});

describe('POST /api/admin/create/doctor', () => {
  it.each(['firstName', 'lastName', 'email', 'phone', 'address', 'specialty'])(
    'answers the one Add Doctor message when %s is missing or blank',
    async (field) => {
      const { [field as keyof ReturnType<typeof newDoctor>]: _dropped, ...missing } = newDoctor('x');
      expectInvalid(await admin.post('/api/admin/create/doctor', missing), DOCTOR_ALL_FIELDS);
      expectInvalid(
        await admin.post('/api/admin/create/doctor', { ...newDoctor('x'), [field]: '   ' }),
        DOCTOR_ALL_FIELDS,
      );
    },
  );

  it('answers the all-fields message for an empty form', async () => {
    expectInvalid(await admin.post('/api/admin/create/doctor', {}), DOCTOR_ALL_FIELDS);
  });

  it('refuses a malformed e-mail and a taken one', async () => {
    expectInvalid(
      await admin.post('/api/admin/create/doctor', newDoctor('m', { email: 'not-an-email' })),
      'Enter a valid email address',
    );
    expect((await admin.post('/api/admin/create/doctor', newDoctor('dup'))).statusCode).toBe(201);
    const again = await admin.post(
      '/api/admin/create/doctor',
      newDoctor('dup', { email: 'AMINA.doctordup@test.example' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(DOCTOR_MESSAGES.emailTaken);
  });

  it('answers a one-time password once; the doctor signs in with it and must change it first', async () => {
    const res = await admin.post(
      '/api/admin/create/doctor',
      newDoctor(1, { password: 'old-client-default' }),
    );
    expect(res.statusCode).toBe(201);
    const { doctor, oneTimePassword } = res.json();
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{14}$/);
    expect(doctor).toMatchObject({
      firstName: 'Amina',
      specialty: 'Cardiology',
      status: 'Active',
      mustChangePassword: true,
    });
    expect(JSON.stringify((await admin.get('/api/admin/doctors?q=doctor1')).json())).not.toContain(
      oneTimePassword,
    );

    // The password an old client sent is ignored.
    const refused = await client(t).post('/api/auth/login', {
      email: doctor.email,
      password: 'old-client-default',
    });
    expect(refused.statusCode).toBe(401);

    const login = await client(t).post('/api/auth/login', { email: doctor.email, password: oneTimePassword });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.mustChangePassword).toBe(true);
    const doctorClient = client(t, { cookie: `token=${login.json().token}` });
    const blocked = await doctorClient.get('/api/doctor/schedule');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await doctorClient.post('/api/auth/change-password', {
      currentPassword: oneTimePassword,
      newPassword: 'my-own-password-1',
      confirmPassword: 'my-own-password-1',
    });
    expect(changed.statusCode).toBe(200);
    // The default weekly schedule was created with the account.
    expect((await doctorClient.get('/api/doctor/schedule')).statusCode).toBe(200);
    const [schedule] = await t.database.db
      .select()
      .from(doctorSchedules)
      .where(eq(doctorSchedules.doctorId, doctor.id));
    expect(schedule).toBeDefined();
  });
});

describe('PATCH /api/admin/doctors/:id', () => {
  it('edits fields and refuses blanks, unknown ids and non-doctors', async () => {
    const { doctor } = (await admin.post('/api/admin/create/doctor', newDoctor(2))).json();
    const res = await admin.patch(`/api/admin/doctors/${doctor.id}`, {
      specialty: 'Neurology',
      phone: '+234 700',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: doctor.id,
      specialty: 'Neurology',
      phone: '+234 700',
      status: 'Active',
    });
    expectInvalid(await admin.patch(`/api/admin/doctors/${doctor.id}`, { lastName: ' ' }), DOCTOR_ALL_FIELDS);
    expectInvalid(
      await admin.patch(`/api/admin/doctors/${doctor.id}`, { status: 'Retired' }),
      'Invalid option: expected one of "Active"|"Inactive"',
    );
    const missing = await admin.patch('/api/admin/doctors/00000000-0000-4000-8000-000000000001', {
      specialty: 'X',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(DOCTOR_MESSAGES.notFound);
    const { user: patient } = await signedInOnce('patient');
    expect((await admin.patch(`/api/admin/doctors/${patient.id}`, { specialty: 'X' })).statusCode).toBe(404);
  });

  it('refuses an e-mail another account has', async () => {
    const { doctor } = (await admin.post('/api/admin/create/doctor', newDoctor(3))).json();
    const res = await admin.patch(`/api/admin/doctors/${doctor.id}`, { email: admin.user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(DOCTOR_MESSAGES.emailTaken);
  });

  it('deactivating ends every session of the doctor; they cannot sign in again', async () => {
    const { user, headers } = await signedIn(t, 'doctor');
    const second = await signIn(t, user);
    expect((await client(t, headers).get('/api/auth/me')).statusCode).toBe(200);

    const res = await admin.patch(`/api/admin/doctors/${user.id}`, { status: 'Inactive' });
    expect(res.json().status).toBe('Inactive');
    expect((await client(t, headers).get('/api/auth/me')).statusCode).toBe(401);
    expect((await client(t, second).get('/api/auth/me')).statusCode).toBe(401);
    const login = await client(t).post('/api/auth/login', { email: user.email, password: 'test-password-1' });
    expect(login.statusCode).toBe(401);

    // Reactivating does not bring the old sessions back.
    await admin.patch(`/api/admin/doctors/${user.id}`, { status: 'Active' });
    expect((await client(t, headers).get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/doctors', () => {
  it('pages, sorts, filters and searches on the server', async () => {
    await t.database.db.insert(users).values(
      Array.from({ length: 22 }, (_, i) => ({
        role: 'doctor' as const,
        firstName: 'Paged',
        lastName: `Zz${String(i).padStart(2, '0')}`,
        email: `paged${i}@test.example`,
        specialty: i % 2 ? 'Radiology' : 'Pediatrics',
        passwordHash: 'x',
        status: i === 0 ? ('Inactive' as const) : ('Active' as const),
      })),
    );
    const first = (await admin.get('/api/admin/doctors?q=paged')).json();
    expect(first.data).toHaveLength(20);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 22,
      totalPages: 2,
      totalIsLowerBound: false,
      prevPage: null,
      nextPage: 2,
    });
    expect(first.data[0].lastName).toBe('Zz00');
    const second = (await admin.get('/api/admin/doctors?q=paged&page=2')).json();
    expect(second.data.map((d: { lastName: string }) => d.lastName)).toEqual(['Zz20', 'Zz21']);
    expect(second.pagination).toMatchObject({ prevPage: 1, nextPage: null });

    const byEmailDesc = (await admin.get('/api/admin/doctors?q=paged&sort=email&order=desc&limit=3')).json();
    expect(byEmailDesc.data.map((d: { email: string }) => d.email)).toEqual([
      'paged9@test.example',
      'paged8@test.example',
      'paged7@test.example',
    ]);
    const radiology = (await admin.get('/api/admin/doctors?q=RADIOLOGY')).json();
    expect(radiology.pagination.total).toBe(11);
    const inactive = (await admin.get('/api/admin/doctors?q=paged&status=Inactive')).json();
    expect(inactive.data.map((d: { lastName: string }) => d.lastName)).toEqual(['Zz00']);
    // A search with LIKE wildcards matches them literally.
    expect((await admin.get('/api/admin/doctors?q=%25')).json().pagination.total).toBe(0);
  });
});
