import { BILLABLE_SERVICE_KINDS, MARKUP_BASES, PAYER_KINDS } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { wardKind } from './beds';
import { createdAt, id, updatedAt } from './columns';
import { medicines } from './formulary';
import { labTests } from './lab';

export const payerKind = pgEnum('payer_kind', PAYER_KINDS);
export const billableServiceKind = pgEnum('billable_service_kind', BILLABLE_SERVICE_KINDS);
export const markupBase = pgEnum('markup_base', MARKUP_BASES);

/**
 * Who pays (docs/areas/billing.md): self-pay (exactly one, made by migration 0062, never
 * inactive), NHIA (at most one) and the HMOs. A payer's price list is its rows in service_prices
 * and its markup rule here. Never deleted: coverage, charges and claims will name it.
 */
export const payers = pgTable(
  'payers',
  {
    id: id(),
    kind: payerKind().notNull(),
    name: text().notNull(),
    /** The payer's own code (NHIA's scheme code, an HMO's code on its claim forms). */
    code: text(),
    contact: text(),
    /** Basis points over markup_base for a medicine the list sets no price for; null: no markup. */
    markupBp: integer(),
    markupBase: markupBase().notNull().default('unit-cost'),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payers_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('payers_code_unique').on(sql`lower(${t.code})`),
    // Exactly one self-pay (the migration makes it) and at most one NHIA.
    uniqueIndex('payers_one_self_pay').on(t.kind).where(sql`${t.kind} = 'self-pay'`),
    uniqueIndex('payers_one_nhia').on(t.kind).where(sql`${t.kind} = 'nhia'`),
    check('payers_self_pay_active', sql`${t.kind} <> 'self-pay' or ${t.active}`),
    check('payers_markup', sql`${t.markupBp} is null or ${t.markupBp} between 0 and 100000`),
  ],
);

/**
 * The catalogue of what the hospital charges for. A consultation kind, a procedure or a report
 * has its own code and name here; a bed-day names its ward kind (one each); a lab test and a
 * medicine name their own row in lab_tests or medicines, whose code and name they show (a trigger
 * of migration 0062 gives every lab test and medicine its service row as it is added). So a
 * price row always names one service, whatever its kind.
 */
export const billableServices = pgTable(
  'billable_services',
  {
    id: id(),
    kind: billableServiceKind().notNull(),
    code: text(),
    name: text(),
    wardKind: wardKind(),
    labTestId: uuid().references(() => labTests.id, { onDelete: 'restrict' }),
    medicineId: uuid().references(() => medicines.id, { onDelete: 'restrict' }),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('billable_services_code_unique').on(sql`lower(${t.code})`),
    uniqueIndex('billable_services_ward_kind_unique').on(t.wardKind),
    uniqueIndex('billable_services_lab_test_unique').on(t.labTestId),
    uniqueIndex('billable_services_medicine_unique').on(t.medicineId),
    index('billable_services_kind_idx').on(t.kind),
    check('billable_services_bed_day', sql`(${t.kind} = 'bed-day') = (${t.wardKind} is not null)`),
    check('billable_services_lab_test', sql`(${t.kind} = 'lab-test') = (${t.labTestId} is not null)`),
    check('billable_services_medicine', sql`(${t.kind} = 'medicine') = (${t.medicineId} is not null)`),
    // Referenced rows carry their own code and name; every other service has both.
    check(
      'billable_services_named',
      sql`(${t.kind} in ('lab-test', 'medicine')) = (${t.name} is null) and (${t.kind} in ('lab-test', 'medicine') or ${t.code} is not null)`,
    ),
  ],
);

/**
 * A payer's price for a service from a date: append-only (a trigger of migration 0062 refuses
 * UPDATE and DELETE). The price in force on a day is the row with the latest effective_from on or
 * before it; a change is a new row from a later date, so past prices, and the charges made at
 * them, never move.
 */
export const servicePrices = pgTable(
  'service_prices',
  {
    id: id(),
    payerId: uuid()
      .notNull()
      .references(() => payers.id, { onDelete: 'restrict' }),
    serviceId: uuid()
      .notNull()
      .references(() => billableServices.id, { onDelete: 'restrict' }),
    /** Kobo, as every amount of money. */
    amount: bigint({ mode: 'number' }).notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One price per payer, service and day; also the index "the price in force" reads backwards.
    uniqueIndex('service_prices_unique').on(t.payerId, t.serviceId, t.effectiveFrom),
    index('service_prices_service_idx').on(t.serviceId),
    check('service_prices_amount', sql`${t.amount} >= 0`),
  ],
);
