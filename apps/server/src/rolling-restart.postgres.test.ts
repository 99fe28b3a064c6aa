import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { scratchPostgresDatabase } from '../test/helpers';
import { killServerProcesses, type ServerProcess, startServerProcess } from '../test/server-process';

/**
 * A rolling restart on PostgreSQL: two instances behind a load balancer, one of them stopped with
 * SIGTERM while requests flow. The load balancer here does what real ones do: it checks each
 * instance's /api/ready every 200 ms and sends requests only to instances that answered 200, and
 * when a connection is refused (the request never reached an instance) it sends it to another.
 * No request may fail, and every write an instance acknowledged is there afterwards. The stopping
 * instance drains for a second (SHUTDOWN_DRAIN_SECONDS), longer than the balancer's check interval.
 */
afterAll(killServerProcesses);

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** One request on a new connection: what the load balancer does towards an instance. */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers['set-cookie'] ?? [] }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const refused = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

function loadBalancer(instances: string[]) {
  const healthy = new Set(instances);
  let next = 0;
  const check = setInterval(() => {
    for (const base of instances) {
      send(base, 'GET', '/api/ready', {}).then(
        (answer) => (answer.status === 200 ? healthy.add(base) : healthy.delete(base)),
        () => healthy.delete(base),
      );
    }
  }, 200);
  return {
    stop: () => clearInterval(check),
    async send(method: string, path: string, headers: Record<string, string>, body?: string) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const pool = [...healthy];
        const base = pool[next++ % pool.length];
        if (!base) throw new Error('no healthy instance');
        try {
          return await send(base, method, path, headers, body);
        } catch (error) {
          if (!refused(error)) throw error;
          healthy.delete(base);
        }
      }
      throw new Error('refused three times');
    },
  };
}

it('loses no request and no acknowledged write when one of two instances stops during load', async () => {
  const scratch = await scratchPostgresDatabase(serverUrl);
  const start = (demo: string) =>
    startServerProcess({ DATABASE_URL: scratch.url, DEMO_DATA: demo, SHUTDOWN_DRAIN_SECONDS: '1' });
  const waitForUrl = async (server: ServerProcess) => {
    const base = await server.ready;
    if (!base) throw new Error(`the instance did not start: ${server.stderr()}`);
    return base;
  };
  try {
    // The first instance migrates and loads the demo data; the second starts on the same database.
    const old = start('true');
    const oldUrl = await waitForUrl(old);
    const fresh = start('false');
    const freshUrl = await waitForUrl(fresh);

    const signIn = await send(
      oldUrl,
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: 'admin@carepoint.example', password: 'carepoint-demo' }),
    );
    expect(signIn.status).toBe(200);
    // Sessions live in the database: the cookie works on either instance.
    const cookie = signIn.cookies.map((c) => c.split(';')[0]).join('; ');
    const headers = { cookie, 'content-type': 'application/json' };

    const balancer = loadBalancer([oldUrl, freshUrl]);
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let running = true;
    let served = 0;
    const worker = async (id: number) => {
      for (let i = 0; running; i++) {
        const writing = i % 3 === 0;
        const bedNumber = `RR-${id}-${i}`;
        try {
          const answer = writing
            ? await balancer.send('POST', '/api/admin/beds', headers, JSON.stringify({ label: bedNumber }))
            : await balancer.send('GET', '/api/admin/beds?limit=20', headers);
          if (answer.status >= 400) failures.push(`${answer.status} ${answer.body.slice(0, 200)}`);
          else if (writing) acknowledged.push(bedNumber);
          served++;
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);

    // Load on both, then the rolling step: the old instance is told to stop.
    while (served < 40) await new Promise((resolve) => setTimeout(resolve, 50));
    old.child.kill('SIGTERM');
    expect(await old.exited).toBe(0);
    const servedAtStop = served;
    while (served < servedAtStop + 40) await new Promise((resolve) => setTimeout(resolve, 50));
    running = false;
    await Promise.all(workers);
    balancer.stop();

    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);
    const listed = await send(freshUrl, 'GET', '/api/admin/beds?q=RR-&limit=1', headers);
    const total = (JSON.parse(listed.body) as { pagination: { total: number } }).pagination.total;
    expect(total).toBe(acknowledged.length);

    fresh.child.kill('SIGTERM');
    expect(await fresh.exited).toBe(0);
  } finally {
    await scratch.drop();
  }
}, 120_000);
