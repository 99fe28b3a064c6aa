import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

export const INVOICE_STATUSES = ['Paid', 'Pending', 'Cancelled'] as const;
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);

/**
 * Invoices (the doctor area's Transactions build on these). Money is integer minor units
 * (kobo), so sums are exact. appointmentId has no foreign key yet: appointments belong to
 * another area, which may add it.
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
    appointmentId: uuid(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    status: invoiceStatus().notNull().default('Pending'),
    subtotal: integer().notNull(),
    tax: integer().notNull().default(0),
    total: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_status_idx').on(t.status, t.issuedAt),
    index('invoices_patient_idx').on(t.patientId, t.issuedAt),
    index('invoices_doctor_idx').on(t.doctorId, t.issuedAt),
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
    unitPrice: integer().notNull(),
    amount: integer().notNull(),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId)],
);
