// @ts-check
/*
 * A backup's dump, on a thread of its own (dump.ts starts it). PGlite's pg_dump
 * (@electric-sql/pglite-tools) is WebAssembly that runs synchronously for the whole dump: on the
 * server's thread it would hold every request for seconds. Here it reads a copy of the data
 * directory (db/pglite-snapshot.ts) through a PGlite of its own.
 *
 * Plain JavaScript, so a worker thread loads it as it is, from the sources (tests, tsx) and from
 * the build (dist/dump-worker.js, next to dist/main.js) alike.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/** @type {{ pgDir: string, args: string[] }} */
const { pgDir, args } = workerData;
const started = performance.now();
// Opening the copy runs PostgreSQL's crash recovery on it: it was copied as a crash would leave it.
const pg = await PGlite.create(pgDir, { extensions: { pg_trgm } });
const recoveredMs = Math.round(performance.now() - started);
const dump = await pgDump({ pg, args });
const bytes = await dump.arrayBuffer();
// The copy is thrown away: the thread is ended without closing it (a close would checkpoint it).
parentPort?.postMessage({ bytes, recoveredMs }, [bytes]);
