import { DIABETES_STATUSES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

export const diabetesStatus = pgEnum('diabetes_status', DIABETES_STATUSES);

/** Kinds of diagnostic test (Haematology, Clinical Chemistry, ...): reference data; names unique in any case. */
export const diagnosisCategories = pgTable(
  'diagnosis_categories',
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('diagnosis_categories_name_key').on(sql`lower(${t.name})`),
    index('diagnosis_categories_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * A patient's diagnosis test, recorded by a doctor. The report number comes from the yearly
 * sequence 'diagnosis' and is never reused. Measurements are in the contract's DIAGNOSIS_RANGES
 * units, one column each. Accounts and categories in use cannot be deleted from under a test.
 */
export const diagnosisTests = pgTable(
  'diagnosis_tests',
  {
    id: id(),
    reportNumber: text().notNull(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    doctorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    categoryId: uuid()
      .notNull()
      .references(() => diagnosisCategories.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    age: smallint(),
    height: numeric({ precision: 4, scale: 1, mode: 'number' }),
    weight: numeric({ precision: 5, scale: 1, mode: 'number' }),
    averageGlucose: smallint(),
    bloodSugar: smallint(),
    /** The spec's "urinSugar": urine glucose. */
    urinSugar: smallint('urine_sugar'),
    systolic: smallint(),
    diastolic: smallint(),
    diabetes: diabetesStatus(),
    cholesterol: smallint(),
    /** The doctor chose to show it to the patient (My Results, their FHIR record); not until then. */
    sharedWithPatient: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('diagnosis_tests_report_number_key').on(t.reportNumber),
    // The list's default order: newest first, then id (the tie-breaker).
    index('diagnosis_tests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('diagnosis_tests_patient_idx').on(t.patientId, t.createdAt),
    index('diagnosis_tests_doctor_idx').on(t.doctorId, t.createdAt),
    index('diagnosis_tests_category_idx').on(t.categoryId),
    // The list's search: substrings of the test name and the report number ("000042").
    index('diagnosis_tests_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('diagnosis_tests_report_number_trgm_idx').using('gin', sql`${t.reportNumber} gin_trgm_ops`),
  ],
);

/** The test's extra name/value properties, in the order entered. */
export const diagnosisTestProperties = pgTable(
  'diagnosis_test_properties',
  {
    testId: uuid()
      .notNull()
      .references(() => diagnosisTests.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    name: text().notNull(),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.position] })],
);
