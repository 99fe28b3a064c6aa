import type { WardBoard } from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { auditEvents, stays } from '../../db/schema';
import { READ_CACHE_MS } from '../../lib/read-cache';

/*
 * The ward board is served from the read cache (board.ts): each read is still audited with the
 * patients it showed, and a committed change of any table it is read from (through the API, or
 * in SQL by anyone) reaches the next board read.
 */

type Headers = { cookie: string };
let t: TestApp;
let nurse: Headers;
let nurseId: string;

beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t, 'nurse');
  nurse = signed.headers;
  nurseId = signed.user.id;
});
afterAll(() => t.close());

async function board(wardId: string) {
  const res = await t.app.inject({ url: `/api/wards/${wardId}/board`, headers: nurse });
  expect(res.statusCode).toBe(200);
  return res.json<WardBoard>();
}
const diagnosisOn = async (wardId: string) => (await board(wardId)).beds[0]?.stay?.diagnosis;
/** Changes a stay in SQL with triggers off (session_replication_role): a change that announces nothing. */
const diagnoseSilently = (stayId: string, diagnosisText: string) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(stays).set({ diagnosisText }).where(eq(stays.id, stayId));
  });

describe('the ward board from the read cache', () => {
  it('audits every read with the patients it showed, also those served from memory', async () => {
    const stay = await admittedStay(t);
    const reads = () =>
      t.database.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'ward.board'),
            eq(auditEvents.actorId, nurseId),
            eq(auditEvents.entityId, stay.wardId),
          ),
        );
    await board(stay.wardId);
    await board(stay.wardId);
    const rows = await reads();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.details).toMatchObject({ patientIds: [stay.patient.id] });
  });

  it('serves a board from memory: a change that announces nothing shows only after READ_CACHE_MS', async () => {
    const stay = await admittedStay(t);
    expect(await diagnosisOn(stay.wardId)).toBe('Pneumonia');
    await diagnoseSilently(stay.stayId, 'Malaria');
    expect(await diagnosisOn(stay.wardId)).toBe('Pneumonia');
    t.clock.advance(READ_CACHE_MS);
    expect(await diagnosisOn(stay.wardId)).toBe('Malaria');
  });

  it('shows a change made in SQL (another instance, the CLI) within a second', async () => {
    const stay = await admittedStay(t);
    expect(await diagnosisOn(stay.wardId)).toBe('Pneumonia');
    await t.database.db
      .update(stays)
      .set({ diagnosisText: 'Typhoid fever' })
      .where(eq(stays.id, stay.stayId));
    await vi.waitFor(async () => expect(await diagnosisOn(stay.wardId)).toBe('Typhoid fever'), {
      timeout: 1000,
      interval: 20,
    });
  });
});
