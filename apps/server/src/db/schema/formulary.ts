import { MEDICATION_ROUTES, MEDICINE_FORMS } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/*
 * The formulary on its own, apart from the stock tables: the medication round's orders name a
 * medicine and the stock ledger names a round's dose, so the medicines cannot live beside the
 * ledger without the two schema files importing each other.
 */

/** Where a medicine goes in: the formulary's medicines and the medication round's orders. */
export const medicationRoute = pgEnum('medication_route', MEDICATION_ROUTES);
export const medicineForm = pgEnum('medicine_form', MEDICINE_FORMS);

/**
 * The formulary (docs/areas/pharmacy-formulary.md): each medicine as the hospital stocks it, one
 * row per generic, strength and form ("Amoxicillin 500 mg Capsule"). Quantities everywhere in the
 * pharmacy count its dispensing unit (a tablet, a bottle, a vial). Never deleted: prescriptions,
 * batches and the ledger name it; deactivating takes it off the prescription picker.
 */
export const medicines = pgTable(
  'medicines',
  {
    id: id(),
    genericName: text().notNull(),
    brandName: text(),
    /** As the pack says it: "500 mg", "250 mg/5 mL", "20/120 mg", "1%". */
    strength: text().notNull(),
    form: medicineForm().notNull(),
    route: medicationRoute().notNull(),
    /** What one counts when stocking and dispensing it: "tablet", "bottle", "vial", "ampoule", "tube". */
    dispensingUnit: text().notNull(),
    /** Dispensing units on hand (all stores together) below which the stock screen warns. */
    reorderLevel: integer().notNull().default(0),
    /** A controlled drug (morphine, pethidine, diazepam): its register and a witness, in the slices that handle it. */
    controlled: boolean().notNull().default(false),
    /** WHO ATC, the 7-character chemical substance level ("J01CA04"), only where looked up. */
    atcCode: text(),
    active: boolean().notNull().default(true),
    /** Kobo per dispensing unit, as every amount of money; null until the price list sets it. */
    price: bigint({ mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('medicines_unique').on(sql`lower(${t.genericName})`, sql`lower(${t.strength})`, t.form),
    index('medicines_atc_idx').on(t.atcCode),
    // The prescription picker's and the admin list's substring search (migration 0057).
    index('medicines_generic_trgm_idx').using('gin', sql`${t.genericName} gin_trgm_ops`),
    index('medicines_brand_trgm_idx').using('gin', sql`${t.brandName} gin_trgm_ops`),
    index('medicines_updated_idx').on(t.updatedAt),
    check('medicines_reorder_level', sql`${t.reorderLevel} >= 0`),
    check('medicines_price', sql`${t.price} is null or ${t.price} >= 0`),
    check(
      'medicines_atc_code',
      sql`${t.atcCode} is null or ${t.atcCode} ~ '^[A-Z][0-9]{2}[A-Z]{2}[0-9]{2}$'`,
    ),
  ],
);
