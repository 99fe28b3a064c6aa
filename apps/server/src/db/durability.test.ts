import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { killServerProcesses, type ServerProcess, startServerProcess } from '../../test/server-process';
import { DurablePGlite } from './durable-pglite';

/**
 * The embedded database's acknowledged writes survive the process (SIGKILL) and, as far as a test
 * can show without pulling the power, the operating system: the WAL holding a commit is synced
 * before the answer leaves (durable-pglite.ts).
 */
const writerScript = path.resolve(import.meta.dirname, '../../test/durable-writer.ts');
const dirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-durable-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function started(server: ServerProcess) {
  const baseUrl = await server.ready;
  if (!baseUrl) throw new Error(`the server did not start: ${server.stderr()}`);
  return baseUrl;
}

async function signInAdmin(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@carepoint.example', password: 'carepoint-demo' }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const addBed = (baseUrl: string, cookie: string, label: string) =>
  fetch(`${baseUrl}/api/admin/beds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ label }),
  });

async function bedLabels(baseUrl: string, cookie: string, search: string) {
  const response = await fetch(`${baseUrl}/api/admin/beds?q=${search}&limit=100`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const page = (await response.json()) as { data: Array<{ label: string }> };
  return page.data.map((bed) => bed.label);
}

describe('durable writes on the embedded database', () => {
  it('syncs the WAL to disk before it answers each acknowledged write', async () => {
    const dataDir = freshDataDir();
    const trace = path.join(dataDir, 'strace.log');
    // Only the sync calls and the writes (answers go out by write or writev on the socket).
    const server = startServerProcess({ DATA_DIR: dataDir }, [
      'strace',
      '-f',
      '-qq',
      '--seccomp-bpf',
      '-yy',
      '-s',
      '16',
      '-e',
      'trace=fsync,fdatasync,write,writev',
      '-o',
      trace,
    ]);
    const baseUrl = await started(server);
    const cookie = await signInAdmin(baseUrl);
    const writes = 10;
    for (let i = 0; i < writes; i++) expect((await addBed(baseUrl, cookie, `Traced ${i}`)).status).toBe(201);
    if (server.child.pid) process.kill(-server.child.pid, 'SIGKILL');
    await server.exited;

    // Walk the trace in order: each "201 Created" answer needs a completed WAL sync since the last one.
    const unfinishedWalSync = new Set<string>();
    let synced = false;
    let answers = 0;
    for (const line of fs.readFileSync(trace, 'utf8').split('\n')) {
      const pid = line.split(' ', 1)[0] ?? '';
      const isSync = /^\d+\s+f(data)?sync\(/.test(line);
      if (isSync && line.includes('/pg_wal/')) {
        if (line.includes('<unfinished ...>')) unfinishedWalSync.add(pid);
        else if (/= 0$/.test(line)) synced = true;
      } else if (/<\.\.\. f(data)?sync resumed>.*= 0$/.test(line) && unfinishedWalSync.delete(pid)) {
        synced = true;
      } else if (/^\d+\s+writev?\(\d+<TCP/.test(line) && line.includes('HTTP/1.1 201')) {
        expect(synced, `answer ${answers + 1} left before its WAL was synced`).toBe(true);
        synced = false;
        answers++;
      }
    }
    expect(answers).toBe(writes);
  }, 120_000);

  it('stops cleanly on SIGTERM under a write load, keeping every write it acknowledged', async () => {
    const dataDir = freshDataDir();
    const first = startServerProcess({ DATA_DIR: dataDir });
    const baseUrl = await started(first);
    const cookie = await signInAdmin(baseUrl);
    const acknowledged: string[] = [];
    let next = 0;
    let stopping: Promise<number | null> | undefined;
    // Ten writers add beds one after another; SIGTERM arrives while they are at it.
    const writer = async () => {
      while (next < 400) {
        const label = `Stop ${next++}`;
        try {
          const response = await addBed(baseUrl, cookie, label);
          if (response.status === 201) acknowledged.push(label);
          else expect(response.status).toBe(503);
        } catch {
          return; // the server no longer accepts connections
        }
        if (acknowledged.length === 40 && !stopping) {
          first.child.kill('SIGTERM');
          stopping = first.exited;
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, writer));
    expect(await stopping).toBe(0);
    expect(first.stdout()).toContain('SIGTERM received, shutting down');

    const second = startServerProcess({ DATA_DIR: dataDir });
    const again = await started(second);
    expect((await bedLabels(again, cookie, 'Stop')).sort()).toEqual([...acknowledged].sort());
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('keeps a write acknowledged just before a SIGKILL', async () => {
    const dataDir = freshDataDir();
    const first = startServerProcess({ DATA_DIR: dataDir });
    const baseUrl = await started(first);
    const cookie = await signInAdmin(baseUrl);
    const response = await addBed(baseUrl, cookie, 'Killed right after');
    first.child.kill('SIGKILL');
    expect(response.status).toBe(201);
    await first.exited;
    const second = startServerProcess({ DATA_DIR: dataDir });
    const again = await started(second);
    expect(await bedLabels(again, cookie, 'Killed')).toEqual(['Killed right after']);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('survives 10 kills in a row during writes: every acknowledged commit is there, and amcheck finds no damage', async () => {
    const dataDir = freshDataDir();
    let acknowledged = 0;
    // Ten rounds: each of the eight kill points below comes at least once (every round starts a
    // process and recovers the database, about 5 s on a slow machine, so twenty cost CI 100 s).
    for (let round = 0; round < 10; round++) {
      // The writer commits as fast as it can; it is killed after a few acknowledgements (1 to 8),
      // so kills land at different points of a commit's life.
      const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dataDir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      let output = '';
      let errors = '';
      child.stderr.on('data', (chunk) => {
        errors += chunk;
      });
      const killAfter = 1 + ((round * 5) % 8);
      let firstAck: number | undefined;
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const acks = [...output.matchAll(/ack (\d+)/g)].map((m) => Number(m[1]));
          firstAck ??= acks[0];
          if (acks.length >= killAfter) {
            child.kill('SIGKILL');
            acknowledged = Math.max(acknowledged, ...acks);
            resolve();
          }
        });
        void exited.then(() => resolve());
      });
      await exited;
      expect(errors).toBe('');
      // Each round starts where the last acknowledged commit left it: nothing acknowledged was lost.
      expect(firstAck, `round ${round}`).toBeLessThanOrEqual(acknowledged);
    }
    const client = new DurablePGlite(path.join(dataDir, 'pg'), { extensions: { amcheck, pg_trgm } });
    try {
      const rows = await client.query<{ n: number; max: number }>(
        'select count(*)::int as n, max(n)::int as max from durability_probe',
      );
      // Every number up to the last acknowledged one, without a gap.
      expect(rows.rows[0]?.n).toBe(rows.rows[0]?.max);
      expect(rows.rows[0]?.max).toBeGreaterThanOrEqual(acknowledged);
      await client.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
      const heapDamage = await client.query(
        `SELECT c.relname, v.msg FROM pg_class c, verify_heapam(c.oid) v
         WHERE c.relkind IN ('r', 'm', 't') AND c.relpersistence = 'p'`,
      );
      expect(heapDamage.rows).toEqual([]);
      const indexes = await client.query<{ checked: number }>(
        `SELECT count(bt_index_check(c.oid, true))::int AS checked FROM pg_class c JOIN pg_am a ON a.oid = c.relam
         WHERE c.relkind = 'i' AND a.amname = 'btree' AND c.relpersistence = 'p'`,
      );
      expect(indexes.rows[0]?.checked).toBeGreaterThan(50);
    } finally {
      await client.close();
    }
  }, 420_000);
});
