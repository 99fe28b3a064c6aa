import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { CEREMONY_TIMEOUT_MS, credentialsOf, relyingParty } from './ceremony';
import { handleNames, verifyAssertion } from './sign-in';

/*
 * The passkey step of a password sign-in (two-factor's second step): an account with passkeys
 * that signs in with its password must then use one of them. Two-factor owns the sign-in
 * challenge and gives the WebAuthn challenge (derived from it); this side knows passkeys.
 */

/**
 * Options for the passkey step of `userId`'s sign-in: only that account's passkeys are allowed,
 * with user verification required as at every passkey sign-in. `challenge` is base64url.
 */
export async function passkeyStepOptions(ctx: ServiceContext, userId: string, challenge: string) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: await credentialsOf(ctx, userId),
  });
  return { options: { ...options } };
}

/**
 * Checks the passkey step's answer for `userId` over `challenge` (base64url): it must be of one
 * of that account's passkeys (another account's is refused like an unknown one) and pass every
 * check of a passkey sign-in. Answers what failed, for the audit trail, or undefined.
 */
export async function checkPasskeyStep(
  ctx: ServiceContext,
  userId: string,
  challenge: string,
  response: Parameters<typeof verifyAssertion>[2],
): Promise<string | undefined> {
  const [passkey] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, userId)))
    .limit(1);
  if (!passkey || !handleNames(response.response.userHandle, userId)) return 'not a passkey of this account';
  return verifyAssertion(ctx, passkey, response, challenge);
}
