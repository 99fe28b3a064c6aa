import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { pendingReadRecords } from '../lib/audit';
import { serverDir } from '../server-dir';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus metrics; modules add their own (the backups' age, for one). */
    metrics: Registry;
    /** Makes readiness answer 503 from now on, while the instance still serves (a stop's first step). */
    stopBeingReady(): void;
  }
}

/** How long a readiness check waits for the database before it calls it unreachable. */
const READY_TIMEOUT_MS = 2_000;

/** Migrations this build knows (its journal): the database is ready for it once all have run. */
const journalEntries = (() => {
  const journal = path.join(serverDir, 'drizzle', 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
})();

/** Migrations recorded in the database by Drizzle's migrator (both drivers answer `{ rows }`). */
async function appliedMigrations(app: FastifyInstance) {
  const result = (await app.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

/**
 * What a load balancer and an operator's monitoring read:
 * - `/api/ready`: 200 when this instance can serve (database reachable, this build's migrations
 *   applied, a configured Redis up, not stopping), else 503. It names nothing internal.
 * - `/metrics` (Prometheus): only with METRICS_TOKEN as a Bearer token, or on METRICS_PORT bound to
 *   loopback; otherwise it does not exist (404).
 * `/api/health` (modules/public) stays the cheap liveness answer.
 */
async function operationsPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let stopping = false;
  let migrated = false;
  const stopBeingReady = () => {
    stopping = true;
  };
  app.decorate('stopBeingReady', stopBeingReady);
  app.addHook('preClose', async () => stopBeingReady());

  const databaseReady = async () => {
    try {
      await withTimeout(app.db.execute('select 1'), READY_TIMEOUT_MS);
      if (!migrated) {
        migrated = (await withTimeout(appliedMigrations(app), READY_TIMEOUT_MS)) >= journalEntries;
      }
      return migrated;
    } catch {
      return false;
    }
  };

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['public'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('not ready') }),
        },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const ready = !stopping && !app.rateLimits.isDegraded() && (await databaseReady());
      if (!ready)
        return reply
          .code(503)
          .header('Retry-After', '5')
          .send({ status: 'not ready' as const });
      return { status: 'ready' as const };
    },
  );

  const registry = registerMetrics(app);
  app.decorate('metrics', registry);
  const { METRICS_PORT, METRICS_TOKEN } = app.config;
  if (METRICS_PORT) serveMetricsOnLoopback(app, registry, METRICS_PORT);
  if (METRICS_PORT || !METRICS_TOKEN) {
    // Not served on this port: a plain 404 of its own, or the web app's fallback would send its
    // HTML page with 200 and a scraper would take that for metrics.
    app.get('/metrics', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) =>
      reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' }),
    );
  } else {
    const wanted = digest(METRICS_TOKEN);
    app.get(
      '/metrics',
      { schema: { hide: true }, config: { access: 'public' } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const given = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
        if (!given || !timingSafeEqual(digest(given), wanted)) {
          return reply
            .code(401)
            .header('WWW-Authenticate', 'Bearer')
            .send({ error: 'Please sign in', code: 'UNAUTHENTICATED' });
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  }
}

/** Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first wrong character. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/** A server of its own for /metrics, on 127.0.0.1 only: reachable by a local agent, never from outside. */
function serveMetricsOnLoopback(app: FastifyInstance, registry: Registry, port: number) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  app.addHook('onReady', () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)));
  app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
}

/** The metrics and what feeds them: requests as they end, the rest read when scraped. */
function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'carepoint_' });
  const requests = new Histogram({
    name: 'carepoint_http_request_duration_seconds',
    help: 'Requests by route, method and status, with their duration',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/admin/beds/:id), never the address itself: ids would explode the labels.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  new Gauge({
    name: 'carepoint_db_pool_connections',
    help: 'Connections to the PostgreSQL server by state (in use, idle) and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.dbHandle.poolStats();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'carepoint_audit_pending_reads',
    help: 'Read records of the audit trail waiting to be written',
    registers: [registry],
    collect() {
      this.set(pendingReadRecords());
    },
  });
  new Gauge({
    name: 'carepoint_live_clients',
    help: 'Browsers connected to the live boards (Server-Sent Events)',
    registers: [registry],
    collect() {
      this.set(app.events.clients());
    },
  });
  // Read when scraped (the backups folder's listing); on a PostgreSQL server there are none to report.
  const lastBackups = async () => {
    const overview = await app.backups.overview();
    return overview.mode === 'embedded' ? overview.backups.filter((b) => b.result !== 'running') : [];
  };
  new Gauge({
    name: 'carepoint_backup_last_success_timestamp_seconds',
    help: 'When the newest successful backup started (Unix seconds); alert when it is older than the schedule allows',
    registers: [registry],
    async collect() {
      const succeeded = (await lastBackups()).find((b) => b.result === 'succeeded');
      if (succeeded) this.set(Date.parse(succeeded.startedAt) / 1000);
    },
  });
  new Gauge({
    name: 'carepoint_backup_last_result',
    help: 'The newest backup: 1 when it succeeded, 0 when it failed',
    registers: [registry],
    async collect() {
      const [newest] = await lastBackups();
      if (newest) this.set(newest.result === 'succeeded' ? 1 : 0);
    },
  });
  const cacheCounter = (name: string, help: string, read: () => number) => {
    let seen = 0;
    return new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        this.inc(now - seen);
        seen = now;
      },
    });
  };
  cacheCounter(
    'carepoint_read_cache_hits_total',
    'Reads answered from the read cache',
    () => app.readCache.stats.hits,
  );
  cacheCounter(
    'carepoint_read_cache_misses_total',
    'Reads the read cache had to load',
    () => app.readCache.stats.misses,
  );
  return registry;
}

export default fp(operationsPlugin, { name: 'operations', dependencies: ['events', 'read-cache'] });
