import type { loginSchema, registerPatientSchema } from '@carepoint/contract';
import {
  type ChangePassword,
  FORGOT_PASSWORD_ANSWER,
  type LoginInput,
  MESSAGES,
  type RegisterPatient,
  type ResetPassword,
  type User,
} from '@carepoint/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { passwordResets, users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, badRequest, conflict, RateLimitedError } from '../../lib/errors';
import { decoyPasswordHash, hashPassword, oneTimePassword, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import { audit } from '../../plugins/audit';
import { createSession, revokeSession, revokeUserSessions } from '../../plugins/sessions';
import { findUserByEmail, loadPublicUser } from './users';

type Login = z.output<typeof loginSchema>;
type Registration = z.output<typeof registerPatientSchema>;

/*
 * Throttling counts attempts per HTTP client, so the services that throttle take the rate
 * limiter as their second parameter: routes pass the app's, tests their own, and nothing
 * that is not an HTTP client (the seed, the CLI) has to be throttled.
 */

// Per-address ceilings for registration and reset requests; sign-in limits come from config.
const REGISTRATIONS_PER_IP = 30;
const RESET_REQUESTS_PER_IP = 10;
const RESET_REQUESTS_PER_ACCOUNT = 3;

function windowMs(ctx: ServiceContext) {
  return ctx.config.LOGIN_WINDOW_MINUTES * 60_000;
}

/** Counts one attempt under each key; over any key's ceiling the caller gets a 429. */
async function throttle(
  ctx: ServiceContext,
  limiter: RateLimiter,
  limits: Array<[key: string, max: number]>,
) {
  for (const [key, max] of limits) {
    if ((await limiter.hit(key, windowMs(ctx))) > max) {
      throw new RateLimitedError(windowMs(ctx) / 1000);
    }
  }
}

export async function registerPatient(
  ctx: ServiceContext,
  limiter: RateLimiter,
  input: Registration | RegisterPatient,
) {
  const { db } = ctx;
  await throttle(ctx, limiter, [[`register:ip:${ctx.ip}`, REGISTRATIONS_PER_IP]]);
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
    await audit(inTransaction(ctx, tx), {
      action: 'auth.register',
      entityType: 'user',
      entityId: row.id,
      patientId: row.id,
      actor: { id: row.id, role: 'patient', email },
    });
    return row;
  });
  return loadPublicUser(db, created.id);
}

export interface NewAdmin {
  email: string;
  firstName: string;
  lastName: string;
  /** Without one, a one-time password is made, answered once and must be replaced at first sign-in. */
  password?: string | undefined;
}

/** Creates an administrator: the CLI's create-admin, the first admin of a real installation. */
export async function createAdmin(
  ctx: ServiceContext,
  input: NewAdmin,
): Promise<{ user: User; oneTimePassword?: string }> {
  const now = ctx.now();
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'admin',
        passwordHash,
        mustChangePassword: input.password === undefined,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!row) throw conflict('EMAIL_TAKEN', MESSAGES.emailTaken, 'email');
    await audit(inTransaction(ctx, tx), { action: 'admin.create', entityType: 'user', entityId: row.id });
    return row.id;
  });
  const user = await loadPublicUser(ctx.db, id);
  return input.password === undefined ? { user, oneTimePassword: password } : { user };
}

/**
 * Same answer for an unknown e-mail and a wrong password. Failures are counted per account and
 * per address, successes are not: a ward of staff signing in behind one address at shift change
 * must not lock itself out, while guessing across accounts from one address still is.
 */
export async function login(
  ctx: ServiceContext,
  limiter: RateLimiter,
  input: Login | LoginInput,
  userAgent?: string,
) {
  const { db, config } = ctx;
  const email = input.email.toLowerCase();
  const accountKey = `login-fail:acct:${email}`;
  const addressKey = `login-fail:ip:${ctx.ip}`;
  if (
    (await limiter.count(accountKey)) >= config.LOGIN_MAX_FAILURES ||
    (await limiter.count(addressKey)) >= config.LOGIN_MAX_FAILURES_PER_ADDRESS
  ) {
    throw new RateLimitedError(windowMs(ctx) / 1000);
  }
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await limiter.hit(accountKey, windowMs(ctx));
    await limiter.hit(addressKey, windowMs(ctx));
    await audit(ctx, {
      action: 'auth.login.failed',
      entityType: 'user',
      entityId: user?.id,
      actor: { id: user?.id ?? null, role: user?.role ?? null, email },
      details: { reason: user ? 'wrong password' : 'unknown email' },
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  if (user.status !== 'Active') {
    await audit(ctx, {
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
    ip: ctx.ip,
    userAgent,
    now: ctx.now(),
  });
  await audit(ctx, {
    action: 'auth.login',
    entityType: 'user',
    entityId: user.id,
    actor: { id: user.id, role: user.role, email },
    details: { rememberMe: persistent },
  });
  return { user: await loadPublicUser(db, user.id), ...session, persistent };
}

/** Ends the session behind the caller's token, if there is one. */
export async function logout(ctx: ServiceContext, sessionTokenHash: string | null) {
  if (!sessionTokenHash) return;
  await revokeSession(ctx.db, sessionTokenHash, ctx.now());
  await audit(ctx, { action: 'auth.logout', entityType: 'user', entityId: ctx.actor?.id });
}

/** Always answers the same, whether or not the account exists, so it reveals nothing. */
export async function requestPasswordReset(ctx: ServiceContext, limiter: RateLimiter, emailInput: string) {
  const { db, config } = ctx;
  const email = emailInput.toLowerCase();
  await throttle(ctx, limiter, [[`reset:ip:${ctx.ip}`, RESET_REQUESTS_PER_IP]]);
  const perAccount = await limiter.hit(`reset:acct:${email}`, windowMs(ctx));
  const user = await findUserByEmail(db, email);
  if (user && user.status === 'Active' && perAccount <= RESET_REQUESTS_PER_ACCOUNT) {
    const link = await issueResetLink(ctx, user.id, config.RESET_TOKEN_MINUTES);
    await ctx.sendMail({
      to: user.email,
      subject: 'Reset your CarePoint password',
      body:
        `Hello ${user.firstName},\n\nSomeone asked to reset the password of your CarePoint account.\n` +
        `Open this link within ${config.RESET_TOKEN_MINUTES} minutes to choose a new password:\n\n${link}\n\n` +
        'If it was not you, ignore this message: your password stays as it is.',
    });
    await audit(ctx, {
      action: 'auth.password.reset_requested',
      entityType: 'user',
      entityId: user.id,
      actor: { id: user.id, role: user.role, email },
    });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

/** Single use: the token is claimed by a conditional update, so two concurrent uses cannot both succeed. */
export async function resetPassword(ctx: ServiceContext, input: ResetPassword) {
  const { db } = ctx;
  const now = ctx.now();
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
    await audit(inTransaction(ctx, tx), {
      action: 'auth.password.reset',
      entityType: 'user',
      entityId: claimed.userId,
      actor: { id: claimed.userId },
    });
  });
  return { ok: true as const };
}

/** Checks the current password, stores the new one and ends the user's sessions but `keepSession`. */
export async function changePassword(
  ctx: ServiceContext,
  limiter: RateLimiter,
  userId: string,
  input: ChangePassword,
  keepSession?: string,
) {
  const { db } = ctx;
  await throttle(ctx, limiter, [[`change-password:${userId}`, ctx.config.LOGIN_MAX_FAILURES * 2]]);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(MESSAGES.currentPasswordWrong, 'currentPassword');
  }
  if (input.newPassword === input.currentPassword) {
    throw badRequest('New password must be different from the current one', 'newPassword');
  }
  const now = ctx.now();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, now, keepSession);
    await audit(inTransaction(ctx, tx), {
      action: 'auth.password.changed',
      entityType: 'user',
      entityId: userId,
    });
  });
  return { ok: true as const };
}

// ---------------------------------------------------------------- links that set a password

/** Stores a single-use reset token valid for `minutes` and answers the link that uses it. */
async function issueResetLink(ctx: ServiceContext, userId: string, minutes: number): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await ctx.db.insert(passwordResets).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  });
  return `${ctx.config.publicUrl}/reset-password?token=${token}`;
}

/** A welcome link lives longer than a reset link: the patient may read the mail days after the visit was booked. */
export const WELCOME_LINK_DAYS = 7;

/**
 * A patient account that staff made for someone (the doctor's Add new Appointment dialog) has
 * no password anyone knows: its owner gets a reset link, worded as a welcome, to choose one.
 */
export async function sendWelcomeLink(
  ctx: ServiceContext,
  user: { id: string; email: string; firstName: string },
  bookedBy: string,
) {
  const link = await issueResetLink(ctx, user.id, WELCOME_LINK_DAYS * 24 * 60);
  await ctx.sendMail({
    to: user.email,
    subject: 'Welcome to CarePoint: set your password',
    body:
      `Hello ${user.firstName},\n\n${bookedBy} booked an appointment for you at CarePoint and made ` +
      'you an account with this e-mail address, so you can see your appointments online.\n' +
      `Open this link within ${WELCOME_LINK_DAYS} days to choose your password:\n\n${link}\n\n` +
      'After that, use "Forgot Password" on the sign-in page to get a new link.',
  });
  await audit(ctx, {
    action: 'auth.password.welcome_sent',
    entityType: 'user',
    entityId: user.id,
    patientId: user.id,
  });
}

/** Profile pictures' URLs, for lists that show people (the doctor's appointments). */
export { userImageUrl } from './users';
