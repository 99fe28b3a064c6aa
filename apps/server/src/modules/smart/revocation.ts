import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { smartAuthorizationCodes, smartGrants, smartTokens } from '../../db/schema';

/*
 * Ending SMART access for good. Disabling an app, deactivating a person, a password change or
 * reset and an administrator's "Sign out everywhere" end the grants, tokens and unexchanged
 * codes they concern by marking them revoked (used, for codes): enabling the app or the person
 * again brings none of them back. The rows stay, for the record and for Connected apps.
 */

interface Owned {
  grants: SQL | undefined;
  tokens: SQL | undefined;
  codes: SQL | undefined;
}

/** Inside the caller's transaction: answers how many grants were still live. */
async function revoke(db: Executor, now: Date, owned: Owned) {
  const grants = await db
    .update(smartGrants)
    .set({ revokedAt: now })
    .where(and(owned.grants, isNull(smartGrants.revokedAt)))
    .returning({ id: smartGrants.id });
  await db
    .update(smartTokens)
    .set({ revokedAt: now })
    .where(and(owned.tokens, isNull(smartTokens.revokedAt)));
  await db
    .update(smartAuthorizationCodes)
    .set({ usedAt: now })
    .where(and(owned.codes, isNull(smartAuthorizationCodes.usedAt)));
  return grants.length;
}

/** Ends every grant and token of an app (backend services' tokens too): it is being disabled. */
export const revokeAppAccess = (db: Executor, appId: string, now: Date) =>
  revoke(db, now, {
    grants: eq(smartGrants.appId, appId),
    tokens: eq(smartTokens.appId, appId),
    codes: eq(smartAuthorizationCodes.appId, appId),
  });

/** Ends every grant and token a person gave to apps: deactivated, new password, or signed out by an admin. */
export const revokeUserAccess = (db: Executor, userId: string, now: Date) =>
  revoke(db, now, {
    grants: eq(smartGrants.userId, userId),
    tokens: eq(smartTokens.userId, userId),
    codes: eq(smartAuthorizationCodes.userId, userId),
  });
