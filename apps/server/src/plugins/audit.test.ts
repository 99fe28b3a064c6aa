import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceContext, type TestApp } from '../../test/helpers';
import { auditEvents } from '../db/schema';
import { audit, pendingReadRecords, readRecordsWritten } from './audit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(like(auditEvents.action, `${action}%`));

describe('read records, written after the answer and together (group commit)', () => {
  it('answer without waiting, then write every one of many parallel reads', async () => {
    const ctx = serviceContext(t);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        audit(ctx, { action: 'test.read', entityType: 'probe', entityId: String(i), details: { i } }),
      ),
    );
    // The calls returned before their rows were written: the statement waits for the next turn.
    expect(pendingReadRecords()).toBe(40);
    await readRecordsWritten(t.database.db);
    expect(pendingReadRecords()).toBe(0);
    const rows = await rowsOf('test.read');
    expect(rows).toHaveLength(40);
    expect(rows.find((r) => r.entityId === '7')).toMatchObject({
      entityType: 'probe',
      details: { i: 7 },
      ip: 'local',
    });
  });

  it('lose only a row that cannot be written; while the last write failed, each read waits for its own', async () => {
    const ctx = serviceContext(t);
    for (let i = 0; i < 10; i++) {
      await audit(ctx, {
        action: 'test.mixed',
        entityId: String(i),
        patientId: i === 5 ? 'not-a-uuid' : null,
      });
    }
    await readRecordsWritten(t.database.db);
    expect((await rowsOf('test.mixed')).map((r) => r.entityId).sort()).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '6',
      '7',
      '8',
      '9',
    ]);
    // The writer failed last: a read now fails with its own record instead of going unrecorded…
    await expect(audit(ctx, { action: 'test.failing', patientId: 'not-a-uuid' })).rejects.toThrow();
    // …and succeeds only once its record is in.
    await audit(ctx, { action: 'test.failing', entityId: 'kept' });
    expect(await rowsOf('test.failing')).toHaveLength(1);
    // Written again: the next read no longer waits.
    await audit(ctx, { action: 'test.healthy' });
    expect(pendingReadRecords()).toBe(1);
    await readRecordsWritten(t.database.db);
    expect(await rowsOf('test.healthy')).toHaveLength(1);
  });

  it('write every record it holds before a stopping app closes its database', async () => {
    const second = await createTestApp({ database: t.database });
    const ctx = { ...serviceContext(t), db: second.app.db };
    for (let i = 0; i < 25; i++) await audit(ctx, { action: 'test.closing', entityId: String(i) });
    expect(pendingReadRecords()).toBe(25);
    await second.close();
    expect(await rowsOf('test.closing')).toHaveLength(25);
  });
});
