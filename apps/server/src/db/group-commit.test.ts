import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A file syncer that records what it synced and lets the test decide when a flush finishes. */
function recordingSyncer() {
  const synced: string[] = [];
  const syncedNow: string[] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  return {
    synced,
    syncedNow,
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
    files: {
      async sync(path: string) {
        await gate;
        synced.push(path);
      },
      syncNow(path: string) {
        syncedNow.push(path);
      },
    },
  };
}

describe('group commit of the embedded WAL', () => {
  it('answers at once when nothing was written', async () => {
    const syncer = recordingSyncer();
    const commits = new GroupCommit(syncer.files);
    await commits.whenDurable();
    expect(syncer.synced).toEqual([]);
    expect(commits.flushes).toBe(0);
  });

  it('lets commits that arrive during a flush share the next one', async () => {
    const syncer = recordingSyncer();
    const commits = new GroupCommit(syncer.files);
    syncer.hold();
    commits.request('pg_wal/1');
    const first = commits.whenDurable();
    // Three more commits while the first flush is on the disk: one flush covers them all.
    const others = [1, 2, 3].map(() => {
      commits.request('pg_wal/1');
      return commits.whenDurable();
    });
    let firstDone = false;
    void first.then(() => {
      firstDone = true;
    });
    await Promise.resolve();
    expect(firstDone).toBe(false);
    syncer.release();
    await Promise.all([first, ...others]);
    expect(commits.flushes).toBe(2);
    expect(syncer.synced).toEqual(['pg_wal/1', 'pg_wal/1']);
  });

  it('syncs requested WAL at once, blocking, before another write reaches the disk', async () => {
    const syncer = recordingSyncer();
    const commits = new GroupCommit(syncer.files);
    commits.request('pg_wal/1');
    commits.request('pg_wal/2');
    commits.barrier();
    expect(syncer.syncedNow.sort()).toEqual(['pg_wal/1', 'pg_wal/2']);
    // Already durable: no flush is needed for the waiter, and a second barrier does nothing.
    await commits.whenDurable();
    commits.barrier();
    expect(syncer.synced).toEqual([]);
    expect(syncer.syncedNow).toHaveLength(2);
  });

  it('syncs a file whose flush is still running again at a barrier', async () => {
    const syncer = recordingSyncer();
    const commits = new GroupCommit(syncer.files);
    syncer.hold();
    commits.request('pg_wal/1');
    const waiting = commits.whenDurable();
    commits.barrier();
    expect(syncer.syncedNow).toEqual(['pg_wal/1']);
    syncer.release();
    await waiting;
  });

  it('fails every later write once a sync failed', async () => {
    const commits = new GroupCommit({
      sync: async () => {
        throw Object.assign(new Error('EIO'), { code: 'EIO' });
      },
      syncNow: () => {},
    });
    commits.request('pg_wal/1');
    await expect(commits.whenDurable()).rejects.toThrow('EIO');
    expect(() => commits.barrier()).toThrow('EIO');
    await expect(commits.whenDurable()).rejects.toThrow('EIO');
  });

  it('counts a file removed since its request as synced (its removal synced it first)', async () => {
    const commits = new GroupCommit({
      sync: async () => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      },
      syncNow: () => {},
    });
    commits.request('pg_wal/1');
    await commits.whenDurable();
    expect(commits.flushes).toBe(1);
  });
});
