import {
  STOCK_INCOMING_KINDS,
  STOCK_MOVEMENT_KINDS,
  STOCK_OUTGOING_KINDS,
  STOCK_REASON_KINDS,
  STORE_KINDS,
} from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { wards } from './beds';
import { createdAt, id, updatedAt } from './columns';
import { medicines } from './formulary';
import { medicationAdministrations } from './medication-round';

export const storeKind = pgEnum('store_kind', STORE_KINDS);
export const stockMovementKind = pgEnum('stock_movement_kind', STOCK_MOVEMENT_KINDS);

/** The contract's list of kinds as SQL literals, for the ledger's CHECKs (constants, never input). */
const kinds = (list: readonly string[]) => sql.raw(list.map((kind) => `'${kind}'`).join(', '));

/**
 * Where stock is kept: the main pharmacy (exactly one, made by the migration) and a store per
 * ward, made the first time stock goes to that ward.
 */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    name: text().notNull(),
    kind: storeKind().notNull(),
    wardId: uuid().references(() => wards.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('stores_ward_unique').on(t.wardId),
    uniqueIndex('stores_one_main').on(t.kind).where(sql`${t.kind} = 'main'`),
    check('stores_ward', sql`(${t.kind} = 'ward') = (${t.wardId} is not null)`),
  ],
);

/**
 * One batch (lot) of a medicine as the supplier delivered it, with its expiry and unit cost. A
 * batch can lie in several stores at once (stock_balances); it is the same batch everywhere.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: id(),
    medicineId: uuid()
      .notNull()
      .references(() => medicines.id, { onDelete: 'restrict' }),
    batchNumber: text().notNull(),
    expiryDate: date({ mode: 'string' }).notNull(),
    /** Kobo per dispensing unit, what the hospital paid: the stock valuation's figure. */
    unitCost: bigint({ mode: 'number' }).notNull(),
    supplier: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_batches_unique').on(t.medicineId, sql`lower(${t.batchNumber})`),
    // First expiry, first out: a medicine's batches by expiry; and the expiry report across all.
    index('stock_batches_medicine_expiry_idx').on(t.medicineId, t.expiryDate),
    index('stock_batches_expiry_idx').on(t.expiryDate),
    check('stock_batches_unit_cost', sql`${t.unitCost} >= 0`),
  ],
);

/**
 * What lies on a store's shelf of one batch now: the sum of that store's and batch's ledger rows,
 * kept by the ledger's one writer (modules/pharmacy-stock/ledger.ts) in the same transaction. The
 * CHECK is THE stock rule: on hand is never below zero, whoever takes at the same moment.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    batchId: uuid()
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.batchId] }),
    index('stock_balances_batch_idx').on(t.batchId),
    check('stock_balances_quantity', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The stock ledger: every change of a balance, one row a store and batch, never changed or deleted
 * (a trigger refuses both; a mistake is put right by a new row). Rows written together (a
 * transfer's two halves, a count's lines, a dispense's items) share an operation id.
 *
 * What a row was for is said by columns of its kind, each CHECKed to its kind: a receipt's
 * supplier and invoice, a transfer's other store, a reason where a person must give one. A slice
 * that adds a kind's reference (a dispense's item, a ward dose's administration) adds its column
 * with a foreign key and its own CHECK in its migration, the same way.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    operationId: uuid().notNull(),
    kind: stockMovementKind().notNull(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    batchId: uuid()
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'restrict' }),
    /** Signed dispensing units: positive adds to the store's balance, negative takes from it. */
    quantity: integer().notNull(),
    /** The store's balance of the batch just after this row: the ledger reads as a running total. */
    balanceAfter: integer().notNull(),
    reason: text(),
    supplier: text(),
    invoiceNumber: text(),
    /** A transfer's other side: where transfer_out went, where transfer_in came from. */
    otherStoreId: uuid().references(() => stores.id, { onDelete: 'restrict' }),
    /** A ward dose's take (kind administration): the dose given. */
    administrationId: uuid().references(() => medicationAdministrations.id, { onDelete: 'restrict' }),
    performedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    performedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('stock_movements_store_idx').on(t.storeId, t.performedAt),
    index('stock_movements_batch_idx').on(t.batchId, t.performedAt),
    index('stock_movements_performed_idx').on(t.performedAt),
    index('stock_movements_operation_idx').on(t.operationId),
    // A dose takes each batch once (its units may span two batches when the first runs out).
    uniqueIndex('stock_movements_administration_unique').on(t.administrationId, t.batchId),
    check('stock_movements_quantity', sql`${t.quantity} <> 0`),
    check('stock_movements_balance_after', sql`${t.balanceAfter} >= 0`),
    check(
      'stock_movements_direction',
      sql`(${t.kind} not in (${kinds(STOCK_INCOMING_KINDS)}) or ${t.quantity} > 0) and (${t.kind} not in (${kinds(STOCK_OUTGOING_KINDS)}) or ${t.quantity} < 0)`,
    ),
    check(
      'stock_movements_reason',
      sql`${t.kind} not in (${kinds(STOCK_REASON_KINDS)}) or (${t.reason} is not null and length(trim(${t.reason})) > 0)`,
    ),
    check(
      'stock_movements_receipt',
      sql`(${t.kind} = 'receipt') = (${t.supplier} is not null) and (${t.kind} = 'receipt' or ${t.invoiceNumber} is null)`,
    ),
    check(
      'stock_movements_transfer',
      sql`(${t.kind} in ('transfer_out', 'transfer_in')) = (${t.otherStoreId} is not null) and ${t.otherStoreId} is distinct from ${t.storeId}`,
    ),
    check(
      'stock_movements_administration',
      sql`(${t.kind} = 'administration') = (${t.administrationId} is not null)`,
    ),
  ],
);
