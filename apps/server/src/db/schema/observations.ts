import { CONSCIOUSNESS_LEVELS, NEWS2_RISKS } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { vitalSigns } from './clinical';
import { createdAt, id, updatedAt } from './columns';
import { stays } from './stays';

export const consciousnessLevel = pgEnum('consciousness_level', CONSCIOUSNESS_LEVELS);
export const news2Risk = pgEnum('news2_risk', NEWS2_RISKS);

/**
 * One set of ward observations of an admitted stay, and the NEWS2 it scored (the contract's
 * `news2`, stored as computed when recorded). The measured values live in the set's vital_signs row
 * (source 'ward'), so the chart's trends and FHIR's vital-sign Observations read them like any
 * other measurement; this row adds what only NEWS2 needs. A set is never changed.
 */
export const observationSets = pgTable(
  'observation_sets',
  {
    id: id(),
    stayId: uuid()
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vitalSignsId: uuid()
      .notNull()
      .unique()
      .references(() => vitalSigns.id, { onDelete: 'cascade' }),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp({ withTimezone: true }).notNull(),
    spo2Scale: smallint().notNull(),
    onOxygen: boolean().notNull(),
    consciousness: consciousnessLevel().notNull(),
    score: smallint().notNull(),
    risk: news2Risk().notNull(),
    /** A total of 5 or more or a single parameter scoring 3: the doctor in charge was alerted. */
    alertsDoctor: boolean().notNull(),
    createdAt: createdAt(),
    /** Kept by the database like every table behind a FHIR resource (Observation.meta). */
    updatedAt: updatedAt(),
  },
  (t) => [
    // A stay's sets newest first (its list, and the latest score of each bed on a ward board).
    index('observation_sets_stay_taken_idx').on(t.stayId, t.takenAt.desc(), t.id.desc()),
    // FHIR searches by patient, newest first.
    index('observation_sets_patient_taken_idx').on(t.patientId, t.takenAt.desc()),
    index('observation_sets_taken_idx').on(t.takenAt.desc(), t.id),
    check('observation_sets_spo2_scale', sql`${t.spo2Scale} in (1, 2)`),
    check('observation_sets_score_range', sql`${t.score} between 0 and 20`),
  ],
);

/**
 * An alert for the doctor in charge, raised by a set that alerts (see above), open until a doctor
 * acknowledges it. A stay has at most one open alert: a later alerting set moves the open one to
 * its score and time (the partial unique index keeps that true under parallel recordings).
 */
export const observationAlerts = pgTable(
  'observation_alerts',
  {
    id: id(),
    stayId: uuid()
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    /** The latest set that triggered it. */
    observationSetId: uuid()
      .notNull()
      .references(() => observationSets.id, { onDelete: 'cascade' }),
    score: smallint().notNull(),
    risk: news2Risk().notNull(),
    raisedAt: timestamp({ withTimezone: true }).notNull(),
    takenAt: timestamp({ withTimezone: true }).notNull(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    acknowledgedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('observation_alerts_open_unique').on(t.stayId).where(sql`${t.acknowledgedAt} is null`),
    index('observation_alerts_stay_idx').on(t.stayId, t.raisedAt),
    check(
      'observation_alerts_acknowledged_by',
      sql`${t.acknowledgedAt} is not null or ${t.acknowledgedBy} is null`,
    ),
  ],
);
