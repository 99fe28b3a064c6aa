import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { FACILITY_TABLES } from '../modules/facility/service';
import { WORKLIST_TABLES } from '../modules/lab-orders/lists';
import { PATIENT_LIST_TABLES } from '../modules/patients/service';
import { WARD_BOARD_TABLES } from '../modules/stays/board';

/*
 * A cached read stays current only if every table it names announces its changes
 * (lib/read-cache.ts): a table without its trigger would leave the answer stale for
 * READ_CACHE_MS after another instance's change. One list per cached read.
 */
const CACHED_READS = {
  'the patients list': PATIENT_LIST_TABLES,
  "the facility's details": FACILITY_TABLES,
  'the ward board': WARD_BOARD_TABLES,
  'the lab worklist': WORKLIST_TABLES,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('read cache triggers', () => {
  it('every table a cached read names has its change trigger', async () => {
    // Both drivers answer rows, typed apart: the one column is read alike.
    const result = (await t.database.db.execute(
      sql`select tgrelid::regclass::text as table from pg_trigger where tgname = tgrelid::regclass::text || '_notify_tables'`,
    )) as unknown as { rows: Array<{ table: string }> };
    const withTrigger = new Set(result.rows.map((row) => row.table));
    const missing = Object.entries(CACHED_READS).flatMap(([read, tables]) =>
      tables.map(getTableName).flatMap((table) => (withTrigger.has(table) ? [] : [`${read}: ${table}`])),
    );
    expect(missing).toEqual([]);
  });
});
