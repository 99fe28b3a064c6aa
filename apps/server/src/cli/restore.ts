import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatElapsed } from '@carepoint/contract';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { RestoreError, restoreBackup } from '../modules/backups';
import { redactDatabaseUrl } from '../startup-error';

const usage = `Usage: npm run restore -- <backup file>
  Restores a backup (a carepoint-….sql file from the Backups screen or BACKUP_DIR) into an empty
  target: the PostgreSQL database at DATABASE_URL when it is set, otherwise the embedded database
  in DATA_DIR (DATA_DIR/pg must not exist yet; stop the server first). A target that is not empty
  is refused. Then start the server as usual: it migrates the database if the backup is older.`;

/** Restores a backup into an empty embedded data folder or an empty PostgreSQL database. */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [given, ...extra] = positionals;
  if (!given || extra.length > 0) {
    console.error(usage);
    process.exit(2);
  }
  // npm runs the script in apps/server: a relative path is relative to where the operator ran npm.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const config = loadConfig({ ...process.env, DEMO_DATA: 'false' });
  const into = config.DATABASE_URL
    ? `the PostgreSQL database ${redactDatabaseUrl(config.DATABASE_URL)}`
    : `the embedded database in ${config.DATA_DIR}`;
  console.log(`Restoring ${file} into ${into}…`);
  const result = await restoreBackup(
    file,
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'embedded', dataDir: config.DATA_DIR },
  );
  console.log(
    `Restored ${result.tables} tables into ${result.target} in ${formatElapsed(result.ms)}. ` +
      'Start the server as usual: it migrates the database if the backup is older.',
  );
}

main().catch((error: unknown) => {
  const explained =
    error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof RestoreError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
