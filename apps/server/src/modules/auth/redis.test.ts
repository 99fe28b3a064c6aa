import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers';

/*
 * REDIS_URL shares the rate limits between instances. These tests need a Redis server at
 * TEST_REDIS_URL (127.0.0.1:6379 unless set; CI starts one); nothing listens on port 1, which
 * stands for a Redis that is down.
 */

const LIVE_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DOWN_REDIS = 'redis://127.0.0.1:1';

const apps: TestApp[] = [];
afterEach(async () => {
  // The second instance shares the first one's database: close it first, without the database.
  for (const app of apps.reverse()) await app.close();
  apps.length = 0;
  vi.restoreAllMocks();
});

/** Keys in the shared Redis outlive a test run: every run uses addresses of its own. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const login = (t: TestApp, email: string, password: string, remoteAddress = randomAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

describe('Redis up', () => {
  it('shares the sign-in limits between instances, atomically', async () => {
    const a = await createTestApp({ env: { REDIS_URL: LIVE_REDIS } });
    apps.push(a);
    const b = await createTestApp({ env: { REDIS_URL: LIVE_REDIS }, database: a.database, clock: a.clock });
    apps.push(b);
    expect(a.app.rateLimits.isDegraded(), `these tests need a Redis server at ${LIVE_REDIS}`).toBe(false);
    expect((await a.app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' });

    const user = await createUser(a, 'patient');
    const max = a.app.config.LOGIN_MAX_FAILURES;
    const guesser = randomAddress();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(i % 2 ? a : b, user.email, `guess-${i}`, guesser)),
    );
    expect(statuses(guesses)).toEqual([...Array(max).fill(401), ...Array(40 - max).fill(429)]);
    expect((await login(a, user.email, TEST_PASSWORD, guesser)).statusCode).toBe(429);
    expect((await login(b, user.email, TEST_PASSWORD, guesser)).statusCode).toBe(429);

    // A successful sign-in on one instance gives its attempt back for both.
    const other = await createUser(a, 'doctor');
    const address = randomAddress();
    for (let i = 0; i < max - 1; i++)
      expect((await login(a, other.email, 'wrong', address)).statusCode).toBe(401);
    expect((await login(b, other.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    expect((await login(a, other.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('Redis down', () => {
  it('signs in at once with per-instance limits, says so once in the log, and health answers 503', async () => {
    const consoleErrors = vi.spyOn(console, 'error');
    const t = await createTestApp({ env: { REDIS_URL: DOWN_REDIS }, logs: true });
    apps.push(t);

    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded' });

    const user = await createUser(t, 'patient');
    expect((await login(t, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const max = t.app.config.LOGIN_MAX_FAILURES;
    const guesser = randomAddress();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => login(t, user.email, 'wrong-password', guesser)),
    );
    expect(statuses(guesses)).toEqual([...Array(max).fill(401), ...Array(20 - max).fill(429)]);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(reset.statusCode).toBe(200);
    await t.settle();
    expect(t.mail.at(-1)?.to).toBe(user.email);

    const redisWarnings = t.logs.filter((line) => line.level === 40 && /Redis/.test(line.msg));
    expect(redisWarnings).toHaveLength(1);
    expect(redisWarnings[0]?.msg).toMatch(/in memory/);
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
  });
});
