import type { Appointment } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../test/appointments';
import { createTestApp, signedIn, type TestApp, type TestUser } from '../../test/helpers';

/*
 * A cookie rides along with any request the browser makes to the app, whoever's page started
 * it: state changes authenticated by the cookie must come from the app's own origin.
 */

let t: TestApp;
let doctor: TestUser;
let patient: { user: TestUser; headers: { cookie: string } };
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  doctor = (await signedIn(t, 'doctor', { specialty: 'General Medicine' })).user;
  patient = await signedIn(t, 'patient');
  token = patient.headers.cookie.replace(/^token=/, '');
});
afterAll(() => t.close());

let slot = 0;
/** A new Pending appointment of the patient, in a slot no other test uses. */
async function appointment() {
  const times = ['09:00', '09:45', '10:30', '11:15', '12:00', '12:45', '13:30', '14:15', '15:00', '15:45'];
  const time = times[slot++] ?? '16:30';
  const res = await book(t, patient.headers, { doctorId: doctor.id, time });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ appointment: Appointment }>().appointment.id;
}

/** The patient's cancel needs a reason. */
const REASON = JSON.stringify({ reason: 'Travelling' });

const status = async (id: string) =>
  (await t.app.inject({ url: `/api/patient/appointments/${id}`, headers: patient.headers })).json<{
    appointment: Appointment;
  }>().appointment.status;

const cancel = (id: string, headers: Record<string, string>, payload?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/patient/appointments/${id}/cancel`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });

describe('cross-site requests', () => {
  it('refuses a text/plain form another port of the same host posts with the cookie', async () => {
    const id = await appointment();
    const res = await cancel(
      id,
      {
        ...patient.headers,
        origin: 'http://localhost:8080',
        'sec-fetch-site': 'same-site',
        'content-type': 'text/plain',
      },
      'x=1',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused', code: 'CROSS_SITE_REQUEST' });
    expect(await status(id)).toBe('Pending');
  });

  it('refuses another origin by the Origin header when the browser sends no Sec-Fetch-Site', async () => {
    const id = await appointment();
    for (const origin of ['http://evil.example', 'http://localhost:8080', 'null']) {
      const res = await cancel(id, { ...patient.headers, origin, 'content-type': 'application/json' }, '{}');
      expect(res.statusCode).toBe(403);
    }
    expect(await status(id)).toBe('Pending');
  });

  it("accepts the app's own pages: same-origin fetches, and the Origin of the app itself", async () => {
    const first = await appointment();
    const json = { 'content-type': 'application/json' };
    const sameOrigin = await cancel(
      first,
      { ...patient.headers, ...json, 'sec-fetch-site': 'same-origin' },
      REASON,
    );
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    const second = await cancel(
      await appointment(),
      { ...patient.headers, ...json, origin: 'http://localhost' },
      REASON,
    );
    expect(second.statusCode, second.body).toBe(200);
    const publicUrl = await cancel(
      await appointment(),
      { ...patient.headers, ...json, origin: t.app.config.publicUrl },
      REASON,
    );
    expect(publicUrl.statusCode, publicUrl.body).toBe(200);
  });

  it('refuses a body that is not JSON, even from the same origin', async () => {
    const id = await appointment();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await cancel(
        id,
        { ...patient.headers, 'sec-fetch-site': 'same-origin', 'content-type': type },
        'x=1',
      );
      expect(res.statusCode, type).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await status(id)).toBe('Pending');
    // A request without a body is not refused as cross-site: it reaches validation (a reason is required).
    const bodiless = await cancel(id, { ...patient.headers, 'sec-fetch-site': 'same-origin' });
    expect(bodiless.json().code, bodiless.body).toBe('VALIDATION');
  });

  it('lets a route declare the body types it takes instead of JSON (a raw image upload)', async () => {
    const upload = await createTestApp({
      extend: (app) => {
        app.addContentTypeParser(['image/png'], { parseAs: 'buffer' }, (_request, body, done) =>
          done(null, body),
        );
        app.post(
          '/api/test/picture',
          { config: { access: ['patient'], contentTypes: ['image/png'] } },
          async (request) => ({ bytes: (request.body as Buffer).length }),
        );
      },
    });
    try {
      const { headers } = await signedIn(upload, 'patient');
      const send = (type: string, payload: string | Buffer) =>
        upload.app.inject({
          method: 'POST',
          url: '/api/test/picture',
          headers: { ...headers, 'sec-fetch-site': 'same-origin', 'content-type': type },
          payload,
        });
      const png = await send('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      expect(png.statusCode, png.body).toBe(200);
      expect(png.json()).toEqual({ bytes: 4 });
      expect((await send('application/json', '{}')).statusCode).toBe(415);
      expect((await send('text/plain', 'x')).statusCode).toBe(415);
    } finally {
      await upload.close();
    }
  });

  it('lets API clients with a Bearer token call from anywhere: no cookie is involved', async () => {
    const id = await appointment();
    const res = await cancel(
      id,
      { authorization: `Bearer ${token}`, origin: 'http://evil.example', 'content-type': 'application/json' },
      REASON,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(id)).toBe('Cancelled');
  });

  it('refuses a cross-site sign-in form too (a victim signed into the attacker account)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        origin: 'http://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'text/plain',
      },
      payload: JSON.stringify({ email: patient.user.email, password: 'x' }),
    });
    expect(res.statusCode).toBe(403);
  });

  it('leaves reads alone: a cross-site GET is answered (SameSite=Lax and CORS guard those)', async () => {
    const res = await t.app.inject({
      url: '/api/auth/me',
      headers: { ...patient.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});
