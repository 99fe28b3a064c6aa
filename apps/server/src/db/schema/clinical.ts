import { BLOOD_GROUPS, VITAL_SOURCES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { index, numeric, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { id, updatedAt } from './columns';
import { department, erEntries, queueEntries, triageLevel } from './emergency';

export const bloodGroup = pgEnum('blood_group', BLOOD_GROUPS);
export const vitalSource = pgEnum('vital_source', VITAL_SOURCES);

/** A patient's standing medical details, kept by doctors (one row per patient, created on first edit). */
export const patientMedicalDetails = pgTable('patient_medical_details', {
  patientId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bloodGroup: bloodGroup(),
  treatment: text(),
  ongoingSurgeries: text(),
  /** Recorded allergies (medicines, foods); prescriptions are checked against them. */
  allergies: text().array().notNull().default(sql`'{}'::text[]`),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * Vital signs as measured, newest last: a history, never overwritten. The chart shows the latest
 * value of each; triage writes one row per intake. Units are the contract's VITAL_RANGES units.
 */
export const vitalSigns = pgTable(
  'vital_signs',
  {
    id: id(),
    /** Null only for a triage of someone who has no account yet (a name given at the door). */
    patientId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    source: vitalSource().notNull(),
    heartRate: smallint(),
    systolic: smallint(),
    diastolic: smallint(),
    temperature: numeric({ precision: 4, scale: 1, mode: 'number' }),
    respiratoryRate: smallint(),
    oxygenSaturation: smallint(),
    weight: numeric({ precision: 5, scale: 1, mode: 'number' }),
    height: numeric({ precision: 4, scale: 1, mode: 'number' }),
    bloodGlucose: smallint(),
    /** Kept by the database like every table behind a FHIR resource (Observation.meta). */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vital_signs_patient_recorded_idx').on(t.patientId, t.recordedAt.desc()),
    // FHIR Observation searches across patients (staff: by date, or the newest of a code), in their order.
    index('vital_signs_recorded_idx').on(t.recordedAt.desc(), t.id),
  ],
);

/**
 * A triage intake: the vitals, the contract's score and priority, and where the patient was
 * placed. `department` differs from `suggestedDepartment` only with a stated `routingReason`.
 */
export const triageAssessments = pgTable(
  'triage_assessments',
  {
    id: id(),
    patientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    patientName: text().notNull(),
    complaint: text().notNull().default(''),
    vitalSignsId: uuid().references(() => vitalSigns.id, { onDelete: 'set null' }),
    score: smallint().notNull(),
    priority: triageLevel().notNull(),
    suggestedDepartment: department().notNull(),
    department: department().notNull(),
    routingReason: text(),
    erEntryId: uuid().references(() => erEntries.id, { onDelete: 'set null' }),
    queueEntryId: uuid().references(() => queueEntries.id, { onDelete: 'set null' }),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('triage_recorded_idx').on(t.recordedAt),
    index('triage_patient_idx').on(t.patientId, t.recordedAt),
    // A doctor's own intakes of a day (the intake screen's list, the profile page's count).
    index('triage_recorder_idx').on(t.recordedBy, t.recordedAt),
  ],
);
