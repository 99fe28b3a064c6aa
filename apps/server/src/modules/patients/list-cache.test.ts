import type { AdminPatient } from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { auditEvents, beds, users } from '../../db/schema';
import { READ_CACHE_MS } from '../../lib/read-cache';

/*
 * The admin patients list is served from the read cache (lib/read-cache.ts): each page read
 * still writes its audit row, and any committed change of users or beds (through the API, or
 * in SQL by anyone) is in the next page read on this instance.
 */

type Headers = { cookie: string };
let t: TestApp;
let admin: Headers;
let adminId: string;
// A surname no other test user has, so the search finds exactly this test's patients.
// Letters only: a search term with digits is taken for an e-mail or phone fragment.
const surname = `Cachetest${Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;

beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.headers;
  adminId = signed.user.id;
});
afterAll(() => t.close());

const listUrl = `/api/admin/patients?q=${surname}&sort=fullName`;
async function listed() {
  const res = await t.app.inject({ url: listUrl, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AdminPatient[] }>().data;
}
const names = async () => (await listed()).map((p) => p.fullName);
const patient = (firstName: string) => createUser(t, 'patient', { firstName, lastName: surname });
/** Renames in SQL with triggers off (session_replication_role): a change that announces nothing. */
const renameSilently = (who: TestUser, firstName: string) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ firstName }).where(eq(users.id, who.id));
  });

describe('the patients list from the read cache', () => {
  it('audits every page read, also those served from memory', async () => {
    const ada = await patient('Ada');
    const before = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patients.list'), eq(auditEvents.actorId, adminId)));
    await listed();
    await listed();
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patients.list'), eq(auditEvents.actorId, adminId)));
    const added = rows.slice(before.length);
    expect(added).toHaveLength(2);
    for (const row of added) expect(row.details).toMatchObject({ patientIds: [ada.id] });
  });

  it('serves a page from memory: a change that announces nothing shows only after READ_CACHE_MS', async () => {
    const bola = await patient('Bola');
    expect(await names()).toContain(`Bola ${surname}`);
    await renameSilently(bola, 'Bolanle');
    expect(await names()).toContain(`Bola ${surname}`);
    t.clock.advance(READ_CACHE_MS);
    expect(await names()).toContain(`Bolanle ${surname}`);
  });

  it('shows a change made through the API in the very next read', async () => {
    await names();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/patients',
      headers: admin,
      payload: {
        firstName: 'Chidi',
        lastName: surname,
        email: `chidi.${surname.toLowerCase()}@example.com`,
        phone: '0803 555 0199',
        address: '1 Marina, Lagos',
        dateOfBirth: '1980-01-01',
        gender: 'male',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await names()).toContain(`Chidi ${surname}`);
  });

  it('shows a change made in SQL (the CLI, another instance) within a second', async () => {
    const dayo = await patient('Dayo');
    expect(await names()).toContain(`Dayo ${surname}`);
    await t.database.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, dayo.id));
    await vi.waitFor(
      async () => {
        const row = (await listed()).find((p) => p.id === dayo.id);
        expect(row?.accountStatus).toBe('Inactive');
      },
      { timeout: 1000, interval: 20 },
    );
    const [bed] = await t.database.db
      .insert(beds)
      .values({ label: `Bed ${surname}`, status: 'Occupied', patientId: dayo.id })
      .returning();
    expect(bed).toBeDefined();
    await vi.waitFor(
      async () => {
        const row = (await listed()).find((p) => p.id === dayo.id);
        expect(row).toMatchObject({ status: 'Inpatient', bed: `Bed ${surname}` });
      },
      { timeout: 1000, interval: 20 },
    );
  });
});
