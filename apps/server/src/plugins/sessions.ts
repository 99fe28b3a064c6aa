import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Actor } from '../lib/context';
import { hashToken, newToken } from '../lib/tokens';

/** The signed-in user is the actor of everything the request does. */
export type SessionUser = Actor;

type SessionPolicy = Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS' | 'REMEMBER_ME_DAYS'>;

const MINUTE = 60_000;
/** lastSeenAt is refreshed at most this often, so reads don't each cost a write. */
const TOUCH_EVERY_MS = MINUTE;

/** Remember Me keeps the session for REMEMBER_ME_DAYS; otherwise it ends after SESSION_MAX_HOURS. */
export const sessionLifetimeMs = (policy: SessionPolicy, persistent: boolean) =>
  persistent ? policy.REMEMBER_ME_DAYS * 24 * 60 * MINUTE : policy.SESSION_MAX_HOURS * 60 * MINUTE;

export async function createSession(
  db: Executor,
  policy: SessionPolicy,
  input: { userId: string; persistent: boolean; ip: string; userAgent?: string; now: Date },
) {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + sessionLifetimeMs(policy, input.persistent));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    persistent: input.persistent,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/** The user behind a token, or null when the session is unknown, revoked, expired or idle too long. */
export async function resolveSession(
  db: Executor,
  policy: SessionPolicy,
  token: string,
  now: Date,
): Promise<{ user: SessionUser; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      session: sessions,
      user: {
        id: users.id,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        mustChangePassword: users.mustChangePassword,
        status: users.status,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  const idleLimitMs = session.persistent
    ? sessionLifetimeMs(policy, true)
    : policy.SESSION_IDLE_MINUTES * MINUTE;
  const expired = session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() > idleLimitMs;
  if (expired || user.status !== 'Active') return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { status: _status, ...sessionUser } = user;
  return { user: sessionUser, tokenHash };
}

export async function revokeSession(db: Executor, tokenHash: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, except the one given (the caller's own, after a password change). */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, exceptTokenHash?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
      ),
    );
}
