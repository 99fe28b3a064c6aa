import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users, userTotp } from '../db/schema';

/*
 * "Does this user have a second factor?" is answered here and nowhere else: sign-in asks it
 * (the code step), the session asks it (MFA_REQUIRED_ROLES), the Security page shows it. Today
 * a confirmed authenticator app (TOTP); another factor (passkeys) is one more EXISTS here.
 */

/** SQL: true when the user whose id is `userId` (a column) has a second factor. */
export const hasSecondFactorSql = (userId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)`;

export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ has: hasSecondFactorSql(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has ?? false;
}

/** Whether a user of `role` must still set up a second factor before reaching their area. */
export const mustSetUpSecondFactor = (requiredRoles: readonly string[], role: string, has: boolean) =>
  requiredRoles.includes(role) && !has;
