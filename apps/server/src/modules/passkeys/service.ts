import {
  type addPasskeySchema,
  PASSKEY_MESSAGES,
  type Passkey,
  type RenamePasskey,
} from '@carepoint/contract';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { passkeys } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';

import {
  CEREMONY_TIMEOUT_MS,
  consumeChallenge,
  credentialsOf,
  issueChallenge,
  relyingParty,
  signedChallenge,
  userHandle,
} from './ceremony';
import { defaultPasskeyName } from './default-name';

/** The passkey step after a password (two-factor's second step). */
export { checkPasskeyStep, passkeyStepOptions } from './second-factor-step';

type NewPasskey = z.output<typeof addPasskeySchema>;

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** The signed-in person's passkeys, oldest first. */
export async function listPasskeys(ctx: ServiceContext) {
  const user = signedIn(ctx.actor);
  const rows = await ctx.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return { passkeys: rows.map(toPasskey) };
}

/**
 * Options for the browser to make a passkey for this account: a discoverable credential (so
 * sign-in needs no e-mail) with user verification, none of the account's own passkeys again.
 */
export async function registrationOptions(ctx: ServiceContext) {
  const user = signedIn(ctx.actor);
  const rp = relyingParty(ctx.config);
  const own = await credentialsOf(ctx, user.id);
  const challenge = await issueChallenge(ctx, 'register', user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: `${user.firstName} ${user.lastName}`,
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: own,
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
  });
  return { options: { ...options } };
}

/**
 * Verifies the browser's new credential against a registration challenge of this account and
 * keeps it. A credential already registered (to anyone) is refused by the unique index.
 */
export async function addPasskey(
  ctx: ServiceContext,
  input: NewPasskey,
  client: { userAgent?: string | undefined },
) {
  const user = signedIn(ctx.actor);
  const rp = relyingParty(ctx.config);
  const challenge = signedChallenge(input.response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(ctx, challenge, 'register', user.id))) {
    throw badRequest(PASSKEY_MESSAGES.challengeInvalid);
  }
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verified?.verified) throw badRequest(PASSKEY_MESSAGES.registrationFailed);
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const name = input.name ?? defaultPasskeyName(client.userAgent);
  const row = await ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        backedUp: credentialBackedUp,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!added) throw conflict('PASSKEY_TAKEN', PASSKEY_MESSAGES.alreadyRegistered);
    await audit(inTransaction(ctx, tx), {
      action: 'auth.passkey.added',
      entityType: 'passkey',
      entityId: added.id,
      details: { name },
    });
    return added;
  });
  return toPasskey(row);
}

/** Renames one of the caller's passkeys; another's, or none, is 404. */
export async function renamePasskey(ctx: ServiceContext, id: string, input: RenamePasskey) {
  const user = signedIn(ctx.actor);
  const row = await ctx.db.transaction(async (tx) => {
    const [renamed] = await tx
      .update(passkeys)
      .set({ name: input.name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning();
    if (!renamed) throw notFoundWith(PASSKEY_MESSAGES.notFound);
    await audit(inTransaction(ctx, tx), {
      action: 'auth.passkey.renamed',
      entityType: 'passkey',
      entityId: id,
      details: { name: input.name },
    });
    return renamed;
  });
  return toPasskey(row);
}

/** Removes one of the caller's passkeys: it signs in no more. Another's, or none, is 404. */
export async function removePasskey(ctx: ServiceContext, id: string) {
  const user = signedIn(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!removed) throw notFoundWith(PASSKEY_MESSAGES.notFound);
    await audit(inTransaction(ctx, tx), {
      action: 'auth.passkey.removed',
      entityType: 'passkey',
      entityId: id,
      details: { name: removed.name },
    });
  });
  return { ok: true as const };
}
