import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { auditEvents, sessions } from '../../db/schema';

/*
 * Sign-in limits hold under concurrency: an attempt is taken before the password is checked,
 * so however many requests arrive at once, at most the configured number are ever checked.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** An address no other test uses, so per-address counts start at zero. */
const freshAddress = () => {
  addresses += 1;
  return `10.${Math.floor(addresses / 250)}.${addresses % 250}.9`;
};

const login = (email: string, password: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

const statuses = (responses: LightMyRequestResponse[]) => {
  const count: Record<number, number> = {};
  for (const res of responses) count[res.statusCode] = (count[res.statusCode] ?? 0) + 1;
  return count;
};

const failedChecks = (email: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'auth.login.failed'), eq(auditEvents.actorEmail, email)));

describe('sign-in limits under concurrency', () => {
  it('checks at most LOGIN_MAX_FAILURES passwords of one account from one address, however many arrive at once', async () => {
    const user = await createUser(t, 'patient');
    const max = t.app.config.LOGIN_MAX_FAILURES;
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => login(user.email, 'wrong-password', address)),
    );
    expect(statuses(responses)).toEqual({ 401: max, 429: 100 - max });
    expect(await failedChecks(user.email)).toHaveLength(max);
    const blocked = responses.find((res) => res.statusCode === 429);
    expect(blocked?.headers['content-type']).toMatch(/^text\/plain/);
    expect(blocked?.headers['retry-after']).toBe('900');
  });

  it('does not let the right password through when it comes 38th of 40 parallel guesses', async () => {
    const user = await createUser(t, 'doctor');
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(user.email, i === 37 ? TEST_PASSWORD : `guess-${i}`, address),
      ),
    );
    expect(responses[37]?.statusCode).toBe(429);
    expect(statuses(responses)[200]).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('checks at most LOGIN_MAX_FAILURES_PER_ADDRESS passwords from one address at once', async () => {
    const max = t.app.config.LOGIN_MAX_FAILURES_PER_ADDRESS;
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(`parallel${i}@example.org`, 'wrong-password', address)),
    );
    expect(statuses(responses)).toEqual({ 401: max, 429: 100 - max });
    const checked = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.login.failed'), like(auditEvents.actorEmail, 'parallel%')));
    expect(checked).toHaveLength(max);
  });

  it('gives the attempt back when the password is right: successful sign-ins never count', async () => {
    const user = await createUser(t, 'admin');
    const address = freshAddress();
    const max = t.app.config.LOGIN_MAX_FAILURES;
    for (let i = 0; i < max * 3; i++)
      expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < max - 1; i++)
      expect((await login(user.email, 'wrong', address)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    expect((await login(user.email, 'wrong', address)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
  });

  it('counts wrong current passwords of a password change against the account', async () => {
    const user = await createUser(t, 'patient');
    const { token } = (await login(user.email, TEST_PASSWORD)).json<{ token: string }>();
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      });
    const max = t.app.config.LOGIN_MAX_FAILURES;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`not-it-${i}`)));
    expect(statuses(responses)).toEqual({ 400: max, 429: 20 - max });
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('device cookies: guessing from elsewhere does not lock the owner out', () => {
  /** The device cookie a successful sign-in set, as a Cookie header for the next requests. */
  const deviceCookieOf = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name.startsWith('cp_device_'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    return `${cookie?.name}=${cookie?.value}`;
  };
  const loginWith = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });

  it("lets the owner's known browser in after a guesser elsewhere used up the account's failures", async () => {
    const user = await createUser(t, 'patient');
    const home = freshAddress();
    const cookie = deviceCookieOf(await loginWith(user.email, TEST_PASSWORD, home));
    const max = t.app.config.LOGIN_MAX_FAILURES;
    // A guesser from another address is limited...
    const guesser = freshAddress();
    for (let i = 0; i < max; i++)
      expect((await loginWith(user.email, `guess-${i}`, guesser)).statusCode).toBe(401);
    expect((await loginWith(user.email, 'guess-again', guesser)).statusCode).toBe(429);
    expect((await loginWith(user.email, TEST_PASSWORD, guesser)).statusCode).toBe(429);
    // ... from many addresses too, once the account's failures from unknown browsers are used up.
    const perAccount = t.app.config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
    for (let i = max; i < perAccount; i++) await loginWith(user.email, `spread-${i}`, freshAddress());
    expect((await loginWith(user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(429);
    // The owner's browser, even behind the guesser's address, still signs in.
    expect((await loginWith(user.email, TEST_PASSWORD, home, cookie)).statusCode).toBe(200);
    expect((await loginWith(user.email, TEST_PASSWORD, guesser, cookie)).statusCode).toBe(200);
  });

  it('counts wrong passwords from a known browser against that browser only', async () => {
    const user = await createUser(t, 'doctor');
    const address = freshAddress();
    const cookie = deviceCookieOf(await loginWith(user.email, TEST_PASSWORD, address));
    const max = t.app.config.LOGIN_MAX_FAILURES;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginWith(user.email, `typo-${i}`, address, cookie)),
    );
    expect(statuses(responses)).toEqual({ 401: max, 429: 20 - max });
    expect((await loginWith(user.email, TEST_PASSWORD, address, cookie)).statusCode).toBe(429);
    // Another browser at the same address is not held back by it.
    expect((await loginWith(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it("ignores a forged, altered or other account's device cookie", async () => {
    const owner = await createUser(t, 'patient');
    const other = await createUser(t, 'patient');
    const address = freshAddress();
    const cookie = deviceCookieOf(await loginWith(owner.email, TEST_PASSWORD, address));
    const [name, value = ''] = cookie.split('=');
    const altered = `${name}=${value.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    const max = t.app.config.LOGIN_MAX_FAILURES;
    // Failures with an altered cookie count as an unknown browser's: the pair is locked after max.
    for (let i = 0; i < max; i++) await loginWith(owner.email, `bad-${i}`, address, altered);
    expect((await loginWith(owner.email, TEST_PASSWORD, address, altered)).statusCode).toBe(429);
    expect((await loginWith(owner.email, TEST_PASSWORD, address, cookie)).statusCode).toBe(200);
    // The owner's cookie names the owner's account only (another account's cookie has another name).
    const otherCookie = deviceCookieOf(await loginWith(other.email, TEST_PASSWORD, address));
    expect(otherCookie.split('=')[0]).not.toBe(name);
  });
});

describe('request limits of public forms', () => {
  const expectLimited = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('limits reset requests per address, even when they arrive at once', async () => {
    const remoteAddress = freshAddress();
    const ask = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress,
        payload: { email: `someone${i}@example.org` },
      });
    const responses = await Promise.all(Array.from({ length: 15 }, (_, i) => ask(i)));
    expect(statuses(responses)).toEqual({ 200: 10, 429: 5 });
    expectLimited(responses.find((res) => res.statusCode === 429) as LightMyRequestResponse);
    t.clock.advance(t.app.config.LOGIN_WINDOW_MINUTES * 60_000);
    expect((await ask(99)).statusCode).toBe(200);
  });

  it('limits registrations per address', async () => {
    const remoteAddress = freshAddress();
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/patient',
        remoteAddress,
        payload: {
          firstName: 'Amina',
          lastName: 'Yusuf',
          email: `amina${i}-${remoteAddress}@example.org`,
          password: 'a-strong-password',
          phone: '+234 802 555 0101',
          address: '7 Allen Avenue, Ikeja',
          gender: 'female',
        },
      });
    for (let i = 0; i < 30; i++) expect((await register(i)).statusCode).toBe(201);
    expectLimited(await register(30));
  });

  it('limits demo requests per address for an hour', async () => {
    const remoteAddress = freshAddress();
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/demo-requests',
        remoteAddress,
        payload: { name: 'Ngozi', email: 'ngozi@clinic.example', organisation: 'Lekki Clinic' },
      });
    const responses = await Promise.all(Array.from({ length: 12 }, ask));
    expect(statuses(responses)).toEqual({ 201: 10, 429: 2 });
    t.clock.advance(3_600_000);
    expect((await ask()).statusCode).toBe(201);
  });
});
