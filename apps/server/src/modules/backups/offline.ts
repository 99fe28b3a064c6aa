import fs from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from '../../db/lock';
import { isNewDataDir } from '../../db/pglite-template';
import { dumpInWorker } from './dump';
import {
  addToRecord,
  backupFileName,
  partialPath,
  prepareFolder,
  pruneBackupFiles,
  publishPartial,
  removePartialFiles,
} from './folder';

/**
 * `npm run backup` (cli/backup.ts): a backup of an embedded database whose server is stopped, the
 * same file the running server makes (the last backup before moving to a PostgreSQL server, with
 * nobody working). The data folder is locked as the server locks it, copied (pg_dump's PGlite
 * must not write to the real one), dumped, and the copy removed.
 */

export class OfflineBackupError extends Error {}

export interface OfflineBackup {
  file: string;
  bytes: number;
  ms: number;
}

export async function backUpStoppedDatabase(
  dataDir: string,
  backupDir: string,
  keep: number,
): Promise<OfflineBackup> {
  const started = performance.now();
  const startedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const pgDir = path.join(path.resolve(dataDir), 'pg');
  const releaseLock = await acquireDataDirLock(dataDir);
  const copy = path.join(path.resolve(dataDir), '.backup-copy');
  try {
    if (isNewDataDir(pgDir)) throw new OfflineBackupError(`${pgDir} holds no database to back up.`);
    await prepareFolder(backupDir);
    await fs.promises.rm(copy, { recursive: true, force: true });
    await fs.promises.cp(pgDir, path.join(copy, 'pg'), { recursive: true });
    const fileName = backupFileName(startedAt);
    await dumpInWorker(path.join(copy, 'pg'), partialPath(backupDir, fileName));
    await publishPartial(backupDir, fileName);
    const bytes = (await fs.promises.stat(path.join(backupDir, fileName))).size;
    const ms = Math.round(performance.now() - started);
    await addToRecord(backupDir, {
      fileName,
      startedAt: startedAt.toISOString(),
      durationMs: ms,
      bytes,
      result: 'succeeded',
      trigger: 'manual',
      requestedBy: null,
      error: null,
    });
    await pruneBackupFiles(backupDir, keep);
    return { file: path.join(backupDir, fileName), bytes, ms };
  } finally {
    await fs.promises.rm(copy, { recursive: true, force: true });
    await removePartialFiles(backupDir);
    await releaseLock();
  }
}
