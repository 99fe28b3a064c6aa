import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did what to which record, when: written for sign-in events and every clinical read/change. */
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
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_actor_idx').on(t.actorId, t.at),
    index('audit_patient_idx').on(t.patientId, t.at),
    index('audit_action_idx').on(t.action, t.at),
    index('audit_entity_idx').on(t.entityType, t.entityId, t.at),
  ],
);
