import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Starts the real server entry point as its own process, as `npm start` does. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Whether the server came up (false when it exited first). */
  const ready = new Promise<boolean>((resolve) => {
    const timer = setInterval(() => {
      if (output.includes('CarePoint ready')) {
        clearInterval(timer);
        resolve(true);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      resolve(false);
    });
  });
  return { child, ready, exited, output: () => output };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-main-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('serves demo data, refuses a second process on its data directory, and stops cleanly on SIGTERM', async () => {
    const first = startServer(dataDir, 34_501);
    children.push(first.child);
    expect(await first.ready, first.output()).toBe(true);
    const health = await fetch('http://127.0.0.1:34501/api/health');
    expect(await health.json()).toEqual({ status: 'ok' });
    const login = await fetch('http://127.0.0.1:34501/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@carepoint.example', password: 'carepoint-demo' }),
    });
    expect(login.status).toBe(200);

    const second = startServer(dataDir, 34_502);
    children.push(second.child);
    expect(await second.ready).toBe(false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another CarePoint process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'carepoint.lock'))).toBe(false);
  }, 60_000);
});
