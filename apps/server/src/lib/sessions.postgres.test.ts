import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedIn, signIn, type TestApp, testClock } from '../../test/helpers';
import { sessions, users } from '../db/schema';
import { hashToken } from './tokens';

/*
 * Two app instances on one PostgreSQL database, as behind a load balancer. Each caches the
 * sessions it served; an end of a session or a change of its user on either instance (or in
 * SQL) reaches the other through NOTIFY within a second.
 */

let a: TestApp;
let b: TestApp;
const clock = testClock();
beforeAll(async () => {
  const env = { SESSION_IDLE_MINUTES: '30' };
  a = await createTestApp({ clock, env });
  b = await createTestApp({ clock, env, database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const me = (t: TestApp, headers: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers });
/** Waits (up to the one second the guarantee allows) until instance `t` answers `status`. */
const answersWithinASecond = (t: TestApp, headers: Record<string, string>, status: number) =>
  vi.waitFor(
    async () => {
      expect((await me(t, headers)).statusCode).toBe(status);
    },
    { timeout: 1000, interval: 20 },
  );

describe('session cache across instances', () => {
  it('serves a signed-in user from the cache: no lookup per request', async () => {
    const { headers } = await signedIn(a, 'doctor');
    expect((await me(b, headers)).statusCode).toBe(200);
    const cached = b.app.sessionCache.size();
    expect(cached).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect((await me(b, headers)).statusCode).toBe(200);
    expect(b.app.sessionCache.size()).toBe(cached);
  });

  it('a logout on one instance ends the session on the other within a second', async () => {
    const { headers } = await signedIn(a, 'patient');
    expect((await me(b, headers)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers });
    expect(out.statusCode).toBeLessThan(300);
    await answersWithinASecond(b, headers, 401);
  });

  it('a session signed out from the Security page on one instance is refused on the other within a second', async () => {
    const { user, headers } = await signedIn(a, 'patient');
    const other = await signIn(a, user);
    expect((await me(b, other)).statusCode).toBe(200);
    const listed = await a.app.inject({ url: '/api/auth/sessions', headers });
    const otherId = listed
      .json<{ sessions: Array<{ id: string; current: boolean }> }>()
      .sessions.find((s) => !s.current)?.id;
    const ended = await a.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers });
    expect(ended.statusCode).toBe(200);
    await answersWithinASecond(b, other, 401);
    expect((await me(b, headers)).statusCode).toBe(200);
  });

  it('a deactivation or a role change made in SQL reaches both instances within a second', async () => {
    const patient = await signedIn(a, 'patient');
    const doctor = await signedIn(a, 'doctor');
    for (const t of [a, b]) {
      expect((await me(t, patient.headers)).statusCode).toBe(200);
      expect((await me(t, doctor.headers)).json().user.role).toBe('doctor');
    }
    await a.database.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, patient.user.id));
    await a.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, doctor.user.id));
    for (const t of [a, b]) {
      await answersWithinASecond(t, patient.headers, 401);
      await vi.waitFor(async () => expect((await me(t, doctor.headers)).json().user.role).toBe('admin'), {
        timeout: 1000,
        interval: 20,
      });
    }
  });

  it('writes last seen at most once a minute, and keeps an active session alive past the idle limit', async () => {
    const { headers } = await signedIn(a, 'doctor');
    const tokenHash = hashToken(headers.cookie.slice('token='.length));
    const lastSeen = async () =>
      (await a.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)))[0]?.lastSeenAt;
    const signedInAt = await lastSeen();
    clock.advance(30_000);
    expect((await me(b, headers)).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(signedInAt);
    // Active every 20 minutes for an hour (idle limit 30): the stored last seen follows.
    for (let i = 0; i < 3; i++) {
      clock.advance(20 * 60_000);
      expect((await me(b, headers)).statusCode).toBe(200);
    }
    expect(await lastSeen()).toEqual(clock.now());
    clock.advance(31 * 60_000);
    expect((await me(a, headers)).statusCode).toBe(401);
  });
});
