import { SESSION_MESSAGES, type Session } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { auditEvents } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '30' } });
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

type Headers = Record<string, string>;

/** Signs in from a browser with this user agent (and these cookies: a device cookie makes it known). */
async function signInFrom(user: TestUser, userAgent: string, cookies: Headers = {}, rememberMe = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD, rememberMe },
    headers: { 'user-agent': userAgent, ...cookies },
  });
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name.startsWith('cp_device_'));
  return {
    headers: { cookie: `token=${res.json<{ token: string }>().token}`, 'user-agent': userAgent },
    deviceCookie: { cookie: `${device?.name}=${device?.value}` },
  };
}

const me = (headers: Headers) => t.app.inject({ url: '/api/auth/me', headers });
const list = async (headers: Headers) => {
  const res = await t.app.inject({ url: '/api/auth/sessions', headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ sessions: Session[] }>().sessions;
};
const currentId = async (headers: Headers) => (await list(headers)).find((s) => s.current)?.id ?? '';
const end = (headers: Headers, id = '') =>
  t.app.inject({ method: 'DELETE', url: `/api/auth/sessions${id ? `/${id}` : ''}`, headers });
const auditOf = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));

describe('my sessions', () => {
  it('lists live sessions with browser, system and address, this one marked current, never the token hash', async () => {
    const user = await createUser(t, 'doctor');
    const laptop = await signInFrom(user, CHROME_WINDOWS);
    t.clock.advance(60_000);
    const phone = await signInFrom(user, FIREFOX_LINUX);
    const res = await t.app.inject({ url: '/api/auth/sessions', headers: laptop.headers });
    const sessions = res.json<{ sessions: Session[] }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ device: 'Chrome 131 on Windows', ip: '127.0.0.1', current: true });
    expect(sessions[1]).toMatchObject({ device: 'Firefox 133 on Linux', current: false });
    expect(Object.keys(sessions[0] ?? {}).sort()).toEqual(
      ['current', 'device', 'id', 'ip', 'lastSeenAt', 'startedAt'].sort(),
    );
    expect(res.body).not.toMatch(/tokenHash|[0-9a-f]{64}/);
    expect((await list(phone.headers))[0]).toMatchObject({ device: 'Firefox 133 on Linux', current: true });
  });

  it('leaves out sessions that ended, expired or stayed idle too long', async () => {
    const user = await createUser(t, 'patient');
    const kept = await signInFrom(user, CHROME_WINDOWS, {}, true);
    const idle = await signInFrom(user, FIREFOX_LINUX);
    const loggedOut = await signInFrom(user, FIREFOX_LINUX);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers: loggedOut.headers });
    expect(await list(kept.headers)).toHaveLength(2);
    t.clock.advance(31 * 60_000);
    expect((await list(kept.headers)).map((s) => s.current)).toEqual([true]);
    expect((await me(idle.headers)).statusCode).toBe(401);
  });

  it('signs out one session: its next request is refused, and it is audited', async () => {
    const user = await createUser(t, 'patient');
    const mine = await signInFrom(user, CHROME_WINDOWS);
    const other = await signInFrom(user, FIREFOX_LINUX);
    expect((await me(other.headers)).statusCode).toBe(200); // cached by now
    const otherId = await currentId(other.headers);
    const res = await end(mine.headers, otherId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(other.headers)).statusCode).toBe(401);
    expect((await me(mine.headers)).statusCode).toBe(200);
    expect((await list(mine.headers)).map((s) => s.current)).toEqual([true]);
    expect(await auditOf('auth.session.ended', otherId)).toEqual([
      expect.objectContaining({ actorId: user.id, entityType: 'session' }),
    ]);
    // Once ended, it is not found any more.
    expect((await end(mine.headers, otherId)).statusCode).toBe(404);
  });

  it("answers 404 for another person's session and leaves it running; 400 for a malformed id", async () => {
    const [owner, stranger] = [await createUser(t, 'patient'), await createUser(t, 'doctor')];
    const owners = await signInFrom(owner, CHROME_WINDOWS);
    const strangers = await signInFrom(stranger, FIREFOX_LINUX);
    const res = await end(strangers.headers, await currentId(owners.headers));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(SESSION_MESSAGES.notFound);
    expect((await me(owners.headers)).statusCode).toBe(200);
    expect((await end(strangers.headers, 'not-a-uuid')).statusCode).toBe(400);
    expect((await end(strangers.headers, '%00')).statusCode).toBe(400);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const user = await createUser(t, 'admin');
    const here = await signInFrom(user, CHROME_WINDOWS);
    const others = [await signInFrom(user, FIREFOX_LINUX), await signInFrom(user, FIREFOX_LINUX)];
    for (const o of others) expect((await me(o.headers)).statusCode).toBe(200);
    const res = await end(here.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const o of others) expect((await me(o.headers)).statusCode).toBe(401);
    expect((await me(here.headers)).statusCode).toBe(200);
    expect(await list(here.headers)).toHaveLength(1);
    expect(await auditOf('auth.session.ended_others', user.id)).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect((await end({})).statusCode).toBe(401);
  });
});

describe('an administrator signs a person out everywhere', () => {
  it('ends all their sessions, audited; other roles may not; an unknown person is 404', async () => {
    const admin = await createUser(t, 'admin');
    const adminHeaders = await signIn(t, admin);
    const patient = await createUser(t, 'patient');
    const sessions = [await signInFrom(patient, CHROME_WINDOWS), await signInFrom(patient, FIREFOX_LINUX)];
    const url = `/api/admin/users/${patient.id}/sessions`;

    const doctor = await signIn(t, await createUser(t, 'doctor'));
    expect((await t.app.inject({ method: 'DELETE', url, headers: doctor })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: sessions[0]?.headers })).statusCode).toBe(
      403,
    );

    const res = await t.app.inject({ method: 'DELETE', url, headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const s of sessions) expect((await me(s.headers)).statusCode).toBe(401);
    expect(await auditOf('auth.session.ended_by_admin', patient.id)).toEqual([
      expect.objectContaining({ actorId: admin.id }),
    ]);
    expect((await me(adminHeaders)).statusCode).toBe(200);

    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/sessions',
      headers: adminHeaders,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(SESSION_MESSAGES.userNotFound);
  });
});

describe('a sign-in from a new browser', () => {
  it('mails the person once, after the answer, with time, browser and address; a known browser is not mailed', async () => {
    await t.settle();
    const user = await createUser(t, 'patient', { firstName: 'Ngozi' });
    const before = t.mail.length;
    const first = await signInFrom(user, CHROME_WINDOWS);
    expect(t.mail.length).toBe(before); // sent after the answer
    await t.settle();
    const mails = t.mail.slice(before);
    expect(mails.map((m) => m.to)).toEqual([user.email]);
    expect(mails[0]?.subject).toBe('New sign-in to your CarePoint account');
    expect(mails[0]?.body).toContain('Hello Ngozi');
    expect(mails[0]?.body).toContain('Browser: Chrome 131 on Windows');
    expect(mails[0]?.body).toContain('Address: 127.0.0.1');
    expect(mails[0]?.body).toContain('When: 7 Jan 2030');

    // The same browser again, with the device cookie the first sign-in gave it.
    await signInFrom(user, CHROME_WINDOWS, first.deviceCookie);
    expect(t.pendingTasks()).toBe(0);
    await t.settle();
    expect(t.mail.length).toBe(before + 1);
  });
});
