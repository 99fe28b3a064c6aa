import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (headers: Record<string, string>, payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
const json = { 'content-type': 'application/json' };

describe('a request Fastify itself cannot read', () => {
  it('is answered in our words and codes, never an FST_ERR_* one', async () => {
    const cases = [
      [await login(json, '{"email":'), 400, 'INVALID_JSON', 'The request body is not valid JSON'],
      [await login(json, ''), 400, 'INVALID_JSON', 'The request body is empty; send a JSON object'],
      [
        await login(json, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) })),
        413,
        'PAYLOAD_TOO_LARGE',
        'The request body is too large (at most 1 MB)',
      ],
      [
        await login({ 'content-type': 'application/xml' }, '<login/>'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json)',
      ],
      [
        await t.app.inject({ url: '/api/doctors/%ED%A0%80/schedule' }),
        400,
        'BAD_REQUEST',
        'The address is not valid',
      ],
      [
        await t.app.inject({ url: `/api/doctors/${'x'.repeat(101)}/schedule` }),
        414,
        'URI_TOO_LONG',
        'The address is too long',
      ],
    ] as const;
    for (const [res, status, code, error] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ error, code });
    }
  });
});
