import { type Pagination, paginate } from '@carepoint/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../../test/admin';
import { createNurses, createTestApp, createUser, serviceContext, type TestApp } from '../../test/helpers';
import { beds, nurses, users } from '../db/schema';
import { idsOfPage, listPage, matchingRows } from './list';
import { cachedRead, createReadCache } from './read-cache';

/** Bounded list counts: past LIST_COUNT_CAP the total is a lower bound and the next page stays open. */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  // A cap of 5 instead of 1,000, so a few rows go past it.
  t = await createTestApp({ env: { LIST_COUNT_CAP: '5' } });
  admin = await adminClient(t);
  await createNurses(
    t,
    Array.from({ length: 25 }, (_, i) => ({
      fullName: `Capped ${String(i).padStart(2, '0')}`,
      email: `capped${i}@test.example`,
      department: 'ICU',
    })),
  );
});
afterAll(() => t.close());

const pageOf = async (url: string) => {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: unknown[]; pagination: Pagination }>();
};

describe('bounded counts', () => {
  it('counts the cap past the page start (at least the page), then says "at least"', async () => {
    // 25 nurses, 10 a page: page 1 counts up to 10 (the page is larger than the cap of 5).
    const first = await pageOf('/api/admin/nurses?limit=10');
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 10,
      total: 10,
      totalPages: 2,
      totalIsLowerBound: true,
      prevPage: null,
      nextPage: 2,
    });
    const second = await pageOf('/api/admin/nurses?limit=10&page=2');
    expect(second.pagination).toMatchObject({
      total: 20,
      totalPages: 3,
      totalIsLowerBound: true,
      nextPage: 3,
    });
    // The last page counts to the end: the total is exact again and there is no next page.
    const last = await pageOf('/api/admin/nurses?limit=10&page=3');
    expect(last.data).toHaveLength(5);
    expect(last.pagination).toMatchObject({
      total: 25,
      totalPages: 3,
      totalIsLowerBound: false,
      prevPage: 2,
      nextPage: null,
    });
  });

  it('stops at the cap on small pages, and is exact when the matches end at the cap', async () => {
    const capped = await pageOf('/api/admin/nurses?limit=2');
    expect(capped.pagination).toMatchObject({
      total: 5,
      totalPages: 3,
      totalIsLowerBound: true,
      nextPage: 2,
    });
    // "Capped 2x": exactly 5 matches, as many as the cap.
    const exact = await pageOf('/api/admin/nurses?limit=2&q=capped%202');
    expect(exact.pagination).toMatchObject({
      total: 5,
      totalPages: 3,
      totalIsLowerBound: false,
      nextPage: 2,
    });
  });

  it('counts through the joins a list filters on (patients and their beds)', async () => {
    const patients = [];
    for (let i = 0; i < 8; i++) patients.push(await createUser(t, 'patient', { firstName: 'Bounded' }));
    await t.database.db
      .insert(beds)
      .values({ label: 'Cap-1', status: 'Occupied', patientId: patients[0]?.id ?? null });

    const outpatients = await pageOf('/api/admin/patients?limit=2&status=Outpatient&q=bounded');
    expect(outpatients.pagination).toMatchObject({ total: 5, totalIsLowerBound: true, nextPage: 2 });
    const inpatients = await pageOf('/api/admin/patients?limit=2&status=Inpatient&q=bounded');
    expect(inpatients.pagination).toMatchObject({ total: 1, totalIsLowerBound: false, nextPage: null });
    const all = await pageOf('/api/admin/patients?limit=20&q=bounded');
    expect(all.data).toHaveLength(8);
    expect(all.pagination).toMatchObject({ total: 8, totalIsLowerBound: false });
  });

  it('answers a page past the end with no rows and the exact count', async () => {
    const beyond = await pageOf('/api/admin/nurses?limit=10&page=9&q=capped');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({
      total: 25,
      totalIsLowerBound: false,
      prevPage: 8,
      nextPage: null,
    });
    const none = await pageOf('/api/admin/nurses?q=no-such-nurse');
    expect(none).toEqual({
      data: [],
      pagination: {
        page: 1,
        limit: 20,
        total: 0,
        totalPages: 1,
        totalIsLowerBound: false,
        prevPage: null,
        nextPage: null,
      },
    });
  });

  it('selects the count with the page rows; the count column never reaches the items', async () => {
    const ctx = serviceContext(t);
    const result = await listPage(
      ctx,
      { page: 2, limit: 3 },
      {
        rows: (select) =>
          select({ id: nurses.id, lastName: users.lastName })
            .from(nurses)
            .innerJoin(users, eq(users.id, nurses.id)),
        order: [asc(users.lastName), asc(nurses.id)],
        count: matchingRows(ctx.db).from(nurses),
        map: (row) => row,
      },
    );
    expect(result.data.map((n) => n.lastName)).toEqual(['03', '04', '05']);
    expect(result.data.every((n) => !('matched' in n))).toBe(true);
    // Three rows past the start of page 2, then the cap of 5: a lower bound of 8.
    expect(result.pagination).toMatchObject({ total: 8, totalIsLowerBound: true, nextPage: 3 });
  });

  it('pages patients of one name by id, without gaps or repeats, the page read by its ids', async () => {
    const twins = [];
    for (let i = 0; i < 5; i++)
      twins.push(await createUser(t, 'patient', { firstName: 'Twin', lastName: 'Samename' }));
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await pageOf(`/api/admin/patients?q=samename&limit=2&page=${page}`);
      seen.push(...res.data.map((p) => (p as { id: string }).id));
    }
    expect(seen).toEqual(twins.map((p) => p.id).sort());
  });
});

describe('idsOfPage', () => {
  const page = (ids: string[]) => ({
    data: ids.map((id) => ({ id, name: `n${id}` })),
    pagination: paginate(1, 20, ids.length),
  });
  it("lists the ids of a page the read cache shares once, and any other page's afresh", async () => {
    const shared = await createReadCache().read(cachedRead('test-page', [users]), '1', async () =>
      page(['a', 'b']),
    );
    expect(idsOfPage(shared)).toEqual(['a', 'b']);
    expect(idsOfPage(shared)).toBe(idsOfPage(shared));
    expect(Object.isFrozen(idsOfPage(shared))).toBe(true);
    const own = page(['c']);
    expect(idsOfPage(own)).toEqual(['c']);
    expect(idsOfPage(own)).not.toBe(idsOfPage(own));
  });
});
