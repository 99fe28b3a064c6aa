import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type Reauthenticate,
  type RecoveryCodes,
  type secondFactorLoginSchema,
  securityPath,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
  totpCodeField,
} from '@carepoint/contract';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recoveryCodes, users, userTotp } from '../../db/schema';
import { audit } from '../../lib/audit';
import { type Actor, inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, badRequest, conflict, notFound, signedIn } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { RateLimits } from '../../lib/rate-limits';
import { keyedHash, seal, unseal } from '../../lib/secret-box';
import { openSession, refuseInactive, takePasswordCheck } from '../auth';
import { checkPasskeyStep, passkeyStepOptions } from '../passkeys';
import { claimChallenge, findOpenChallenge, passkeyStepChallenge } from './challenges';
import { clearSecondFactorFailures, failedSecondFactorAttempt, takeSecondFactorAttempt } from './lockout';

/** The password step's answer for an account with a second factor (auth routes). */
export { startChallenge } from './challenges';

import { independentReads } from '../../lib/independent-reads';
import { newTotpSecret, otpauthUrl, stepOfCode } from './totp';

type SecondFactorInput = z.output<typeof secondFactorLoginSchema>;

// ---------------------------------------------------------------- the stored factor

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten characters of base32 (50 bits), shown as "abcde-fghij"; compared without the dash. */
function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const recoveryCodeHash = (ctx: ServiceContext, code: string) =>
  keyedHash(ctx.config.totpEncryptionKey, code.replace(/[\s-]/g, '').toLowerCase());

/**
 * Inside `tx`: replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones, audits it
 * as `action` and answers them (shown once).
 */
async function issueRecoveryCodes(ctx: ServiceContext, tx: Executor, userId: string, action: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(ctx, code), createdAt: ctx.now() })));
  await audit(inTransaction(ctx, tx), { action, entityType: 'user', entityId: userId });
  return { recoveryCodes: codes };
}

async function loadTotp(db: Executor, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

/** The secret of a stored factor; a key that no longer opens it (TOTP_ENCRYPTION_KEY changed) is the server's fault. */
function secretOf(ctx: ServiceContext, row: { userId: string; secretEncrypted: string }) {
  const secret = unseal(ctx.config.totpEncryptionKey, row.secretEncrypted, row.userId);
  if (secret === null) {
    ctx.log.error({ userId: row.userId }, 'a TOTP secret does not decrypt: was TOTP_ENCRYPTION_KEY changed?');
    throw new AppError(
      500,
      'TOTP_KEY_MISMATCH',
      'Two-factor sign-in cannot be checked right now. Please contact your administrator.',
    );
  }
  return secret;
}

/**
 * Uses a code of the user's confirmed app: true when it is valid now and of a later time step
 * than the last code used, which is taken by one conditional update, so a code works once
 * even when two requests bring it at the same moment.
 */
async function useTotpCode(ctx: ServiceContext, userId: string, code: string) {
  const row = await loadTotp(ctx.db, userId);
  if (!row?.confirmedAt) return false;
  const step = stepOfCode(secretOf(ctx, row), code, ctx.now());
  if (step === null) return false;
  const taken = await ctx.db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return taken.length > 0;
}

/** Uses one of the user's recovery codes: single use, by a conditional update. */
async function useRecoveryCode(ctx: ServiceContext, userId: string, code: string) {
  const used = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(ctx, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

// ---------------------------------------------------------------- the Security page

export async function twoFactorStatus(ctx: ServiceContext): Promise<TwoFactorStatus> {
  const user = signedIn(ctx.actor);
  const [row, [codes]] = await independentReads(ctx.db, [
    () => loadTotp(ctx.db, user.id),
    () =>
      ctx.db
        .select({ left: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
  ]);
  const enabled = Boolean(row?.confirmedAt);
  return {
    enabled,
    recoveryCodesLeft: enabled ? (codes?.left ?? 0) : 0,
    required: ctx.config.mfaRequiredRoles.includes(user.role),
  };
}

/**
 * Starts setting up an authenticator app: a new secret, unused until a first code confirms it
 * (an earlier unconfirmed one is replaced). Refused while an app is in use.
 */
export async function startSetup(ctx: ServiceContext): Promise<TwoFactorSetup> {
  const user = signedIn(ctx.actor);
  const secret = newTotpSecret();
  const secretEncrypted = seal(ctx.config.totpEncryptionKey, secret, user.id);
  const [row] = await ctx.db
    .insert(userTotp)
    .values({ userId: user.id, secretEncrypted, createdAt: ctx.now() })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted, createdAt: ctx.now(), lastUsedStep: null },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  if (!row) throw conflict('TWO_FACTOR_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
  await audit(ctx, { action: 'two_factor.setup_started', entityType: 'user', entityId: user.id });
  const url = otpauthUrl(secret, user.email);
  return { secret, otpauthUrl: url, qrCode: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
}

/**
 * Confirms the set-up with a first code: the app is in use from now on, and the ten recovery
 * codes are made (answered once). A wrong code counts like a wrong password.
 */
export async function confirmSetup(
  ctx: ServiceContext,
  limits: RateLimits,
  code: string,
): Promise<RecoveryCodes> {
  const user = signedIn(ctx.actor);
  const row = await loadTotp(ctx.db, user.id);
  if (row?.confirmedAt) throw conflict('TWO_FACTOR_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!row) throw badRequest(TWO_FACTOR_MESSAGES.setupFirst, 'code');
  const check = await takePasswordCheck(ctx, limits, user.email);
  const step = stepOfCode(secretOf(ctx, row), code, ctx.now());
  if (step === null) throw badRequest(TWO_FACTOR_MESSAGES.invalidCode, 'code');
  await check.giveBack();
  return ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(userTotp)
      .set({ confirmedAt: ctx.now(), lastUsedStep: step })
      .where(
        and(
          eq(userTotp.userId, user.id),
          eq(userTotp.secretEncrypted, row.secretEncrypted),
          isNull(userTotp.confirmedAt),
        ),
      )
      .returning({ userId: userTotp.userId });
    // Another tab confirmed or restarted the set-up meanwhile.
    if (confirmed.length === 0) throw badRequest(TWO_FACTOR_MESSAGES.setupFirst, 'code');
    return issueRecoveryCodes(ctx, tx, user.id, 'two_factor.enabled');
  });
}

/**
 * Changing two-factor asks again who is at the keyboard: a current code of the app, or the
 * password (a password has at least 8 characters, so six digits are always a code). Either
 * counts against the account's sign-in checks.
 */
async function reauthenticate(ctx: ServiceContext, limits: RateLimits, user: Actor, input: Reauthenticate) {
  const check = await takePasswordCheck(ctx, limits, user.email);
  const asCode = totpCodeField.safeParse(input.codeOrPassword);
  let valid: boolean;
  if (asCode.success) valid = await useTotpCode(ctx, user.id, asCode.data);
  else {
    const [row] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    valid = row ? await verifyPassword(row.passwordHash, input.codeOrPassword) : false;
  }
  if (!valid) throw badRequest(TWO_FACTOR_MESSAGES.reauthWrong, 'codeOrPassword');
  await check.giveBack();
}

async function requireEnabled(ctx: ServiceContext, userId: string) {
  const row = await loadTotp(ctx.db, userId);
  if (!row?.confirmedAt) throw conflict('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
}

export async function regenerateRecoveryCodes(
  ctx: ServiceContext,
  limits: RateLimits,
  input: Reauthenticate,
): Promise<RecoveryCodes> {
  const user = signedIn(ctx.actor);
  await requireEnabled(ctx, user.id);
  await reauthenticate(ctx, limits, user, input);
  return ctx.db.transaction((tx) =>
    issueRecoveryCodes(ctx, tx, user.id, 'two_factor.recovery_codes_regenerated'),
  );
}

/** Removes the app and the recovery codes of a user, in one transaction; true when there was an app. */
async function removeFactor(ctx: ServiceContext, userId: string, action: string, targetPatient: boolean) {
  return ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({
      confirmedAt: userTotp.confirmedAt,
    });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const wasOn = removed.some((row) => row.confirmedAt !== null);
    if (wasOn) {
      await audit(inTransaction(ctx, tx), {
        action,
        entityType: 'user',
        entityId: userId,
        patientId: targetPatient ? userId : undefined,
      });
    }
    return wasOn;
  });
}

export async function disable(ctx: ServiceContext, limits: RateLimits, input: Reauthenticate) {
  const user = signedIn(ctx.actor);
  await requireEnabled(ctx, user.id);
  await reauthenticate(ctx, limits, user, input);
  if (!(await removeFactor(ctx, user.id, 'two_factor.disabled', false))) {
    throw conflict('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
  }
  return { ok: true as const };
}

/**
 * An administrator turns off another user's two-factor sign-in (a lost phone and lost recovery
 * codes): audited, and the user is told by e-mail, so a reset they did not ask for is noticed.
 */
export async function resetForUser(ctx: ServiceContext, userId: string) {
  // An administrator's own factor changes on their Security page, which asks again who they are:
  // a stolen admin session must not be able to strip the factor without it.
  if (ctx.actor?.id === userId) throw new AppError(403, 'OWN_SECOND_FACTOR', TWO_FACTOR_MESSAGES.resetOwn);
  const [target] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound('User');
  if (!(await removeFactor(ctx, target.id, 'two_factor.reset', target.role === 'patient'))) {
    throw conflict('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
  }
  await ctx.sendMail({
    to: target.email,
    subject: 'Two-factor sign-in was turned off on your CarePoint account',
    body:
      `Hello ${target.firstName},\n\nAn administrator turned off two-factor sign-in on your CarePoint ` +
      'account, so it now signs in with the password alone.\n\n' +
      `Set it up again on your Security page: ${ctx.config.publicUrl}${securityPath(target.role)}\n\n` +
      'If you did not ask for this, tell your administrator at once and change your password.',
  });
  return { ok: true as const };
}

// ---------------------------------------------------------------- signing in

/** Options for the passkey step of the sign-in whose challenge is `token`: its account's passkeys only. */
export async function passkeyStepOptionsFor(ctx: ServiceContext, token: string) {
  const challenge = await findOpenChallenge(ctx, token);
  if (!challenge) throw new AppError(401, 'CHALLENGE_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
  return passkeyStepOptions(ctx, challenge.userId, passkeyStepChallenge(token));
}

/** Checks the second step's code or passkey for `userId`: what failed (for the audit trail), or undefined. */
async function checkSecondFactor(ctx: ServiceContext, userId: string, input: SecondFactorInput) {
  switch (input.method) {
    case 'totp':
      return (await useTotpCode(ctx, userId, input.code)) ? undefined : 'wrong code';
    case 'recovery-code':
      return (await useRecoveryCode(ctx, userId, input.code)) ? undefined : 'wrong recovery code';
    case 'passkey':
      return checkPasskeyStep(ctx, userId, passkeyStepChallenge(input.challenge), input.response);
  }
}

/**
 * The second step of a sign-in: the challenge from the password step and a code of the app (or
 * a recovery code), or an assertion of one of the account's passkeys. Failures count against the
 * same per-account limits as wrong passwords. Gives the opened session and the browser's device id.
 */
export async function completeSignIn(
  ctx: ServiceContext,
  limits: RateLimits,
  input: SecondFactorInput,
  client: { userAgent?: string | undefined },
) {
  const challenge = await findOpenChallenge(ctx, input.challenge);
  if (!challenge) throw new AppError(401, 'CHALLENGE_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!user) throw new AppError(401, 'CHALLENGE_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
  await refuseInactive(ctx, user);
  const deviceId = challenge.deviceId ?? undefined;
  const check = await takePasswordCheck(ctx, limits, user.email, deviceId);
  const attempt = await takeSecondFactorAttempt(ctx, user.id);
  const failure = await checkSecondFactor(ctx, user.id, input);
  if (failure) {
    await audit(ctx, {
      action: 'auth.login.failed',
      entityType: 'user',
      entityId: user.id,
      actor: { id: user.id, role: user.role, email: user.email },
      details: input.method === 'passkey' ? { method: 'passkey', reason: failure } : { reason: failure },
    });
    await failedSecondFactorAttempt(ctx, user, attempt);
    if (input.method === 'passkey') {
      throw new AppError(401, 'PASSKEY_SIGN_IN_FAILED', TWO_FACTOR_MESSAGES.passkeyFailed);
    }
    throw badRequest(TWO_FACTOR_MESSAGES.invalidCode, 'code');
  }
  await check.giveBack();
  await clearSecondFactorFailures(ctx, user.id);
  if (!(await claimChallenge(ctx, input.challenge))) {
    throw new AppError(401, 'CHALLENGE_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
  }
  if (input.method === 'recovery-code') {
    await audit(ctx, {
      action: 'two_factor.recovery_code_used',
      entityType: 'user',
      entityId: user.id,
      actor: { id: user.id, role: user.role, email: user.email },
    });
  }
  const started = await openSession(ctx, user, {
    persistent: challenge.persistent,
    userAgent: client.userAgent,
    method: input.method,
  });
  return { started, deviceId };
}
