import { isNotNull, lt, or } from 'drizzle-orm';
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
  const ended = (end: Parameters<typeof lt>[0], revoked?: Parameters<typeof lt>[0]) =>
    revoked ? or(lt(end, cutoff), lt(revoked, cutoff)) : lt(end, cutoff);
  const { db } = ctx;
  const removed = {
    sessions: (
      await db
        .delete(sessions)
        .where(ended(sessions.expiresAt, sessions.revokedAt))
        .returning({ id: sessions.id })
    ).length,
    passwordResets: (
      await db
        .delete(passwordResets)
        .where(or(ended(passwordResets.expiresAt), isNotNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id })
    ).length,
    signInChallenges: (
      await db
        .delete(signInChallenges)
        .where(ended(signInChallenges.expiresAt))
        .returning({ id: signInChallenges.tokenHash })
    ).length,
    webauthnChallenges: (
      await db
        .delete(webauthnChallenges)
        .where(ended(webauthnChallenges.expiresAt))
        .returning({ id: webauthnChallenges.challenge })
    ).length,
    smartAuthorizationCodes: (
      await db
        .delete(smartAuthorizationCodes)
        .where(ended(smartAuthorizationCodes.expiresAt))
        .returning({ id: smartAuthorizationCodes.codeHash })
    ).length,
    smartTokens: (
      await db
        .delete(smartTokens)
        .where(ended(smartTokens.expiresAt, smartTokens.revokedAt))
        .returning({ id: smartTokens.tokenHash })
    ).length,
    smartGrants: (
      await db
        .delete(smartGrants)
        .where(ended(smartGrants.expiresAt, smartGrants.revokedAt))
        .returning({ id: smartGrants.id })
    ).length,
    smartAssertionIds: (
      await db
        .delete(smartAssertionIds)
        .where(ended(smartAssertionIds.expiresAt))
        .returning({ id: smartAssertionIds.jti })
    ).length,
  };
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
