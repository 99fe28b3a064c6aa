import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  serviceContext,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import {
  passwordResets,
  sessions,
  signInChallenges,
  smartApps,
  smartAssertionIds,
  smartAuthorizationCodes,
  smartGrants,
  smartTokens,
  webauthnChallenges,
} from '../../db/schema';
import { purgeExpiredCredentials } from './expired-credentials';

let t: TestApp;
let user: TestUser;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, 'patient');
});
afterAll(() => t.close());

/** Moments relative to the test clock's now. */
const at = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR);

describe('the purge of expired credentials', () => {
  it('deletes what ended over a day ago, and keeps what is live or ended since', async () => {
    const { db } = t.database;
    // For each table: one row ended two days ago (goes), one ended an hour ago (stays: the
    // day's grace), one still valid (stays).
    const ends = { old: at(-48), recent: at(-1), live: at(24) };
    for (const [name, expiresAt] of Object.entries(ends)) {
      await db.insert(sessions).values({ tokenHash: `session-${name}`, userId: user.id, expiresAt });
      await db.insert(passwordResets).values({ userId: user.id, tokenHash: `reset-${name}`, expiresAt });
      await db
        .insert(signInChallenges)
        .values({ tokenHash: `challenge-${name}`, userId: user.id, expiresAt });
      await db
        .insert(webauthnChallenges)
        .values({ challenge: `webauthn-${name}`, purpose: 'sign-in', expiresAt });
    }
    // A session signed out two days ago, though its own end is far off, goes too.
    await db
      .insert(sessions)
      .values({ tokenHash: 'session-revoked', userId: user.id, expiresAt: at(24 * 30), revokedAt: at(-48) });
    // A reset link already used goes at once: it can never be used again.
    await db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: 'reset-used', expiresAt: at(1), usedAt: at(-0.5) });

    const [app] = await db
      .insert(smartApps)
      .values({ name: 'Purge test app', kind: 'public', scopes: ['patient/*.read'] })
      .returning({ id: smartApps.id });
    const appId = app?.id as string;
    const grant = async (expiresAt: Date, revokedAt?: Date) => {
      const [row] = await db
        .insert(smartGrants)
        .values({ appId, userId: user.id, scopes: ['patient/*.read'], expiresAt, revokedAt })
        .returning({ id: smartGrants.id });
      return row?.id as string;
    };
    const liveGrant = await grant(ends.live);
    await grant(ends.old);
    await grant(ends.live, at(-48));
    for (const [name, expiresAt] of Object.entries(ends)) {
      await db.insert(smartTokens).values({
        tokenHash: `token-${name}`,
        kind: 'access',
        appId,
        grantId: liveGrant,
        userId: user.id,
        scopes: ['patient/*.read'],
        expiresAt,
      });
      await db.insert(smartAuthorizationCodes).values({
        codeHash: `code-${name}`,
        appId,
        userId: user.id,
        redirectUri: 'https://app.example/callback',
        scopes: ['patient/*.read'],
        codeChallenge: 'challenge',
        expiresAt,
      });
      await db.insert(smartAssertionIds).values({ appId, jti: `jti-${name}`, expiresAt });
    }

    const removed = await purgeExpiredCredentials(serviceContext(t));
    expect(removed).toEqual({
      sessions: 2,
      passwordResets: 2,
      signInChallenges: 1,
      webauthnChallenges: 1,
      smartAuthorizationCodes: 1,
      smartTokens: 1,
      smartGrants: 2,
      smartAssertionIds: 1,
    });
    const left = async (rows: Promise<Array<{ key: string }>>) => (await rows).map((r) => r.key).sort();
    expect(await left(db.select({ key: sessions.tokenHash }).from(sessions))).toEqual([
      'session-live',
      'session-recent',
    ]);
    expect(await left(db.select({ key: passwordResets.tokenHash }).from(passwordResets))).toEqual([
      'reset-live',
      'reset-recent',
    ]);
    expect(await left(db.select({ key: smartTokens.tokenHash }).from(smartTokens))).toEqual([
      'token-live',
      'token-recent',
    ]);
    expect(await left(db.select({ key: smartGrants.id }).from(smartGrants))).toEqual([liveGrant]);

    // Run again: nothing more to do.
    expect(Object.values(await purgeExpiredCredentials(serviceContext(t))).every((n) => n === 0)).toBe(true);
  });
});
