import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { TEST_PASSWORD, type TestApp } from './helpers';

/** Test support for two-factor sign-in: an authenticator app's codes on the test clock. */

type Headers = Record<string, string>;

/** One TOTP step: after it, an authenticator app shows the next code. */
export const NEXT_STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at the test clock's time. */
export const codeAt = (app: TestApp, secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: app.clock.now().getTime() });

/** Sets up and confirms an authenticator app for a signed-in user: its secret and recovery codes. */
export async function enableTwoFactor(app: TestApp, headers: Headers) {
  const setup = await app.app.inject({ method: 'POST', url: '/api/two-factor/setup', payload: {}, headers });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await app.app.inject({
    method: 'POST',
    url: '/api/two-factor/confirm',
    payload: { code: codeAt(app, secret) },
    headers,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // The code that confirmed is used up: later codes are of later steps.
  app.clock.advance(NEXT_STEP_MS);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** Signs in with the test password, then with the current code: the second step's answer. */
export async function signInWithCode(app: TestApp, email: string, secret: string) {
  const step1 = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(step1.statusCode, step1.body).toBe(200);
  const { challenge } = step1.json<{ challenge: string }>();
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { challenge, code: codeAt(app, secret), method: 'totp' },
  });
}
