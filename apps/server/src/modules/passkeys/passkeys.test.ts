import {
  INVALID_TEXT_MESSAGE,
  type LoginResponse,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyList,
  SINGLE_LINE_TEXT_MESSAGE,
  TWO_FACTOR_MESSAGES,
} from '@carepoint/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { softwareAuthenticator } from '../../../test/software-authenticator';
import { enableTwoFactor, signInWithCode } from '../../../test/two-factor';
import { auditEvents, passkeys, users, webauthnChallenges } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Authenticator = ReturnType<typeof softwareAuthenticator>;
interface Options {
  challenge: string;
  user: { id: string };
}

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const newAuthenticator = () => {
  const url = new URL(t.app.config.publicUrl);
  return softwareAuthenticator({ origin: url.origin, rpId: url.hostname });
};
const post = (url: string, payload: unknown, headers: Headers = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload ?? {},
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const registrationOptions = async (headers: Headers) => {
  const res = await post('/api/user/passkeys/options', {}, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ options: Options }>().options;
};
const add = (headers: Headers, response: unknown, name?: string) =>
  post(
    '/api/user/passkeys',
    { response, ...(name === undefined ? {} : { name }) },
    { ...headers, 'user-agent': CHROME },
  );
/** Registers the authenticator's passkey to the signed-in account. */
async function register(headers: Headers, authenticator: Authenticator) {
  const res = await add(headers, authenticator.register(await registrationOptions(headers)));
  expect(res.statusCode).toBe(201);
  return res.json<Passkey>();
}
const signInOptions = async (remoteAddress?: string) => {
  const res = await post('/api/auth/passkey/options', {}, {}, remoteAddress);
  expect(res.statusCode).toBe(200);
  return res.json<{ options: Options }>().options;
};
const verify = (response: unknown, remoteAddress?: string) =>
  post('/api/auth/passkey/verify', { response }, {}, remoteAddress);
const list = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/user/passkeys', headers })).json<PasskeyList>().passkeys;
const lastFailure = async () => {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, 'auth.login.failed'))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  return row;
};

describe('adding a passkey', () => {
  it('registers a verified passkey named after the browser, lists it and audits it', async () => {
    const me = await signedIn(t, 'doctor');
    const options = await registrationOptions(me.headers);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: me.user.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const added = await add(me.headers, newAuthenticator().register(options));
    expect(added.statusCode).toBe(201);
    expect(added.json<Passkey>()).toMatchObject({ name: 'Passkey on Chrome', lastUsedAt: null });
    expect(await list(me.headers)).toEqual([added.json<Passkey>()]);
    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.passkey.added'), eq(auditEvents.actorId, me.user.id)));
    expect(row).toMatchObject({ entityId: added.json<Passkey>().id, details: { name: 'Passkey on Chrome' } });
  });

  it('refuses an unknown, used, expired, other purpose or other account challenge', async () => {
    const me = await signedIn(t, 'patient');
    const other = await signedIn(t, 'patient');
    const authenticator = newAuthenticator();
    const options = await registrationOptions(me.headers);

    // A challenge the server never issued.
    const forged = authenticator.register(options, { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' });
    expect((await add(me.headers, forged)).json()).toMatchObject({
      error: PASSKEY_MESSAGES.challengeInvalid,
    });
    // Another account's challenge: the passkey would be theirs.
    const othersOptions = await registrationOptions(other.headers);
    const res = await add(me.headers, authenticator.register(othersOptions));
    expect(res.statusCode).toBe(400);
    // A sign-in challenge.
    const signIn = await signInOptions();
    expect((await add(me.headers, authenticator.register(options, signIn))).statusCode).toBe(400);
    // The right one, once; the same answer again finds it used.
    const answer = authenticator.register(options);
    expect((await add(me.headers, answer)).statusCode).toBe(201);
    const again = await add(me.headers, answer);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: PASSKEY_MESSAGES.challengeInvalid });
    // Expired.
    const late = await registrationOptions(me.headers);
    t.clock.advance(10 * 60_000);
    expect((await add(me.headers, newAuthenticator().register(late))).statusCode).toBe(400);
    expect(await list(me.headers)).toHaveLength(1);
  });

  it('refuses a passkey without user verification, and a credential registered twice', async () => {
    const me = await signedIn(t, 'admin');
    const other = await signedIn(t, 'doctor');
    const unverified = await add(
      me.headers,
      newAuthenticator().register(await registrationOptions(me.headers), { unverified: true }),
    );
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json()).toMatchObject({ error: PASSKEY_MESSAGES.registrationFailed });

    const authenticator = newAuthenticator();
    await register(me.headers, authenticator);
    for (const headers of [me.headers, other.headers]) {
      const twice = await add(headers, authenticator.register(await registrationOptions(headers)));
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'PASSKEY_TAKEN' });
    }
    expect(await list(other.headers)).toEqual([]);
  });

  it('answers 400, never 500, to malformed and oversized answers, and checks the name', async () => {
    const me = await signedIn(t, 'patient');
    const authenticator = newAuthenticator();
    const good = authenticator.register(await registrationOptions(me.headers));
    const bad: unknown[] = [
      {},
      { ...good, id: 'not base64url!' },
      { ...good, response: { ...good.response, attestationObject: 'A'.repeat(40_000) } },
      { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } },
      { ...good, type: 'password' },
    ];
    for (const response of bad) expect((await add(me.headers, response)).statusCode).toBe(400);
    for (const [name, message] of [
      ['a\u0000b', INVALID_TEXT_MESSAGE],
      ['two\nlines', SINGLE_LINE_TEXT_MESSAGE],
      ['x'.repeat(61), 'Must be at most 60 characters'],
      ['  ', PASSKEY_MESSAGES.nameRequired],
    ] as const) {
      const res = await add(me.headers, good, name);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.name).toEqual([message]);
    }
    // A name given is kept, in NFC.
    const named = await add(me.headers, good, ' Cafe\u0301 laptop ');
    expect(named.json<Passkey>().name).toBe('Café laptop');
  });

  it('is for signed-in people only', async () => {
    expect((await post('/api/user/passkeys/options', {})).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/passkeys' })).statusCode).toBe(401);
  });
});

describe('renaming and removing passkeys', () => {
  it("renames and removes one's own passkeys only (another's is 404), and audits both", async () => {
    const me = await signedIn(t, 'doctor');
    const other = await signedIn(t, 'doctor');
    const authenticator = newAuthenticator();
    const mine = await register(me.headers, authenticator);
    const url = `/api/user/passkeys/${mine.id}`;

    const stolen = await t.app.inject({
      method: 'PATCH',
      url,
      headers: other.headers,
      payload: { name: 'Mine now' },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ error: PASSKEY_MESSAGES.notFound });
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    const blank = await t.app.inject({ method: 'PATCH', url, headers: me.headers, payload: { name: '' } });
    expect(blank.statusCode).toBe(400);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url,
      headers: me.headers,
      payload: { name: 'Work phone' },
    });
    expect(renamed.json<Passkey>()).toMatchObject({ id: mine.id, name: 'Work phone' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: me.headers })).json()).toEqual({ ok: true });
    expect(await list(me.headers)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url, headers: me.headers })).statusCode).toBe(404);

    const audits = await t.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, mine.id))
      .orderBy(auditEvents.at, auditEvents.id);
    expect(audits).toEqual([
      { action: 'auth.passkey.added', details: { name: 'Passkey on Chrome' } },
      { action: 'auth.passkey.renamed', details: { name: 'Work phone' } },
      { action: 'auth.passkey.removed', details: { name: 'Work phone' } },
    ]);

    // A removed passkey signs in no more.
    const res = await verify(authenticator.signIn(await signInOptions()));
    expect(res.statusCode).toBe(401);
    expect((await lastFailure())?.details).toEqual({ method: 'passkey', reason: 'unknown passkey' });
  });
});

describe('signing in with a passkey', () => {
  it('opens a session without an e-mail, keeps the counter and audits the method', async () => {
    const me = await signedIn(t, 'patient');
    const authenticator = newAuthenticator();
    await register(me.headers, authenticator);

    const res = await verify(authenticator.signIn(await signInOptions()));
    expect(res.statusCode).toBe(200);
    const answer = res.json<LoginResponse>();
    expect(answer.user.id).toBe(me.user.id);
    const session = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `token=${answer.token}` } });
    expect(session.json<{ user: { id: string } }>().user.id).toBe(me.user.id);
    expect(res.cookies.map((c) => c.name)).toContain('token');

    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, me.user.id));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: t.clock.now() });
    const [login] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.login'), eq(auditEvents.actorId, me.user.id)))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(1);
    expect(login?.details).toEqual({ rememberMe: false, method: 'passkey' });
  });

  it('refuses a wrong, reused or registration challenge, an unknown credential and a counter gone back', async () => {
    const me = await signedIn(t, 'doctor');
    const authenticator = newAuthenticator();
    await register(me.headers, authenticator);
    const refused = async (response: unknown, reason: string) => {
      const res = await verify(response);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'PASSKEY_SIGN_IN_FAILED',
        error: PASSKEY_MESSAGES.signInFailed,
      });
      expect((await lastFailure())?.details).toEqual({ method: 'passkey', reason });
    };

    const options = await signInOptions();
    await refused(
      authenticator.signIn(options, { challenge: 'd3Jvbmc' }),
      'challenge unknown, used or expired',
    );
    await refused(
      authenticator.signIn(options, { challenge: (await registrationOptions(me.headers)).challenge }),
      'challenge unknown, used or expired',
    );
    const good = authenticator.signIn(options);
    expect((await verify(good)).statusCode).toBe(200);
    await refused(good, 'challenge unknown, used or expired');
    await refused(newAuthenticator().signIn(await signInOptions()), 'unknown passkey');
    await refused(
      authenticator.signIn(await signInOptions(), { unverified: true }),
      'signature not verified',
    );
    // A clone still at an older count: its counter does not move past the one last seen.
    authenticator.setCounter(0);
    await refused(authenticator.signIn(await signInOptions()), 'signature not verified');
    const failure = await lastFailure();
    expect(failure).toMatchObject({ actorId: me.user.id, entityId: me.user.id });
  });

  it('lets one of two requests carrying the same challenge through, whether adding or signing in', async () => {
    const me = await signedIn(t, 'admin');
    const authenticator = newAuthenticator();
    const answer = authenticator.register(await registrationOptions(me.headers));
    const added = await Promise.all([add(me.headers, answer), add(me.headers, answer)]);
    expect(added.map((r) => r.statusCode).sort()).toEqual([201, 400]);

    const signIn = authenticator.signIn(await signInOptions());
    const both = await Promise.all([verify(signIn), verify(signIn)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("refuses another account's user handle and an inactive account", async () => {
    const me = await signedIn(t, 'patient');
    const other = await createUser(t, 'patient');
    const authenticator = newAuthenticator();
    await register(me.headers, authenticator);
    const answer = authenticator.signIn(await signInOptions());
    const handle = Buffer.from(other.id.replace(/-/g, ''), 'hex').toString('base64url');
    const res = await verify({ ...answer, response: { ...answer.response, userHandle: handle } });
    expect(res.statusCode).toBe(401);

    await t.database.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, me.user.id));
    const inactive = await verify(authenticator.signIn(await signInOptions()));
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json()).toMatchObject({ code: 'ACCOUNT_INACTIVE' });
  });

  it('limits failed passkey sign-ins per address, and challenges are used up', async () => {
    const address = '10.9.9.9';
    const forged = newAuthenticator().signIn({ challenge: 'Zm9yZ2Vk' });
    for (let i = 0; i < t.app.config.LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await verify(forged, address)).statusCode).toBe(401);
    }
    expect((await verify(forged, address)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await verify(forged, '10.9.9.10')).statusCode).toBe(401);
    // Starting sign-ins (each stores a challenge) is limited per address too.
    const start = () => post('/api/auth/passkey/options', {}, {}, '10.8.8.8');
    for (let i = 0; i < 60; i++) expect((await start()).statusCode).toBe(200);
    expect((await start()).statusCode).toBe(429);
    // Expired challenges are cleared as new ones are issued.
    t.clock.advance(10 * 60_000);
    await signInOptions();
    const left = await t.database.db.select().from(webauthnChallenges);
    expect(left).toHaveLength(1);
  });
});

describe('the passkey step after a password', () => {
  const passwordStep = async (email: string) => {
    const res = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const stepOptions = async (challenge: string) => {
    const res = await post('/api/auth/login/second-factor/passkey-options', { challenge });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ options: Options & { allowCredentials: Array<{ id: string }> } }>().options;
  };
  const passkeyStep = (challenge: string, response: unknown) =>
    post('/api/auth/login/second-factor', { method: 'passkey', challenge, response });

  it('asks a passkey-only account for its passkey after the password, and opens no session before', async () => {
    const me = await signedIn(t, 'admin');
    const authenticator = newAuthenticator();
    await register(me.headers, authenticator);
    const other = await signedIn(t, 'admin');
    await register(other.headers, newAuthenticator());

    const step1 = await passwordStep(me.user.email);
    expect(step1.headers['set-cookie']).toBeUndefined();
    const answer = step1.json<{ secondFactorRequired: true; challenge: string; methods: string[] }>();
    expect(answer).toMatchObject({ secondFactorRequired: true, methods: ['passkey'] });
    expect(answer).not.toHaveProperty('token');

    // The options offer this account's passkey only; the sign-in completes with it, once.
    const options = await stepOptions(answer.challenge);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const signedAssertion = authenticator.signIn(options);
    const done = await passkeyStep(answer.challenge, signedAssertion);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<LoginResponse>().user.id).toBe(me.user.id);
    const again = await passkeyStep(answer.challenge, authenticator.signIn(options));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('CHALLENGE_EXPIRED');
  });

  it("refuses another account's passkey, a sign-in challenge's assertion and an unverified one", async () => {
    const me = await signedIn(t, 'doctor');
    const mine = newAuthenticator();
    await register(me.headers, mine);
    const someone = await signedIn(t, 'doctor');
    const theirs = newAuthenticator();
    await register(someone.headers, theirs);

    const { challenge } = (await passwordStep(me.user.email)).json<{ challenge: string }>();
    const options = await stepOptions(challenge);
    for (const [response, reason] of [
      [theirs.signIn(options), 'not a passkey of this account'],
      [mine.signIn(await signInOptions()), 'signature not verified'],
      [mine.signIn(options, { unverified: true }), 'signature not verified'],
    ] as const) {
      const res = await passkeyStep(challenge, response);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'PASSKEY_SIGN_IN_FAILED',
        error: TWO_FACTOR_MESSAGES.passkeyFailed,
      });
      expect((await lastFailure())?.details).toMatchObject({ method: 'passkey', reason });
    }
    // The challenge stays open after a failure: the right passkey still finishes the sign-in.
    const res = await passkeyStep(challenge, mine.signIn(options));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LoginResponse>().user.id).toBe(me.user.id);
  });

  it('offers either factor to an account with an authenticator app and a passkey', async () => {
    const me = await signedIn(t, 'patient');
    const authenticator = newAuthenticator();
    await register(me.headers, authenticator);
    const { secret } = await enableTwoFactor(t, me.headers);

    const byPasskey = (await passwordStep(me.user.email)).json<{ challenge: string; methods: string[] }>();
    expect(byPasskey.methods).toEqual(['totp', 'passkey']);
    const res = await passkeyStep(
      byPasskey.challenge,
      authenticator.signIn(await stepOptions(byPasskey.challenge)),
    );
    expect(res.statusCode, res.body).toBe(200);

    expect((await signInWithCode(t, me.user.email, secret)).statusCode).toBe(200);
  });

  it('lets one of two requests with the same passkey step through', async () => {
    const me = await signedIn(t, 'doctor');
    const authenticator = newAuthenticator();
    await register(me.headers, authenticator);
    const { challenge } = (await passwordStep(me.user.email)).json<{ challenge: string }>();
    const options = await stepOptions(challenge);
    const answers = await Promise.all([
      passkeyStep(challenge, authenticator.signIn(options)),
      passkeyStep(challenge, authenticator.signIn(options)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers an expired or unknown challenge with the expired sign-in message', async () => {
    const res = await post('/api/auth/login/second-factor/passkey-options', { challenge: 'nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });
});
