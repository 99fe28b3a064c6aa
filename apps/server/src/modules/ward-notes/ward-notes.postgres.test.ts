import { WARD_NOTE_MESSAGES } from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { stays, wardNotes } from '../../db/schema';

/*
 * A note and a discharge at the same moment, on a PostgreSQL server (one connection each): the
 * note waits for the stay's row and then sees the stay as the discharge left it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Resolves once a statement on this test's database waits for a lock (the note's FOR SHARE). */
async function someoneWaitsForALock() {
  for (;;) {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a note written while the stay is being discharged', () => {
  it('waits for the discharge and is then refused, not written on a stay that ended', async () => {
    const stay = await admittedStay(t);
    const nurse = client(t, (await signedIn(t, 'nurse')).headers);
    let note: ReturnType<typeof nurse.post> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: stays.id }).from(stays).where(eq(stays.id, stay.stayId)).for('update');
      note = nurse.post(`/api/stays/${stay.stayId}/nursing-notes`, { text: 'Written as the patient leaves' });
      await someoneWaitsForALock();
      await tx
        .update(stays)
        .set({ status: 'Discharged', dischargedAt: t.clock.now(), dischargeDisposition: 'Home' })
        .where(eq(stays.id, stay.stayId));
    });
    const res = await note;
    expect(res?.statusCode).toBe(409);
    expect(res?.json()).toMatchObject({ code: 'STAY_NOT_ADMITTED', error: WARD_NOTE_MESSAGES.notAdmitted });
    expect(await t.database.db.select().from(wardNotes).where(eq(wardNotes.stayId, stay.stayId))).toEqual([]);
  });
});
