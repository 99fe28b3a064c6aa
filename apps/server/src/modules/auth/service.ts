import type { loginSchema, registerPatientSchema } from '@carepoint/contract';
import {
  type ChangePassword,
  type LoginInput,
  MESSAGES,
  type RegisterPatient,
  type ResetPassword,
  type User,
} from '@carepoint/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { passwordResets, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, badRequest, conflict, signedIn } from '../../lib/errors';
import { decoyPasswordHash, hashNewPassword, oneTimePassword, verifyPassword } from '../../lib/passwords';
import { type RateLimits, takeEach } from '../../lib/rate-limits';
import { createSession, revokeSession, revokeUserSessions } from '../../lib/sessions';
import { hashToken, newToken } from '../../lib/tokens';
import { revokeUserAccess } from '../smart';
import { findUserByEmail, loadPublicUser } from './users';

/** Other sign-in methods (passkeys) answer a completed sign-in as the password's does. */
/** Other modules read an account's public view through this service. */
export { loadPublicUser };

type Login = z.output<typeof loginSchema>;
type Registration = z.output<typeof registerPatientSchema>;

/*
 * Password checks are rate limited per HTTP client, so the services that check passwords take
 * the app's rate limits as their second parameter; nothing that is not an HTTP client (the
 * seed, the CLI) has to be limited. Per-address request limits of the public forms are on
 * their routes (@fastify/rate-limit).
 */

/** Reset links mailed per account and window, whoever asks: more requests are answered alike, unmailed. */
const RESET_MAILS_PER_ACCOUNT = 3;

export const loginWindowMs = (config: ServiceContext['config']) => config.LOGIN_WINDOW_MINUTES * 60_000;

/**
 * Takes one password check before the password (or a second factor's code, which counts
 * alike) is checked, so that however many requests arrive
 * at once, at most the configured number of checks run per window; the caller gives it back when
 * the password was right. From a browser holding a device cookie of the account (`deviceId`, see
 * device-cookies.ts) the checks are counted against that browser only. From any other browser,
 * per account and address (LOGIN_MAX_FAILURES), per account from all such browsers together
 * (LOGIN_MAX_FAILURES_PER_ACCOUNT, against guessing from many addresses) and per address
 * (LOGIN_MAX_FAILURES_PER_ADDRESS, against spraying many accounts). So a guesser who knows an
 * e-mail can lock out unknown browsers at most, never the owner's usual one.
 */
export function takePasswordCheck(ctx: ServiceContext, limits: RateLimits, email: string, deviceId?: string) {
  const { config } = ctx;
  return takeEach(
    limits,
    loginWindowMs(config),
    deviceId
      ? [[`password:device:${email}:${deviceId}`, config.LOGIN_MAX_FAILURES]]
      : [
          [`password:account-address:${email}:${ctx.ip}`, config.LOGIN_MAX_FAILURES],
          [`password:account:${email}`, config.LOGIN_MAX_FAILURES_PER_ACCOUNT],
          [`password:address:${ctx.ip}`, config.LOGIN_MAX_FAILURES_PER_ADDRESS],
        ],
  );
}

/** Sign-up mails to an address that already has an account, per window: more attempts are answered alike, unmailed. */
const SIGNUP_MAILS_PER_ACCOUNT = 3;

/**
 * Registers a patient, answering the same whether or not the e-mail already has an account, so
 * that sign-up does not tell who is a patient here (sign-in and reset do not either). The
 * password is checked and hashed either way, so the time taken tells nothing; when the address
 * is taken, nothing is written and the answer is the id of the existing account, whose owner
 * the route then mails (after answering) with `warnAccountOwner`.
 */
export async function registerPatient(
  ctx: ServiceContext,
  input: Registration | RegisterPatient,
): Promise<{ existingUserId?: string }> {
  const { db } = ctx;
  const email = input.email.toLowerCase();
  const passwordHash = await hashNewPassword(input.password, 'password');
  const existing = await findUserByEmail(db, email);
  if (existing) return { existingUserId: existing.id };
  return db.transaction(async (tx) => {
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
        gender: input.gender,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    // Taken by a sign-up running at the same moment: answered like any taken address.
    if (!row) {
      const raced = await findUserByEmail(tx, email);
      return raced ? { existingUserId: raced.id } : {};
    }
    await audit(inTransaction(ctx, tx), {
      action: 'auth.register',
      entityType: 'user',
      entityId: row.id,
      patientId: row.id,
      actor: { id: row.id, role: 'patient', email },
    });
    return {};
  });
}

/**
 * Tells the owner of an address that someone tried to sign up with it (at most
 * SIGNUP_MAILS_PER_ACCOUNT a window, so sign-ups cannot flood an inbox).
 */
export async function warnAccountOwner(ctx: ServiceContext, limits: RateLimits, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  const { count } = await limits.hit(
    `signup-mail:account:${user.email}`,
    SIGNUP_MAILS_PER_ACCOUNT,
    loginWindowMs(ctx.config),
  );
  await audit(ctx, {
    action: 'auth.register.existing_email',
    entityType: 'user',
    entityId: user.id,
    actor: { id: null, role: null, email: user.email },
  });
  if (count > SIGNUP_MAILS_PER_ACCOUNT) return;
  await ctx.sendMail({
    to: user.email,
    subject: 'Someone tried to create a CarePoint account with your address',
    body:
      `Hello ${user.firstName},\n\nSomeone tried to create a CarePoint account with this e-mail address, ` +
      'which already has an account. No new account was made.\n\n' +
      `If it was you, sign in at ${ctx.config.publicUrl}/login, or reset your password at ` +
      `${ctx.config.publicUrl}/forgot-password if you have forgotten it.\n\n` +
      'If it was not you, ignore this message: your account is unchanged.',
  });
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
  const password = input.password ?? (await oneTimePassword());
  const passwordHash = await hashNewPassword(password, 'password');
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
  const user = await loadPublicUser(ctx, id);
  return input.password === undefined ? { user, oneTimePassword: password } : { user };
}

/**
 * The password step of every sign-in. Same answer for an unknown e-mail and a wrong password.
 * Failures are counted per account and per address, successes are not (their check is given
 * back): a ward of staff signing in behind one address at shift change must not lock itself
 * out, while guessing across accounts from one address still is. Gives the account; opening a
 * session is `openSession`'s (after a second factor, when the account has one).
 */
export async function checkPassword(
  ctx: ServiceContext,
  limits: RateLimits,
  input: Pick<Login | LoginInput, 'email' | 'password'>,
  client: { deviceId?: string | undefined } = {},
) {
  const { db } = ctx;
  const email = input.email.toLowerCase();
  const check = await takePasswordCheck(ctx, limits, email, client.deviceId);
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await audit(ctx, {
      action: 'auth.login.failed',
      entityType: 'user',
      entityId: user?.id,
      actor: { id: user?.id ?? null, role: user?.role ?? null, email },
      details: { reason: user ? 'wrong password' : 'unknown email' },
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  await check.giveBack();
  await refuseInactive(ctx, user);
  return user;
}

/** An account that is not Active signs in by no method. */
export async function refuseInactive(
  ctx: ServiceContext,
  user: { id: string; role: string; email: string; status: string },
) {
  if (user.status === 'Active') return;
  await audit(ctx, {
    action: 'auth.login.failed',
    entityType: 'user',
    entityId: user.id,
    actor: { id: user.id, role: user.role, email: user.email },
    details: { reason: 'account inactive' },
  });
  throw new AppError(
    401,
    'ACCOUNT_INACTIVE',
    'This account has been deactivated. Please contact your administrator.',
  );
}

/**
 * Opens a session for an account whose sign-in is complete, by whatever method (`method`, kept
 * in the audit row): every way of signing in ends here, so sessions, their audit and what
 * follows a sign-in are the same for all.
 */
export async function openSession(
  ctx: ServiceContext,
  user: { id: string; role: string; email: string },
  options: {
    persistent: boolean;
    userAgent?: string | undefined;
    method: 'password' | 'totp' | 'recovery-code' | 'passkey';
  },
) {
  const { db, config } = ctx;
  const session = await createSession(db, config, {
    userId: user.id,
    persistent: options.persistent,
    ip: ctx.ip,
    userAgent: options.userAgent,
    now: ctx.now(),
  });
  await audit(ctx, {
    action: 'auth.login',
    entityType: 'user',
    entityId: user.id,
    actor: { id: user.id, role: user.role, email: user.email },
    details: { rememberMe: options.persistent, method: options.method },
  });
  return { user: await loadPublicUser(ctx, user.id), ...session, persistent: options.persistent };
}

/** Ends the session behind the caller's token, if there is one. */
export async function logout(ctx: ServiceContext, sessionTokenHash: string | null) {
  if (!sessionTokenHash) return;
  await revokeSession(ctx.db, sessionTokenHash, ctx.now());
  await audit(ctx, { action: 'auth.logout', entityType: 'user', entityId: ctx.actor?.id });
}

/**
 * Mails a single-use reset link to an active account, at most RESET_MAILS_PER_ACCOUNT a window.
 * The route answers FORGOT_PASSWORD_ANSWER first and runs this after: the answer is the same,
 * and takes the same time, whether or not the account exists.
 */
export async function sendPasswordReset(ctx: ServiceContext, limits: RateLimits, emailInput: string) {
  const { db, config } = ctx;
  const email = emailInput.toLowerCase();
  const { count } = await limits.hit(
    `reset-mail:account:${email}`,
    RESET_MAILS_PER_ACCOUNT,
    loginWindowMs(config),
  );
  const user = await findUserByEmail(db, email);
  if (user && user.status === 'Active' && count <= RESET_MAILS_PER_ACCOUNT) {
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
}

/** Single use: the token is claimed by a conditional update, so two concurrent uses cannot both succeed. */
export async function resetPassword(ctx: ServiceContext, input: ResetPassword) {
  const { db } = ctx;
  const now = ctx.now();
  const passwordHash = await hashNewPassword(input.password, 'password');
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
    await revokeUserAccess(tx, claimed.userId, now);
    await audit(inTransaction(ctx, tx), {
      action: 'auth.password.reset',
      entityType: 'user',
      entityId: claimed.userId,
      actor: { id: claimed.userId },
    });
  });
  return { ok: true as const };
}

/** Checks the current password, stores the new one and ends the user's sessions but `keepSession`, and their apps' grants. */
export async function changePassword(
  ctx: ServiceContext,
  limits: RateLimits,
  input: ChangePassword,
  keepSession?: string,
) {
  const { db } = ctx;
  const userId = signedIn(ctx.actor).id;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw badRequest(MESSAGES.currentPasswordWrong, 'currentPassword');
  // Checking the current password is guessing it too: it takes from the account's sign-in checks.
  const check = await takePasswordCheck(ctx, limits, user.email);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(MESSAGES.currentPasswordWrong, 'currentPassword');
  }
  await check.giveBack();
  if (input.newPassword === input.currentPassword) {
    throw badRequest('New password must be different from the current one', 'newPassword');
  }
  const now = ctx.now();
  const passwordHash = await hashNewPassword(input.newPassword, 'newPassword');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, now, keepSession);
    // Apps the person allowed may be the thief's: a new password ends their grants too.
    await revokeUserAccess(tx, userId, now);
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
const WELCOME_LINK_DAYS = 7;

/** What the account is for, as the welcome mail says it. */
const ACCOUNT_USE = {
  patient: 'so you can see your appointments online',
  staff: 'so you can sign in to your area of CarePoint',
} as const;

/**
 * An account someone else made (the doctor's Add new Appointment dialog and the front desk's
 * registration make patients; an admin's Add Nurse makes a nurse) has no password anyone knows:
 * its owner gets a reset link, worded as a welcome, to choose one. `why` says who made the
 * account, e.g. "Dr Ada Okafor booked an appointment for you at CarePoint and made".
 */
export async function sendWelcomeLink(
  ctx: ServiceContext,
  user: { id: string; email: string; firstName: string },
  why: string,
  account: keyof typeof ACCOUNT_USE = 'patient',
) {
  const link = await issueResetLink(ctx, user.id, WELCOME_LINK_DAYS * 24 * 60);
  await ctx.sendMail({
    to: user.email,
    subject: 'Welcome to CarePoint: set your password',
    body:
      `Hello ${user.firstName},\n\n${why} ` +
      `you an account with this e-mail address, ${ACCOUNT_USE[account]}.\n` +
      `Open this link within ${WELCOME_LINK_DAYS} days to choose your password:\n\n${link}\n\n` +
      'After that, use "Forgot Password" on the sign-in page to get a new link.',
  });
  await audit(ctx, {
    action: 'auth.password.welcome_sent',
    entityType: 'user',
    entityId: user.id,
    ...(account === 'patient' ? { patientId: user.id } : {}),
  });
}

/** Profile pictures' URLs, for lists that show people (the doctor's appointments). */
