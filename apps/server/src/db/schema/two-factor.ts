import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';

/**
 * A user's authenticator app (TOTP, RFC 6238): the secret encrypted with TOTP_ENCRYPTION_KEY
 * (lib/secret-box.ts). In use once `confirmedAt` is set by a first code; a set-up not yet
 * confirmed is replaced by the next one.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  /**
   * The time step of the last code accepted: a code is taken only for a later step, by a
   * conditional update, so a code works once even when two requests bring it at the same time.
   */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use codes for when the app is lost: only a keyed hash of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * The password step of a sign-in that needs a second factor: no session yet, a short-lived
 * single-use challenge (its SHA-256 here) that the code step names.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean().notNull().default(false),
    /** The browser's device cookie id at the password step: the code step's failures count against it alike. */
    deviceId: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  // A new challenge clears the user's spent ones (modules/two-factor/challenges.ts).
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/**
 * Wrong second-factor answers in a row, per account (modules/two-factor/lockout.ts). Each
 * attempt is counted before it is checked, by one atomic upsert, so parallel attempts cannot
 * pass the limit; the attempt that reaches it locks the second step until `lockedUntil`.
 */
export const secondFactorFailures = pgTable('second_factor_failures', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Attempts since the last success or lockout, the ones being checked included. */
  failures: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
});
