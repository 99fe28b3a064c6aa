import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { acquireDataDirLock } from '../../db/lock';
import { copyPgliteTemplate, isNewDataDir } from '../../db/pglite-template';
import { syncTree } from '../../db/sync-tree';
import { databaseStartupError, redactDatabaseUrl } from '../../startup-error';
import { DUMP_COMPLETE_LINE, endsComplete, startsAsDump } from './dump';

/**
 * `npm run restore -- <file>` (cli/restore.ts): a backup into an empty target, all or nothing.
 *
 * - The file is checked first: it must start as pg_dump's scripts do and end with pg_dump's
 *   completion line, or nothing is touched (a file cut short by a full disk or a broken copy).
 * - The target must be empty: no database in DATA_DIR/pg, or a PostgreSQL database without
 *   tables. Anything else is refused, and nothing is changed.
 * - The script runs in one transaction. On PostgreSQL a failure rolls it back; the embedded
 *   database is restored in a directory of its own beside DATA_DIR/pg, synced to disk, and only
 *   then renamed to DATA_DIR/pg, so a failure (or a crash) leaves no DATA_DIR/pg behind.
 *
 * The server migrates the restored database at its next start when the backup is older.
 */

/** A failure the operator can act on: its message is shown as it is. */
export class RestoreError extends Error {}

export type RestoreTarget = { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RestoreResult {
  target: string;
  tables: number;
  ms: number;
}

const NOTHING_CHANGED = 'Nothing was changed.';

/** Reads a backup file, refusing one that is not pg_dump's plain script or was cut short. */
async function readBackupFile(file: string): Promise<string> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder' : (code ?? 'unreadable');
    throw new RestoreError(`Cannot read the backup ${file} (${reason}). ${NOTHING_CHANGED}`);
  }
  if (!startsAsDump(text.slice(0, 64))) {
    throw new RestoreError(
      `${file} is not a CarePoint backup: it does not start as a PostgreSQL dump (pg_dump's SQL script). ${NOTHING_CHANGED}`,
    );
  }
  if (!endsComplete(text.slice(-256))) {
    throw new RestoreError(
      `${file} is incomplete: it does not end with pg_dump's "${DUMP_COMPLETE_LINE}" line ` +
        `(the file was cut short, or changed). Use another backup. ${NOTHING_CHANGED}`,
    );
  }
  return text;
}

/** "at line N" for a PostgreSQL error with a position in the script. */
function failedAt(script: string, error: unknown) {
  const position = Number((error as { position?: string | number }).position);
  if (!Number.isFinite(position) || position <= 0) return '';
  let line = 1;
  for (let i = script.indexOf('\n'); i >= 0 && i < position - 1; i = script.indexOf('\n', i + 1)) line++;
  return ` at line ${line} of the backup`;
}

const restoreFailed = (script: string, error: unknown, target: string) =>
  new RestoreError(
    `The backup could not be restored: ${(error as Error).message}${failedAt(script, error)}. ` +
      `Nothing was restored: ${target} is still empty. The file is damaged; use another backup.`,
  );

export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const started = performance.now();
  const script = await readBackupFile(file);
  const result =
    target.kind === 'embedded'
      ? await intoEmbedded(script, target.dataDir)
      : await intoPostgres(script, target.url);
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** Tables of the restored schemas, for the summary. */
const COUNT_TABLES = `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`;

async function intoEmbedded(script: string, dataDir: string) {
  const releaseLock = await acquireDataDirLock(dataDir);
  const pgDir = path.join(path.resolve(dataDir), 'pg');
  const work = `${pgDir}.restoring`;
  try {
    if (fs.existsSync(pgDir) && (!isNewDataDir(pgDir) || fs.readdirSync(pgDir).length > 0)) {
      throw new RestoreError(
        `${pgDir} already holds a database. Restore only into an empty data folder: move ${pgDir} ` +
          `aside (or set DATA_DIR to a new folder) and run the restore again. ${NOTHING_CHANGED}`,
      );
    }
    // What an earlier restore left when its process was killed.
    fs.rmSync(work, { recursive: true, force: true });
    // A fresh cluster: the template's copy (no initdb), else PGlite makes one.
    copyPgliteTemplate(work, 'bare');
    const client = new PGlite(work, { extensions: { pg_trgm } });
    let tables = 0;
    try {
      await client.waitReady;
      try {
        await client.transaction((tx) => tx.exec(script));
      } catch (error) {
        throw restoreFailed(script, error, pgDir);
      }
      tables = (await client.query<{ n: number }>(COUNT_TABLES)).rows[0]?.n ?? 0;
    } finally {
      await client.close();
    }
    await syncTree(work);
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.renameSync(work, pgDir);
    const dir = await fs.promises.open(path.dirname(pgDir), 'r');
    await dir.sync();
    await dir.close();
    return { target: pgDir, tables };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await releaseLock();
  }
}

/** Relations in the database's own schemas (tables, views, sequences…): an empty database has none. */
const USER_RELATIONS = `
  select count(*)::int as n,
         (array_agg(n.nspname || '.' || c.relname order by n.nspname <> 'public', c.relname))[1] as example
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

async function intoPostgres(script: string, url: string) {
  const shown = redactDatabaseUrl(url);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    const explained = databaseStartupError(error, url);
    throw explained ? new RestoreError(`${explained.message}. ${NOTHING_CHANGED}`) : error;
  }
  try {
    const found = await client.query<{ n: number; example: string | null }>(USER_RELATIONS);
    const { n = 0, example = null } = found.rows[0] ?? {};
    const drizzle = await client.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
    if (n > 0 || drizzle.rowCount) {
      throw new RestoreError(
        `The database at ${shown} is not empty (${n} tables and other relations, for example ${example ?? 'drizzle'}). ` +
          `Restore only into a new, empty database (createdb, then set DATABASE_URL to it). ${NOTHING_CHANGED}`,
      );
    }
    try {
      await client.query('begin');
      await client.query(script);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw restoreFailed(script, error, shown);
    }
    const tables = (await client.query<{ n: number }>(COUNT_TABLES)).rows[0]?.n ?? 0;
    return { target: shown, tables };
  } finally {
    await client.end().catch(() => {});
  }
}
