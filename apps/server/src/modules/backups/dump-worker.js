// @ts-check
/*
 * A backup's dump, on a thread of its own (dump.ts starts it). PGlite's pg_dump
 * (@electric-sql/pglite-tools) is WebAssembly that runs synchronously for the whole dump: on the
 * server's thread it would hold every request for seconds. Here it reads a copy of the data
 * directory (db/pglite-snapshot.ts) through a PGlite of its own, checks the dump whole, makes its
 * header portable, and writes it to the backup's hidden file, synced: the dump's bytes never
 * reach the server's thread (a large buffer there costs its requests a garbage collection).
 *
 * Plain JavaScript, so a worker thread loads it as it is, from the sources (tests, tsx) and from
 * the build (dist/dump-worker.js, next to dist/main.js) alike. What it checks and rewrites comes
 * from dump.ts, in workerData.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * @type {{ pgDir: string, args: string[], file: string, firstLines: string, lastLines: string,
 *   header: { find: string, replace: string, within: number } }}
 */
const { pgDir, args, file, firstLines, lastLines, header } = workerData;
const started = performance.now();
// Opening the copy runs PostgreSQL's crash recovery on it: it was copied as a crash would leave it.
const pg = await PGlite.create(pgDir, { extensions: { pg_trgm } });
const recoveredMs = Math.round(performance.now() - started);
let dump = Buffer.from(await (await pgDump({ pg, args })).arrayBuffer());

const whole =
  dump.subarray(0, firstLines.length).toString('utf8') === firstLines &&
  dump.subarray(-256).toString('utf8').trimEnd().endsWith(lastLines);
if (!whole) throw new Error(`pg_dump's output does not end with "${lastLines.split('\n')[0]}"`);
const at = dump.indexOf(header.find);
if (at >= 0 && at < header.within) {
  dump = Buffer.concat([
    dump.subarray(0, at),
    Buffer.from(header.replace),
    dump.subarray(at + header.find.length),
  ]);
}

const fd = fs.openSync(file, 'w', 0o600);
try {
  fs.fchmodSync(fd, 0o600);
  fs.writeFileSync(fd, dump);
  fs.fsyncSync(fd);
} finally {
  fs.closeSync(fd);
}
// The copy is thrown away: the thread is ended without closing it (a close would checkpoint it).
parentPort?.postMessage({ bytes: dump.length, recoveredMs });
