import { DEFAULT_SCHEDULE, INVALID_TEXT_MESSAGE } from '@carepoint/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, TEST_PASSWORD, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: Record<string, string>;
let patient: Record<string, string>;
let doctor: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
  patient = (await signedIn(t, 'patient')).headers;
  doctor = (await signedIn(t, 'doctor')).headers;
});
afterAll(() => t.close());

/** A 400 in the one error shape, naming the field at fault with the contract's message. */
function expectRefusedText(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    error: INVALID_TEXT_MESSAGE,
    code: 'VALIDATION',
    fieldErrors: { [field]: [INVALID_TEXT_MESSAGE] },
  });
}

const registration = {
  firstName: 'Amina',
  lastName: 'Yusuf',
  email: 'amina@example.org',
  password: 'a-strong-password',
  phone: '08012345678',
  address: '1 Marina, Lagos',
  gender: 'female',
};

describe('text with a NUL character or an unpaired surrogate', () => {
  it('is refused in a search (both databases answered 500)', async () => {
    const searches = [
      ['/api/admin/patients?q=%00', 'q'],
      ['/api/admin/beds?q=a%00b', 'q'],
      ['/api/admin/audit?action=%00', 'action'],
    ] as const;
    for (const [url, field] of searches)
      expectRefusedText(await t.app.inject({ url, headers: admin }), field);
  });

  it('is refused in a signed-in form, naming the field', async () => {
    const profile = { firstName: 'a\u0000b', lastName: 'Yusuf', phone: '08012345678' };
    expectRefusedText(
      await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: patient, payload: profile }),
      'firstName',
    );
    const bed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/beds',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"label":"X\\ud800"}',
    });
    expectRefusedText(bed, 'label');
  });

  it('is refused deep in a body, with the path to the field', async () => {
    const days = DEFAULT_SCHEDULE.days.map((day, i) => (i === 2 ? { ...day, from: '09:00\udc00' } : day));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/doctor/schedule',
      headers: doctor,
      payload: { ...DEFAULT_SCHEDULE, days },
    });
    expectRefusedText(res, 'days.2.from');
  });

  it('is refused from anonymous callers, and nothing is stored', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/patient',
      payload: { ...registration, address: '1 Marina\u0000' },
    });
    expectRefusedText(register, 'address');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email, password: registration.password },
    });
    expect(login.statusCode).toBe(401);

    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/public/demo-requests',
      payload: { name: 'Ada', email: 'ada@example.org', organisation: 'Clinic', message: 'Hello\u0000' },
    });
    expectRefusedText(demo, 'message');
  });

  it('is refused in a request header (a session stores the user agent)', async () => {
    const user = await createUser(t, 'patient');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'Browser\u0000' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expectRefusedText(res, 'user-agent');
  });

  it('is taken when it is only unusual Unicode', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/beds',
      headers: admin,
      payload: { label: 'Ọ̀ṣọ́ 😀 ward' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('caching of API answers', () => {
  it('is refused on every API answer, success or failure', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/auth/me', headers: patient }),
      t.app.inject({ url: '/api/admin/patients', headers: admin }),
      t.app.inject({ url: '/api/admin/patients' }),
      t.app.inject({ url: '/api/no-such-route' }),
      t.app.inject({ url: '/api/admin/patients?limit=1000', headers: admin }),
      t.app.inject({ url: `/api/patient/appointments/${'x'.repeat(200)}`, headers: patient }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404, 400, 414]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is left to the web app outside /api', async () => {
    const res = await t.app.inject({ url: '/patient/dashboard' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
