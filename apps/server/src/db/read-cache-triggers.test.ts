import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { declaredCachedReads } from '../lib/read-cache';

/*
 * A cached read stays current only if every table it names announces its changes
 * (lib/read-cache.ts): a table without its trigger would leave its answers stale for
 * READ_CACHE_MS after another instance's change. The app loads every module, so every
 * cached read is declared by then.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('read cache triggers', () => {
  it('every table a cached read names has its change trigger', async () => {
    const reads = declaredCachedReads();
    expect([...reads.keys()]).toEqual(
      expect.arrayContaining(['admin-patients', 'facility', 'ward-board', 'lab-worklist', 'mar']),
    );
    // Both drivers answer rows, typed apart: the one column is read alike.
    const result = (await t.database.db.execute(
      sql`select tgrelid::regclass::text as table from pg_trigger where tgname = tgrelid::regclass::text || '_notify_tables'`,
    )) as unknown as { rows: Array<{ table: string }> };
    const withTrigger = new Set(result.rows.map((row) => row.table));
    const missing = [...reads].flatMap(([read, tables]) =>
      tables.flatMap((table) => (withTrigger.has(table) ? [] : [`${read}: ${table}`])),
    );
    expect(missing).toEqual([]);
  });
});
