/**
 * Group commit for the embedded database's write-ahead log (see durable-pglite.ts).
 *
 * PostgreSQL asks for the WAL file to be synced at every commit. Syncing it right there would
 * block the one embedded connection for the length of a disk flush, commit after commit. Instead
 * the request is recorded, and the caller's answer waits (`whenDurable`) for one flush that covers
 * every commit recorded before it began: commits arriving while a flush runs share the next one.
 *
 * What keeps this as safe as PostgreSQL's own ordering: before anything else reaches the disk
 * (a data page, a checkpoint's sync, a rename or removal of a file), `barrier()` syncs every
 * requested WAL file first, synchronously. So WAL is always on disk before the data it covers,
 * exactly as if each sync had been done when PostgreSQL asked for it.
 */
export interface FileSyncer {
  /** Flushes a file's data to the device, without blocking the event loop. */
  sync(path: string): Promise<void>;
  /** The same, blocking: used inside PostgreSQL's own file calls, which cannot wait. */
  syncNow(path: string): void;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

export class GroupCommit {
  /** Sync requests seen, and how many of them are known to be on disk. */
  #requested = 0;
  #durable = 0;
  #pending = new Set<string>();
  #inFlight = new Set<string>();
  #flushing: Promise<void> | undefined;
  /** A sync that failed: the disk can no longer be trusted, so every later write fails too. */
  #failure: Error | undefined;
  /** Flushes done, for the metrics and the tests. */
  flushes = 0;

  constructor(private readonly files: FileSyncer) {}

  /** PostgreSQL asked for `path` (a WAL file) to be synced. */
  request(path: string) {
    this.#pending.add(path);
    this.#requested++;
  }

  /** Syncs every requested file now; called before any other write reaches the disk. */
  barrier() {
    if (this.#failure) throw this.#failure;
    if (this.#durable === this.#requested) return;
    const target = this.#requested;
    try {
      for (const path of new Set([...this.#inFlight, ...this.#pending])) this.#syncNow(path);
    } catch (error) {
      this.#failure = error as Error;
      throw error;
    }
    this.#pending.clear();
    this.#durable = target;
  }

  /** Resolves once everything requested so far is on disk (one shared flush for concurrent callers). */
  async whenDurable(): Promise<void> {
    const target = this.#requested;
    while (this.#durable < target) {
      if (this.#failure) throw this.#failure;
      this.#flushing ??= this.#flush().finally(() => {
        this.#flushing = undefined;
      });
      await this.#flushing;
    }
    if (this.#failure) throw this.#failure;
  }

  async #flush() {
    const target = this.#requested;
    const paths = [...this.#pending];
    this.#pending.clear();
    for (const path of paths) this.#inFlight.add(path);
    try {
      await Promise.all(
        paths.map((path) =>
          // A file gone since the request was renamed or removed by PostgreSQL, and the barrier
          // before that rename or removal synced it.
          this.files.sync(path).catch((error: unknown) => {
            if (!isMissing(error)) throw error;
          }),
        ),
      );
      this.flushes++;
      this.#durable = Math.max(this.#durable, target);
    } catch (error) {
      this.#failure = error as Error;
    } finally {
      for (const path of paths) this.#inFlight.delete(path);
    }
  }

  #syncNow(path: string) {
    try {
      this.files.syncNow(path);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}
