import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Who did what to which record, when: written for sign-in events and every clinical read/change.
 * Rows cannot be changed or deleted (triggers; only the retention purge removes old rows), and
 * each carries its place in one hash chain, assigned by the database on insert (migration 0023,
 * docs/security.md "The audit trail").
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid(),
    actorRole: text(),
    actorEmail: text(),
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    patientId: uuid(),
    ip: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    /** The row's place in the chain (set by the database). */
    seq: bigint({ mode: 'number' }),
    /** The hash of the row before it in the chain (set by the database). */
    prevHash: text(),
    /** SHA-256 of this row's fields and prevHash (set by the database). */
    hash: text(),
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_actor_idx').on(t.actorId, t.at),
    index('audit_patient_idx').on(t.patientId, t.at),
    index('audit_action_idx').on(t.action, t.at),
    index('audit_entity_idx').on(t.entityType, t.entityId, t.at),
    uniqueIndex('audit_seq_idx').on(t.seq),
  ],
);

/**
 * The audit chain's one row: its head (the newest row's seq and hash) and its anchor (the seq and
 * hash the oldest kept row follows: all zeros until the retention purge first removes rows).
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    id: boolean().primaryKey().default(true),
    seq: bigint({ mode: 'number' }).notNull(),
    hash: text().notNull(),
    anchorSeq: bigint({ mode: 'number' }).notNull(),
    anchorHash: text().notNull(),
  },
  (t) => [check('audit_chain_one_row', sql`${t.id}`)],
);
