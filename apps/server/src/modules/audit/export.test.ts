import { AUDIT_EXPORT_MAX_ROWS, AUDIT_EXPORT_MESSAGES } from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, expectInvalid } from '../../../test/admin';
import { createTestApp, serviceContext, type TestApp } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';
import { audit } from '../../lib/audit';

/* Export CSV of the audit trail: a date range, the list's filters, safe cells, and itself audited. */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  const at = (iso: string) => serviceContext(t, { now: () => new Date(iso) });
  await audit(at('2030-01-01T08:00:00Z'), { action: 'test.before', entityId: 'x' });
  await audit(at('2030-01-02T08:00:00Z'), { action: 'test.inside', entityId: '=HYPERLINK("http://evil")' });
  await audit(at('2030-01-02T09:00:00Z'), { action: 'test.other', details: { note: 'a, "quoted" note' } });
  await audit(at('2030-01-03T08:00:00Z'), { action: 'test.after' });
});
afterAll(() => t.close());

const RANGE = 'from=2030-01-02T00:00:00Z&to=2030-01-03T00:00:00Z';

describe('Export CSV of the audit trail', () => {
  it('streams the rows of the range, oldest first, with their chain, formulas defused', async () => {
    const res = await admin.get(`/api/admin/audit/export?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename=carepoint-audit-2030-01-02-to-2030-01-03.csv',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,seq,at (UTC),actor id,actor e-mail,actor role,action,record type,record id,patient id,address,details,prev_hash,hash',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',test.inside,');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[1]).toMatch(/,[0-9a-f]{64},[0-9a-f]{64}$/);
    expect(lines[2]).toContain(',test.other,');
    expect(lines[2]).toContain('"{""note"":""a, \\""quoted\\"" note""}"');

    const filtered = await admin.get(`/api/admin/audit/export?${RANGE}&action=test.other`);
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('records the export itself: who and which range', async () => {
    await admin.get(`/api/admin/audit/export?${RANGE}&action=test.inside`);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.export'), eq(auditEvents.actorId, admin.user.id)));
    expect(rows.at(-1)?.details).toEqual({
      from: '2030-01-02T00:00:00.000Z',
      to: '2030-01-03T00:00:00.000Z',
      action: 'test.inside',
    });
  });

  it('wants a date range, in order, and refuses a range with too many rows', async () => {
    expectInvalid(await admin.get('/api/admin/audit/export'), AUDIT_EXPORT_MESSAGES.rangeRequired, 'from');
    expectInvalid(
      await admin.get('/api/admin/audit/export?from=2030-01-03T00:00:00Z&to=2030-01-02T00:00:00Z'),
      AUDIT_EXPORT_MESSAGES.rangeOrder,
      'to',
    );
    // One more row than an export may hold, in one statement. The chain trigger is off for it: this
    // file checks the bound, not the chain, and per-row hashing of 50,000 rows would be slow here.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_chain`);
      await tx.execute(
        sql`insert into audit_events (at, action) select '2031-05-05T00:00:00Z', 'test.bulk' from generate_series(0, ${AUDIT_EXPORT_MAX_ROWS})`,
      );
      await tx.execute(sql`alter table audit_events enable trigger audit_events_chain`);
    });
    expectInvalid(
      await admin.get('/api/admin/audit/export?from=2031-05-01T00:00:00Z&to=2031-05-10T00:00:00Z'),
      AUDIT_EXPORT_MESSAGES.tooMany,
      'from',
    );
  });

  it('is for admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit/export?${RANGE}` });
    expect(res.statusCode).toBe(401);
  });
});
