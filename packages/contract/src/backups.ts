import { z } from 'zod';

/*
 * Backups (docs/operations.md#backups). On the embedded database the server backs itself up: on a
 * schedule (BACKUP_EVERY_HOURS) and when an administrator asks. Each backup is a plain PostgreSQL
 * dump (pg_dump's SQL script) of the whole database, kept in BACKUP_DIR, the newest BACKUP_KEEP.
 * On a PostgreSQL server, backups are the database operator's job: the API says so (in words that
 * name no database product: API answers never name the database behind them, see fuzz.test.ts).
 *
 * Endpoints (admin only):
 *   GET  /api/admin/backups                      [-> backupsOverviewSchema]
 *   POST /api/admin/backups                      [-> 202 backupSchema (running); 409 BACKUP_RUNNING,
 *                                                  409 BACKUPS_BY_OPERATOR on a PostgreSQL server]
 *   GET  /api/admin/backups/:name/download       the dump file (application/sql), audited
 */

/** A backup file's name: carepoint-<UTC start, to the second>.sql, e.g. carepoint-2026-03-01T02-00-00Z.sql. */
export const BACKUP_FILE_NAME = /^carepoint-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql$/;

const BACKUP_RESULTS = ['running', 'succeeded', 'failed'] as const;
/** What started a backup: the schedule, or an administrator ("Back up now"). */
const BACKUP_TRIGGERS = ['schedule', 'manual'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

export const backupSchema = z.object({
  /** The file's name; null for a backup that failed (or is still running) and left no file. */
  fileName: z.string().nullable(),
  startedAt: z.string(),
  /** From start to the file on disk; null while running (or for a file the server did not record). */
  durationMs: z.number().int().nullable(),
  /** The file's size; null without a file. */
  bytes: z.number().int().nullable(),
  result: z.enum(BACKUP_RESULTS),
  /** null for a file the server found in the folder without a record of it. */
  trigger: z.enum(BACKUP_TRIGGERS).nullable(),
  /** The administrator who asked (e-mail); null for scheduled ones. */
  requestedBy: z.string().nullable(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

/** Where to read how to back up a PostgreSQL server (the PostgreSQL manual's chapter). */
export const POSTGRES_BACKUP_MANUAL_URL = 'https://www.postgresql.org/docs/current/backup.html';
/** The section of CarePoint's own documentation with the recipe, as the screen names it. */
export const BACKUP_RECIPE_DOC = 'docs/operations.md, "Backups on a PostgreSQL server"';
/** A server's nightly backup, as the screen shows it. */
export const POSTGRES_BACKUP_RECIPE =
  'pg_dump --format=custom --file=carepoint-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump "$DATABASE_URL"';

export const backupsOverviewSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('embedded'),
    /** Where the files are, on the server's disk. */
    directory: z.string(),
    /** 0: no schedule, only "Back up now". */
    everyHours: z.number().int(),
    keep: z.number().int(),
    /** When the schedule backs up next; null without a schedule. */
    nextAt: z.string().nullable(),
    running: z.boolean(),
    /** Newest first: the files kept, recent failures, and the one running. */
    backups: z.array(backupSchema),
  }),
  z.object({
    /** On a database server: nothing to back up here (BACKUP_MESSAGES.byOperator says why). */
    mode: z.literal('server'),
    message: z.string(),
  }),
]);
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;

export const backupFileParamSchema = z.object({
  name: z.string().regex(BACKUP_FILE_NAME, 'Not a backup file name'),
});

export const BACKUP_MESSAGES = {
  startFailed: 'Could not start a backup',
  loadFailed: 'Could not fetch backups',
  running: 'A backup is already running. It appears in the list when it is done.',
  byOperator:
    "CarePoint runs on a database server here: its backups are the database operator's job (a nightly pg_dump, or point-in-time recovery with WAL archiving).",
  notFound: 'No such backup: it may have been removed as older than the ones kept.',
  started: 'Backup started. It appears in the list when it is done.',
} as const;
