import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { passkeys, users, userTotp } from '../db/schema';

/*
 * The second factors a user can have, answered here and nowhere else. Two questions:
 * - does the password step need a code after it? Only with a confirmed authenticator app
 *   (TOTP); a passkey is a sign-in of its own, not a step after the password;
 * - does the user meet MFA_REQUIRED_ROLES? With an authenticator app or a passkey (a passkey
 *   made with user verification is two factors by itself).
 */

/** SQL: true when the user whose id is `userId` (a column) has a confirmed authenticator app. */
export const hasAuthenticatorAppSql = (userId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)`;

/** SQL: true when the user has a second factor: an authenticator app or a passkey. */
export const hasSecondFactorSql = (userId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`(${hasAuthenticatorAppSql(userId)} or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;

/** Whether the password step of this user's sign-in must be followed by a code. */
export async function hasAuthenticatorApp(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ has: hasAuthenticatorAppSql(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has ?? false;
}

/** Whether a user of `role` must still set up a second factor before reaching their area. */
export const mustSetUpSecondFactor = (requiredRoles: readonly string[], role: string, has: boolean) =>
  requiredRoles.includes(role) && !has;
