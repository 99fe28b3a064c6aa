import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const mainTs = path.resolve(import.meta.dirname, '../src/main.ts');
const running = new Set<ChildProcess>();

export interface ServerProcess {
  child: ChildProcess;
  /** The base URL once the server listens; undefined when it exited first. */
  ready: Promise<string | undefined>;
  /** The exit code. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

/**
 * Starts the real server entry point as its own process, as `npm start` does (from source: the
 * build is `npm start`'s concern). It listens on a free port (PORT=0) unless env names one.
 * `wrapper` runs it under another command (strace): the server is then in a process group of its
 * own, so killing the group reaches it and not only the wrapper.
 */
export function startServerProcess(env: Record<string, string>, wrapper: string[] = []): ServerProcess {
  const [command = process.execPath, ...args] = [...wrapper, process.execPath, '--import', 'tsx', mainTs];
  const child = spawn(command, args, {
    detached: wrapper.length > 0,
    env: {
      ...process.env,
      PORT: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      DEMO_DATA: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const ready = new Promise<string | undefined>((resolve) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (listening) resolve(listening[1]);
    });
    void exited.then(() => resolve(undefined));
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return { child, ready, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Kills every server process a test left running (with its process group, when it has one). */
export function killServerProcesses() {
  for (const child of running) {
    if (child.spawnargs[0] !== process.execPath && child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  }
}
