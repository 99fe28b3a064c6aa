import { createHash } from 'node:crypto';
import type { SecondFactorMethod } from '@carepoint/contract';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { signInChallenges } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { hashToken, newToken } from '../../lib/tokens';

/** Time to type a code after the password step. */
const CHALLENGE_MINUTES = 5;

/**
 * The password step of an account with a second factor: no session, but a single-use challenge
 * that the code step (/api/auth/login/second-factor) must name within CHALLENGE_MINUTES.
 */
export async function startChallenge(
  ctx: ServiceContext,
  userId: string,
  options: { persistent: boolean; deviceId: string | undefined; methods: SecondFactorMethod[] },
) {
  const now = ctx.now();
  const token = newToken();
  // The user's spent and expired challenges go; one still open (another tab) stays usable.
  await ctx.db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.userId, userId),
        or(lte(signInChallenges.expiresAt, now), isNotNull(signInChallenges.usedAt)),
      ),
    );
  await ctx.db.insert(signInChallenges).values({
    tokenHash: hashToken(token),
    userId,
    persistent: options.persistent,
    deviceId: options.deviceId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return { secondFactorRequired: true as const, challenge: token, methods: options.methods };
}

/**
 * The WebAuthn challenge of the passkey step for the sign-in challenge `token`, base64url. Not
 * stored: only the browser that typed the password holds `token` (32 random bytes), so this is
 * as unguessable, and it is used once because finishing the step claims the sign-in challenge.
 * It cannot pass for a passkey sign-in's challenge, which must be a row of webauthn_challenges.
 */
export const passkeyStepChallenge = (token: string) =>
  createHash('sha256').update(`carepoint passkey step\n${token}`).digest('base64url');

const isOpen = (token: string, now: Date) =>
  and(
    eq(signInChallenges.tokenHash, hashToken(token)),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, now),
  );

/** The challenge behind `token` while it is unused and unexpired. */
export async function findOpenChallenge(ctx: ServiceContext, token: string) {
  const [row] = await ctx.db.select().from(signInChallenges).where(isOpen(token, ctx.now())).limit(1);
  return row;
}

/** Uses the challenge up, by a conditional update: of two code steps at once, one signs in. */
export async function claimChallenge(ctx: ServiceContext, token: string) {
  const claimed = await ctx.db
    .update(signInChallenges)
    .set({ usedAt: ctx.now() })
    .where(isOpen(token, ctx.now()))
    .returning({ userId: signInChallenges.userId });
  return claimed.length > 0;
}
