import fs from 'node:fs';
import path from 'node:path';
import { type PGlite, protocol } from '@electric-sql/pglite';

/**
 * A crash-consistent copy of the embedded database's directory, for a backup to read at leisure
 * (modules/backups), taken while requests go on.
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
 * Requests wait while the locks are held, so most of the copying happens before, in two passes
 * (as `rsync` twice copies a stopped database):
 *
 * 1. without the locks, every file is copied, each one's size and modification time noted just
 *    before (files being written meanwhile come out torn: the second pass replaces them);
 * 2. with the locks held, every file is looked at again, and copied again if it is new, if its
 *    size or modification time changed, or if it was modified less than RACY_MS before the first
 *    pass began (a write within the file system's timestamp granularity of the first look leaves
 *    the time unchanged: those files are not trusted). Files gone since are removed from the copy.
 *
 * So the locks are held for a look at each file and a copy of what changed: the WAL segment being
 * written and the few data files written since the first pass, not the whole database. Of the WAL
 * only the segments recovery needs are copied, from the last checkpoint's redo point to the one
 * being written (pg_wal also keeps recycled segments for later use). No CHECKPOINT is asked for
 * first: it would run on the server's thread, holding every request while it writes; the WAL
 * since the last one is copied instead (in the first pass), and replayed by the backup's worker.
 * Files are cloned where the file system can (copy-on-write: XFS, Btrfs), else copied.
 */

export interface SnapshotInfo {
  /** How long queries waited: the locks held, from the WAL flush to the last file copied again. */
  heldMs: number;
  /** The copy's size, and how much of it was copied (again) while the locks were held. */
  bytes: number;
  heldBytes: number;
}

/** Files copied at once: enough to keep the disk busy, few enough to leave the thread pool to others. */
const COPY_CONCURRENCY = 2;
/** Files modified this close to the first pass are copied again in the second, whatever their times say. */
const RACY_MS = 2000n;

/** A WAL segment's file name: 24 hexadecimal digits (timeline, log, segment); they sort in WAL order. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
interface WalRange {
  first: string;
  last: string;
}

/** Runs one statement through the wire protocol: inside runExclusive the ordinary query() would wait for ever. */
async function singleRow(client: PGlite, sql: string): Promise<Array<string | null>> {
  const { messages } = await client.execProtocol(protocol.serialize.query(sql));
  const row = messages.find((m) => m instanceof protocol.messages.DataRowMessage);
  if (!row) throw new Error(`No answer to: ${sql}`);
  return row.fields as Array<string | null>;
}

interface Noted {
  size: bigint;
  mtimeNs: bigint;
}

/** Copies pgDir to target (which must not exist); answers how long that held the database. */
export async function snapshotPglite(client: PGlite, pgDir: string, target: string): Promise<SnapshotInfo> {
  const [state] = (
    await client.query<WalRange>(
      `select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last
       from pg_control_checkpoint()`,
    )
  ).rows;

  // Pass 1, while requests go on.
  const firstPassStartedNs = BigInt(Date.now()) * 1_000_000n;
  const noted = new Map<string, Noted>();
  await fs.promises.mkdir(target, { mode: 0o700 });
  const firstPass = await filesOf(pgDir, state ?? { first: '', last: '' });
  await makeDirectories(target, firstPass.directories);
  await copyAll(firstPass.files, async (relative) => {
    const stat = await fs.promises.stat(path.join(pgDir, relative), { bigint: true }).catch(() => undefined);
    if (!stat) return; // Removed meanwhile; the second pass decides.
    noted.set(relative, { size: stat.size, mtimeNs: stat.mtimeNs });
    await copyFile(pgDir, target, relative).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      noted.delete(relative);
    });
  });

  // Pass 2: the transaction lock first (it waits for an open transaction to end), then the statement lock.
  const held = await client._runExclusiveTransaction(() =>
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
      const now = await filesOf(pgDir, { first, last });
      const racy = firstPassStartedNs - RACY_MS * 1_000_000n;
      let heldBytes = 0;
      await makeDirectories(target, now.directories);
      await copyAll(now.files, async (relative) => {
        const stat = await fs.promises.stat(path.join(pgDir, relative), { bigint: true });
        const before = noted.get(relative);
        if (before && before.size === stat.size && before.mtimeNs === stat.mtimeNs && stat.mtimeNs < racy)
          return;
        heldBytes += Number(stat.size);
        await copyFile(pgDir, target, relative);
      });
      const present = new Set(now.files);
      const gone = [...noted.keys()].filter((relative) => !present.has(relative));
      await Promise.all(gone.map((relative) => fs.promises.rm(path.join(target, relative), { force: true })));
      return { heldMs: Math.round(performance.now() - started), heldBytes, files: now.files };
    }),
  );
  let bytes = 0;
  for (const relative of held.files) bytes += (await fs.promises.stat(path.join(target, relative))).size;
  return { heldMs: held.heldMs, heldBytes: held.heldBytes, bytes };
}

/** Creates the cluster's directories in the copy, empty ones included (PostgreSQL expects them). */
async function makeDirectories(target: string, directories: readonly string[]) {
  for (const relative of directories) {
    await fs.promises.mkdir(path.join(target, relative), { recursive: true, mode: 0o700 });
  }
}

/**
 * The files of the cluster a copy needs, relative to it: all but the WAL segments outside
 * `wal` (and pg_wal's archive_status and summaries, which describe WAL files the copy may lack).
 */
async function filesOf(pgDir: string, wal: WalRange) {
  const entries = await fs.promises.readdir(pgDir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  const directories: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) directories.push(path.relative(pgDir, path.join(entry.parentPath, entry.name)));
    if (!entry.isFile()) continue;
    const parent = path.basename(entry.parentPath);
    if (parent === 'archive_status' || parent === 'summaries') continue;
    if (
      parent === 'pg_wal' &&
      WAL_SEGMENT.test(entry.name) &&
      (entry.name < wal.first || entry.name > wal.last)
    )
      continue;
    files.push(path.relative(pgDir, path.join(entry.parentPath, entry.name)));
  }
  return { files, directories };
}

const copyFile = (from: string, to: string, relative: string) =>
  fs.promises.copyFile(path.join(from, relative), path.join(to, relative), fs.constants.COPYFILE_FICLONE);

/** Runs `copy` for every file, COPY_CONCURRENCY at a time. */
async function copyAll(files: readonly string[], copy: (relative: string) => Promise<void>) {
  let next = 0;
  const worker = async (): Promise<void> => {
    const relative = files[next++];
    if (relative === undefined) return;
    await copy(relative);
    return worker();
  };
  await Promise.all(Array.from({ length: COPY_CONCURRENCY }, worker));
}
