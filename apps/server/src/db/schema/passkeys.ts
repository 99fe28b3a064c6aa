import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';

/** Passkeys (WebAuthn credentials) people sign in with (modules/passkeys, decision 0019). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id as the browser sends it (base64url); one account's alone. */
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The authenticator's signature counter as last seen (0 for authenticators that keep none). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    backedUp: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A credential registered twice would sign in to whichever row is found first.
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
  ],
);

export const webauthnPurpose = pgEnum('webauthn_purpose', ['register', 'sign-in']);

/**
 * Challenges handed to browsers for a passkey ceremony: each is used once, for its purpose
 * (adding a passkey to `userId`'s account, or signing in), before it expires. Using one deletes
 * it (DELETE ... RETURNING), so two requests with the same challenge cannot both succeed.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    purpose: webauthnPurpose().notNull(),
    /** Registration: whose passkey it will be. Sign-in: none (the passkey says who). */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check(
      'webauthn_challenges_user_for_registration',
      sql`(${t.purpose} = 'register') = (${t.userId} is not null)`,
    ),
  ],
);
