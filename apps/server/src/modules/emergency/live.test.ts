import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase, TEST_PASSWORD, testClock } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { HEARTBEAT_MS } from '../../plugins/events';

/*
 * Live boards across instances: two apps on one database, as behind a load balancer. A change
 * made through instance A must reach an event-stream client connected to instance B. On
 * PostgreSQL each instance has its own connections (a second handle on the same database), so
 * the event really travels by LISTEN/NOTIFY; on PGlite the two apps share the one embedded
 * database handle.
 */

const clock = testClock();
let primary: DatabaseHandle;
let secondary: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
let baseB: string;
let cookie: string;

async function appOn(database: DatabaseHandle) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    sendMail: async () => ({ delivery: 'Sent' }),
    logger: false,
  });
  await app.ready();
  return app;
}

/** A second, independent handle on the same PostgreSQL database (PGlite has only the one). */
async function secondHandle(handle: DatabaseHandle): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (handle.kind !== 'postgres' || !url) return { ...handle, close: async () => {} };
  // node-postgres answers execute() with its QueryResult.
  const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const sameDb = new URL(url);
  sameDb.pathname = `/${result.rows[0]?.name}`;
  return openPostgres(sameDb.toString(), 5);
}

beforeAll(async () => {
  primary = await freshDatabase();
  secondary = await secondHandle(primary);
  a = await appOn(primary);
  b = await appOn(secondary);
  await b.listen({ port: 0, host: '127.0.0.1' });
  const address = b.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseB = `http://127.0.0.1:${address.port}`;

  await primary.db.insert(users).values({
    email: 'live-admin@test.example',
    role: 'admin',
    firstName: 'Live',
    lastName: 'Admin',
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  const login = await a.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'live-admin@test.example', password: TEST_PASSWORD },
  });
  cookie = `token=${login.json().token}`;
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await secondary?.close();
  await primary?.close();
});

/** An SSE client on instance B that collects the stream's text. */
async function connect(headers: Record<string, string> = { cookie }) {
  const controller = new AbortController();
  const res = await fetch(`${baseB}/api/admin/events`, { headers, signal: controller.signal });
  let text = '';
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    if (!reader) return;
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    res,
    text: () => text,
    /** Settles when the server ends the stream. */
    ended: pump,
    /** Resolves once the stream holds `count` messages of this event. */
    until: (event: string, count = 1) =>
      vi.waitFor(
        () => {
          const seen = text.split('\n').filter((line) => line === `event: ${event}`).length;
          if (seen < count) throw new Error(`waiting for ${count} × ${event}; got:\n${text}`);
        },
        { timeout: 10_000, interval: 20 },
      ),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

describe('live events between instances', () => {
  it('refuses the stream without a session (401) and to a non-admin (checked in the role matrix)', async () => {
    const res = await fetch(`${baseB}/api/admin/events`);
    expect(res.status).toBe(401);
  });

  it('a queue change made through A reaches a client of B, then an ER change too', async () => {
    const client = await connect();
    expect(client.res.status).toBe(200);
    expect(client.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await client.until('ready');
    expect(b.events.clients()).toBe(1);

    const added = await a.inject({
      method: 'POST',
      url: '/api/admin/queues',
      headers: { cookie },
      payload: { patient: 'Live Patient', department: 'General', triage: 'High', etaMinutes: 10 },
    });
    expect(added.statusCode).toBe(201);
    await client.until('queues');
    expect(client.text()).toContain('data: {"topic":"queues"}');

    const called = await a.inject({
      method: 'POST',
      url: '/api/admin/queues/General/call-next',
      headers: { cookie },
    });
    expect(called.statusCode).toBe(200);
    await client.until('queues', 2);

    const arrived = await a.inject({
      method: 'POST',
      url: '/api/admin/emergency-room',
      headers: { cookie },
      payload: { patientName: 'Live Arrival', triageLevel: 'Urgent' },
    });
    expect(arrived.statusCode).toBe(201);
    await client.until('emergency');

    await client.close();
    await vi.waitFor(() => expect(b.events.clients()).toBe(0));
  });

  it('a refused change announces nothing', async () => {
    const client = await connect();
    await client.until('ready');
    const refused = await a.inject({
      method: 'POST',
      url: '/api/admin/queues/Radiology/call-next',
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(404);
    // Only the later successful change is announced.
    await a.inject({
      method: 'POST',
      url: '/api/admin/queues',
      headers: { cookie },
      payload: { patient: 'After', department: 'Radiology', etaMinutes: 5 },
    });
    // Events arrive in commit order: once a later ER event is in, every earlier one is too.
    await a.inject({
      method: 'POST',
      url: '/api/admin/emergency-room',
      headers: { cookie },
      payload: { patientName: 'Marker', triageLevel: 'Low' },
    });
    await client.until('emergency');
    expect(client.text().split('event: queues').length - 1).toBe(1);
    await client.close();
  });

  it('keeps an idle stream open with a comment every 25 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const client = await connect();
      await client.until('ready');
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await vi.waitFor(() => expect(client.text()).toContain(': heartbeat\n\n'));
      await client.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the stream at the next heartbeat once its session has ended', async () => {
    const login = await a.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'live-admin@test.example', password: TEST_PASSWORD },
    });
    const own = `token=${login.json().token}`;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const client = await connect({ cookie: own });
      await client.until('ready');
      await a.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: own } });
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await client.ended;
      expect(client.text()).not.toContain(': heartbeat');
      await vi.waitFor(() => expect(b.events.clients()).toBe(0));
    } finally {
      vi.useRealTimers();
    }
  });
});
