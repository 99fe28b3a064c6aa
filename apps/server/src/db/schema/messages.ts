import { MESSAGE_KINDS, MESSAGE_RESULTS } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

export const messageKind = pgEnum('message_kind', MESSAGE_KINDS);
export const messageResult = pgEnum('message_result', MESSAGE_RESULTS);

/**
 * Appointment e-mails to patients: the queue and the send log in one table
 * (modules/notifications). A row is queued in the transaction of the change it tells about;
 * workers claim due rows with FOR UPDATE SKIP LOCKED, so each is sent by one instance.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    /** Queued once per key: booked:<appointment>, reminder:<appointment>:<start>, ... */
    key: text().notNull(),
    kind: messageKind().notNull(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The calendar entry's SEQUENCE: how many changes of the appointment were told before this one. */
    sequence: integer().notNull().default(0),
    result: messageResult().notNull().default('Queued'),
    /** Queued: when it is due. Sending: when the claim lapses and another worker may take it. */
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    /** The address it went to, written when a worker tries it. */
    to: text(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messages_key_unique').on(t.key),
    // The workers' claim: due rows in time order, among the few still waiting.
    index('messages_due_idx').on(t.runAt).where(sql`result in ('Queued', 'Sending')`),
    index('messages_created_idx').on(t.createdAt, t.id),
    index('messages_result_created_idx').on(t.result, t.createdAt, t.id),
    index('messages_appointment_idx').on(t.appointmentId),
  ],
);
