import { isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  passwordResets,
  sessions,
  signInChallenges,
  smartAssertionIds,
  smartAuthorizationCodes,
  smartGrants,
  smartTokens,
  webauthnChallenges,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { scheduleDaily } from '../../lib/daily';

/** Kept a day past their end, for whoever looks into a sign-in problem of the day before. */
const GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the credentials that can no longer be used: sessions expired or ended, password reset
 * links, sign-in and passkey challenges, SMART authorization codes, tokens, grants (their tokens
 * go with them) and backend-service assertion ids, each a day after its end. None is read once
 * it has ended (a lookup of an ended one fails as a missing one does), so nothing changes for a
 * user; what goes is the residue: hashes of old secrets and who held them. Answers the rows
 * removed per table. Safe for two instances at once (plain deletes).
 */
export async function purgeExpiredCredentials(ctx: ServiceContext): Promise<Record<string, number>> {
  const cutoff = new Date(ctx.now().getTime() - GRACE_MS);
  const endedBefore = (...ends: PgColumn[]) => or(...ends.map((end) => lt(end, cutoff)));
  const purges: Record<string, [PgTable, SQL | undefined]> = {
    sessions: [sessions, endedBefore(sessions.expiresAt, sessions.revokedAt)],
    // A used link can never be used again: it goes at once.
    passwordResets: [
      passwordResets,
      or(endedBefore(passwordResets.expiresAt), isNotNull(passwordResets.usedAt)),
    ],
    signInChallenges: [signInChallenges, endedBefore(signInChallenges.expiresAt)],
    webauthnChallenges: [webauthnChallenges, endedBefore(webauthnChallenges.expiresAt)],
    smartAuthorizationCodes: [smartAuthorizationCodes, endedBefore(smartAuthorizationCodes.expiresAt)],
    smartTokens: [smartTokens, endedBefore(smartTokens.expiresAt, smartTokens.revokedAt)],
    smartGrants: [smartGrants, endedBefore(smartGrants.expiresAt, smartGrants.revokedAt)],
    smartAssertionIds: [smartAssertionIds, endedBefore(smartAssertionIds.expiresAt)],
  };
  const removed: Record<string, number> = {};
  for (const [name, [table, ended]] of Object.entries(purges)) {
    // One constant a row: the count, without the rows (hashes of secrets) coming back.
    removed[name] = (await ctx.db.delete(table).where(ended).returning({ row: sql`1` })).length;
  }
  return removed;
}

/** Purges daily while the server runs. */
export function scheduleCredentialPurge(ctx: ServiceContext) {
  return scheduleDaily(() =>
    purgeExpiredCredentials(ctx).then(
      (removed) => {
        const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
        if (total > 0) ctx.log.info({ removed }, `Removed ${total} expired credentials`);
      },
      (error: unknown) => ctx.log.error({ err: error }, 'Purge of expired credentials failed'),
    ),
  );
}
