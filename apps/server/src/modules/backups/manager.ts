import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_MESSAGES, type Backup, type BackupsOverview, type BackupTrigger } from '@carepoint/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext, systemContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { dumpInWorker } from './dump';
import {
  addToRecord,
  backupFileName,
  listBackups,
  partialPath,
  prepareFolder,
  pruneBackupFiles,
  publishPartial,
  type RecordedBackup,
  removePartialFiles,
} from './folder';

/**
 * The embedded database's backups, while the server runs (docs/operations.md#backups):
 *
 * 1. a copy of DATA_DIR/pg taken while no statement runs (db/pglite-snapshot.ts): requests wait
 *    for that copy only, a fraction of a second;
 * 2. pg_dump on that copy in a worker thread (dump.ts): requests go on meanwhile;
 * 3. the dump checked whole and written under a hidden name, synced, by the worker; then renamed,
 *    and the folder synced;
 * 4. the copy removed, backups older than the newest BACKUP_KEEP removed, and the backup recorded
 *    (backups.json) and written to the audit trail.
 *
 * One backup at a time. Times are the real clock's (file names, the schedule), not the app's
 * injectable one. On a PostgreSQL server there is nothing to do: backups are the operator's.
 */

/** The first scheduled backup after a start, when one is due: after the start's own work. */
const FIRST_BACKUP_DELAY_MS = 10 * 60 * 1000;
/** A failed scheduled backup is tried again after this (or the schedule's period, if shorter). */
const RETRY_AFTER_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** The copy of the data directory a backup reads; one backup at a time, so one fixed name. */
const COPY_DIR = '.backup-copy';

export interface BackupManager {
  readonly mode: 'embedded' | 'server';
  overview(): Promise<BackupsOverview>;
  /** Starts a backup (answers it, running); `ctx` is who asked, for the audit trail. */
  start(trigger: BackupTrigger, ctx: ServiceContext): Backup;
  /** Resolves when no backup runs (tests, shutdown). */
  whenIdle(): Promise<void>;
  /** A backup file's full path, when the folder has it. */
  file(fileName: string): Promise<{ path: string; bytes: number } | undefined>;
  /** Backs up every BACKUP_EVERY_HOURS from now on (the running server calls it; tests do not). */
  schedule(): void;
  close(): Promise<void>;
}

export interface BackupManagerOptions {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createBackupManager({ config, database, log }: BackupManagerOptions): BackupManager {
  if (!database.embedded) return serverManager();
  const { dataDir, snapshot } = database.embedded;
  const dir = config.BACKUP_DIR ?? path.join(dataDir, 'backups');
  const copyDir = path.join(dataDir, COPY_DIR);
  const createdAt = Date.now();
  const stop = new AbortController();
  let running: { backup: Backup; done: Promise<void> } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let scheduled = false;
  // Leftovers of a backup a crash interrupted: the copy, and a half-written file.
  let tidied: Promise<void> | undefined = Promise.all([
    fs.promises.rm(copyDir, { recursive: true, force: true }),
    removePartialFiles(dir),
  ]).then(() => undefined);

  async function backUp(backup: Backup, ctx: ServiceContext) {
    const started = performance.now();
    const startedAt = new Date(backup.startedAt);
    const fileName = backupFileName(startedAt);
    let figures: Record<string, number> = {};
    let entry: RecordedBackup;
    try {
      await tidied;
      tidied = undefined;
      await prepareFolder(dir);
      await fs.promises.rm(copyDir, { recursive: true, force: true });
      await fs.promises.mkdir(copyDir, { mode: 0o700 });
      try {
        const copied = await snapshot(path.join(copyDir, 'pg'));
        const { recoveredMs, rssBytes } = await dumpInWorker(
          path.join(copyDir, 'pg'),
          partialPath(dir, fileName),
          stop.signal,
        );
        await publishPartial(dir, fileName);
        figures = {
          heldMs: copied.heldMs,
          heldBytes: copied.heldBytes,
          copiedBytes: copied.bytes,
          recoveredMs,
          rssMb: Math.round(rssBytes / 1024 / 1024),
        };
      } finally {
        await fs.promises.rm(copyDir, { recursive: true, force: true });
        await fs.promises.rm(partialPath(dir, fileName), { force: true });
      }
      const stat = await fs.promises.stat(path.join(dir, fileName));
      entry = { ...backup, fileName, result: 'succeeded', bytes: stat.size, durationMs: elapsed(started) };
      const removed = await pruneBackupFiles(dir, config.BACKUP_KEEP);
      if (removed.length > 0) figures.removed = removed.length;
      log.info({ ...figures, file: fileName, bytes: stat.size, ms: entry.durationMs }, 'Backup done');
    } catch (error) {
      if (stop.signal.aborted) {
        log.warn(`Backup ${fileName} stopped: the server is shutting down`);
        return;
      }
      entry = { ...backup, result: 'failed', durationMs: elapsed(started), error: describe(error) };
      log.error({ err: error }, `Backup ${fileName} failed`);
    }
    try {
      await addToRecord(dir, entry);
      await ctx.db.transaction((tx) =>
        audit(inTransaction(ctx, tx), {
          action: 'backup.create',
          entityType: 'backup',
          entityId: entry.fileName ?? fileName,
          details: {
            result: entry.result,
            trigger: entry.trigger,
            bytes: entry.bytes,
            durationMs: entry.durationMs,
            ...figures,
            ...(entry.error ? { error: entry.error } : {}),
          },
        }),
      );
    } catch (error) {
      if (!stop.signal.aborted) log.error({ err: error }, `Backup ${fileName}: could not record it`);
    }
  }

  function start(trigger: BackupTrigger, ctx: ServiceContext): Backup {
    if (running) throw conflict('BACKUP_RUNNING', BACKUP_MESSAGES.running);
    if (stop.signal.aborted) throw new Error('The server is shutting down');
    const backup: Backup = {
      fileName: null,
      // To the second: the file's name says when it started.
      startedAt: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
      durationMs: null,
      bytes: null,
      result: 'running',
      trigger,
      requestedBy: trigger === 'manual' ? (ctx.actor?.email ?? null) : null,
      error: null,
    };
    const done = backUp(backup, ctx).finally(() => {
      running = undefined;
      if (scheduled) void plan();
    });
    running = { backup, done };
    return backup;
  }

  /** When the schedule backs up next: a period after the last backup (sooner after a failure). */
  async function nextAt(): Promise<Date | null> {
    if (!scheduled) return null;
    const period = config.BACKUP_EVERY_HOURS * HOUR_MS;
    const [last] = await listBackups(dir);
    const due = !last
      ? createdAt + FIRST_BACKUP_DELAY_MS
      : Date.parse(last.startedAt) + (last.result === 'failed' ? Math.min(RETRY_AFTER_MS, period) : period);
    return new Date(Math.max(due, createdAt + FIRST_BACKUP_DELAY_MS));
  }

  async function plan() {
    clearTimeout(timer);
    const at = await nextAt();
    if (!at || stop.signal.aborted) return;
    timer = setTimeout(
      () => {
        if (running) return;
        try {
          start('schedule', systemContext({ db: database.db, config, log }));
        } catch (error) {
          log.error({ err: error }, 'Scheduled backup not started');
        }
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
  }

  return {
    mode: 'embedded',
    async overview() {
      const listed = await listBackups(dir);
      const next = await nextAt();
      return {
        mode: 'embedded',
        directory: dir,
        everyHours: scheduled ? config.BACKUP_EVERY_HOURS : 0,
        keep: config.BACKUP_KEEP,
        nextAt: next && !running ? next.toISOString() : null,
        running: Boolean(running),
        backups: running ? [running.backup, ...listed] : listed,
      };
    },
    start,
    async whenIdle() {
      await running?.done;
    },
    async file(fileName) {
      const full = path.join(dir, fileName);
      const stat = await fs.promises.stat(full).catch(() => undefined);
      // Names are checked against BACKUP_FILE_NAME by the route; the folder's own entries only.
      return stat?.isFile() && path.dirname(full) === dir ? { path: full, bytes: stat.size } : undefined;
    },
    schedule() {
      if (config.BACKUP_EVERY_HOURS === 0 || scheduled) return;
      scheduled = true;
      void plan();
      log.info(
        `Backups: every ${config.BACKUP_EVERY_HOURS} h into ${dir}, keeping the newest ${config.BACKUP_KEEP}`,
      );
    },
    async close() {
      clearTimeout(timer);
      scheduled = false;
      stop.abort(new Error('The server is shutting down'));
      await running?.done;
      await tidied;
    },
  };
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** On a PostgreSQL server: nothing to back up here, and the API says whose job it is. */
function serverManager(): BackupManager {
  return {
    mode: 'server',
    async overview() {
      return { mode: 'server', message: BACKUP_MESSAGES.byOperator };
    },
    start() {
      throw conflict('BACKUPS_BY_OPERATOR', BACKUP_MESSAGES.byOperator);
    },
    async whenIdle() {},
    async file() {
      return undefined;
    },
    schedule() {},
    async close() {},
  };
}
