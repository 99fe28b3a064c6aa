import { AMBULANCE_STATUSES, NURSE_STATUSES } from '@carepoint/contract';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

export const nurseStatus = pgEnum('nurse_status', NURSE_STATUSES);
export const ambulanceStatus = pgEnum('ambulance_status', AMBULANCE_STATUSES);

/**
 * A nurse's staff record beside their account (users, role nurse): the same id, so the account's
 * name and e-mail are the nurse's; here the department and the duty status Manage Nurses shows.
 */
export const nurses = pgTable(
  'nurses',
  {
    id: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    department: text().notNull(),
    status: nurseStatus().notNull().default('Active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nurses_department_idx').on(t.department),
    index('nurses_status_idx').on(t.status),
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
