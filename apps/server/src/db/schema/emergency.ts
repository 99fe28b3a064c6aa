import { DEPARTMENTS, ER_STATUSES, QUEUE_STATUSES, TRIAGE_LEVELS } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

// Enums keep the contract's order, so ORDER BY triage sorts Low < Medium < High < Urgent.
export const triageLevel = pgEnum('triage_level', TRIAGE_LEVELS);
export const erStatus = pgEnum('er_status', ER_STATUSES);
export const department = pgEnum('department', DEPARTMENTS);
export const queueStatus = pgEnum('queue_status', QUEUE_STATUSES);

/** Emergency room arrivals; waits are measured from arrivedAt to seenAt (or leftAt, or now). */
export const erEntries = pgTable(
  'er_entries',
  {
    id: id(),
    patientName: text().notNull(),
    patientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    triageLevel: triageLevel().notNull(),
    status: erStatus().notNull().default('Waiting'),
    complaint: text().notNull().default(''),
    arrivedAt: timestamp({ withTimezone: true }).notNull(),
    seenAt: timestamp({ withTimezone: true }),
    leftAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('er_arrived_idx').on(t.arrivedAt),
    index('er_status_arrived_idx').on(t.status, t.arrivedAt),
    index('er_triage_arrived_idx').on(t.triageLevel, t.arrivedAt),
    index('er_patient_name_idx').on(t.patientName),
    index('er_left_idx').on(t.leftAt),
    // A patient's ER stays by arrival (FHIR Encounter search); serves the patient-only lookups too.
    index('er_patient_arrived_idx').on(t.patientId, t.arrivedAt),
    // The board's default order (service ER_ORDER): still in the ER first, most severe, Waiting
    // before In Treatment, longest waiting.
    index('er_triage_order_idx').on(
      sql`(${t.leftAt} is not null)`,
      t.triageLevel.desc().nullsFirst(),
      t.status,
      t.arrivedAt,
      t.id,
    ),
  ],
);

/**
 * Department queue entries. The ETA is stored as minutes plus the instant they were set; the
 * current ETA is derived from them (contract currentEtaMinutes), never ticked by a timer.
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: id(),
    patientName: text().notNull(),
    patientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    department: department().notNull(),
    triage: triageLevel().notNull(),
    etaMinutes: integer().notNull(),
    etaSetAt: timestamp({ withTimezone: true }).notNull(),
    status: queueStatus().notNull().default('Waiting'),
    joinedAt: timestamp({ withTimezone: true }).notNull(),
    calledAt: timestamp({ withTimezone: true }),
    calledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** When staff marked the called patient as seen, and who did. */
    seenAt: timestamp({ withTimezone: true }),
    seenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Queue order within a department: call-next and the board read it.
    index('queue_position_idx').on(t.status, t.department, t.triage.desc(), t.joinedAt),
    index('queue_status_joined_idx').on(t.status, t.joinedAt),
    index('queue_status_triage_idx').on(t.status, t.triage, t.joinedAt),
    index('queue_status_patient_idx').on(t.status, t.patientName),
    index('queue_patient_idx').on(t.patientId),
    // The board's called patients, newest call first, per department.
    index('queue_called_idx').on(t.department, t.calledAt.desc()).where(sql`${t.status} = 'Called'`),
    // A registered patient waits at most once in a department's queue.
    uniqueIndex('queue_waiting_patient_uq')
      .on(t.department, t.patientId)
      .where(sql`${t.status} = 'Waiting' and ${t.patientId} is not null`),
  ],
);
