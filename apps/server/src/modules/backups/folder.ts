import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_FILE_NAME, type Backup } from '@carepoint/contract';

/**
 * The backup folder (BACKUP_DIR): the dump files, readable by the server's user only, and a small
 * record of the backups (backups.json: duration, who asked, failures), which only adds to what
 * the files themselves say. The files are the truth: a file the record does not know is listed
 * all the same, and a record whose file is gone is dropped.
 */

const RECORD_FILE = 'backups.json';
/** A file being written: hidden, and never named like a backup, so a crash never leaves a half file that looks whole. */
const PARTIAL_PREFIX = '.carepoint-';
const PARTIAL_SUFFIX = '.partial';
/** Failed backups kept in the record (succeeded ones stay as long as their files). */
const FAILURES_KEPT = 10;

/** carepoint-2026-03-01T02-00-00Z.sql for a backup started at 02:00:00 UTC that day. */
export const backupFileName = (startedAt: Date) =>
  `carepoint-${startedAt.toISOString().slice(0, 19).replace(/:/g, '-')}Z.sql`;

/** When a backup file's backup started, from its name. */
const startedAtOf = (fileName: string) => {
  const [, date, h, m, s] =
    /^carepoint-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sql$/.exec(fileName) ?? [];
  return new Date(`${date}T${h}:${m}:${s}Z`);
};

/** Creates the folder if needed, readable by the server's user only. */
export async function prepareFolder(dir: string) {
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.promises.chmod(dir, 0o700);
}

/** Removes what a crash during a backup left: half-written files. */
export async function removePartialFiles(dir: string) {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(PARTIAL_PREFIX) && name.endsWith(PARTIAL_SUFFIX))
      .map((name) => fs.promises.rm(path.join(dir, name), { force: true })),
  );
}

async function syncDirectory(dir: string) {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The hidden name a file is written under until it is whole and on disk. */
export const partialPath = (dir: string, name: string) =>
  path.join(dir, `${PARTIAL_PREFIX}${name}${PARTIAL_SUFFIX}`);

/** Gives a file written (and synced) under its partialPath its name, and puts the rename on disk. */
export async function publishPartial(dir: string, name: string) {
  await fs.promises.rename(partialPath(dir, name), path.join(dir, name));
  await syncDirectory(dir);
}

/**
 * Writes a file so that it exists under its name only once all of it is on disk: a hidden
 * temporary name first (mode 0600), synced, then renamed, then the folder synced (the rename
 * itself on disk).
 */
async function writeDurably(dir: string, name: string, data: Uint8Array) {
  const partial = partialPath(dir, name);
  const handle = await fs.promises.open(partial, 'w', 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await publishPartial(dir, name);
}

export interface BackupFile {
  fileName: string;
  bytes: number;
}

/** The backup files in the folder, newest first (their names sort by time). */
async function listBackupFiles(dir: string): Promise<BackupFile[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => BACKUP_FILE_NAME.test(name))
      .map(async (fileName) => {
        const stat = await fs.promises.stat(path.join(dir, fileName)).catch(() => undefined);
        return stat?.isFile() ? { fileName, bytes: stat.size } : undefined;
      }),
  );
  return files
    .filter((f): f is BackupFile => f !== undefined)
    .sort((a, b) => b.fileName.localeCompare(a.fileName));
}

/** Keeps the newest `keep` backup files and removes the others; answers the names removed. */
export async function pruneBackupFiles(dir: string, keep: number) {
  const older = (await listBackupFiles(dir)).slice(keep);
  await Promise.all(older.map((f) => fs.promises.rm(path.join(dir, f.fileName), { force: true })));
  if (older.length > 0) await syncDirectory(dir);
  return older.map((f) => f.fileName);
}

/** What the record keeps of a finished backup. */
export type RecordedBackup = Omit<Backup, 'result'> & { result: 'succeeded' | 'failed' };

async function readRecord(dir: string): Promise<RecordedBackup[]> {
  try {
    const parsed: unknown = JSON.parse(await fs.promises.readFile(path.join(dir, RECORD_FILE), 'utf8'));
    return Array.isArray(parsed) ? (parsed as RecordedBackup[]) : [];
  } catch {
    // None yet, or unreadable: the files still list themselves.
    return [];
  }
}

/** Adds a finished backup to the record: succeeded ones whose files remain, and the latest failures. */
export async function addToRecord(dir: string, entry: RecordedBackup) {
  const files = new Set((await listBackupFiles(dir)).map((f) => f.fileName));
  const entries = [entry, ...(await readRecord(dir))];
  const kept = [
    ...entries.filter((e) => e.result === 'succeeded' && e.fileName && files.has(e.fileName)),
    ...entries.filter((e) => e.result === 'failed').slice(0, FAILURES_KEPT),
  ];
  await writeDurably(dir, RECORD_FILE, Buffer.from(JSON.stringify(kept, null, 2)));
}

/** The files with what the record says of them, and the recorded failures: newest first. */
export async function listBackups(dir: string): Promise<Backup[]> {
  const [files, record] = await Promise.all([listBackupFiles(dir), readRecord(dir)]);
  const recorded = new Map(record.filter((e) => e.fileName).map((e) => [e.fileName, e]));
  const succeeded: Backup[] = files.map(({ fileName, bytes }) => {
    const known = recorded.get(fileName);
    return {
      fileName,
      startedAt: known?.startedAt ?? startedAtOf(fileName).toISOString(),
      durationMs: known?.durationMs ?? null,
      bytes,
      result: 'succeeded',
      trigger: known?.trigger ?? null,
      requestedBy: known?.requestedBy ?? null,
      error: null,
    };
  });
  const failed = record.filter((e) => e.result === 'failed');
  return [...succeeded, ...failed].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
