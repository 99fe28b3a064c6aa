import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, scratchPostgresDatabase, signedIn, type TestApp } from '../../test/helpers';
import { openPostgres } from '../db/client';

/**
 * The PostgreSQL server goes away and comes back (a restart, a network cut): the app answers 503
 * quickly while it is gone, recovers by itself within seconds, and its LISTEN connection comes
 * back so live boards resume. The outage is a TCP relay between the app and the server that the
 * test closes and opens again (the test server itself is shared and stays up).
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A relay from a local port to the database server, that can cut every connection and refuse new ones. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    open,
    port: () => port,
    async cut() {
      // close() waits for the open connections to end: cut them first.
      const closed = new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
let t: TestApp;
let link: ReturnType<typeof relay>;

beforeAll(async () => {
  scratch = await scratchPostgresDatabase(serverUrl);
  const direct = new URL(scratch.url);
  link = relay(direct);
  await link.open();
  const viaRelay = new URL(scratch.url);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(link.port());
  t = await createTestApp({ database: await openPostgres(viaRelay.toString(), 5) });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
  await link.cut();
  await scratch.drop();
});

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
};

describe('when the PostgreSQL server is unreachable', () => {
  it('answers 503 fast while it is gone, recovers by itself, and live events resume', async () => {
    const admin = await signedIn(t, 'admin');
    const beds = () => t.app.inject({ url: '/api/admin/beds', headers: admin.headers });
    expect((await beds()).statusCode).toBe(200);
    const heard: string[] = [];
    await t.database.listen('carepoint_outage_test', (payload) => heard.push(payload));

    await link.cut();
    const started = Date.now();
    const during = await beds();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(during.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(503);

    await link.open();
    expect(await until(async () => (await beds()).statusCode === 200, 10_000)).toBe(true);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);

    // The LISTEN connection reconnects with backoff: a NOTIFY sent straight to the server arrives.
    const notifier = new pg.Client({ connectionString: scratch.url });
    await notifier.connect();
    try {
      const arrived = await until(async () => {
        await notifier.query(`select pg_notify('carepoint_outage_test', 'back')`);
        return heard.includes('back');
      }, 20_000);
      expect(arrived).toBe(true);
    } finally {
      await notifier.end();
    }
  }, 60_000);
});
