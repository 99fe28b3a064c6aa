import { formatInstant, SESSION_MESSAGES, type Session, type SessionList } from '@carepoint/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { notFoundWith, signedIn } from '../../lib/errors';
import { liveSessions, revokeUserSessions } from '../../lib/sessions';
import { revokeUserAccess } from '../smart';
import { describeUserAgent } from './user-agent';

/*
 * Where a person is signed in, and ending those sessions: their own from the Security page, all
 * of someone's by an administrator (a lost laptop). An ended session is refused at its next
 * request on every instance: the sessions table's trigger (migration 0013) announces each end
 * with NOTIFY and every instance's session cache drops it (plugins/sessions.ts).
 */

/** The caller's live sessions, this one first, then the most recently seen. */
export async function listSessions(
  ctx: ServiceContext,
  currentTokenHash: string | null,
): Promise<SessionList> {
  const userId = signedIn(ctx.actor).id;
  const rows = await ctx.db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSessions(ctx.config, ctx.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const list: Session[] = rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    startedAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.tokenHash === currentTokenHash,
  }));
  return { sessions: list.sort((a, b) => Number(b.current) - Number(a.current)) };
}

/** Ends one of the caller's own live sessions; another's id, or one already ended, answers 404. */
export async function endSession(ctx: ServiceContext, sessionId: string) {
  const userId = signedIn(ctx.actor).id;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), liveSessions(ctx.config, now)))
      .returning({ id: sessions.id });
    if (!ended) throw notFoundWith(SESSION_MESSAGES.notFound);
    await audit(inTransaction(ctx, tx), {
      action: 'auth.session.ended',
      entityType: 'session',
      entityId: ended.id,
      details: { userId },
    });
  });
  return { ok: true as const };
}

/** Ends a person's live sessions but `exceptTokenHash`, audited as `action`, inside the caller's transaction. */
async function endSessionsOf(
  ctx: ServiceContext,
  tx: Executor,
  userId: string,
  action: string,
  exceptTokenHash?: string,
) {
  const ended = await revokeUserSessions(tx, userId, ctx.now(), exceptTokenHash);
  await audit(inTransaction(ctx, tx), {
    action,
    entityType: 'user',
    entityId: userId,
    details: { sessions: ended.map((s) => s.id) },
  });
  return { ended: ended.length };
}

/** "Sign out everywhere else": every live session of the caller but the one asking. */
export async function endOtherSessions(ctx: ServiceContext, currentTokenHash: string | null) {
  const userId = signedIn(ctx.actor).id;
  return ctx.db.transaction((tx) =>
    endSessionsOf(ctx, tx, userId, 'auth.session.ended_others', currentTokenHash ?? undefined),
  );
}

/**
 * An administrator signs a person out everywhere (a lost laptop): every session, and every
 * grant of the apps they allowed (the laptop may hold those tokens too). An unknown user answers 404.
 */
export async function endAllSessionsOf(ctx: ServiceContext, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFoundWith(SESSION_MESSAGES.userNotFound);
    await revokeUserAccess(tx, userId, ctx.now());
    return endSessionsOf(ctx, tx, userId, 'auth.session.ended_by_admin');
  });
}

/**
 * Tells a person that their account was just signed in to from a browser it had never been
 * signed in from (no device cookie of the account): when, from which browser and address, and
 * what to do if it was not them. Sent after the sign-in's answer.
 */
export async function mailNewBrowserSignIn(
  ctx: ServiceContext,
  user: { email: string; firstName: string },
  signIn: { at: Date; userAgent: string | undefined },
) {
  const { config } = ctx;
  await ctx.sendMail({
    to: user.email,
    subject: 'New sign-in to your CarePoint account',
    body:
      `Hello ${user.firstName},\n\nYour CarePoint account was signed in to from a browser it had not been ` +
      'used from before:\n\n' +
      `  When: ${formatInstant(signIn.at, config.TIME_ZONE)} (${config.TIME_ZONE})\n` +
      `  Browser: ${describeUserAgent(signIn.userAgent)}\n` +
      `  Address: ${ctx.ip}\n\n` +
      'If it was you, there is nothing to do.\n\n' +
      'If it was not you, change your password now: sign in and choose Change Password, or reset it ' +
      `at ${config.publicUrl}/forgot-password. Security, in your menu, lists where your account is ` +
      'signed in and signs out the others.',
  });
}
