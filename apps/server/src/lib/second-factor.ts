import type { SecondFactorMethod } from '@carepoint/contract';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { passkeys, users, userTotp } from '../db/schema';

/*
 * The second factors a user can have, answered here and nowhere else. Two questions:
 * - what must follow the password step? Any second factor the user has: a code from a
 *   confirmed authenticator app (TOTP) or one of their passkeys. A passkey sign-in on its own
 *   is complete (the passkey, made with user verification, is two factors), but a password
 *   sign-in of a passkey-only account must still ask for the passkey, or the password alone
 *   would open a session that MFA_REQUIRED_ROLES counts as two-factor;
 * - does the user meet MFA_REQUIRED_ROLES? With an authenticator app or a passkey.
 */

/**
 * A subquery as a select's field, its columns written with their tables' names. Drizzle writes
 * the columns of a one-table select's own fields bare ("id"), and inside `from passkeys` a bare
 * "id" is the passkey's, not the user's; the columns of a nested SQL keep their names in full.
 */
const nested = (subquery: SQL): SQL<boolean> => sql<boolean>`${subquery}`;

/** SQL: true when the user whose id is `userId` (a column) has a confirmed authenticator app. */
export const hasAuthenticatorAppSql = (userId: SQLWrapper): SQL<boolean> =>
  nested(
    sql`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)`,
  );

const hasPasskeySql = (userId: SQLWrapper): SQL<boolean> =>
  nested(sql`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`);

/** SQL: true when the user has a second factor: an authenticator app or a passkey. */
export const hasSecondFactorSql = (userId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`(${hasAuthenticatorAppSql(userId)} or ${hasPasskeySql(userId)})`;

/** The second factors that can finish this user's password sign-in; none means the password alone does. */
export async function secondFactorMethods(db: Executor, userId: string): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({ totp: hasAuthenticatorAppSql(users.id), passkey: hasPasskeySql(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  return methods;
}

/** Whether a user of `role` must still set up a second factor before reaching their area. */
export const mustSetUpSecondFactor = (requiredRoles: readonly string[], role: string, has: boolean) =>
  requiredRoles.includes(role) && !has;
