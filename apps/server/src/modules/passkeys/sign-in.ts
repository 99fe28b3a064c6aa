import { PASSKEY_MESSAGES, type passkeySignInSchema } from '@carepoint/contract';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { passkeys, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { type RateLimits, takeEach } from '../../lib/rate-limits';
import { loginWindowMs, openSession, refuseInactive } from '../auth';
import {
  CEREMONY_TIMEOUT_MS,
  consumeChallenge,
  issueChallenge,
  relyingParty,
  signedChallenge,
  userHandle,
} from './ceremony';

type PasskeySignIn = z.output<typeof passkeySignInSchema>;
type Assertion = PasskeySignIn['response'];

/**
 * Checks an assertion of `passkey` over `expectedChallenge` (base64url): the origin, the RP ID,
 * the signature with the stored key, user verification, and the signature counter, which it
 * moves forward atomically. Answers what failed, for the audit trail, or undefined when it held.
 * Shared by the passkey sign-in and the passkey step after a password.
 */
export async function verifyAssertion(
  ctx: ServiceContext,
  passkey: typeof passkeys.$inferSelect,
  response: Assertion,
  expectedChallenge: string,
): Promise<string | undefined> {
  const rp = relyingParty(ctx.config);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verified?.verified) return 'signature not verified';

  // The counter moves forward atomically: of two sign-ins with the same signature, or with a
  // cloned authenticator, only one finds the old value. Authenticators that count nothing stay at 0.
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const [used] = await ctx.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: ctx.now(), backedUp: credentialBackedUp })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        newCounter > 0 ? lt(passkeys.counter, newCounter) : eq(passkeys.counter, 0),
      ),
    )
    .returning({ id: passkeys.id });
  return used ? undefined : 'signature counter did not increase';
}

/** Whether the user handle a browser sent (when it sent one) names `userId`'s account. */
export const handleNames = (handle: string | undefined, userId: string) =>
  handle === undefined || handle === Buffer.from(userHandle(userId)).toString('base64url');

/**
 * Options for "Sign in with a passkey": no e-mail and no list of credentials, so the browser
 * offers whichever passkeys of this site it holds (discoverable credentials); user verification
 * required, so the passkey is both factors at once.
 */
export async function signInOptions(ctx: ServiceContext) {
  const rp = relyingParty(ctx.config);
  const challenge = await issueChallenge(ctx, 'sign-in', null);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  return { options: { ...options } };
}

interface SignInUser {
  id: string;
  role: string;
  email: string;
  status: string;
}

/** Audits a failed passkey sign-in and answers the one refusal every failure gets. */
async function refused(ctx: ServiceContext, reason: string, user?: SignInUser) {
  await audit(ctx, {
    action: 'auth.login.failed',
    entityType: 'user',
    entityId: user?.id,
    actor: { id: user?.id ?? null, role: user?.role ?? null, email: user?.email ?? null },
    details: { method: 'passkey', reason },
  });
  return new AppError(401, 'PASSKEY_SIGN_IN_FAILED', PASSKEY_MESSAGES.signInFailed);
}

/**
 * A complete sign-in with a passkey: the signed challenge must be an unused sign-in challenge of
 * this server, the credential a registered one, the signature its key's, made with user
 * verification, and its counter past the last one seen. Failures are counted per address (as
 * password failures are, LOGIN_MAX_FAILURES_PER_ADDRESS) and audited; a success gives its
 * attempt back and opens a session like any other sign-in.
 */
export async function signInWithPasskey(
  ctx: ServiceContext,
  limits: RateLimits,
  input: PasskeySignIn,
  client: { userAgent?: string | undefined },
) {
  const { db, config } = ctx;
  const attempt = await takeEach(limits, loginWindowMs(config), [
    [`passkey:address:${ctx.ip}`, config.LOGIN_MAX_FAILURES_PER_ADDRESS],
  ]);
  const { response } = input;
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(ctx, challenge, 'sign-in', null))) {
    throw await refused(ctx, 'challenge unknown, used or expired');
  }
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!found) throw await refused(ctx, 'unknown passkey');
  const { passkey, user } = found;
  if (!handleNames(response.response.userHandle, user.id)) {
    throw await refused(ctx, 'passkey of another account', user);
  }
  const failure = await verifyAssertion(ctx, passkey, response, challenge);
  if (failure) throw await refused(ctx, failure, user);

  await attempt.giveBack();
  await refuseInactive(ctx, user);
  return openSession(ctx, user, {
    persistent: input.rememberMe,
    userAgent: client.userAgent,
    method: 'passkey',
  });
}
