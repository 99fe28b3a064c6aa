import { getTableName, type Table } from 'drizzle-orm';

/**
 * Answers of hot reads kept in each instance until a table they were read from changes, so the
 * busiest list (the patients table) costs no query per request. Every read is still audited by
 * its caller: the cache saves the query, never the audit row.
 *
 * How an answer stops being served (docs/performance.md "Read cache"):
 * - the tables' triggers NOTIFY on READ_CACHE_CHANNEL at commit with the table's name, whatever
 *   made the change (API, CLI, SQL, another instance), and every instance forgets the answers
 *   read from that table (plugins/read-cache.ts): a nurse's observation does not cost the front
 *   desk its patient list;
 * - a change request this instance answered clears it before its answer leaves, so its user's
 *   next read sees the change even before the NOTIFY comes back;
 * - READ_CACHE_MS after it was read, in case a NOTIFY was missed (the listener reconnecting).
 * Only what a caller may see whatever their identity goes in: keys name the whole query.
 */
export const READ_CACHE_CHANNEL = 'carepoint_tables';
/** How long an instance serves an answer without reading it again (the safety net). */
export const READ_CACHE_MS = 5_000;
const MAX_ENTRIES = 1_000;

/** A kind of cached read: its name (the prefix of its keys) and the tables its answers are read from. */
export interface CachedRead {
  readonly name: string;
  readonly tables: readonly string[];
}

const declared = new Map<string, readonly string[]>();

/**
 * Declares a kind of cached read where it is defined, with every table it reads: its answers are
 * forgotten when one of them changes, so each needs its NOTIFY trigger, which a test checks for
 * every read declared (db/read-cache-triggers.test.ts).
 */
export function cachedRead(name: string, tables: readonly Table[]): CachedRead {
  const read = { name, tables: tables.map(getTableName) };
  declared.set(name, read.tables);
  return read;
}

/** Every cached read declared by the modules loaded so far, by name. */
export const declaredCachedReads = (): ReadonlyMap<string, readonly string[]> => declared;

export interface ReadCache {
  /**
   * The answer of `read` kept under `key` (the rest of the query), else `load()`'s (shared with the requests that ask for the same
   * key meanwhile). Answers are frozen: they are shared, and a frozen answer's JSON is serialized
   * once (plugins/serialization.ts). A failed load is not kept.
   */
  read<T extends object>(read: CachedRead, key: string, load: () => Promise<T>): Promise<Readonly<T>>;
  /** Reads answered from the cache and reads that loaded, since start (for the metrics). */
  readonly stats: { hits: number; misses: number };
  /** Forgets the answers read from `table` (a table changed), or every answer. */
  clear(table?: string): void;
}

/** No cache: inside a transaction (uncommitted rows must not be shared), the seed, the CLI, tests. */
export const uncached: ReadCache = {
  stats: { hits: 0, misses: 0 },
  read: (_read, _key, load) => load(),
  clear: () => {},
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

interface Entry {
  answer: Promise<object>;
  readAt: number;
  /** The tables the answer was read from: a change to any of them makes it stale. */
  tables: readonly string[];
}

export function createReadCache(clock: () => number = Date.now): ReadCache {
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    read<T extends object>(read: CachedRead, query: string, load: () => Promise<T>) {
      const key = `${read.name}:${query}`;
      const now = clock();
      const kept = entries.get(key);
      if (kept && now - kept.readAt < READ_CACHE_MS && now >= kept.readAt) {
        stats.hits++;
        return kept.answer as Promise<Readonly<T>>;
      }
      stats.misses++;
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) {
        // The oldest read first (a Map iterates in insertion order).
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // Stored before the load starts: a change announced meanwhile clears it with the rest.
      const entry: Entry = { answer: load().then(deepFreeze), readAt: now, tables: read.tables };
      entries.set(key, entry);
      entry.answer.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.answer as Promise<Readonly<T>>;
    },
    clear(table) {
      if (table === undefined) entries.clear();
      else for (const [key, entry] of entries) if (entry.tables.includes(table)) entries.delete(key);
    },
  };
}
