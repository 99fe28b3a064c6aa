import { Worker } from 'node:worker_threads';

/**
 * pg_dump's plain SQL script of the whole database, made from a copy of the embedded database's
 * directory in a worker thread (dump-worker.js), and the checks every backup and restore makes.
 */

/** The line pg_dump writes last: a file without it at its end was cut short. */
export const DUMP_COMPLETE_LINE = '-- PostgreSQL database dump complete';
const DUMP_FIRST_LINES = '--\n-- PostgreSQL database dump\n--\n';
const DUMP_LAST_LINES = `${DUMP_COMPLETE_LINE}\n--`;

/**
 * Everything, portable: no owners or privileges (the restoring role owns what it creates, on any
 * server), no comments (the schema has none of its own; PostgreSQL's own comments on the public
 * schema and on pg_trgm need their owners). pglite-tools adds --inserts (INSERT statements, so
 * PGlite can run the script too), -j 1, -U postgres and the output file.
 */
const PG_DUMP_ARGS = ['--no-owner', '--no-privileges', '--no-comments'];

/**
 * pg_dump 18 (PGlite's) starts its scripts with `SET transaction_timeout = 0;`, a setting
 * PostgreSQL 15 and 16 do not have: psql with ON_ERROR_STOP would stop there. The same setting,
 * made only where it exists, so the file restores on PostgreSQL 15 and newer.
 */
const TRANSACTION_TIMEOUT_LINE = '\nSET transaction_timeout = 0;\n';
const TRANSACTION_TIMEOUT_PORTABLE =
  "\nSELECT pg_catalog.set_config('transaction_timeout', '0', false) " +
  "WHERE pg_catalog.current_setting('server_version_num')::integer >= 170000;\n";
/** pg_dump's header (its SET lines) ends well before this; data after it is never rewritten. */
const HEADER_BYTES = 4096;

/** Whether a dump's last bytes end with pg_dump's completion line (and its closing comment). */
export function endsComplete(tail: string) {
  const end = tail.replace(/\s+$/, '').replace(/(\n\\unrestrict [^\n]*)$/, '');
  return end.endsWith(DUMP_LAST_LINES);
}

/** Whether the text starts as pg_dump's plain scripts do. */
export const startsAsDump = (head: string) => head.replace(/\r\n/g, '\n').startsWith(DUMP_FIRST_LINES);

/** pglite-tools hands the dump over as one string: JavaScript's longest (about 512 MB) bounds it. */
const tooLarge = () =>
  new Error(
    'The database is too large for a backup of the embedded database: its dump would exceed the ' +
      'about 512 MB its pg_dump can hand over. Move it to a database server (docs/operations.md).',
  );

export interface WorkerDump {
  /** The file's size. */
  bytes: number;
  /** Opening the copy (PostgreSQL's recovery of it, and PGlite's start). */
  recoveredMs: number;
  /** The process's resident memory when the dump was done, its thread still alive (the backup's peak). */
  rssBytes: number;
}

/**
 * Runs pg_dump on a copied data directory in a worker thread, which checks the dump whole (its
 * first lines and pg_dump's completion line), makes its header portable, and writes it to `file`
 * (mode 0600, synced). `signal` ends the thread.
 */
export function dumpInWorker(pgDir: string, file: string, signal?: AbortSignal): Promise<WorkerDump> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./dump-worker.js', import.meta.url), {
      workerData: {
        pgDir,
        args: PG_DUMP_ARGS,
        file,
        firstLines: DUMP_FIRST_LINES,
        lastLines: DUMP_LAST_LINES,
        header: {
          find: TRANSACTION_TIMEOUT_LINE,
          replace: TRANSACTION_TIMEOUT_PORTABLE,
          within: HEADER_BYTES,
        },
      },
      // pg_dump's own messages go to the error below, not to the server's output.
      stdout: true,
      stderr: true,
    });
    let stderr = '';
    worker.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    worker.stdout.resume();
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      action();
      void worker.terminate();
    };
    const abort = () => finish(() => reject(signal?.reason ?? new Error('Backup stopped')));
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', (message: Omit<WorkerDump, 'rssBytes'>) =>
      finish(() => resolve({ ...message, rssBytes: process.memoryUsage.rss() })),
    );
    worker.once('error', (error) =>
      finish(() =>
        reject(
          /Invalid string length|Array buffer allocation failed/.test(error.message) ? tooLarge() : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The dump's thread ended (code ${code}) ${stderr.trim()}`.trim()))),
    );
  });
}
