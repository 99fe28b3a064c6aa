import type { loginSchema, registerPatientSchema } from '@carepoint/contract';
import {
  type ChangePassword,
  FORGOT_PASSWORD_ANSWER,
  type LoginInput,
  MESSAGES,
  type RegisterPatient,
  type ResetPassword,
} from '@carepoint/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { passwordResets, users } from '../../db/schema';
import { AppError, badRequest, conflict, RateLimitedError } from '../../lib/errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { audit } from '../../plugins/audit';
import { createSession, revokeSession, revokeUserSessions } from '../../plugins/sessions';
import { findUserByEmail, loadPublicUser } from './users';

type Login = z.output<typeof loginSchema>;
type Registration = z.output<typeof registerPatientSchema>;

// Per-address ceilings for registration and reset requests; sign-in limits come from config.
const REGISTRATIONS_PER_IP = 30;
const RESET_REQUESTS_PER_IP = 10;
const RESET_REQUESTS_PER_ACCOUNT = 3;

function windowMs(request: FastifyRequest) {
  return request.server.config.LOGIN_WINDOW_MINUTES * 60_000;
}

/** Counts one attempt under each key; over any key's ceiling the caller gets a 429. */
async function throttle(request: FastifyRequest, limits: Array<[key: string, max: number]>) {
  const { limiter } = request.server;
  for (const [key, max] of limits) {
    if ((await limiter.hit(key, windowMs(request))) > max) {
      throw new RateLimitedError(windowMs(request) / 1000);
    }
  }
}

export async function registerPatient(request: FastifyRequest, input: Registration | RegisterPatient) {
  const { db } = request.server;
  await throttle(request, [[`register:ip:${request.ip}`, REGISTRATIONS_PER_IP]]);
  const email = input.email.toLowerCase();
  if (await findUserByEmail(db, email)) throw conflict('EMAIL_TAKEN', MESSAGES.emailTaken, 'email');
  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        role: 'patient',
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        address: input.address,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!row) throw conflict('EMAIL_TAKEN', MESSAGES.emailTaken, 'email');
    await audit(
      request,
      {
        action: 'auth.register',
        entityType: 'user',
        entityId: row.id,
        patientId: row.id,
        actor: { id: row.id, role: 'patient', email },
      },
      tx,
    );
    return row;
  });
  return loadPublicUser(db, created.id);
}

/**
 * Same answer for an unknown e-mail and a wrong password. Failures are counted per account and
 * per address, successes are not: a ward of staff signing in behind one address at shift change
 * must not lock itself out, while guessing across accounts from one address still is.
 */
export async function login(request: FastifyRequest, input: Login | LoginInput) {
  const { db, config, limiter } = request.server;
  const email = input.email.toLowerCase();
  const accountKey = `login-fail:acct:${email}`;
  const addressKey = `login-fail:ip:${request.ip}`;
  if (
    (await limiter.count(accountKey)) >= config.LOGIN_MAX_FAILURES ||
    (await limiter.count(addressKey)) >= config.LOGIN_MAX_FAILURES_PER_ADDRESS
  ) {
    throw new RateLimitedError(windowMs(request) / 1000);
  }
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await limiter.hit(accountKey, windowMs(request));
    await limiter.hit(addressKey, windowMs(request));
    await audit(request, {
      action: 'auth.login.failed',
      entityType: 'user',
      entityId: user?.id,
      actor: { id: user?.id ?? null, role: user?.role ?? null, email },
      details: { reason: user ? 'wrong password' : 'unknown email' },
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  if (user.status !== 'Active') {
    await audit(request, {
      action: 'auth.login.failed',
      entityType: 'user',
      entityId: user.id,
      actor: { id: user.id, role: user.role, email },
      details: { reason: 'account inactive' },
    });
    throw new AppError(
      401,
      'ACCOUNT_INACTIVE',
      'This account has been deactivated. Please contact your administrator.',
    );
  }
  await limiter.reset(accountKey);
  const persistent = input.rememberMe ?? false;
  const session = await createSession(db, config, {
    userId: user.id,
    persistent,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    now: request.server.now(),
  });
  await audit(request, {
    action: 'auth.login',
    entityType: 'user',
    entityId: user.id,
    actor: { id: user.id, role: user.role, email },
    details: { rememberMe: persistent },
  });
  return { user: await loadPublicUser(db, user.id), ...session, persistent };
}

export async function logout(request: FastifyRequest) {
  if (!request.sessionTokenHash) return;
  await revokeSession(request.server.db, request.sessionTokenHash, request.server.now());
  await audit(request, { action: 'auth.logout', entityType: 'user', entityId: request.user?.id });
}

/** Always answers the same, whether or not the account exists, so it reveals nothing. */
export async function requestPasswordReset(request: FastifyRequest, emailInput: string) {
  const { db, config } = request.server;
  const email = emailInput.toLowerCase();
  await throttle(request, [[`reset:ip:${request.ip}`, RESET_REQUESTS_PER_IP]]);
  const perAccount = await request.server.limiter.hit(`reset:acct:${email}`, windowMs(request));
  const user = await findUserByEmail(db, email);
  if (user && user.status === 'Active' && perAccount <= RESET_REQUESTS_PER_ACCOUNT) {
    const token = newToken();
    const now = request.server.now();
    await db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.RESET_TOKEN_MINUTES * 60_000),
    });
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    await request.server.sendMail({
      to: user.email,
      subject: 'Reset your CarePoint password',
      body:
        `Hello ${user.firstName},\n\nSomeone asked to reset the password of your CarePoint account.\n` +
        `Open this link within ${config.RESET_TOKEN_MINUTES} minutes to choose a new password:\n\n${link}\n\n` +
        'If it was not you, ignore this message: your password stays as it is.',
    });
    await audit(request, {
      action: 'auth.password.reset_requested',
      entityType: 'user',
      entityId: user.id,
      actor: { id: user.id, role: user.role, email },
    });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

/** Single use: the token is claimed by a conditional update, so two concurrent uses cannot both succeed. */
export async function resetPassword(request: FastifyRequest, input: ResetPassword) {
  const { db } = request.server;
  const now = request.server.now();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw badRequest(MESSAGES.resetTokenInvalid, 'token');
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now })
      .where(eq(users.id, claimed.userId));
    await revokeUserSessions(tx, claimed.userId, now);
    await audit(
      request,
      {
        action: 'auth.password.reset',
        entityType: 'user',
        entityId: claimed.userId,
        actor: { id: claimed.userId },
      },
      tx,
    );
  });
  return { ok: true as const };
}

/** Checks the current password, stores the new one and ends the user's other sessions. */
export async function changePassword(request: FastifyRequest, userId: string, input: ChangePassword) {
  const { db } = request.server;
  await throttle(request, [[`change-password:${userId}`, request.server.config.LOGIN_MAX_FAILURES * 2]]);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(MESSAGES.currentPasswordWrong, 'currentPassword');
  }
  if (input.newPassword === input.currentPassword) {
    throw badRequest('New password must be different from the current one', 'newPassword');
  }
  const now = request.server.now();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, now, request.sessionTokenHash ?? undefined);
    await audit(request, { action: 'auth.password.changed', entityType: 'user', entityId: userId }, tx);
  });
  return { ok: true as const };
}
