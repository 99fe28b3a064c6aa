import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, serviceContext, signedIn, type TestApp } from '../../test/helpers';
import { auditEvents } from '../db/schema';
import { audit, pendingReadRecords, readRecordsWritten, sameJson } from './audit';

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
    // The calls returned before their rows were written: the writer is still gathering them.
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

describe('read records gathered for a few milliseconds before their statement', () => {
  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  // Taken before any test fakes the clock: real milliseconds for the database's round trips.
  const realSetTimeout = globalThis.setTimeout;
  const written = async () => {
    for (let tries = 0; pendingReadRecords() > 0 && tries < 400; tries++) {
      await new Promise((resolve) => realSetTimeout(resolve, 5));
    }
    return pendingReadRecords() === 0;
  };
  /** The clock and timers faked: time moves only when the test says so. */
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

  it('gathers the reads soon after a statement across event-loop turns, and writes at once for whoever waits for every record', async () => {
    fakeClock();
    try {
      const ctx = serviceContext(t);
      // A busy statement now (many reads): what follows within GATHER_MS waits for the next one.
      for (let i = 0; i < 20; i++) {
        await audit(ctx, { action: 'test.statement-before', entityType: 'probe', entityId: String(i) });
      }
      await readRecordsWritten(t.database.db);
      const read = () => audit(ctx, { action: 'test.gathered', entityType: 'probe', details: { page: 1 } });
      await read();
      await turns(5);
      await read();
      await turns(5);
      expect(pendingReadRecords()).toBe(2);
      expect(await rowsOf('test.gathered')).toEqual([]);
      await readRecordsWritten(t.database.db);
      expect(pendingReadRecords()).toBe(0);
      const rows = await rowsOf('test.gathered');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.details).toMatchObject({ page: 1, repeated: { times: 2 } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a read at once after a quiet moment, or after a statement of few reads', async () => {
    fakeClock();
    try {
      const ctx = serviceContext(t);
      vi.advanceTimersByTime(1_000);
      await audit(ctx, { action: 'test.quiet', entityType: 'probe' });
      expect(await written()).toBe(true);
      expect(await rowsOf('test.quiet')).toHaveLength(1);
      // The clock has not moved since that statement, but it carried one read: no waiting.
      await audit(ctx, { action: 'test.after-quiet', entityType: 'probe' });
      expect(await written()).toBe(true);
      expect(await rowsOf('test.after-quiet')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a read that waits for its own record waiting for the others', async () => {
    const ctx = serviceContext(t);
    // A failed statement: from now on each read waits for its own record.
    await audit(ctx, { action: 'test.waiting', patientId: 'not-a-uuid' });
    await readRecordsWritten(t.database.db);
    fakeClock();
    try {
      await audit(ctx, { action: 'test.waiting', entityId: 'answered' });
    } finally {
      vi.useRealTimers();
    }
    expect((await rowsOf('test.waiting')).map((r) => r.entityId)).toEqual(['answered']);
  });
});

describe('identical reads waiting for one statement: one row that counts them', () => {
  it('writes one row with how many there were, the first time as its own and the last in details', async () => {
    let ms = Date.parse('2030-01-07T09:00:00.000Z');
    const ctx = serviceContext(t, { now: () => new Date(ms++) });
    await Promise.all(
      Array.from({ length: 30 }, () =>
        audit(ctx, {
          action: 'test.same',
          entityType: 'patient',
          // A new but equal object each time, as a route builds it per request.
          details: { query: { page: 2 }, patientIds: ['a', 'b'] },
        }),
      ),
    );
    await readRecordsWritten(t.database.db);
    const rows = await rowsOf('test.same');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.at.toISOString()).toBe('2030-01-07T09:00:00.000Z');
    expect(rows[0]?.details).toEqual({
      query: { page: 2 },
      patientIds: ['a', 'b'],
      repeated: { times: 30, lastAt: '2030-01-07T09:00:00.029Z' },
    });
  });

  it('keeps a row of its own for every read that differs in who, where from, what or its details', async () => {
    const ctx = serviceContext(t);
    const { user: doctor } = await signedIn(t, 'doctor');
    const other = serviceContext(t, { actor: { ...doctor, mustChangePassword: false } });
    const read = (c: typeof ctx, entityId: string, details: Record<string, unknown>, ip?: string) =>
      audit(ip ? { ...c, ip } : c, { action: 'test.apart', entityType: 'patient', entityId, details });
    await Promise.all([
      read(ctx, '1', { ids: ['a', 'b'] }),
      read(ctx, '1', { ids: ['b', 'a'] }),
      read(ctx, '2', { ids: ['a', 'b'] }),
      read(ctx, '1', { ids: ['a', 'b'] }, '10.0.0.9'),
      read(other, '1', { ids: ['a', 'b'] }),
      read(ctx, '1', { ids: ['a', 'b'], extra: undefined }),
      // No record id and an empty one are stored differently.
      audit(ctx, { action: 'test.apart', entityType: 'patient', details: { ids: ['a', 'b'] } }),
      read(ctx, '', { ids: ['a', 'b'] }),
    ]);
    await readRecordsWritten(t.database.db);
    const rows = await rowsOf('test.apart');
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => JSON.stringify(r.details).includes('repeated'))).toEqual([]);
  });

  it('counts the reads of a page under load: as many as were answered, in fewer rows', async () => {
    const { headers } = await signedIn(t, 'admin');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.app.inject({ method: 'GET', url: '/api/admin/patients', headers })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await readRecordsWritten(t.database.db);
    const rows = await rowsOf('patients.list');
    const times = rows.map((r) => (r.details as { repeated?: { times: number } }).repeated?.times ?? 1);
    expect(times.reduce((sum, n) => sum + n, 0)).toBe(40);
    expect(rows.length).toBeLessThan(40);
  });
});

describe('sameJson: whether two details would be stored alike', () => {
  it('compares values, not references, and treats what JSON would store differently as different', () => {
    expect(sameJson({ a: [1, 'x', null], b: { c: true } }, { b: { c: true }, a: [1, 'x', null] })).toBe(true);
    expect(sameJson(new Date('2030-01-01'), new Date('2030-01-01'))).toBe(true);
    expect(sameJson({ at: new Date('2030-01-01') }, { at: new Date('2030-01-02') })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: undefined }, {})).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
