import { ADMINISTRATION_OUTCOMES, SCHEDULE_KINDS } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { createdAt, id, updatedAt } from './columns';
import { medicationRoute, medicines } from './formulary';
import { stays } from './stays';

export const medicationScheduleKind = pgEnum('medication_schedule_kind', SCHEDULE_KINDS);
export const administrationOutcome = pgEnum('administration_outcome', ADMINISTRATION_OUTCOMES);

/**
 * A doctor's inpatient medication order on a stay (docs/areas/medication-round.md). Its doses
 * are computed from the schedule (times of day on the facility's clock, every N hours from the
 * start) and are not rows until a nurse records one; an as-needed order has no schedule, only
 * its limits. Stopping keeps the order and ends its doses from that moment.
 */
export const medicationOrders = pgTable(
  'medication_orders',
  {
    id: id(),
    stayId: uuid()
      .notNull()
      .references(() => stays.id, { onDelete: 'restrict' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    doctorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** As the doctor wrote it; for a formulary medicine, its name, strength and form. */
    medicine: text().notNull(),
    /** The formulary medicine picked (null: written outside it, "Not stocked": its doses take no stock). */
    medicineId: uuid().references(() => medicines.id, { onDelete: 'restrict' }),
    /** The dispensing units one dose takes from the ward's store ("1 g" of 500 mg tablets: 2). */
    unitsPerDose: integer(),
    dose: text().notNull(),
    route: medicationRoute().notNull(),
    kind: medicationScheduleKind().notNull(),
    /** 'HH:MM' times of day, sorted (kind times). */
    times: text().array().notNull().default(sql`'{}'::text[]`),
    everyHours: integer(),
    minIntervalHours: integer(),
    maxPerDay: integer(),
    controlled: boolean().notNull().default(false),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    /** Recorded allergies the doctor was warned of and ordered past. */
    acknowledgedAllergies: text().array().notNull().default(sql`'{}'::text[]`),
    stoppedAt: timestamp({ withTimezone: true }),
    stoppedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    stopReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('medication_orders_stay_idx').on(t.stayId, t.startsAt),
    index('medication_orders_patient_idx').on(t.patientId, t.createdAt),
    index('medication_orders_updated_idx').on(t.updatedAt),
    check(
      'medication_orders_schedule',
      sql`(${t.kind} = 'times' and cardinality(${t.times}) between 1 and 12)
        or (${t.kind} = 'interval' and ${t.everyHours} between 1 and 72)
        or (${t.kind} = 'prn' and ${t.minIntervalHours} between 1 and 72 and ${t.maxPerDay} between 1 and 24)`,
    ),
    check('medication_orders_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    // A formulary medicine's doses take stock, so the order says how many units each takes.
    check(
      'medication_orders_units_per_dose',
      sql`(${t.medicineId} is null) = (${t.unitsPerDose} is null) and (${t.unitsPerDose} is null or ${t.unitsPerDose} > 0)`,
    ),
    check(
      'medication_orders_stopped',
      sql`(${t.stoppedAt} is null) = (${t.stoppedBy} is null) and (${t.stoppedAt} is null) = (${t.stopReason} is null)`,
    ),
  ],
);

/**
 * One recorded dose: the scheduled time it answers (null for an as-needed dose) and what
 * happened. A scheduled dose is recorded once, whoever presses first (the unique index; NULLs
 * of as-needed doses are distinct). A dose given names its time; anything else its reason. A
 * dose given of a formulary medicine takes its units from the ward's store: its ledger rows name
 * it (stock_movements.administration_id).
 */
export const medicationAdministrations = pgTable(
  'medication_administrations',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => medicationOrders.id, { onDelete: 'restrict' }),
    scheduledFor: timestamp({ withTimezone: true }),
    outcome: administrationOutcome().notNull(),
    reason: text(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    givenAt: timestamp({ withTimezone: true }),
    recordedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    witnessId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /**
     * Given, but the ward's store held too little of the formulary medicine in date: the dose is
     * recorded all the same (the clinical record never waits for stock) and took nothing.
     */
    stockShortfall: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('medication_administrations_dose_unique').on(t.orderId, t.scheduledFor),
    // The as-needed limits count the order's doses given in the last 24 hours.
    index('medication_administrations_given_idx').on(t.orderId, t.givenAt),
    index('medication_administrations_updated_idx').on(t.updatedAt),
    check(
      'medication_administrations_outcome',
      sql`(${t.outcome} = 'Given') = (${t.givenAt} is not null) and (${t.outcome} = 'Given' or ${t.reason} is not null)`,
    ),
    check('medication_administrations_shortfall', sql`not ${t.stockShortfall} or ${t.outcome} = 'Given'`),
    check(
      'medication_administrations_witness_other',
      sql`${t.witnessId} is null or ${t.witnessId} <> ${t.recordedBy}`,
    ),
  ],
);
