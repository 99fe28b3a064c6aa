import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshDatabase, signedIn, type TestApp, testClock } from '../../test/helpers';
import { enableTwoFactor, NEXT_STEP_MS, signInWithCode } from '../../test/two-factor';
import type { DatabaseHandle } from '../db/client';
import { appSecrets } from '../db/schema';
import { storedSecret, TOTP_KEY_NAME } from './stored-secrets';

/*
 * Without TOTP_ENCRYPTION_KEY (outside production) the key that encrypts authenticator secrets is
 * made once and kept in the database: an authenticator app set up through one instance works on
 * another on the same database, and after a restart. With the variable set, nothing is stored.
 */

const WARNING = /Set TOTP_ENCRYPTION_KEY to keep authenticator secrets unreadable from a database copy/;

describe('without TOTP_ENCRYPTION_KEY', () => {
  const clock = testClock();
  let database: DatabaseHandle;
  let first: TestApp;
  let second: TestApp;
  let restarted = false;
  beforeAll(async () => {
    database = await freshDatabase();
    // Two instances starting at once: both offer a key, one is kept and both use it.
    [first, second] = await Promise.all([
      createTestApp({ database, clock, logs: true }),
      createTestApp({ database, clock, logs: true }),
    ]);
  });
  afterAll(async () => {
    if (!restarted) await Promise.all([first?.close(), second?.close()]);
    await database?.close();
  });

  it('keeps one key in the database, warns at start and never logs the key', async () => {
    const stored = await database.db.select().from(appSecrets);
    expect(stored.map((row) => row.name)).toEqual([TOTP_KEY_NAME]);
    const key = stored[0]?.value ?? '';
    expect(key).toHaveLength(43);
    expect(first.app.config.totpEncryptionKey).toBe(key);
    expect(second.app.config.totpEncryptionKey).toBe(key);
    for (const app of [first, second]) {
      expect(app.logs.filter((line) => WARNING.test(line.msg))).toHaveLength(1);
      expect(JSON.stringify(app.logs)).not.toContain(key);
    }
  });

  it('gives every caller the same secret, however many make it at once', async () => {
    const values = await Promise.all(
      Array.from({ length: 8 }, () => storedSecret(database.db, 'race-probe')),
    );
    expect(new Set(values).size).toBe(1);
  });

  it('signs in with a code on another instance, after a restart, and with the stored key as the variable', async () => {
    const { user, headers } = await signedIn(first, 'doctor');
    const { secret } = await enableTwoFactor(first, headers);

    const elsewhere = await signInWithCode(second, user.email, secret);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    restarted = true;
    await Promise.all([first.close(), second.close()]);
    clock.advance(NEXT_STEP_MS);
    const again = await createTestApp({ database, clock });
    try {
      const afterRestart = await signInWithCode(again, user.email, secret);
      expect(afterRestart.statusCode, afterRestart.body).toBe(200);
    } finally {
      await again.close();
    }

    // The stored value, given as the variable, keeps every set-up (docs/security.md).
    clock.advance(NEXT_STEP_MS);
    const key = first.app.config.totpEncryptionKey;
    const withVariable = await createTestApp({ database, clock, env: { TOTP_ENCRYPTION_KEY: key } });
    try {
      expect((await signInWithCode(withVariable, user.email, secret)).statusCode).toBe(200);
    } finally {
      await withVariable.close();
    }
  });
});

describe('with TOTP_ENCRYPTION_KEY', () => {
  const key = 'an-operator-chosen-secret-of-32-characters';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TOTP_ENCRYPTION_KEY: key }, logs: true });
  });
  afterAll(() => t?.close());

  it('uses the variable, stores nothing and does not warn', async () => {
    expect(t.app.config.totpEncryptionKey).toBe(key);
    const { user, headers } = await signedIn(t, 'admin');
    const { secret } = await enableTwoFactor(t, headers);
    expect((await signInWithCode(t, user.email, secret)).statusCode).toBe(200);
    expect(await t.database.db.select().from(appSecrets)).toEqual([]);
    expect(t.logs.some((line) => WARNING.test(line.msg))).toBe(false);
  });
});
