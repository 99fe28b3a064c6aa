import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Mail that was sent, or kept here for the operator when no SMTP server is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
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
