import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * Reads that do not depend on one another: at once on the pool, each on a connection of its
 * own; one after another inside a transaction, whose single connection runs one statement at a
 * time (`pg` queues a second one sent meanwhile, with a warning that pg 9 makes an error).
 */
export async function independentReads<T extends readonly unknown[]>(
  db: Executor,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
