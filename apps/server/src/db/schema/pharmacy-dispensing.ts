import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { medicines } from './formulary';
import { stockBatches, stockMovements } from './pharmacy';
import { prescriptionMedicines, prescriptions } from './prescriptions';

/*
 * Dispensing (docs/areas/pharmacy-dispensing.md): what the pharmacy supplied of each prescription
 * line, each visit to the counter, each item handed over (with the ledger row that took its
 * stock); each item's charge is in charges (docs/areas/billing-charges.md).
 */

/**
 * What the pharmacy supplies of one prescription line (docs/areas/pharmacy-dispensing.md): the
 * formulary medicine given, the whole course in dispensing units (set at the first dispense) and
 * how much has been handed over. The CHECK is the owed rule: never more handed over than the
 * course, whoever dispenses at the same moment (each dispense adds by a conditional UPDATE).
 */
export const dispenseLines = pgTable(
  'dispense_lines',
  {
    id: id(),
    prescriptionId: uuid()
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'restrict' }),
    prescriptionMedicineId: uuid()
      .notNull()
      .references(() => prescriptionMedicines.id, { onDelete: 'restrict' }),
    medicineId: uuid()
      .notNull()
      .references(() => medicines.id, { onDelete: 'restrict' }),
    quantityPrescribed: integer().notNull(),
    quantityDispensed: integer().notNull().default(0),
    /** Why another medicine than the prescribed one was given (null when it is the prescribed one). */
    substitutionReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dispense_lines_line_unique').on(t.prescriptionMedicineId),
    index('dispense_lines_prescription_idx').on(t.prescriptionId),
    check('dispense_lines_prescribed', sql`${t.quantityPrescribed} > 0`),
    check(
      'dispense_lines_dispensed',
      sql`${t.quantityDispensed} >= 0 and ${t.quantityDispensed} <= ${t.quantityPrescribed}`,
    ),
    check(
      'dispense_lines_substitution',
      sql`${t.substitutionReason} is null or length(trim(${t.substitutionReason})) > 0`,
    ),
  ],
);

/**
 * One visit to the pharmacy's counter: a pharmacist hands over items of a prescription, and says
 * whether they counselled the patient.
 */
export const dispenses = pgTable(
  'dispenses',
  {
    id: id(),
    prescriptionId: uuid()
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'restrict' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dispensedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dispensedAt: timestamp({ withTimezone: true }).notNull(),
    counselled: boolean().notNull(),
    /** The stock ledger's operation that took the items' stock. */
    operationId: uuid(),
  },
  (t) => [
    index('dispenses_prescription_idx').on(t.prescriptionId, t.dispensedAt),
    index('dispenses_patient_idx').on(t.patientId, t.dispensedAt),
    index('dispenses_dispensed_idx').on(t.dispensedAt),
  ],
);

/**
 * One item handed over: a quantity of one batch for one line, taken from the main store by the
 * ledger row it names (kind `dispense`). An override of the first-expiring batch carries its reason.
 */
export const dispenseItems = pgTable(
  'dispense_items',
  {
    id: id(),
    dispenseId: uuid()
      .notNull()
      .references(() => dispenses.id, { onDelete: 'restrict' }),
    dispenseLineId: uuid()
      .notNull()
      .references(() => dispenseLines.id, { onDelete: 'restrict' }),
    batchId: uuid()
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'restrict' }),
    movementId: uuid()
      .notNull()
      .references(() => stockMovements.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    overrideReason: text(),
  },
  (t) => [
    uniqueIndex('dispense_items_movement_unique').on(t.movementId),
    index('dispense_items_dispense_idx').on(t.dispenseId),
    index('dispense_items_line_idx').on(t.dispenseLineId),
    check('dispense_items_quantity', sql`${t.quantity} > 0`),
    check(
      'dispense_items_override',
      sql`${t.overrideReason} is null or length(trim(${t.overrideReason})) > 0`,
    ),
  ],
);
