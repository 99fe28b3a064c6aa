import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverDir } from '../server-dir';
import { loadDiagnosisCodes } from './code-systems';
import { DurablePGlite } from './durable-pglite';
import { loadFormulary } from './formulary-load';
import { loadLabCatalogue } from './lab-catalogue-load';
import { acquireDataDirLock } from './lock';
import { createPgListener } from './pg-listener';
import { type SnapshotInfo, snapshotPglite } from './pglite-snapshot';
import { copyPgliteTemplate, prepareMigratedTemplate } from './pglite-template';
import * as schema from './schema';
import { syncTree } from './sync-tree';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either so callers can compose them. */
export type Executor = Pick<
  Database,
  | 'select'
  | 'insert'
  | 'update'
  | 'delete'
  | 'execute'
  | 'transaction'
  | 'query'
  | '$count'
  | '$with'
  | 'with'
>;

type Unsubscribe = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a Postgres NOTIFY channel; on a server this reaches every instance. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<Unsubscribe>;
  /** Sends these notifications on a channel in one statement (identical ones fold into one). */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
  /** Connections of a server's pool (in use, idle, requests waiting for one); none on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
  /** The embedded database only: its data directory, and a consistent copy of it for backups. */
  embedded?: {
    dataDir: string;
    snapshot(target: string): Promise<SnapshotInfo>;
  };
}

const migrationsFolder = path.join(serverDir, 'drizzle');
const MIGRATION_LOCK_KEY = 7_264_001;
const CONNECT_TIMEOUT_MS = 3_000;
/** Extensions the schema's indexes use (trigram search); drizzle-kit does not emit CREATE EXTENSION. */
const REQUIRED_EXTENSIONS = 'CREATE EXTENSION IF NOT EXISTS pg_trgm';
const channelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return channel;
};

const pgliteOptions = { extensions: { pg_trgm } };

/** Brings an embedded database's schema up to date (the extensions, then every pending migration). */
async function migrateEmbedded(client: DurablePGlite) {
  await client.exec(REQUIRED_EXTENSIONS);
  await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  await loadDiagnosisCodes(db);
  await loadLabCatalogue(db);
  await loadFormulary(db);
}

/** One NOTIFY a payload of the JSON array $2, on channel $1: a round trip whatever their number. */
const NOTIFY_EACH = 'select pg_notify($1, payload) from json_array_elements_text($2::json) as payload';

/** The migrated template (pglite-template.ts), made if this build's migrations have none yet. */
export const prepareMigratedPgliteTemplate = () =>
  prepareMigratedTemplate(async (pgDir) => {
    const client = new DurablePGlite(pgDir, pgliteOptions);
    try {
      await migrateEmbedded(client);
    } finally {
      await client.close();
    }
  });

/** The embedded database: PGlite in a data directory (created from a template cluster when new). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const releaseLock = await acquireDataDirLock(dataDir);
  try {
    const pgDir = path.resolve(dataDir, 'pg');
    if (copyPgliteTemplate(pgDir)) await syncTree(pgDir);
    const client = new DurablePGlite(pgDir, {
      ...pgliteOptions,
      // A clinic's embedded database is small; 16 MB of buffers (PG's default is 128 MB) keeps memory down.
      extraStartParams: ['-c', 'shared_buffers=16MB'],
    });
    await client.waitReady;
    const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
    await migrateEmbedded(client);
    return {
      db,
      kind: 'pglite',
      async listen(channel, onMessage) {
        return client.listen(channelName(channel), onMessage);
      },
      async notify(channel, payloads) {
        await client.query(NOTIFY_EACH, [channelName(channel), JSON.stringify(payloads)]);
      },
      poolStats: () => undefined,
      async close() {
        await client.close();
        await releaseLock();
      },
      embedded: {
        dataDir: path.resolve(dataDir),
        snapshot: (target) => snapshotPglite(client, pgDir, target),
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/** A PostgreSQL server: a pool for queries, one dedicated connection for LISTEN. */
export async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  await migrateServer(url);
  // While the server is unreachable a request fails within seconds (503) instead of waiting forever.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client whose connection drops (server restart, a dropped test database) is reported on the
  // pool; the pool already discards it, and an unhandled 'error' event would end the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  const listener = createPgListener(url);

  return {
    db,
    kind: 'postgres',
    listen: (channel, onMessage) => listener.listen(channelName(channel), onMessage),
    async notify(channel, payloads) {
      await pool.query(NOTIFY_EACH, [channelName(channel), JSON.stringify(payloads)]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Several instances may start at once: an advisory lock lets one of them migrate. */
async function migrateServer(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(REQUIRED_EXTENSIONS);
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
    const db = drizzlePg({ client, schema, casing: 'snake_case' }) as unknown as Database;
    await loadDiagnosisCodes(db);
    await loadLabCatalogue(db);
    await loadFormulary(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
