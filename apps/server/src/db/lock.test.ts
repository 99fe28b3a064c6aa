import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, type LockKind } from './lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-lock-'));
  dirs.push(dir);
  return dir;
};
const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

/** Another process that takes the lock and keeps it until it is killed. */
async function lockInAnotherProcess(dir: string, kind: LockKind) {
  const script =
    `import(${JSON.stringify(path.join(import.meta.dirname, 'lock.ts'))})` +
    `.then((m) => m.acquireDataDirLock(${JSON.stringify(dir)}, ${JSON.stringify(kind)}))` +
    `.then(() => { console.log('locked'); setInterval(() => {}, 60_000); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve();
    });
    child.once('exit', () => reject(new Error('the locking process exited')));
  });
  return child;
}

// Linux runs both kinds: the abstract socket it uses, and the socket file other systems use.
const kinds: LockKind[] = process.platform === 'linux' ? ['abstract', 'file'] : ['file'];

describe.each(kinds)('data directory lock (%s socket)', (kind) => {
  it('refuses a second owner while the first holds it, naming its pid, and frees it on release', async () => {
    const dir = freshDir();
    const release = await acquireDataDirLock(dir, kind);
    await expect(acquireDataDirLock(dir, kind)).rejects.toThrowError(DataDirLockedError);
    await expect(acquireDataDirLock(dir, kind)).rejects.toThrowError(
      new RegExp(`is in use by another CarePoint process \\(pid ${process.pid}\\)`),
    );
    await release();
    const again = await acquireDataDirLock(dir, kind);
    await again();
  });

  it('dies with its process: refused while the owner runs, free at once after it is killed', async () => {
    const dir = freshDir();
    const owner = await lockInAnotherProcess(dir, kind);
    await expect(acquireDataDirLock(dir, kind)).rejects.toThrowError(
      new RegExp(`in use by another CarePoint process \\(pid ${owner.pid}\\)`),
    );
    // SIGKILL: the owner gets no chance to clean anything up.
    const gone = exited(owner);
    owner.kill('SIGKILL');
    await gone;
    const release = await acquireDataDirLock(dir, kind);
    await release();
  });

  it('is not fooled by an old lock file naming the pid of an unrelated running process', async () => {
    const dir = freshDir();
    const unrelated = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(unrelated);
    const oldLockFile = path.join(dir, 'carepoint.lock');
    fs.writeFileSync(oldLockFile, String(unrelated.pid));
    const release = await acquireDataDirLock(dir, kind);
    // This process owns it now: the next owner is refused and told this pid, not the file's.
    await expect(acquireDataDirLock(dir, kind)).rejects.toThrowError(
      new RegExp(`in use by another CarePoint process \\(pid ${process.pid}\\)`),
    );
    // Where the lock is not a file in the directory, the meaningless old pid file is removed.
    if (kind !== 'file') expect(fs.existsSync(oldLockFile)).toBe(false);
    await release();
    await expect(acquireDataDirLock(dir, kind).then((again) => again())).resolves.toBeUndefined();
  });
});
