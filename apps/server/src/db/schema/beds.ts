import { BED_STATUSES, WARD_KINDS, WARD_SEX_RULES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

export const wardKind = pgEnum('ward_kind', WARD_KINDS);
export const wardSexRule = pgEnum('ward_sex_rule', WARD_SEX_RULES);

/** A ward holds beds; one of them is the default ward, where beds that name no ward go. */
export const wards = pgTable(
  'wards',
  {
    id: id(),
    name: text().notNull(),
    kind: wardKind().notNull().default('General'),
    sexRule: wardSexRule().notNull().default('Mixed'),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Names are unique regardless of case, like bed labels.
    uniqueIndex('wards_name_unique').on(sql`lower(${t.name})`),
    index('wards_name_idx').on(t.name),
    index('wards_kind_idx').on(t.kind, t.name),
    index('wards_updated_idx').on(t.updatedAt),
    // At most one default ward.
    uniqueIndex('wards_default_unique').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

export const bedStatus = pgEnum('bed_status', BED_STATUSES);

/**
 * A bed lies in one ward and is Free, Occupied, Reserved or Cleaning; an Occupied or Reserved
 * bed may name its patient, who then counts as Inpatient (Occupied) or expected (Reserved).
 */
export const beds = pgTable(
  'beds',
  {
    id: id(),
    label: text().notNull(),
    status: bedStatus().notNull().default('Free'),
    patientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // Restrict: a ward with beds is never removed under them. A bed written without a ward goes
    // to the default ward (default_ward_id(), made by the wards migration).
    wardId: uuid()
      .notNull()
      .default(sql`default_ward_id()`)
      .references(() => wards.id, { onDelete: 'restrict' }),
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
    // The ward filter and the wards' bed counts.
    index('beds_ward_idx').on(t.wardId, t.label),
    // Free and Cleaning beds never name a patient, whatever writes them (as text: the migration
    // adds 'Reserved' to the enum in the same transaction, where the new value cannot be cast yet).
    check(
      'beds_patient_only_when_held',
      sql`${t.patientId} is null or ${t.status}::text in ('Occupied', 'Reserved')`,
    ),
  ],
);
