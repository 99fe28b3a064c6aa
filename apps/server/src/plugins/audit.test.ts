import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceContext, type TestApp } from '../../test/helpers';
import { auditEvents } from '../db/schema';
import { audit } from './audit';

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

describe('read records written together (group commit)', () => {
  it('write every one of many parallel reads, each committed by the time its call returns', async () => {
    const ctx = serviceContext(t);
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await audit(ctx, { action: 'test.read', entityType: 'probe', entityId: String(i), details: { i } });
        // This call's own row is there as soon as it returns.
        const rows = await rowsOf('test.read');
        if (rows.some((r) => r.entityId === String(i))) seen.push(i);
      }),
    );
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const rows = await rowsOf('test.read');
    expect(rows).toHaveLength(40);
    expect(rows.find((r) => r.entityId === '7')).toMatchObject({
      entityType: 'probe',
      details: { i: 7 },
      ip: 'local',
    });
  });

  it('fail only the call whose row cannot be written, not the others sharing its statement', async () => {
    const ctx = serviceContext(t);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        audit(ctx, { action: 'test.mixed', entityId: String(i), patientId: i === 5 ? 'not-a-uuid' : null }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i === 5 ? 'rejected' : 'fulfilled')),
    );
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
  });
});
