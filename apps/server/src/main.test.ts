import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killServerProcesses, startServerProcess } from '../test/server-process';

const dirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-main-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const signIn = (baseUrl: string, email: string) =>
  fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'carepoint-demo' }),
  });

/** A start-up failure the operator can fix: exit code 1 and one line on stderr, no stack trace. */
async function expectOneLineFailure(server: ReturnType<typeof startServerProcess>) {
  expect(await server.ready).toBeUndefined();
  expect(await server.exited).toBe(1);
  const lines = server.stderr().trim().split('\n');
  expect(lines, server.stderr()).toHaveLength(1);
  return lines[0];
}

describe('the server process', () => {
  it('serves demo data, refuses a second process on its data directory, and stops cleanly on SIGTERM', async () => {
    const dataDir = freshDataDir();
    const first = startServerProcess({ DATA_DIR: dataDir });
    const baseUrl = await first.ready;
    expect(baseUrl, first.stderr()).toBeDefined();
    const health = await fetch(`${baseUrl}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await signIn(`${baseUrl}`, 'admin@carepoint.example')).status).toBe(200);

    const second = startServerProcess({ DATA_DIR: dataDir });
    expect(await expectOneLineFailure(second)).toBe(
      `The data directory ${dataDir} is in use by another CarePoint process (pid ${first.child.pid}). ` +
        'Stop that process, or set DATA_DIR to a different directory.',
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 60_000);

  it('writes one JSON line per request without its query string, and warns once of the stored TOTP key', async () => {
    const server = startServerProcess({ DATA_DIR: freshDataDir(), DEMO_DATA: 'false' });
    const baseUrl = await server.ready;
    await fetch(`${baseUrl}/api/health?probe=secret-token`);
    server.child.kill('SIGTERM');
    await server.exited;
    const requestLines = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('/api/health'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(requestLines).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/health',
        statusCode: 200,
        msg: 'request completed',
      }),
    ]);
    expect(server.stdout()).not.toContain('secret-token');
    // Without TOTP_ENCRYPTION_KEY the key kept in the database is used, with one warning at start.
    const keyWarnings = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('Set TOTP_ENCRYPTION_KEY'));
    expect(keyWarnings.map((line) => (JSON.parse(line) as { level: number }).level)).toEqual([40]);
  }, 60_000);
});

describe('a stop under load', () => {
  it('writes the read record of every read it answered before the database closes', async () => {
    const dataDir = freshDataDir();
    const server = startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '0' });
    const baseUrl = await server.ready;
    const { token } = (await (await signIn(`${baseUrl}`, 'admin@carepoint.example')).json()) as {
      token: string;
    };
    const headers = { authorization: `Bearer ${token}` };
    // 300 reads at once; the stop comes when the first 100 are answered, with the rest in flight.
    let answered = 0;
    let stopped: Promise<number | null> | undefined;
    const reads = Array.from({ length: 300 }, (_, i) =>
      fetch(`${baseUrl}/api/admin/patients?page=${(i % 3) + 1}`, { headers }).then(
        async (res) => {
          await res.arrayBuffer();
          answered++;
          if (answered === 100) {
            server.child.kill('SIGTERM');
            stopped = server.exited;
          }
          return res.status === 200;
        },
        () => false,
      ),
    );
    const served = (await Promise.all(reads)).filter(Boolean).length;
    expect(await (stopped ?? server.exited)).toBe(0);
    const lost = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('a read record was not written'));
    expect(lost).toHaveLength(0);

    const again = startServerProcess({ DATA_DIR: dataDir });
    const againUrl = await again.ready;
    const admin = (await (await signIn(`${againUrl}`, 'admin@carepoint.example')).json()) as {
      token: string;
    };
    // Identical reads of one statement share a row that counts them (details.repeated.times).
    let recorded = 0;
    for (let page = 1; ; page++) {
      const trail = await fetch(`${againUrl}/api/admin/audit?action=patients.list&limit=100&page=${page}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const { data } = (await trail.json()) as { data: Array<{ details: { repeated?: { times: number } } }> };
      if (data.length === 0) break;
      for (const row of data) recorded += row.details.repeated?.times ?? 1;
    }
    expect(served).toBeGreaterThanOrEqual(100);
    expect(recorded).toBe(served);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});

describe('in production', () => {
  it('starts an embedded database without demo data unless DEMO_DATA=true', async () => {
    const server = startServerProcess({
      DATA_DIR: freshDataDir(),
      NODE_ENV: 'production',
      TOTP_ENCRYPTION_KEY: 'k'.repeat(32),
    });
    const baseUrl = await server.ready;
    expect(baseUrl, server.stderr()).toBeDefined();
    expect((await signIn(`${baseUrl}`, 'admin@carepoint.example')).status).toBe(401);
    expect(server.stdout()).not.toContain('Demo accounts exist');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('warns at start while demo accounts exist', async () => {
    const server = startServerProcess({
      DATA_DIR: freshDataDir(),
      NODE_ENV: 'production',
      TOTP_ENCRYPTION_KEY: 'k'.repeat(32),
      DEMO_DATA: 'true',
    });
    const baseUrl = await server.ready;
    expect((await signIn(`${baseUrl}`, 'admin@carepoint.example')).status).toBe(200);
    const warning = server
      .stdout()
      .split('\n')
      .find((line) => line.includes('Demo accounts exist'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^Demo accounts exist in production \(\d+ at @carepoint\.example/),
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});

describe('a start-up failure is one clear line and exit code 1', () => {
  it('for a bad configuration', async () => {
    const server = startServerProcess({ PORT: 'abc', DATA_DIR: freshDataDir() });
    expect(await server.ready).toBeUndefined();
    expect(await server.exited).toBe(1);
    // The one error lists every bad variable, each on its own line.
    expect(server.stderr().trim()).toBe('Invalid configuration:\n  PORT: must be a port number');
  });

  it('for a database server it cannot reach, naming DATABASE_URL without its password', async () => {
    const server = startServerProcess({ DATABASE_URL: 'postgres://carepoint:s3cret@127.0.0.1:1/carepoint' });
    expect(await expectOneLineFailure(server)).toBe(
      'Cannot reach the database at postgres://carepoint@127.0.0.1:1/carepoint (connection refused)',
    );
  });

  it('for a port another program listens on', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as net.AddressInfo;
    try {
      const server = startServerProcess({ PORT: String(port), DATA_DIR: freshDataDir(), DEMO_DATA: 'false' });
      expect(await expectOneLineFailure(server)).toBe(
        `Port ${port} on 127.0.0.1 is already in use by another program (stop it, or set PORT to a free port)`,
      );
    } finally {
      other.close();
    }
  }, 60_000);
});
