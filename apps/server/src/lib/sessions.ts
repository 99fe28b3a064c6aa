import { and, eq, gt, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Actor } from './context';
import { hasSecondFactorSql } from './second-factor';
import { hashToken, newToken } from './tokens';

/**
 * The signed-in user is the actor of everything the request does; whether they have a second
 * factor is kept with the session for MFA_REQUIRED_ROLES (plugins/auth.ts).
 */
export type SessionUser = Actor & { hasSecondFactor: boolean };

type SessionPolicy = Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS' | 'REMEMBER_ME_DAYS'>;

const MINUTE = 60_000;
/** lastSeenAt is refreshed at most this often, so reads don't each cost a write. */
const TOUCH_EVERY_MS = MINUTE;

/** Remember Me keeps the session for REMEMBER_ME_DAYS; otherwise it ends after SESSION_MAX_HOURS. */
const sessionLifetimeMs = (policy: SessionPolicy, persistent: boolean) =>
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

/** What a session lookup finds: the session's times and its user (status included). */
interface StoredSession {
  user: SessionUser & { status: string };
  persistent: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** The user as a session carries them (an Actor), with the status that decides whether it holds. */
export const sessionUserColumns = {
  id: users.id,
  role: users.role,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  mustChangePassword: users.mustChangePassword,
  hasSecondFactor: hasSecondFactorSql(users.id),
  status: users.status,
};

async function loadSession(db: Executor, tokenHash: string): Promise<StoredSession | null> {
  const [row] = await db
    .select({
      persistent: sessions.persistent,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** A session still holds at `now` when it has not expired, not been idle too long, and its user is active. */
function holds(policy: SessionPolicy, session: StoredSession, lastSeenAt: Date, now: Date) {
  const idleLimitMs = session.persistent
    ? sessionLifetimeMs(policy, true)
    : policy.SESSION_IDLE_MINUTES * MINUTE;
  return (
    session.expiresAt > now &&
    now.getTime() - lastSeenAt.getTime() <= idleLimitMs &&
    session.user.status === 'Active'
  );
}

/** The user without the status (only active users are signed in). */
export const publicUser = ({ status: _status, ...user }: StoredSession['user']): SessionUser => user;

/**
 * Session lookups without a database round trip per request. Each instance keeps the sessions
 * it served for at most SESSION_CACHE_MS; a revocation, a user's change (role, status, name,
 * e-mail, pending password) or the end of a session is announced by database triggers with
 * NOTIFY on SESSIONS_CHANNEL at commit, and every instance drops what it holds of it (see
 * docs/performance.md "Sessions"). `lastSeenAt` is kept in memory and written at most once a minute.
 */
export const SESSIONS_CHANNEL = 'carepoint_sessions';
/** How long an instance trusts a cached session without asking the database (the safety net if a NOTIFY is missed). */
const SESSION_CACHE_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

interface CachedSession {
  session: StoredSession;
  /** What requests get of the session's user: made once per load, frozen, as requests share it. */
  user: SessionUser;
  /** When this instance last saw the session used; written to the database when the stored value is a minute old. */
  lastSeenAt: Date;
  loadedAt: number;
}

/** A session's user and token hash, or null: what a request is signed in as. */
export type ResolvedSession = { user: SessionUser; tokenHash: string } | null;

export interface SessionCache {
  /**
   * The user behind a token, or null when the session is unknown, revoked, expired or idle too
   * long. Answered at once from the cache (most requests), else as a promise (a database read).
   */
  resolve(token: string, now: Date): ResolvedSession | Promise<ResolvedSession>;
  /** Applies a SESSIONS_CHANNEL message: `s:<tokenHash>` or `u:<userId>`. */
  evict(message: string): void;
  clear(): void;
  size(): number;
}

export function createSessionCache(db: Executor, policy: SessionPolicy): SessionCache {
  const entries = new Map<string, CachedSession>();
  // Bumped by every eviction: a lookup that raced with one does not store what it read.
  let generation = 0;

  /** Notes the use; the database write, at most once a minute, is the only time it returns a promise. */
  const touch = (tokenHash: string, entry: CachedSession, now: Date) => {
    entry.lastSeenAt = now;
    if (now.getTime() - entry.session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return undefined;
    entry.session.lastSeenAt = now;
    return db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  };

  /** A session not in the cache (or too old there): read from the database, kept if still valid. */
  const load = async (tokenHash: string, now: Date): Promise<ResolvedSession> => {
    const seen = generation;
    const session = await loadSession(db, tokenHash);
    if (!session || !holds(policy, session, session.lastSeenAt, now)) return null;
    const entry: CachedSession = {
      session,
      user: Object.freeze(publicUser(session.user)),
      lastSeenAt: session.lastSeenAt,
      loadedAt: now.getTime(),
    };
    if (seen === generation) {
      if (entries.size >= CACHE_MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, entry);
    }
    await touch(tokenHash, entry, now);
    return { user: entry.user, tokenHash };
  };

  return {
    resolve(token, now) {
      const tokenHash = hashToken(token);
      const cached = entries.get(tokenHash);
      if (cached && now.getTime() - cached.loadedAt < SESSION_CACHE_MS && now.getTime() >= cached.loadedAt) {
        if (!holds(policy, cached.session, cached.lastSeenAt, now)) {
          entries.delete(tokenHash);
          return null;
        }
        const found = { user: cached.user, tokenHash };
        const written = touch(tokenHash, cached, now);
        return written ? written.then(() => found) : found;
      }
      entries.delete(tokenHash);
      return load(tokenHash, now);
    },
    evict(message) {
      generation++;
      const [kind, id] = [message.slice(0, 2), message.slice(2)];
      if (kind === 's:') entries.delete(id);
      else if (kind === 'u:') {
        for (const [hash, entry] of entries) if (entry.session.user.id === id) entries.delete(hash);
      } else entries.clear();
    },
    clear() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}

export async function revokeSession(db: Executor, tokenHash: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * The sessions that still hold at `now` as far as the table tells (`holds` without the user's
 * status): not ended, not expired, and not idle too long unless kept by Remember Me. Last seen is
 * written at most once a minute, so a session may show as live up to a minute past its idle limit.
 */
export function liveSessions(policy: SessionPolicy, now: Date): SQL | undefined {
  const idleSince = new Date(now.getTime() - policy.SESSION_IDLE_MINUTES * MINUTE);
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    or(eq(sessions.persistent, true), gt(sessions.lastSeenAt, idleSince)),
  );
}

/**
 * Ends every session of a user, except the one given (the caller's own, after a password change
 * or "Sign out everywhere else"), and answers the public ids of those that were still running.
 * Each ended session leaves every instance's cache by its NOTIFY (migration 0013's trigger).
 */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, exceptTokenHash?: string) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
      ),
    )
    .returning({ id: sessions.id });
}
