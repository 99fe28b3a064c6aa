import { TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import { eq, isNull, lte, or, sql } from 'drizzle-orm';
import { secondFactorFailures } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';

/*
 * A per-account lockout of the second step: after MAX_FAILURES wrong answers in a row (codes,
 * recovery codes, passkeys) the account's second step answers nothing for LOCKOUT_MINUTES, and
 * its owner is mailed. The address and device limits (rate-limits.ts) stop one guesser; this
 * stops a guesser who knows the password and spreads over many addresses.
 */

const MAX_SECOND_FACTOR_FAILURES = 10;
const LOCKOUT_MINUTES = 15;

const { failures, lockedUntil, userId: userIdColumn } = secondFactorFailures;

const lockedOut = () => new AppError(429, 'SECOND_FACTOR_LOCKED', TWO_FACTOR_MESSAGES.lockedOut);

/**
 * Counts an attempt before its answer is checked, by one atomic upsert that does nothing while the
 * account is locked: of any number of parallel attempts, at most MAX_SECOND_FACTOR_FAILURES are
 * checked. Throws the lockout (429) when the account is locked or the attempts are used up;
 * answers the attempt's number otherwise.
 */
export async function takeSecondFactorAttempt(ctx: ServiceContext, userId: string) {
  const [row] = await ctx.db
    .insert(secondFactorFailures)
    .values({ userId, failures: 1 })
    .onConflictDoUpdate({
      target: userIdColumn,
      set: { failures: sql`${failures} + 1` },
      setWhere: or(isNull(lockedUntil), lte(lockedUntil, ctx.now())),
    })
    .returning({ failures });
  if (!row || row.failures > MAX_SECOND_FACTOR_FAILURES) throw lockedOut();
  return row.failures;
}

/** A right answer: the count starts again. */
export async function clearSecondFactorFailures(ctx: ServiceContext, userId: string) {
  await ctx.db.update(secondFactorFailures).set({ failures: 0 }).where(eq(userIdColumn, userId));
}

/**
 * A wrong answer: the attempt that reached the limit locks the account (and starts the count
 * again), audits it and mails the owner, then answers the lockout; others answer nothing.
 */
export async function failedSecondFactorAttempt(
  ctx: ServiceContext,
  user: { id: string; role: string; email: string; firstName: string },
  attempt: number,
) {
  if (attempt < MAX_SECOND_FACTOR_FAILURES) return;
  const until = new Date(ctx.now().getTime() + LOCKOUT_MINUTES * 60_000);
  await ctx.db
    .update(secondFactorFailures)
    .set({ failures: 0, lockedUntil: until })
    .where(eq(userIdColumn, user.id));
  await audit(ctx, {
    action: 'two_factor.locked',
    entityType: 'user',
    entityId: user.id,
    actor: { id: user.id, role: user.role, email: user.email },
    details: { failures: attempt, until: until.toISOString() },
  });
  await ctx.sendMail({
    to: user.email,
    subject: 'Sign-in to your CarePoint account was paused',
    body:
      `Hello ${user.firstName},\n\nSomeone entered your CarePoint password correctly, then failed the second ` +
      `sign-in step ${attempt} times in a row. To protect your account, that step is paused for ` +
      `${LOCKOUT_MINUTES} minutes.\n\nIf this was not you, your password is known to someone else: ` +
      'change it as soon as you can, and tell your administrator.',
  });
  throw lockedOut();
}
