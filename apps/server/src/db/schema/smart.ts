import { SMART_APP_KINDS } from '@carepoint/contract';
import { index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';

/*
 * SMART on FHIR (docs/fhir.md "SMART on FHIR", decision 0020): registered apps, authorization
 * codes, grants (one per consent: what "Connected apps" lists and revokes), access and refresh
 * tokens (only their SHA-256 is stored), the key that signs id_tokens, and the backend
 * services' assertion ids already used.
 */

export const smartAppKind = pgEnum('smart_app_kind', SMART_APP_KINDS);
export const smartTokenKind = pgEnum('smart_token_kind', ['access', 'refresh']);

/** An app an administrator registered; its id is its OAuth client_id. */
export const smartApps = pgTable('smart_apps', {
  id: id(),
  name: text().notNull(),
  kind: smartAppKind().notNull(),
  redirectUris: text().array().notNull().default([]),
  scopes: text().array().notNull(),
  /** Confidential apps: the SHA-256 of the client secret (shown once at registration). */
  secretHash: text(),
  /** Backend services: where their public keys are, or the keys themselves. */
  jwksUrl: text(),
  jwks: jsonb(),
  disabledAt: timestamp({ withTimezone: true }),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Each row belongs to an app and goes with it. */
const appRef = () =>
  uuid()
    .notNull()
    .references(() => smartApps.id, { onDelete: 'cascade' });
/** … and to a user, and goes with them. */
const userRef = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A code waiting to be exchanged: single use (usedAt is set atomically) and short-lived. */
export const smartAuthorizationCodes = pgTable(
  'smart_authorization_codes',
  {
    codeHash: text().primaryKey(),
    appId: appRef(),
    userId: userRef(),
    redirectUri: text().notNull(),
    scopes: text().array().notNull(),
    patientId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    codeChallenge: text().notNull(),
    nonce: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('smart_codes_expires_idx').on(t.expiresAt)],
);

/** One consent of a user to an app: its tokens live and die with it. */
export const smartGrants = pgTable(
  'smart_grants',
  {
    id: id(),
    appId: appRef(),
    userId: userRef(),
    patientId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    scopes: text().array().notNull(),
    /** The SHA-256 of the authorization code that started it: a replayed code ends the grant (RFC 6749 §4.1.2). */
    codeHash: text(),
    /** The last moment a token of the grant holds (its refresh token's end, or its access token's). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('smart_grants_user_idx').on(t.userId, t.createdAt),
    index('smart_grants_code_idx').on(t.codeHash),
  ],
);

/** Access and refresh tokens by hash; a backend service's access token has no grant and no user. */
export const smartTokens = pgTable(
  'smart_tokens',
  {
    tokenHash: text().primaryKey(),
    kind: smartTokenKind().notNull(),
    appId: appRef(),
    grantId: uuid().references(() => smartGrants.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    scopes: text().array().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('smart_tokens_grant_idx').on(t.grantId), index('smart_tokens_expires_idx').on(t.expiresAt)],
);

/** The server's id_token signing key, made on first use and kept here (decision 0020). */
export const smartSigningKeys = pgTable('smart_signing_keys', {
  kid: text().primaryKey(),
  privateJwk: jsonb().notNull(),
  publicJwk: jsonb().notNull(),
  createdAt: createdAt(),
});

/** Backend services' assertion ids (jti), so a signed assertion is accepted once. */
export const smartAssertionIds = pgTable(
  'smart_assertion_ids',
  {
    appId: appRef(),
    jti: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.jti] })],
);
