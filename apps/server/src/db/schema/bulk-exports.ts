import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { smartApps } from './smart';

/**
 * FHIR Bulk Data exports (modules/fhir/bulk): the job queue and each job's progress in one
 * table. Workers claim jobs with FOR UPDATE SKIP LOCKED (decision 0022); a job goes through the
 * patients in id order, a batch at a time, and remembers the last one done, so an instance that
 * stops leaves a job another one continues where it was.
 */
export const bulkExports = pgTable(
  'bulk_exports',
  {
    id: id(),
    /** Who asked for it: a user (a session, or a SMART token acting for them) … */
    requesterId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** … or a backend service (a SMART token with no user): exactly one of the two. */
    requesterAppId: uuid().references(() => smartApps.id, { onDelete: 'cascade' }),
    /** 'system' ($export), 'patient' (Patient/$export) or 'group' (Group/<doctor>/$export). */
    level: text().notNull(),
    /** The doctor whose patients a Group export holds. */
    groupId: uuid(),
    /** The resource types asked for (`_type`, or every one the level exports). */
    types: text().array().notNull(),
    /** `_since`: only resources changed after it. */
    since: timestamp({ withTimezone: true }),
    /** The kick-off's URL, repeated in the manifest. */
    requestUrl: text().notNull(),
    /** queued (waiting for a worker, or handed back by one), running (claimed), complete, failed. */
    status: text().notNull().default('queued'),
    /** Each claim's own id: a worker writes its batch only while the job is still its claim. */
    claim: uuid(),
    /** A running job's lease: past it, the claiming instance is taken to have stopped. */
    leaseUntil: timestamp({ withTimezone: true }),
    /** Claims taken over from an instance that stopped, and passes that failed. */
    attempts: integer().notNull().default(0),
    /** Whether the types outside every patient's record (Practitioner) are written. */
    othersDone: boolean().notNull().default(false),
    /** The last patient exported (patients go in id order). */
    afterPatient: uuid(),
    patientsDone: integer().notNull().default(0),
    /** The patients the export holds, counted when it first runs. */
    patientsTotal: integer(),
    /** Batches written: each batch's files carry its number. */
    batches: integer().notNull().default(0),
    error: text(),
    completedAt: timestamp({ withTimezone: true }),
    /** When the job and its files are deleted. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One export at a time per requester (user or app), held by the database under parallel kick-offs.
    uniqueIndex('bulk_exports_one_active_idx').on(t.requesterId).where(sql`status in ('queued', 'running')`),
    uniqueIndex('bulk_exports_one_active_app_idx')
      .on(t.requesterAppId)
      .where(sql`status in ('queued', 'running')`),
    check('bulk_exports_one_requester', sql`num_nonnulls(${t.requesterId}, ${t.requesterAppId}) = 1`),
    index('bulk_exports_claim_idx').on(t.createdAt).where(sql`status in ('queued', 'running')`),
    index('bulk_exports_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The NDJSON an export wrote: one row per batch and resource type, read back in batch order as
 * that type's file. In the database so that every instance can serve any export's files.
 */
export const bulkExportFiles = pgTable(
  'bulk_export_files',
  {
    exportId: uuid()
      .notNull()
      .references(() => bulkExports.id, { onDelete: 'cascade' }),
    resourceType: text().notNull(),
    batch: integer().notNull(),
    /** Resources (lines) in this chunk. */
    resources: integer().notNull(),
    ndjson: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.resourceType, t.batch] })],
);
