import path from 'node:path';
import { formatBytes, formatElapsed } from '@carepoint/contract';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { backUpStoppedDatabase, OfflineBackupError } from '../modules/backups';

/**
 * Backs up the embedded database while the server is stopped (the running server backs itself
 * up: Backups screen, BACKUP_EVERY_HOURS). Into BACKUP_DIR, as the server does.
 */
async function main() {
  const config = loadConfig({ ...process.env, DEMO_DATA: 'false' });
  if (config.DATABASE_URL) {
    console.error(
      "DATABASE_URL is set: on a PostgreSQL server, backups are the database operator's job (pg_dump; see docs/operations.md).",
    );
    process.exit(1);
  }
  const backupDir = config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups');
  const done = await backUpStoppedDatabase(config.DATA_DIR, backupDir, config.BACKUP_KEEP);
  console.log(
    `Backed up ${config.DATA_DIR} to ${done.file} (${formatBytes(done.bytes)}) in ${formatElapsed(done.ms)}.`,
  );
}

main().catch((error: unknown) => {
  const explained =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof OfflineBackupError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
