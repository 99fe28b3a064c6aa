import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { ConfigError, loadConfig } from '../../config';
import { auditEvents } from '../../db/schema';

/*
 * The client's address feeds the per-address limits and the audit trail: it comes from
 * X-Forwarded-For only as far as TRUST_PROXY says, and by default not at all.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const login = (
  app: TestApp,
  headers: Record<string, string>,
  email: string,
  password: string,
  remoteAddress = '10.9.9.9',
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers,
    payload: { email, password },
  });

const recordedAddress = async (app: TestApp, email: string) => {
  const [row] = await app.database.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, email));
  return row?.ip;
};

describe('TRUST_PROXY', () => {
  it('is off by default, in production too: spoofed X-Forwarded-For neither dodges the limits nor enters the audit trail', async () => {
    // A low per-address limit keeps the test short: what matters is that spoofing does not reset it.
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        TOTP_ENCRYPTION_KEY: 'k'.repeat(32),
        LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
      },
    });
    const app = t;
    const max = app.app.config.LOGIN_MAX_FAILURES_PER_ADDRESS;
    for (let i = 0; i < max; i++) {
      const res = await login(
        app,
        { 'x-forwarded-for': `203.0.113.${i}` },
        `spoof${i}@example.org`,
        'wrong-password',
      );
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(app, 'patient');
    const blocked = await login(app, { 'x-forwarded-for': '198.51.100.77' }, user.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(await recordedAddress(app, 'spoof0@example.org')).toBe('10.9.9.9');
  });

  it('with a hop count, takes the address the trusted proxy saw', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const user = await createUser(t, 'patient');
    // The client may write anything on the left; the proxy appends what it saw.
    const res = await login(t, { 'x-forwarded-for': '6.6.6.6, 203.0.113.5' }, user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(await recordedAddress(t, user.email)).toBe('203.0.113.5');
  });

  it('with an address list, trusts X-Forwarded-For only from those proxies', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' } });
    const viaProxy = await createUser(t, 'patient');
    await login(t, { 'x-forwarded-for': '203.0.113.8' }, viaProxy.email, TEST_PASSWORD, '10.1.2.3');
    expect(await recordedAddress(t, viaProxy.email)).toBe('203.0.113.8');
    const direct = await createUser(t, 'patient');
    await login(t, { 'x-forwarded-for': '203.0.113.9' }, direct.email, TEST_PASSWORD, '172.16.0.4');
    expect(await recordedAddress(t, direct.email)).toBe('172.16.0.4');
  });

  it('refuses a value that is neither a hop count nor addresses, and will not trust everyone', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    for (const bad of ['true', 'everyone', '10.0.0.0/99', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
