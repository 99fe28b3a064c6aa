import fs from 'node:fs';
import path from 'node:path';
import { type PGlite, protocol } from '@electric-sql/pglite';

/**
 * A crash-consistent copy of the embedded database's directory, taken while the database is
 * quiescent, for a backup to read at leisure (modules/backups).
 *
 * PGlite runs PostgreSQL on the server's own thread, and only while a statement runs does it
 * write files. Holding both of its locks (the one every top-level query and transaction takes,
 * then the one each statement takes) means no statement runs and no transaction is open: the
 * files on disk are then exactly what a crash at that moment would leave, and a PostgreSQL that
 * opens the copy recovers it from its write-ahead log (WAL) as after a crash. Committed work is
 * in the files already (durable-pglite.ts: a query resolves once its WAL is written and synced),
 * except the WAL of commits made with synchronous_commit off (the audit trail's read records),
 * which may still sit in PostgreSQL's WAL buffers: one statement flushes it first.
 *
 * Requests wait while the locks are held, so the copy takes only what recovery needs: every file
 * outside pg_wal, and of the WAL only the segments from the last checkpoint's redo point to the
 * one being written (pg_wal also keeps recycled segments for later use, and those of a long day
 * since the last checkpoint: a CHECKPOINT first bounds that). Files are cloned where the file
 * system can (copy-on-write: XFS, Btrfs), else copied.
 */

export interface SnapshotInfo {
  /** How long queries waited: the locks held, from the WAL flush to the last file copied. */
  heldMs: number;
  bytes: number;
}

/** WAL beyond this since the last checkpoint: checkpoint first, so the copy and its recovery stay small. */
const CHECKPOINT_AFTER_WAL_BYTES = 64 * 1024 * 1024;
/** Files copied at once: enough to keep the disk busy, few enough to leave the thread pool to others. */
const COPY_CONCURRENCY = 8;

/** Runs one statement through the wire protocol: inside runExclusive the ordinary query() would wait for ever. */
async function singleRow(client: PGlite, sql: string): Promise<Array<string | null>> {
  const { messages } = await client.execProtocol(protocol.serialize.query(sql));
  const row = messages.find((m) => m instanceof protocol.messages.DataRowMessage);
  if (!row) throw new Error(`No answer to: ${sql}`);
  return row.fields as Array<string | null>;
}

/** Copies pgDir to target (which must not exist) while no statement runs; answers how long that held the database. */
export async function snapshotPglite(client: PGlite, pgDir: string, target: string): Promise<SnapshotInfo> {
  const [walSinceCheckpoint] = await client
    .query<{ bytes: string }>(
      'select (pg_current_wal_insert_lsn() - redo_lsn)::text as bytes from pg_control_checkpoint()',
    )
    .then((r) => r.rows.map((row) => Number(row.bytes)));
  if ((walSinceCheckpoint ?? 0) > CHECKPOINT_AFTER_WAL_BYTES) await client.query('checkpoint');

  // The transaction lock first (it waits for an open transaction to end), then the statement lock.
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const started = performance.now();
      if (client.isInTransaction()) throw new Error('The embedded database is inside a transaction');
      // A non-transactional WAL record with flush = true writes and syncs every WAL buffer.
      const [first, last] = await singleRow(
        client,
        `select pg_walfile_name(c.redo_lsn) as first,
                pg_walfile_name(pg_logical_emit_message(false, 'carepoint-backup', '', true)) as last
         from pg_control_checkpoint() c`,
      );
      if (!first || !last) throw new Error('The embedded database did not name its WAL files');
      const bytes = await copyCluster(pgDir, target, (segment) => segment >= first && segment <= last);
      return { heldMs: Math.round(performance.now() - started), bytes };
    }),
  );
}

/** A WAL segment's file name: 24 hexadecimal digits (timeline, log, segment); they sort in WAL order. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

async function copyCluster(source: string, target: string, keepSegment: (name: string) => boolean) {
  const entries = await fs.promises.readdir(source, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  await fs.promises.mkdir(target, { mode: 0o700 });
  for (const entry of entries) {
    const relative = path.relative(source, path.join(entry.parentPath, entry.name));
    const parent = path.basename(entry.parentPath);
    if (entry.isDirectory()) {
      await fs.promises.mkdir(path.join(target, relative), { recursive: true, mode: 0o700 });
    } else if (entry.isFile()) {
      // pg_wal/archive_status and pg_wal/summaries describe WAL files the copy may not have.
      if (parent === 'archive_status' || parent === 'summaries') continue;
      if (parent === 'pg_wal' && WAL_SEGMENT.test(entry.name) && !keepSegment(entry.name)) continue;
      files.push(relative);
    }
  }
  let bytes = 0;
  let next = 0;
  const copyNext = async (): Promise<void> => {
    const relative = files[next++];
    if (relative === undefined) return;
    const to = path.join(target, relative);
    await fs.promises.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    await fs.promises.copyFile(path.join(source, relative), to, fs.constants.COPYFILE_FICLONE);
    bytes += (await fs.promises.stat(to)).size;
    return copyNext();
  };
  await Promise.all(Array.from({ length: COPY_CONCURRENCY }, copyNext));
  return bytes;
}
