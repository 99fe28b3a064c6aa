import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Where the owner of a data directory listens:
 * - `abstract` (Linux): a socket in the kernel's abstract namespace, named after the directory.
 *   Binding is the atomic test-and-set, and the kernel frees the name when the process ends,
 *   however it ends: there is never a stale lock to judge. (Processes that share a DATA_DIR must
 *   share the network namespace too, as they had to share the pid namespace for a pid file.)
 * - `pipe` (Windows): a named pipe, with the same properties.
 * - `file` (other systems): a Unix socket file in the directory. The kernel closes it with the
 *   process; connect() then fails, which tells a stale file from a live owner.
 * A pid in a file cannot do this: after a crash the pid may belong to an unrelated process.
 */
export type LockKind = 'abstract' | 'pipe' | 'file';
const defaultKind: LockKind =
  process.platform === 'linux' ? 'abstract' : process.platform === 'win32' ? 'pipe' : 'file';

/** The lock file of earlier versions (a pid); the socket makes it meaningless. */
const LEGACY_LOCK_FILE = 'carepoint.lock';

function lockAddress(dataDir: string, kind: LockKind) {
  if (kind === 'file') return path.join(dataDir, 'carepoint.sock');
  // The directory's identity, not its spelling: a symlink or another path to it finds the same lock.
  const { dev, ino } = fs.statSync(dataDir, { bigint: true });
  const name = `carepoint-${createHash('sha256').update(`${dev}:${ino}`).digest('hex').slice(0, 32)}`;
  return kind === 'abstract' ? `\0${name}` : `\\\\?\\pipe\\${name}`;
}

const listen = (server: net.Server, address: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * Asks the owner for its pid (it answers and hangs up): the pid ('' when it does not say), or
 * undefined when nobody listens (a socket file left by a process that ended).
 */
const askOwner = (address: string) =>
  new Promise<string | undefined>((resolve) => {
    let answer = '';
    const socket = net.connect(address);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
    });
    socket.on('close', () => resolve(/^\d+$/.test(answer) ? answer : ''));
  });

/**
 * PGlite is single-process: a second server on the same directory would corrupt it. The first
 * process holds a listening socket for the directory; a second one finds it taken and is refused.
 * Answers the release function.
 */
export async function acquireDataDirLock(
  dataDir: string,
  kind: LockKind = defaultKind,
): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir, kind);
  const server = net.createServer((socket) => socket.end(String(process.pid)));
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, address);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const owner = await askOwner(address);
      if (owner !== undefined || attempt > 0) {
        const pid = owner ? ` (pid ${owner})` : '';
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another CarePoint process${pid}. ` +
            'Stop that process, or set DATA_DIR to a different directory.',
        );
      }
      // Only a `file` socket outlives its process: remove it and bind again, once.
      fs.rmSync(address, { force: true });
    }
  }
  // The lock lasts as long as the process; it must not keep the process alive by itself.
  server.unref();
  if (kind !== 'file') fs.rmSync(path.join(dataDir, LEGACY_LOCK_FILE), { force: true });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
