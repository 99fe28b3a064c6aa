import {
  FORGOT_PASSWORD_ANSWER,
  GENDER_MESSAGES,
  MESSAGES,
  NAME_NEEDS_LETTER_MESSAGE,
  SIGNUP_ANSWER,
  SINGLE_LINE_TEXT_MESSAGE,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { auditEvents, passwordResets, sessions, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers });
const registration = (email: string) => ({
  firstName: 'Amina',
  lastName: 'Yusuf',
  email,
  password: 'a-strong-password',
  phone: '+234 802 555 0101',
  address: '7 Allen Avenue, Ikeja',
  gender: 'female',
});
const auditRows = (action: string, email: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorEmail, email)));

describe('registration', () => {
  it('creates a patient account that can sign in', async () => {
    const res = await post('/api/auth/register/patient', registration('Amina.Yusuf@Example.org'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SIGNUP_ANSWER });
    const login = await post('/api/auth/login', {
      email: 'amina.yusuf@example.org',
      password: 'a-strong-password',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'patient', firstName: 'Amina' });
    // The gender given is stored: a FHIR Patient carries it (modules/fhir/people.ts).
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'amina.yusuf@example.org'));
    expect(row?.gender).toBe('female');
  });

  it('answers a taken e-mail exactly as a free one, keeps the account and mails its owner', async () => {
    const owner = await createUser(t, 'patient');
    const free = await post('/api/auth/register/patient', registration('free-address@example.org'));
    await t.settle(); // earlier tests' mail (sign-ins from a new browser)
    const before = t.mail.length;
    const taken = await post('/api/auth/register/patient', {
      ...registration(owner.email.toUpperCase()),
      password: 'an-intruders-password',
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    expect(t.mail.length).toBe(before); // mailed after the answer, not before
    await t.settle();
    expect(t.mail.slice(before).map((m) => m.to)).toEqual([owner.email]);
    expect(t.mail.at(-1)?.body).toContain(
      'Someone tried to create a CarePoint account with this e-mail address',
    );
    expect(t.mail.at(-1)?.body).toContain('/forgot-password');
    // The owner's password still works; the one given at sign-up does not.
    expect((await post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const intruder = await post('/api/auth/login', { email: owner.email, password: 'an-intruders-password' });
    expect(intruder.statusCode).toBe(401);
  });

  it('mails the owner of a taken address at most three times a window', async () => {
    const owner = await createUser(t, 'patient');
    await t.settle(); // earlier tests' mail (sign-ins from a new browser)
    const before = t.mail.length;
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/register/patient', registration(owner.email))).statusCode).toBe(201);
    }
    await t.settle();
    expect(t.mail.length - before).toBe(3);
  });

  it('refuses a common breached password on the password field, in any case', async () => {
    const res = await post('/api/auth/register/patient', {
      ...registration('breached@example.org'),
      password: 'PassWord1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ password: [MESSAGES.passwordCommon] });
    const passphrase = await post('/api/auth/register/patient', {
      ...registration('breached@example.org'),
      password: 'correct horse battery staple lagos',
    });
    expect(passphrase.statusCode).toBe(201);
  });

  it('refuses names with control or invisible characters or no letter, and stores names in NFC', async () => {
    const bad = await post('/api/auth/register/patient', {
      ...registration('bidi@example.org'),
      firstName: 'Gr\u202eace',
      lastName: '\u200b',
      address: '\u001b[2J7 Allen Avenue',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      firstName: [SINGLE_LINE_TEXT_MESSAGE],
      lastName: expect.arrayContaining([SINGLE_LINE_TEXT_MESSAGE]),
      address: [SINGLE_LINE_TEXT_MESSAGE],
    });
    const noLetter = await post('/api/auth/register/patient', {
      ...registration('dash@example.org'),
      lastName: '--',
    });
    expect(noLetter.json().fieldErrors).toEqual({ lastName: [NAME_NEEDS_LETTER_MESSAGE] });
    const composed = await post('/api/auth/register/patient', {
      ...registration('nfc@example.org'),
      firstName: 'Chloe\u0308',
    });
    expect(composed.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'nfc@example.org'));
    expect(row?.firstName).toBe('Chlo\u00eb');
  });

  it('answers every missing field with its message', async () => {
    const res = await post('/api/auth/register/patient', {});
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json();
    expect(fieldErrors).toMatchObject({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      phone: ['Phone is required'],
      address: ['Address is required'],
      gender: [GENDER_MESSAGES.required],
    });
    const unknown = await post('/api/auth/register/patient', {
      ...registration('gender@example.org'),
      gender: 'woman',
    });
    expect(unknown.json().fieldErrors).toEqual({ gender: [GENDER_MESSAGES.invalid] });
    const notSaid = await post('/api/auth/register/patient', {
      ...registration('gender@example.org'),
      gender: 'unknown',
    });
    expect(notSaid.statusCode).toBe(201);
  });
});

describe('login', () => {
  it('answers { user, token } and sets an httpOnly SameSite=Lax session cookie', async () => {
    const user = await createUser(t, 'doctor');
    const res = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, role: 'doctor' });
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
  });

  it('keeps a Remember Me session for 30 days', async () => {
    const user = await createUser(t, 'patient');
    const res = await post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    const cookie = res.cookies.find((c) => c.name === 'token');
    const expires = cookie?.expires as Date;
    const days = (expires.getTime() - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(t, 'patient');
    const wrong = await post('/api/auth/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.org',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
  });

  it('accepts the token as a Bearer header too', async () => {
    const user = await createUser(t, 'admin');
    const login = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const res = await me({ authorization: `Bearer ${login.json().token}` });
    expect(res.json().user.email).toBe(user.email);
  });

  it('lets an explicit Bearer token win over a stale session cookie', async () => {
    const user = await createUser(t, 'doctor');
    const stale = await signIn(t, user);
    await post('/api/auth/logout', {}, stale);
    const { token } = (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json();
    const res = await me({ ...stale, authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    // And a bad Bearer token is not rescued by a valid cookie: the header is what the client meant.
    const valid = await signIn(t, user);
    expect((await me({ ...valid, authorization: 'Bearer not-a-session' })).statusCode).toBe(401);
  });

  it('answers 429 with a text body after repeated failures from an unknown browser, even for the right password', async () => {
    const user = await createUser(t, 'patient');
    for (let i = 0; i < t.app.config.LOGIN_MAX_FAILURES; i++) {
      expect(
        (await post('/api/auth/login', { email: user.email, password: 'wrong-password' })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toMatch(/^text\/plain/);
    expect(blocked.body).toMatch(/^Too many attempts\. Please try again in 15 minutes\.$/);
    expect(blocked.headers['retry-after']).toBe('900');
    t.clock.advance(15 * 60_000 + 1);
    expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('limits failed sign-ins per address across accounts, but never counts successful ones', async () => {
    const user = await createUser(t, 'doctor');
    const from = (remoteAddress: string, email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
    // A whole ward signing in from one address is fine.
    for (let i = 0; i < 60; i++)
      expect((await from('10.1.1.1', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Guessing across many accounts from one address is not.
    for (let i = 0; i < t.app.config.LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await from('10.2.2.2', `guess${i}@example.org`, 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await from('10.2.2.2', user.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect((await from('10.3.3.3', user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('writes audit rows for successful and failed sign-ins and sign-outs', async () => {
    const user = await createUser(t, 'doctor');
    await post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    const headers = await signIn(t, user);
    await post('/api/auth/logout', {}, headers);
    const [failed] = await auditRows('auth.login.failed', user.email);
    expect(failed).toMatchObject({
      actorId: user.id,
      entityId: user.id,
      details: { reason: 'wrong password' },
    });
    expect(await auditRows('auth.login', user.email)).toHaveLength(1);
    expect(await auditRows('auth.logout', user.email)).toHaveLength(1);
    await post('/api/auth/login', { email: 'ghost@example.org', password: 'whatever-1' });
    const [unknown] = await auditRows('auth.login.failed', 'ghost@example.org');
    expect(unknown).toMatchObject({ actorId: null, details: { reason: 'unknown email' } });
  });

  it('refuses a deactivated account', async () => {
    const user = await createUser(t, 'doctor', { status: 'Inactive' });
    const res = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('sessions', () => {
  it('logout revokes the token: using it again answers 401', async () => {
    const user = await createUser(t, 'patient');
    const headers = await signIn(t, user);
    expect((await me(headers)).statusCode).toBe(200);
    const out = await post('/api/auth/logout', {}, headers);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'token')?.value).toBe('');
    const again = await me(headers);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('UNAUTHENTICATED');
  });

  it('ends a session left idle too long, and any session past its absolute limit', async () => {
    const user = await createUser(t, 'patient');
    const idle = await signIn(t, user);
    t.clock.advance((t.app.config.SESSION_IDLE_MINUTES + 1) * 60_000);
    expect((await me(idle)).statusCode).toBe(401);

    const active = await signIn(t, user);
    const maxMs = t.app.config.SESSION_MAX_HOURS * 3_600_000;
    for (let elapsed = 0; elapsed < maxMs - 3_600_000; elapsed += 3_600_000) {
      t.clock.advance(3_600_000);
      expect((await me(active)).statusCode).toBe(200);
    }
    t.clock.advance(3_600_001);
    expect((await me(active)).statusCode).toBe(401);
  });

  it('reads the session only for API requests: web files and pages cost no session query', async () => {
    const user = await createUser(t, 'patient');
    const headers = await signIn(t, user);
    const lastSeen = async () => {
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      return row?.lastSeenAt.getTime();
    };
    const before = await lastSeen();
    t.clock.advance(5 * 60_000);
    await t.app.inject({ url: '/patient/dashboard', headers });
    await t.app.inject({ url: '/assets/index.js', headers });
    expect(await lastSeen()).toBe(before);
    await me(headers);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });

  it.each(['patient', 'doctor', 'admin'] as const)(
    'a password change (%s) ends the other sessions but keeps the current one',
    async (role) => {
      const user = await createUser(t, role);
      const laptop = await signIn(t, user);
      const phone = await signIn(t, user);
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
        laptop,
      );
      expect(res.statusCode).toBe(200);
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await me(phone)).statusCode).toBe(401);
      expect(
        (await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode,
      ).toBe(200);
      expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
        401,
      );
      expect(await auditRows('auth.password.changed', user.email)).toHaveLength(1);
    },
  );

  it.each(['patient', 'doctor', 'admin'] as const)(
    'a password change (%s) checks the current password, the confirmation and the new password rules',
    async (role) => {
      const user = await createUser(t, role);
      const headers = await signIn(t, user);
      const wrong = await post(
        '/api/auth/change-password',
        { currentPassword: 'not-it', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
        headers,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors).toEqual({ currentPassword: [MESSAGES.currentPasswordWrong] });
      const mismatch = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass', confirmPassword: 'other-pass-1' },
        headers,
      );
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fieldErrors.confirmPassword).toEqual([MESSAGES.passwordsDiffer]);
      // The same rule as sign-up: too short a new password is refused on its field.
      const short = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' },
        headers,
      );
      expect(short.statusCode).toBe(400);
      expect(short.json().fieldErrors.newPassword).toEqual([MESSAGES.passwordTooShort]);
      // Nothing was changed: the old password still signs in.
      expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
        200,
      );
    },
  );

  it('a password change needs a session', async () => {
    const res = await post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(401);
  });

  it('a password change refuses a common breached password on the new password field', async () => {
    const user = await createUser(t, 'doctor');
    const headers = await signIn(t, user);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Iloveyou1', confirmPassword: 'Iloveyou1' },
      headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ newPassword: [MESSAGES.passwordCommon] });
    expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('password reset', () => {
  /** Asks for a reset link and answers its token, once the mail has gone out. */
  const requestResetToken = async (email: string) => {
    await post('/api/auth/forgot-password', { email });
    await t.settle();
    const body = t.mail.at(-1)?.body ?? '';
    return /reset-password\?token=([\w-]+)/.exec(body)?.[1] ?? '';
  };

  it('answers the same for known and unknown e-mails, and mails only real accounts', async () => {
    const user = await createUser(t, 'patient');
    await t.settle(); // earlier tests' mail (sign-ins from a new browser)
    const before = t.mail.length;
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.org' });
    await t.settle();
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.json()).toEqual(known.json());
    expect(t.mail.length).toBe(before + 1);
    expect(t.mail.at(-1)?.to).toBe(user.email);
  });

  it('answers before any work on the account, so timing cannot tell a known e-mail from an unknown one', async () => {
    const user = await createUser(t, 'patient');
    const resetRows = () =>
      t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    const before = t.mail.length;
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-else@example.org' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    // Both answers went out with nothing done yet: no reset link stored, no mail sent.
    expect(await resetRows()).toHaveLength(0);
    expect(t.mail.length).toBe(before);
    expect(t.pendingTasks()).toBe(2);
    await t.settle();
    expect(await resetRows()).toHaveLength(1);
    expect(t.mail.slice(before).map((m) => m.to)).toEqual([user.email]);
  });

  it('sets a new password once: the link is single use and ends every session', async () => {
    const user = await createUser(t, 'patient');
    const session = await signIn(t, user);
    const token = await requestResetToken(user.email);
    const body = { token, password: 'reset-password-1', confirmPassword: 'reset-password-1' };
    expect((await post('/api/auth/reset-password', body)).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'reset-password-1' })).statusCode,
    ).toBe(200);
    const reuse = await post('/api/auth/reset-password', {
      ...body,
      password: 'again-pass-2',
      confirmPassword: 'again-pass-2',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe(MESSAGES.resetTokenInvalid);
  });

  it('refuses a common breached password and leaves the link usable', async () => {
    const user = await createUser(t, 'patient');
    const token = await requestResetToken(user.email);
    const common = await post('/api/auth/reset-password', {
      token,
      password: 'qwertyuiop',
      confirmPassword: 'qwertyuiop',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors).toEqual({ password: [MESSAGES.passwordCommon] });
    const body = { token, password: 'a rarer reset phrase', confirmPassword: 'a rarer reset phrase' };
    expect((await post('/api/auth/reset-password', body)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t, 'patient');
    const token = await requestResetToken(user.email);
    t.clock.advance(t.app.config.RESET_TOKEN_MINUTES * 60_000 + 1);
    const res = await post('/api/auth/reset-password', {
      token,
      password: 'late-password',
      confirmPassword: 'late-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ token: [MESSAGES.resetTokenInvalid] });
  });
});

describe('errors and access', () => {
  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
  });

  it("sends an API answer OWASP's REST headers, and a page the document headers", async () => {
    const api = await t.app.inject({ url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    const page = await t.app.inject({ url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('needs a session for /api/auth/me', async () => {
    expect((await me({})).statusCode).toBe(401);
  });
});
