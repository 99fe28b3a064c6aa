import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';
import { labResults } from './lab';

/**
 * An in-app notice that a laboratory result someone read was corrected (docs/areas/lab-results.md):
 * one per reader and correcting version, found through the audit trail's reads. Shown to the
 * reader (the doctor's dashboard, the lab's sheet, the patient's My Results) until they mark it seen.
 */
export const labResultNotices = pgTable(
  'lab_result_notices',
  {
    id: id(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The correcting version. */
    resultId: uuid()
      .notNull()
      .references(() => labResults.id, { onDelete: 'restrict' }),
    /** The version the reader saw, now superseded. */
    supersededResultId: uuid()
      .notNull()
      .references(() => labResults.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    seenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lab_result_notices_unique').on(t.recipientId, t.resultId),
    index('lab_result_notices_unseen_idx').on(t.recipientId, t.createdAt).where(sql`${t.seenAt} is null`),
  ],
);
