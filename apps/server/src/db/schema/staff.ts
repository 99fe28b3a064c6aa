import { AMBULANCE_STATUSES, NURSE_STATUSES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const nurseStatus = pgEnum('nurse_status', NURSE_STATUSES);
export const ambulanceStatus = pgEnum('ambulance_status', AMBULANCE_STATUSES);

/** Nurses are staff records, not accounts: they do not sign in. */
export const nurses = pgTable(
  'nurses',
  {
    id: id(),
    fullName: text().notNull(),
    email: text().notNull(),
    department: text().notNull(),
    status: nurseStatus().notNull().default('Active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('nurses_email_unique').on(sql`lower(${t.email})`),
    index('nurses_email_idx').on(t.email),
    index('nurses_full_name_idx').on(t.fullName),
    index('nurses_department_idx').on(t.department, t.fullName),
    index('nurses_status_idx').on(t.status, t.fullName),
    index('nurses_created_idx').on(t.createdAt),
  ],
);

export const ambulances = pgTable(
  'ambulances',
  {
    id: id(),
    /** Unit code, stored upper-case; unique. */
    code: text().notNull(),
    driverName: text().notNull(),
    status: ambulanceStatus().notNull().default('Available'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ambulances_code_unique').on(t.code),
    index('ambulances_driver_idx').on(t.driverName),
    index('ambulances_status_idx').on(t.status, t.code),
    index('ambulances_created_idx').on(t.createdAt),
  ],
);
