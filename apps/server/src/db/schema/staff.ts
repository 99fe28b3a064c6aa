import { AMBULANCE_STATUSES, NURSE_STATUSES } from '@carepoint/contract';
import { index, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { wards } from './beds';
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

/**
 * The wards a nurse works on (their area shows these first). A pair at most once; it goes with
 * the nurse and with the ward (a ward is removed only when it has no beds).
 */
export const nurseWards = pgTable(
  'nurse_wards',
  {
    nurseId: uuid()
      .notNull()
      .references(() => nurses.id, { onDelete: 'cascade' }),
    wardId: uuid()
      .notNull()
      .references(() => wards.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.nurseId, t.wardId] }), index('nurse_wards_ward_idx').on(t.wardId)],
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
