import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers me for a signed-in user', async () => {
  const { user, headers } = await signedIn(t, 'patient');
  const res = await t.app.inject({ url: '/api/auth/me', headers });
  expect(res.json().user.email).toBe(user.email);
});
