import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  scratchPostgresDatabase,
  serviceContext,
  type TestApp,
  testPostgresUrl,
} from '../../../test/helpers';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { audit, readRecordsWritten } from '../../lib/audit';
import { inTransaction } from '../../lib/context';
import { verifyAuditChain } from './chain';

/*
 * Two app instances, each with its own pool, write audit rows at once (group-committed reads and
 * rows inside transactions) into one PostgreSQL database: one chain, intact.
 */

let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
let a: TestApp;
let b: TestApp;
let second: DatabaseHandle;
beforeAll(async () => {
  const url = testPostgresUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is needed');
  scratch = await scratchPostgresDatabase(url);
  a = await createTestApp({ database: await openPostgres(scratch.url, 10) });
  second = await openPostgres(scratch.url, 10);
  b = await createTestApp({ database: second });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await second.close();
  await a.database.close();
  await scratch.drop();
});

describe('the audit chain across instances', () => {
  it('keeps one valid chain while two instances write batches at the same time', async () => {
    const writes = (t: TestApp, name: string) => {
      const ctx = serviceContext(t);
      return Array.from({ length: 150 }, (_, i) =>
        i % 10 === 0
          ? t.database.db.transaction((tx) =>
              audit(inTransaction(ctx, tx), { action: `test.${name}.change`, entityId: String(i) }),
            )
          : audit(ctx, { action: `test.${name}.read`, entityId: String(i) }),
      );
    };
    await Promise.all([...writes(a, 'a'), ...writes(b, 'b')]);
    await Promise.all([readRecordsWritten(a.database.db), readRecordsWritten(b.database.db)]);
    expect(await verifyAuditChain(a.database.db)).toEqual({ intact: true, rows: 300 });
  });
});
