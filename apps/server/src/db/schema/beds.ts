import { BED_STATUSES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

export const bedStatus = pgEnum('bed_status', BED_STATUSES);

/** A bed is Free or Occupied; an occupied bed may name its patient, who then counts as Inpatient. */
export const beds = pgTable(
  'beds',
  {
    id: id(),
    label: text().notNull(),
    status: bedStatus().notNull().default('Free'),
    patientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Labels are unique regardless of case: "Bed 1" and "bed 1" would confuse a ward.
    uniqueIndex('beds_label_unique').on(sql`lower(${t.label})`),
    index('beds_label_idx').on(t.label),
    // One bed per patient; also serves the patients table's Inpatient lookup.
    uniqueIndex('beds_patient_unique').on(t.patientId),
    index('beds_status_idx').on(t.status, t.label),
    index('beds_updated_idx').on(t.updatedAt),
  ],
);
