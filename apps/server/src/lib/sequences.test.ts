import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceContext, type TestApp } from '../../test/helpers';
import { formatYearlyNumber, nextYearlyNumber } from './sequences';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('yearly sequences', () => {
  it('give parallel callers distinct consecutive numbers', async () => {
    const ctx = serviceContext(t);
    const taken = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.database.db.transaction((tx) => nextYearlyNumber({ ...ctx, db: tx }, 'race')),
      ),
    );
    expect(taken.map((n) => n.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('never give a committed number again, and start again at 1 each facility year', async () => {
    // 31 Dec 23:30 UTC is already 1 Jan in Lagos (UTC+1): the facility's year decides.
    const newYearsEve = new Date('2030-12-31T23:30:00Z');
    const lagos = { ...t.app.config, TIME_ZONE: 'Africa/Lagos' };
    const ctx = serviceContext(t, { now: () => newYearsEve, config: lagos });
    expect(await nextYearlyNumber(ctx, 'yearly')).toEqual({ year: 2031, number: 1 });
    expect(await nextYearlyNumber(ctx, 'yearly')).toEqual({ year: 2031, number: 2 });
    const earlier = serviceContext(t, { now: () => new Date('2030-06-01T12:00:00Z'), config: lagos });
    expect(await nextYearlyNumber(earlier, 'yearly')).toEqual({ year: 2030, number: 1 });
  });

  it('return the number of a rolled-back record to the sequence', async () => {
    const ctx = serviceContext(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await nextYearlyNumber({ ...ctx, db: tx }, 'rollback');
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    expect((await nextYearlyNumber(ctx, 'rollback')).number).toBe(1);
  });

  it('format as PREFIX-YYYY-NNNNNN', () => {
    expect(formatYearlyNumber('DX', { year: 2026, number: 42 })).toBe('DX-2026-000042');
  });
});
