import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signedIn,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { codeAt, enableTwoFactor, NEXT_STEP_MS } from '../../../test/two-factor';
import { auditEvents, userTotp } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (app: TestApp, url: string, payload: object, headers: Headers = {}) =>
  app.app.inject({ method: 'POST', url, payload, headers });
const get = (app: TestApp, url: string, headers: Headers) => app.app.inject({ url, headers });

const passwordStep = (app: TestApp, user: Pick<TestUser, 'email'>, password = TEST_PASSWORD) =>
  post(app, '/api/auth/login', { email: user.email, password });

async function challengeFor(app: TestApp, user: Pick<TestUser, 'email'>) {
  const res = await passwordStep(app, user);
  expect(res.statusCode).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}

const codeStep = (app: TestApp, challenge: string, code: string, method = 'totp') =>
  post(app, '/api/auth/login/second-factor', { challenge, code, method });

const auditCount = async (action: string, entityId: string) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)))
  ).length;

describe('setting up an authenticator app', () => {
  it('gives a QR code and the secret as text, takes effect only with a first code, and shows ten recovery codes once', async () => {
    const { user, headers } = await signedIn(t, 'patient');
    expect((await get(t, '/api/two-factor', headers)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await post(t, '/api/two-factor/setup', {}, headers);
    const { secret, otpauthUrl, qrCode } = setup.json<{
      secret: string;
      otpauthUrl: string;
      qrCode: string;
    }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/CarePoint:.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    // Stored encrypted: the database does not hold the secret.
    const [stored] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(stored?.secretEncrypted).not.toContain(secret);
    expect(stored?.confirmedAt).toBeNull();
    // Not in use until confirmed: the password alone still signs in.
    expect((await passwordStep(t, user)).json()).toHaveProperty('token');

    const wrong = await post(t, '/api/two-factor/confirm', { code: '000000' }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ code: [TWO_FACTOR_MESSAGES.invalidCode] });
    const malformed = await post(t, '/api/two-factor/confirm', { code: '12ab' }, headers);
    expect(malformed.statusCode).toBe(400);

    const confirm = await post(t, '/api/two-factor/confirm', { code: codeAt(t, secret) }, headers);
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await get(t, '/api/two-factor', headers)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect(await auditCount('two_factor.enabled', user.id)).toBe(1);

    const again = await post(t, '/api/two-factor/setup', {}, headers);
    expect(again.statusCode).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('gives no session for the password, and a session for the code; a code works once', async () => {
    const { user, headers } = await signedIn(t, 'doctor');
    const { secret } = await enableTwoFactor(t, headers);

    const step1 = await passwordStep(t, user);
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String),
      methods: ['totp'],
    });
    expect(step1.cookies.find((c) => c.name === 'token')).toBeUndefined();

    const code = codeAt(t, secret);
    const step2 = await codeStep(t, step1.json().challenge, code);
    expect(step2.statusCode, step2.body).toBe(200);
    const token = step2.json().token as string;
    expect(step2.cookies.find((c) => c.name === 'token')?.value).toBe(token);
    expect((await get(t, '/api/auth/me', { cookie: `token=${token}` })).json().user.id).toBe(user.id);

    // The same code again, on a new challenge, inside its window: refused.
    const replay = await codeStep(t, await challengeFor(t, user), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fieldErrors).toEqual({ code: [TWO_FACTOR_MESSAGES.invalidCode] });
    // A challenge is used up by its sign-in.
    t.clock.advance(NEXT_STEP_MS);
    const reused = await codeStep(t, step1.json().challenge, codeAt(t, secret));
    expect(reused.statusCode).toBe(401);

    const login = await get(t, '/api/auth/me', {
      cookie: `token=${(await codeStep(t, await challengeFor(t, user), codeAt(t, secret))).json().token}`,
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes one of two requests bringing the same code at once', async () => {
    const { user, headers } = await signedIn(t, 'doctor');
    const { secret } = await enableTwoFactor(t, headers);
    const [a, b] = [await challengeFor(t, user), await challengeFor(t, user)];
    const code = codeAt(t, secret);
    const answers = await Promise.all([codeStep(t, a, code), codeStep(t, b, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a challenge after five minutes', async () => {
    const { user, headers } = await signedIn(t, 'patient');
    const { secret } = await enableTwoFactor(t, headers);
    const challenge = await challengeFor(t, user);
    t.clock.advance(5 * 60_000 + 1);
    const late = await codeStep(t, challenge, codeAt(t, secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('counts wrong codes with wrong passwords, per account', async () => {
    const { user, headers } = await signedIn(t, 'patient');
    const { secret } = await enableTwoFactor(t, headers);
    const challenge = await challengeFor(t, user);
    for (let i = 0; i < 3; i++) expect((await codeStep(t, challenge, '000000')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await passwordStep(t, user, 'wrong-password')).statusCode).toBe(401);
    // LOGIN_MAX_FAILURES (5) used up: the right code is refused too, and the password.
    expect((await codeStep(t, challenge, codeAt(t, secret))).statusCode).toBe(429);
    expect((await passwordStep(t, user)).statusCode).toBe(429);
    const failures = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.login.failed'), eq(auditEvents.entityId, user.id)));
    expect(failures.filter((row) => row.details?.reason === 'wrong code')).toHaveLength(3);
  });

  it('takes a recovery code instead of a code, once', async () => {
    const { user, headers } = await signedIn(t, 'patient');
    const { recoveryCodes } = await enableTwoFactor(t, headers);
    const [first = '', second = ''] = recoveryCodes;
    const used = await codeStep(t, await challengeFor(t, user), first.toUpperCase(), 'recovery-code');
    expect(used.statusCode, used.body).toBe(200);
    const again = await codeStep(t, await challengeFor(t, user), first, 'recovery-code');
    expect(again.statusCode).toBe(400);
    expect(await auditCount('two_factor.recovery_code_used', user.id)).toBe(1);
    // Two requests with the same unused code at once: one signs in.
    const [a, b] = [await challengeFor(t, user), await challengeFor(t, user)];
    const both = await Promise.all([
      codeStep(t, a, second, 'recovery-code'),
      codeStep(t, b, second, 'recovery-code'),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect((await get(t, '/api/two-factor', headers)).json().recoveryCodesLeft).toBe(8);
  });
});

describe('locking the second step after wrong answers in a row', () => {
  const from = (n: number) => `198.51.100.${n}`;
  const codeStepFrom = (challenge: string, code: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge, code, method: 'totp' },
      remoteAddress: address,
    });
  const lockMails = (email: string) =>
    t.mail.filter((m) => m.to === email && m.subject === 'Sign-in to your CarePoint account was paused');

  it('pauses the account after ten wrong codes from anywhere, mails its owner, and resumes later', async () => {
    const { user, headers } = await signedIn(t, 'doctor');
    const { secret } = await enableTwoFactor(t, headers);
    const challenge = await challengeFor(t, user);
    for (let i = 1; i < 10; i++)
      expect((await codeStepFrom(challenge, '000000', from(i))).statusCode).toBe(400);
    const tenth = await codeStepFrom(challenge, '000000', from(10));
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject({
      code: 'SECOND_FACTOR_LOCKED',
      error: TWO_FACTOR_MESSAGES.lockedOut,
    });
    expect(lockMails(user.email)).toHaveLength(1);
    expect(await auditCount('two_factor.locked', user.id)).toBe(1);
    // The right code is not even checked while it lasts.
    expect((await codeStepFrom(challenge, codeAt(t, secret), from(11))).statusCode).toBe(429);

    t.clock.advance(15 * 60_000 + 1);
    const again = await codeStepFrom(await challengeFor(t, user), codeAt(t, secret), from(12));
    expect(again.statusCode, again.body).toBe(200);
    expect(lockMails(user.email)).toHaveLength(1);
  });

  it('a right code starts the count again', async () => {
    const { user, headers } = await signedIn(t, 'patient');
    const { secret } = await enableTwoFactor(t, headers);
    const challenge = await challengeFor(t, user);
    for (let i = 1; i < 10; i++)
      expect((await codeStepFrom(challenge, '000000', from(20 + i))).statusCode).toBe(400);
    expect((await codeStepFrom(challenge, codeAt(t, secret), from(30))).statusCode).toBe(200);
    t.clock.advance(NEXT_STEP_MS);
    const next = await challengeFor(t, user);
    for (let i = 1; i < 10; i++)
      expect((await codeStepFrom(next, '000000', from(40 + i))).statusCode).toBe(400);
    expect(lockMails(user.email)).toHaveLength(0);
  });

  it('checks no more than ten of many wrong codes sent at once, and mails once', async () => {
    const { user, headers } = await signedIn(t, 'patient');
    await enableTwoFactor(t, headers);
    const challenge = await challengeFor(t, user);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => codeStepFrom(challenge, '000000', from(100 + i))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    expect(lockMails(user.email)).toHaveLength(1);
  });
});

describe('changing two-factor sign-in', () => {
  it('regenerates recovery codes and turns off only with a current code or the password', async () => {
    const { user, headers } = await signedIn(t, 'doctor');
    const { secret, recoveryCodes } = await enableTwoFactor(t, headers);
    const wrong = await post(
      t,
      '/api/two-factor/recovery-codes',
      { codeOrPassword: 'not-my-password' },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ codeOrPassword: [TWO_FACTOR_MESSAGES.reauthWrong] });

    const renewed = await post(
      t,
      '/api/two-factor/recovery-codes',
      { codeOrPassword: TEST_PASSWORD },
      headers,
    );
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await auditCount('two_factor.recovery_codes_regenerated', user.id)).toBe(1);
    const old = await codeStep(t, await challengeFor(t, user), recoveryCodes[0] ?? '', 'recovery-code');
    expect(old.statusCode).toBe(400);

    const off = await post(t, '/api/two-factor/disable', { codeOrPassword: codeAt(t, secret) }, headers);
    expect(off.statusCode).toBe(200);
    expect(await auditCount('two_factor.disabled', user.id)).toBe(1);
    expect((await passwordStep(t, user)).json()).toHaveProperty('token');
    expect(
      (await post(t, '/api/two-factor/disable', { codeOrPassword: TEST_PASSWORD }, headers)).statusCode,
    ).toBe(409);
  });
});

describe('an administrator resetting another user', () => {
  it('turns their two-factor off, audits it and tells them by e-mail', async () => {
    const { user, headers } = await signedIn(t, 'patient');
    await enableTwoFactor(t, headers);
    const admin = await signedIn(t, 'admin');
    const doctor = await signedIn(t, 'doctor');
    // The doctors list tells which doctors have a second factor (the reset button's condition).
    await enableTwoFactor(t, doctor.headers);
    const doctors = await get(t, '/api/admin/doctors?limit=100', admin.headers);
    const rows = doctors.json<{ data: Array<{ id: string; hasSecondFactor: boolean }> }>().data;
    expect(rows.find((row) => row.id === doctor.user.id)?.hasSecondFactor).toBe(true);
    // So does the patient's page.
    const patientPage = () => get(t, `/api/admin/patients/${user.id}`, admin.headers);
    expect((await patientPage()).json().patient.hasSecondFactor).toBe(true);
    const url = `/api/admin/users/${user.id}/two-factor/reset`;

    expect((await post(t, url, {}, doctor.headers)).statusCode).toBe(403);
    expect((await post(t, url, {}, headers)).statusCode).toBe(403);
    expect(
      (
        await post(
          t,
          '/api/admin/users/00000000-0000-4000-8000-000000000000/two-factor/reset',
          {},
          admin.headers,
        )
      ).statusCode,
    ).toBe(404);

    const mailsBefore = t.mail.length;
    const reset = await post(t, url, {}, admin.headers);
    expect(reset.statusCode).toBe(200);
    expect(await auditCount('two_factor.reset', user.id)).toBe(1);
    const mail = t.mail.slice(mailsBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: user.email,
      subject: expect.stringContaining('Two-factor sign-in was turned off'),
    });
    expect((await passwordStep(t, user)).json()).toHaveProperty('token');
    expect((await patientPage()).json().patient.hasSecondFactor).toBe(false);
    expect((await post(t, url, {}, admin.headers)).statusCode).toBe(409);
  });
});

describe('an administrator’s own second factor', () => {
  it('is not reset through the admin route: their Security page asks who they are first', async () => {
    const admin = await signedIn(t, 'admin');
    await enableTwoFactor(t, admin.headers);
    const res = await post(t, `/api/admin/users/${admin.user.id}/two-factor/reset`, {}, admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_SECOND_FACTOR', error: TWO_FACTOR_MESSAGES.resetOwn });
    expect((await get(t, '/api/two-factor', admin.headers)).json().enabled).toBe(true);
    expect(await auditCount('two_factor.reset', admin.user.id)).toBe(0);
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { MFA_REQUIRED_ROLES: 'admin' } });
  });
  afterAll(() => strict.close());

  it('keeps a required role out of its area until a second factor is set up', async () => {
    const admin = await createUser(strict, 'admin');
    const headers = await signIn(strict, admin);
    const me = await get(strict, '/api/auth/me', headers);
    expect(me.json().user.mustSetUpSecondFactor).toBe(true);
    const refused = await get(strict, '/api/admin/doctors', headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      error: TWO_FACTOR_MESSAGES.required,
    });
    expect((await get(strict, '/api/two-factor', headers)).json()).toMatchObject({
      enabled: false,
      required: true,
    });

    await enableTwoFactor(strict, headers);
    expect((await get(strict, '/api/admin/doctors', headers)).statusCode).toBe(200);
    expect((await get(strict, '/api/auth/me', headers)).json().user.mustSetUpSecondFactor).toBe(false);
  });

  it('leaves other roles alone', async () => {
    const { headers } = await signedIn(strict, 'doctor');
    expect((await get(strict, '/api/auth/me', headers)).json().user.mustSetUpSecondFactor).toBe(false);
    expect((await get(strict, '/api/doctor/appointments', headers)).statusCode).not.toBe(403);
  });
});
