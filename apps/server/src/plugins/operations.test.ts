import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/helpers';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.reverse()) await t.close();
  apps.length = 0;
});
const app = async (env: Record<string, string> = {}) => {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
};

const TOKEN = 'metrics-token-for-the-tests-0123456789';

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('readiness', () => {
  it('answers ready to anyone, naming nothing internal', async () => {
    const t = await app();
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while this build has migrations the database lacks', async () => {
    const t = await app();
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready' });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('is not ready while a configured Redis is down (liveness stays cheap and says degraded)', async () => {
    const t = await app({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'degraded' });
  });
});

describe('metrics', () => {
  it('do not exist unless METRICS_TOKEN or METRICS_PORT is set', async () => {
    const t = await app();
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('need the token as a Bearer credential', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    // A signed-in administrator is not enough either: metrics are for the monitoring system.
    const admin = await signedIn(t, 'admin');
    expect((await t.app.inject({ url: '/metrics', headers: admin.headers })).statusCode).toBe(401);
  });

  it('count requests by route pattern and report the queues, streams and caches', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const admin = await signedIn(t, 'admin');
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/beds/00000000-0000-4000-8000-000000000001',
      headers: admin.headers,
      payload: { label: 'Nowhere', status: 'Free' },
    });
    await t.app.inject({ url: '/api/admin/patients', headers: admin.headers });
    await t.app.inject({ url: '/api/admin/patients', headers: admin.headers });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /carepoint_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} 1/,
    );
    // The pattern, not the id: one series for every bed.
    expect(text).toContain('route="/api/admin/beds/:id"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).toMatch(/carepoint_read_cache_hits_total 1/);
    expect(text).toMatch(/carepoint_read_cache_misses_total 1/);
    for (const name of [
      'carepoint_audit_pending_reads',
      'carepoint_live_clients',
      'carepoint_nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`${name} `);
    expect(text).not.toContain(TOKEN);
  });

  it('on METRICS_PORT are served on loopback only, and not on the app port', async () => {
    const port = await freePort();
    const t = await app({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
    expect(
      (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('carepoint_live_clients');
  });
});
