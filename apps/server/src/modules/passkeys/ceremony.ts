import { randomBytes } from 'node:crypto';
import { isAuthenticatorTransport } from '@carepoint/contract';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { passkeys, webauthnChallenges } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/*
 * What every passkey ceremony shares: who the relying party is, and its single-use challenges.
 */

/** How long a browser has to answer a challenge: the WebAuthn prompt's own timeout, and a little more. */
export const CEREMONY_TIMEOUT_MS = 2 * 60_000;
const CHALLENGE_LIFETIME_MS = CEREMONY_TIMEOUT_MS + 30_000;

/**
 * The relying party is the app at PUBLIC_URL: its host name is the RP ID passkeys are bound to,
 * its origin the one the browser must report. Behind a proxy PUBLIC_URL must be the address
 * people open, or no passkey verifies.
 */
export function relyingParty(config: ServiceContext['config']) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.FACILITY_NAME };
}

type Purpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

/**
 * Stores a new challenge for `purpose` (and `userId` when registering) and answers its bytes, for
 * the options: browsers sign them base64url-encoded, which is how the table keeps them.
 */
export async function issueChallenge(ctx: ServiceContext, purpose: Purpose, userId: string | null) {
  const now = ctx.now();
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = Buffer.from(bytes).toString('base64url');
  // Expired challenges go as new ones come: the table holds only those still usable.
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await ctx.db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    createdAt: now,
  });
  return bytes;
}

/**
 * Uses up the challenge the browser signed, when it is one this server issued for `purpose`
 * (and `userId`), unexpired and unused: true then, false otherwise. The DELETE claims it, so of
 * two requests with one challenge only one gets it.
 */
export async function consumeChallenge(
  ctx: ServiceContext,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
) {
  const claimed = await ctx.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        gt(webauthnChallenges.expiresAt, ctx.now()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return claimed.length > 0;
}

const clientDataSchema = z.object({ challenge: z.string().min(1).max(512) });

/** The challenge inside a response's clientDataJSON, or undefined when it holds none. */
export function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const parsed = clientDataSchema.safeParse(
      JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString()),
    );
    return parsed.success ? parsed.data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The WebAuthn user handle of an account: its id's 16 bytes (no name or e-mail in it). */
export const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/**
 * The account's passkeys as WebAuthn credential descriptors: the ones a new passkey must not
 * repeat (registration), or the only ones the passkey step after a password accepts.
 */
export async function credentialsOf(ctx: ServiceContext, userId: string) {
  const own = await ctx.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return own.map((p) => ({ id: p.id, transports: p.transports.filter(isAuthenticatorTransport) }));
}
