import type { DischargeMedicine } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { users } from './auth';
import { bytea, createdAt, id, updatedAt } from './columns';
import { stays } from './stays';

/** A secondary diagnosis as stored: the ICD-10-CM code and its title when chosen (or none), and the wording. */
export interface StoredDiagnosis {
  code: string | null;
  title: string | null;
  text: string;
}

/**
 * The discharge summary of a stay (one per stay), written by a doctor: a draft saved as often as
 * needed, then signed. Signing stores the PDF as signed (`pdf`), which the patient downloads and
 * FHIR's DocumentReference carries; after that the row is final (a trigger refuses any change but
 * the follow-up appointment's link being cleared when that appointment is removed).
 */
export const dischargeSummaries = pgTable(
  'discharge_summaries',
  {
    id: id(),
    stayId: uuid()
      .notNull()
      .references(() => stays.id, { onDelete: 'restrict' }),
    /** The doctor who saved it last. */
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The principal diagnosis in ICD-10-CM with its title when chosen (decision 0031), and the wording. */
    principalCode: text(),
    principalTitle: text(),
    principalText: text(),
    secondaryDiagnoses: jsonb().$type<StoredDiagnosis[]>().notNull().default([]),
    procedures: text(),
    course: text(),
    medicines: jsonb().$type<DischargeMedicine[]>().notNull().default([]),
    followUpInstructions: text(),
    /**
     * Recorded allergies a listed medicine matches, which the author was warned of and confirmed
     * at their last save (as prescriptions and medication orders keep theirs); empty: none.
     */
    acknowledgedAllergies: text().array().notNull().default(sql`'{}'::text[]`),
    allergiesAcknowledgedAt: timestamp({ withTimezone: true }),
    /** The follow-up booked through the appointments' booking (its schedule rules and locks). */
    followUpAppointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    signedById: uuid().references(() => users.id, { onDelete: 'restrict' }),
    signedAt: timestamp({ withTimezone: true }),
    /** The PDF as signed: every copy the patient or another system gets is this one. */
    pdf: bytea(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discharge_summaries_stay_unique').on(t.stayId),
    index('discharge_summaries_signed_idx').on(t.signedAt),
    index('discharge_summaries_updated_idx').on(t.updatedAt),
    index('discharge_summaries_follow_up_idx').on(t.followUpAppointmentId),
    check(
      'discharge_summaries_principal_code',
      sql`(${t.principalCode} is null) = (${t.principalTitle} is null)`,
    ),
    check(
      'discharge_summaries_allergies_acknowledged',
      sql`(cardinality(${t.acknowledgedAllergies}) = 0) = (${t.allergiesAcknowledgedAt} is null)`,
    ),
    check(
      'discharge_summaries_signed',
      sql`(${t.signedAt} is null) = (${t.signedById} is null) and (${t.signedAt} is null) = (${t.pdf} is null)`,
    ),
  ],
);
