import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceContext, signedIn, type TestApp } from '../../../test/helpers';
import type { Executor } from '../../db/client';
import { auditChain, auditEvents } from '../../db/schema';
import { audit, readRecordsWritten } from '../../lib/audit';
import { inTransaction } from '../../lib/context';
import { describeChainReport, purgeAuditTrail, verifyAuditChain } from './chain';

/*
 * The audit trail cannot be quietly changed: the database refuses changes and deletions, every
 * row is chained to the one before it, and verify names the first row that does not match.
 */

/** The database's own error text, under Drizzle's "Failed query" wrapper. */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  }
  return 'not refused';
}

/** Runs `change` with the audit table's triggers off, as someone with the database's owner rights could. */
async function withTriggersOff(db: Executor, change: (tx: Executor) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger user`);
    await change(tx);
    await tx.execute(sql`alter table audit_events enable trigger user`);
  });
}

describe('the audit chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const ctx = serviceContext(t);
    // Read records (group-committed batches) and rows inside transactions, interleaved.
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        audit(ctx, { action: 'test.read', entityId: String(i), details: { i } }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        t.database.db.transaction((tx) =>
          audit(inTransaction(ctx, tx), { action: 'test.change', entityId: String(i) }),
        ),
      ),
    ]);
    await signedIn(t, 'doctor');
  });
  afterAll(() => t.close());

  it('chains every row, however it was written, and verify reports the chain intact', async () => {
    const rows = await t.database.db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
    expect(rows.length).toBeGreaterThanOrEqual(36);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]?.prevHash).toBe('0'.repeat(64));
    for (const [i, row] of rows.entries()) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      if (i > 0) expect(row.prevHash).toBe(rows[i - 1]?.hash);
    }
    const report = await verifyAuditChain(t.database.db);
    expect(report).toEqual({ intact: true, rows: rows.length });
    expect(describeChainReport(report)).toBe(`Audit chain intact (${rows.length} rows).`);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const { db } = t.database;
    expect(await refusal(() => db.update(auditEvents).set({ action: 'test.hidden' }))).toBe(
      'audit_events rows cannot be changed or deleted (UPDATE)',
    );
    expect(await refusal(() => db.delete(auditEvents).where(eq(auditEvents.action, 'test.read')))).toBe(
      'audit_events rows cannot be changed or deleted (DELETE)',
    );
    expect(await refusal(() => db.execute(sql`truncate audit_events`))).toBe(
      'audit_events rows cannot be changed or deleted (TRUNCATE)',
    );
  });

  it('does not let a purge setting remove recent rows', async () => {
    const { db } = t.database;
    const tryPurge = (cutoff: string) =>
      refusal(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('carepoint.audit_purge', ${cutoff}, true)`);
          await tx.delete(auditEvents).where(eq(auditEvents.action, 'test.read'));
        }),
      );
    // A cut-off less than six years back is not honoured at all…
    expect(await tryPurge(new Date().toISOString())).toBe(
      'audit_events rows cannot be changed or deleted (DELETE)',
    );
    // …and an old cut-off does not reach rows written after it.
    expect(await tryPurge('2001-01-01T00:00:00Z')).toBe(
      'audit_events rows cannot be changed or deleted (DELETE)',
    );
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true });
  });

  it('names the first row whose fields were changed behind the trigger', async () => {
    const { db } = t.database;
    const [target] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'test.change'))
      .limit(1);
    if (!target?.seq) throw new Error('no row to change');
    await withTriggersOff(db, (tx) =>
      tx
        .update(auditEvents)
        .set({ actorEmail: 'someone-else@test.example' })
        .where(eq(auditEvents.id, target.id)),
    );
    const report = await verifyAuditChain(db);
    expect(report).toEqual({
      intact: false,
      rows: target.seq - 1,
      broken: {
        id: target.id,
        at: target.at.toISOString(),
        seq: target.seq,
        reason: 'its fields do not match its hash (changed)',
      },
    });
    expect(describeChainReport(report)).toContain(
      `Audit chain broken at row id ${target.id} (seq ${target.seq}`,
    );

    // Put back as it was, the row matches its hash again.
    await withTriggersOff(db, (tx) =>
      tx.update(auditEvents).set({ actorEmail: target.actorEmail }).where(eq(auditEvents.id, target.id)),
    );
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true });
  });

  it('names the row after one deleted behind the trigger, and notices the newest rows gone', async () => {
    const { db } = t.database;
    const rows = await db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
    const [gone, after] = [rows[10], rows[11]];
    if (!gone || !after) throw new Error('too few rows');
    await withTriggersOff(db, (tx) => tx.delete(auditEvents).where(eq(auditEvents.id, gone.id)));
    expect(await verifyAuditChain(db)).toMatchObject({
      intact: false,
      broken: {
        id: after.id,
        seq: after.seq,
        reason: `the row before it (seq ${gone.seq}) is missing from the chain`,
      },
    });
    await db.insert(auditEvents).values({ action: 'test.after' });
    const [head] = await db.select().from(auditChain);
    await withTriggersOff(db, (tx) => tx.delete(auditEvents).where(eq(auditEvents.seq, head?.seq ?? 0)));
    await withTriggersOff(db, (tx) => tx.insert(auditEvents).values(gone));
    expect(await verifyAuditChain(db)).toMatchObject({
      intact: false,
      broken: { reason: expect.stringContaining('the newest rows are missing') },
    });
  });
});

describe('the retention purge', () => {
  let t: TestApp;
  // A real clock: the database itself checks that a purge's cut-off is six years behind its own.
  const now = () => new Date();
  beforeAll(async () => {
    t = await createTestApp({ env: { AUDIT_KEEP_YEARS: '7' } });
    const past = (year: number) => serviceContext(t, { now: () => new Date(`${year}-03-01T10:00:00Z`) });
    for (const year of [2010, 2012, 2015]) await audit(past(year), { action: 'test.old', details: { year } });
    await audit(serviceContext(t, { now }), { action: 'test.recent' });
    await readRecordsWritten(t.database.db);
  });
  afterAll(() => t.close());

  it('removes only rows older than AUDIT_KEEP_YEARS, records itself, and keeps the chain verifiable', async () => {
    const { db } = t.database;
    const before = await db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
    const lastOld = before.findLast((r) => r.action === 'test.old');

    const admin = await signedIn(t, 'admin');
    const result = await purgeAuditTrail(
      serviceContext(t, { now, actor: { ...admin.user, mustChangePassword: false } }),
    );
    expect(result.removed).toBe(3);

    const after = await db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
    expect(after.map((r) => r.action)).not.toContain('test.old');
    expect(after.map((r) => r.action)).toContain('test.recent');
    const [chain] = await db.select().from(auditChain);
    expect(chain).toMatchObject({ anchorSeq: lastOld?.seq, anchorHash: lastOld?.hash });

    const record = after.find((r) => r.action === 'audit.purge');
    expect(record).toMatchObject({
      actorId: admin.user.id,
      details: { removed: 3, keepYears: 7, cutoff: result.cutoff.toISOString(), throughSeq: lastOld?.seq },
    });
    expect(await verifyAuditChain(db)).toEqual({ intact: true, rows: after.length });

    // Nothing more to remove: no second record.
    expect((await purgeAuditTrail(serviceContext(t, { now }))).removed).toBe(0);
    expect((await db.select().from(auditEvents).where(eq(auditEvents.action, 'audit.purge'))).length).toBe(1);
  });
});
