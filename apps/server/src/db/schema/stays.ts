import { ADMIT_SOURCES, DISCHARGE_DISPOSITIONS, STAY_STATUSES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { beds, wards } from './beds';
import { createdAt, id, updatedAt } from './columns';
import { erEntries } from './emergency';

export const stayStatus = pgEnum('stay_status', STAY_STATUSES);
export const admitSource = pgEnum('admit_source', ADMIT_SOURCES);
export const dischargeDisposition = pgEnum('discharge_disposition', DISCHARGE_DISPOSITIONS);

/**
 * One inpatient stay, admission to discharge. `bedId` is the bed the patient lies in now (or the
 * bed reserved for a planned admission); the bed's own row names the patient too, both written
 * in one transaction. Where the patient lay before is in stay_locations.
 */
export const stays = pgTable(
  'stays',
  {
    id: id(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    wardId: uuid()
      .notNull()
      .references(() => wards.id, { onDelete: 'restrict' }),
    bedId: uuid().references(() => beds.id, { onDelete: 'set null' }),
    /** The doctor in charge (users, role doctor). */
    doctorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: stayStatus().notNull(),
    admitSource: admitSource().notNull(),
    reason: text().notNull(),
    /**
     * Admission diagnosis in ICD-10-CM (decision 0031): the code and the title it had when chosen,
     * beside the doctor's own wording.
     */
    diagnosisCode: text(),
    diagnosisTitle: text(),
    diagnosisText: text().notNull(),
    expectedDays: integer(),
    /** A planned admission's day, a facility date. */
    plannedFor: date({ mode: 'string' }),
    admittedAt: timestamp({ withTimezone: true }),
    dischargedAt: timestamp({ withTimezone: true }),
    dischargeDisposition: dischargeDisposition(),
    erEntryId: uuid().references(() => erEntries.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open stay per patient, and one open stay per bed, under any number of parallel admits.
    uniqueIndex('stays_open_patient_unique')
      .on(t.patientId)
      .where(sql`${t.status} in ('Planned', 'Admitted')`),
    uniqueIndex('stays_open_bed_unique').on(t.bedId).where(sql`${t.status} in ('Planned', 'Admitted')`),
    index('stays_ward_idx').on(t.wardId, t.status),
    index('stays_doctor_idx').on(t.doctorId, t.status),
    index('stays_patient_idx').on(t.patientId, t.createdAt),
    index('stays_admitted_idx').on(t.admittedAt),
    index('stays_discharged_idx').on(t.dischargedAt),
    index('stays_updated_idx').on(t.updatedAt),
    check('stays_diagnosis', sql`(${t.diagnosisCode} is null) = (${t.diagnosisTitle} is null)`),
    check('stays_expected_days_range', sql`${t.expectedDays} is null or ${t.expectedDays} between 1 and 365`),
    check(
      'stays_admitted_has_time',
      sql`${t.status} in ('Planned', 'Cancelled') or ${t.admittedAt} is not null`,
    ),
    check(
      'stays_discharged_has_time',
      sql`(${t.status} = 'Discharged') = (${t.dischargedAt} is not null and ${t.dischargeDisposition} is not null)`,
    ),
  ],
);

/** Where a stay's patient lay, and from when to when: the admission's bed, then each transfer. */
export const stayLocations = pgTable(
  'stay_locations',
  {
    id: id(),
    stayId: uuid()
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    wardId: uuid()
      .notNull()
      .references(() => wards.id, { onDelete: 'restrict' }),
    bedId: uuid().references(() => beds.id, { onDelete: 'set null' }),
    /** Kept so the history reads the same after a bed is renamed or removed. */
    bedLabel: text().notNull(),
    fromAt: timestamp({ withTimezone: true }).notNull(),
    toAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('stay_locations_stay_idx').on(t.stayId, t.fromAt),
    // One current place per stay.
    uniqueIndex('stay_locations_current_unique').on(t.stayId).where(sql`${t.toAt} is null`),
  ],
);
