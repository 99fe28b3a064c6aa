import { MAIL_DELIVERIES } from '@carepoint/contract';
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const mailDelivery = pgEnum('mail_delivery', MAIL_DELIVERIES);

/** A record of every mail: to whom, what about, when and how it went; never the body (reset links). */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    delivery: mailDelivery().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Facility-wide settings (for example the target wait), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Schedule Demo requests from the landing page. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    organisation: text().notNull(),
    message: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('demo_requests_created_idx').on(t.createdAt)],
);

/**
 * Yearly numbering (diagnosis report numbers, report case IDs, invoice numbers): the last number
 * given per scope and year. Numbers are taken with one atomic upsert (lib/sequences.ts), so
 * parallel requests never share one, and a number once given is never given again.
 */
export const yearlySequences = pgTable(
  'yearly_sequences',
  {
    scope: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.year] })],
);

/**
 * Keys the server makes for itself when the environment gives none (lib/stored-secrets.ts): made
 * once, kept with the data, so a restart and every instance on the same database use the same one.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
