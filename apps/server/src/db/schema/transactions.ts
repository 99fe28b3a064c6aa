import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { appointments } from './appointments';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

/** The contract's INVOICE_STATUSES, in the order the enum was created (Refunded came later). */
export const INVOICE_STATUSES = ['Paid', 'Pending', 'Cancelled', 'Refunded'] as const;
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);

/** Kobo: bigint read as a JS number; the contract's caps keep every amount below 2^53. */
const kobo = () => bigint({ mode: 'number' });

/**
 * Invoices (the doctor area's Transactions). Money is integer minor units (kobo), so sums are
 * exact; the tax rate is in basis points. Status moves are single conditional UPDATEs (see the
 * transactions module). An appointment has at most one active (Pending or Paid) invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: text().notNull(),
    patientId: uuid()
      .notNull()
      .references(() => users.id),
    doctorId: uuid()
      .notNull()
      .references(() => users.id),
    // A billing record outlives the appointment it billed.
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    status: invoiceStatus().notNull().default('Pending'),
    taxRate: integer().notNull().default(0),
    subtotal: kobo().notNull(),
    tax: kobo().notNull().default(0),
    total: kobo().notNull(),
    paymentMethod: text(),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    refundReason: text(),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_status_idx').on(t.status, t.issuedAt),
    index('invoices_patient_idx').on(t.patientId, t.issuedAt),
    index('invoices_doctor_idx').on(t.doctorId, t.issuedAt),
    // The Transactions table's sorts by total and by status, within the doctor's invoices.
    index('invoices_doctor_total_idx').on(t.doctorId, t.total),
    index('invoices_doctor_status_idx').on(t.doctorId, t.status, t.issuedAt),
    // One active invoice per appointment, whatever the requests racing to bill it.
    uniqueIndex('invoices_appointment_active_unique')
      .on(t.appointmentId)
      .where(sql`status in ('Pending', 'Paid')`),
    check('invoices_tax_rate_valid', sql`${t.taxRate} between 0 and 10000`),
    check('invoices_total_sum', sql`${t.total} = ${t.subtotal} + ${t.tax}`),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text().notNull(),
    quantity: integer().notNull().default(1),
    unitPrice: kobo().notNull(),
    amount: kobo().notNull(),
    /** The line's place on the invoice. */
    position: integer().notNull().default(0),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
);
