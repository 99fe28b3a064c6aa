import {
  BILLABLE_SERVICE_KINDS,
  CHARGE_SOURCES,
  CHARGE_STATUSES,
  MARKUP_BASES,
  PATIENT_SHARE_KINDS,
  PAYER_KINDS,
  PRICE_BASES,
} from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { users } from './auth';
import { wardKind } from './beds';
import { createdAt, id, updatedAt } from './columns';
import { medicines } from './formulary';
import { labOrderTests, labTests } from './lab';
import { dispenseItems } from './pharmacy-dispensing';
import { stays } from './stays';

export const payerKind = pgEnum('payer_kind', PAYER_KINDS);
export const billableServiceKind = pgEnum('billable_service_kind', BILLABLE_SERVICE_KINDS);
export const markupBase = pgEnum('markup_base', MARKUP_BASES);
export const patientShareKind = pgEnum('patient_share_kind', PATIENT_SHARE_KINDS);
export const chargeSource = pgEnum('charge_source', CHARGE_SOURCES);
export const chargeStatus = pgEnum('charge_status', CHARGE_STATUSES);
export const priceBasis = pgEnum('price_basis', PRICE_BASES);

/** Kobo: bigint read as a JS number; every amount stays below 2^53. */
export const kobo = () => bigint({ mode: 'number' });

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

/**
 * A patient's cover by NHIA or an HMO (docs/areas/billing-coverage.md): the plan, the member
 * number on the payer's card, the days it is valid and the share the patient pays. Care on a day
 * the coverage is valid is charged to its payer; care outside it falls to self-pay. Never
 * deleted: charges and claims name it.
 */
export const coverages = pgTable(
  'coverages',
  {
    id: id(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    payerId: uuid()
      .notNull()
      .references(() => payers.id, { onDelete: 'restrict' }),
    plan: text(),
    memberNumber: text().notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    /** The last day it is valid; null: until it is ended. */
    validTo: date({ mode: 'string' }),
    shareKind: patientShareKind().notNull().default('percent'),
    /** Percent kind: the patient's share of every line in basis points (1,000 = 10 %). */
    shareBp: integer(),
    /** Co-payment kind: kobo per visit. */
    copayAmount: kobo(),
    createdBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coverages_patient_idx').on(t.patientId, t.validFrom),
    // One member number per payer: a card is one person's.
    uniqueIndex('coverages_member_unique').on(t.payerId, sql`lower(${t.memberNumber})`),
    check('coverages_period', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    check(
      'coverages_share',
      sql`(${t.shareKind} = 'percent' and ${t.shareBp} between 0 and 10000 and ${t.copayAmount} is null) or (${t.shareKind} = 'copay' and ${t.copayAmount} >= 0 and ${t.shareBp} is null)`,
    ),
  ],
);

/** The services a payer pays only with its pre-authorisation code. */
export const payerPreauthServices = pgTable(
  'payer_preauth_services',
  {
    payerId: uuid()
      .notNull()
      .references(() => payers.id, { onDelete: 'restrict' }),
    serviceId: uuid()
      .notNull()
      .references(() => billableServices.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payer_preauth_services_unique').on(t.payerId, t.serviceId)],
);

/** A pre-authorisation code the payer gave for one service under one coverage. */
export const coveragePreauths = pgTable(
  'coverage_preauths',
  {
    id: id(),
    coverageId: uuid()
      .notNull()
      .references(() => coverages.id, { onDelete: 'restrict' }),
    serviceId: uuid()
      .notNull()
      .references(() => billableServices.id, { onDelete: 'restrict' }),
    code: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coverage_preauths_unique').on(t.coverageId, t.serviceId, t.code),
    check('coverage_preauths_code', sql`length(trim(${t.code})) > 0`),
  ],
);

/**
 * One line of a patient's bill (docs/areas/billing-charges.md). The care makes its own, once
 * each (the unique indexes per source, whatever the requests racing), at the payer's price on
 * the day of the care, split into what the payer and the patient owe; staff add one by hand with
 * a reason. Never deleted or repriced: a wrong charge is voided, with a reason.
 */
export const charges = pgTable(
  'charges',
  {
    id: id(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Who the payer's share is billed to: the coverage's payer, or self-pay. */
    payerId: uuid()
      .notNull()
      .references(() => payers.id, { onDelete: 'restrict' }),
    coverageId: uuid().references(() => coverages.id, { onDelete: 'restrict' }),
    /** Null only for a manual charge of a service the price list lacks (its description names it). */
    serviceId: uuid().references(() => billableServices.id, { onDelete: 'restrict' }),
    description: text(),
    source: chargeSource().notNull(),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'restrict' }),
    stayId: uuid().references(() => stays.id, { onDelete: 'restrict' }),
    /** A bed-day: the facility date of the night charged. */
    nightOf: date({ mode: 'string' }),
    labOrderTestId: uuid().references(() => labOrderTests.id, { onDelete: 'restrict' }),
    dispenseItemId: uuid().references(() => dispenseItems.id, { onDelete: 'restrict' }),
    /** The facility date of the care, whose price it was charged at. */
    careDate: date({ mode: 'string' }).notNull(),
    quantity: integer().notNull(),
    unitPrice: kobo().notNull(),
    amount: kobo().notNull(),
    payerAmount: kobo().notNull(),
    patientAmount: kobo().notNull(),
    /** Null for a manual charge priced by hand. */
    basis: priceBasis(),
    preauthRequired: boolean().notNull().default(false),
    preauthCode: text(),
    /** Why staff added it by hand. */
    reason: text(),
    status: chargeStatus().notNull().default('active'),
    voidReason: text(),
    voidedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    voidedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('charges_patient_idx').on(t.patientId, t.careDate),
    index('charges_payer_idx').on(t.payerId, t.careDate),
    index('charges_coverage_idx').on(t.coverageId),
    // Once each, ever: a voided charge is not made again by the care that made it.
    uniqueIndex('charges_appointment_unique').on(t.appointmentId).where(sql`${t.source} = 'consultation'`),
    uniqueIndex('charges_night_unique').on(t.stayId, t.nightOf).where(sql`${t.source} = 'bed-day'`),
    uniqueIndex('charges_lab_test_unique').on(t.labOrderTestId),
    uniqueIndex('charges_dispense_item_unique').on(t.dispenseItemId),
    check('charges_quantity', sql`${t.quantity} > 0`),
    check('charges_amount', sql`${t.unitPrice} >= 0 and ${t.amount} = ${t.unitPrice} * ${t.quantity}`),
    check(
      'charges_split',
      sql`${t.payerAmount} >= 0 and ${t.patientAmount} >= 0 and ${t.payerAmount} + ${t.patientAmount} = ${t.amount}`,
    ),
    check(
      'charges_source_ref',
      sql`(${t.source} <> 'consultation' or ${t.appointmentId} is not null)
        and (${t.source} = 'bed-day') = (${t.nightOf} is not null)
        and (${t.source} <> 'bed-day' or ${t.stayId} is not null)
        and (${t.source} = 'lab-test') = (${t.labOrderTestId} is not null)
        and (${t.source} = 'medicine') = (${t.dispenseItemId} is not null)`,
    ),
    check(
      'charges_named',
      sql`${t.serviceId} is not null or (${t.source} = 'manual' and length(trim(${t.description})) > 0)`,
    ),
    check('charges_manual_reason', sql`${t.source} <> 'manual' or length(trim(${t.reason})) > 0`),
    check(
      'charges_void',
      sql`(${t.status} = 'void') = (${t.voidedAt} is not null) and (${t.status} <> 'void' or length(trim(${t.voidReason})) > 0)`,
    ),
    // A charge's pre-authorisation code is one recorded under its coverage for its service, and
    // stays while a charge names it (docs/areas/billing-coverage.md). Unchecked without a code.
    foreignKey({
      name: 'charges_preauth_fk',
      columns: [t.coverageId, t.serviceId, t.preauthCode],
      foreignColumns: [coveragePreauths.coverageId, coveragePreauths.serviceId, coveragePreauths.code],
    }).onDelete('restrict'),
  ],
);
