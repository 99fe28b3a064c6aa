import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helpers';
import { passkeys, users, userTotp } from '../db/schema';
import { hasAuthenticatorAppSql, hasSecondFactorSql, secondFactorMethods } from './second-factor';
import { sessionUserColumns } from './sessions';

/*
 * The second-factor checks inside selects of the users table alone (SMART's active-user check,
 * the desk's patient detail, the sign-in's methods): Drizzle writes such a select's columns bare,
 * and a bare "id" inside the passkeys subquery would be the passkey's own id.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function people() {
  const { db } = t.database;
  const [withPasskey, withApp, withNone] = [
    await createUser(t, 'doctor'),
    await createUser(t, 'doctor'),
    await createUser(t, 'doctor'),
  ];
  await db.insert(passkeys).values({
    userId: withPasskey.id,
    credentialId: `credential-${withPasskey.id}`,
    publicKey: 'key',
    name: 'Laptop',
  });
  await db
    .insert(userTotp)
    .values({ userId: withApp.id, secretEncrypted: 'sealed', confirmedAt: new Date() });
  return { withPasskey, withApp, withNone };
}

describe('second factors read in a select of users alone', () => {
  it("answers each user's own factors", async () => {
    const { db } = t.database;
    const { withPasskey, withApp, withNone } = await people();
    const read = async (id: string) => {
      const [row] = await db
        .select({ app: hasAuthenticatorAppSql(users.id), any: hasSecondFactorSql(users.id) })
        .from(users)
        .where(eq(users.id, id));
      return row;
    };
    expect(await read(withPasskey.id)).toEqual({ app: false, any: true });
    expect(await read(withApp.id)).toEqual({ app: true, any: true });
    expect(await read(withNone.id)).toEqual({ app: false, any: false });

    expect(await secondFactorMethods(db, withPasskey.id)).toEqual(['passkey']);
    expect(await secondFactorMethods(db, withApp.id)).toEqual(['totp']);
    expect(await secondFactorMethods(db, withNone.id)).toEqual([]);
  });

  it("gives SMART's active-user check (the session's columns, from users alone) a passkey-only user's factor", async () => {
    const { withPasskey, withNone } = await people();
    const hasFactor = async (id: string) =>
      (await t.database.db.select(sessionUserColumns).from(users).where(eq(users.id, id)))[0]
        ?.hasSecondFactor;
    expect(await hasFactor(withPasskey.id)).toBe(true);
    expect(await hasFactor(withNone.id)).toBe(false);
  });
});
