import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_EXPORT_MESSAGES,
  type AuditActions,
  type AuditEvent,
} from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, serviceContext, type TestApp } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';
import { audit } from '../../lib/audit';

/*
 * The Audit Trail screen's reads: Export CSV (a date range, the list's filters, safe cells, and
 * itself audited), rows that name their patient, and the action names to filter by.
 */

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
      `attachment; filename="carepoint-audit-2030-01-02-to-2030-01-03.csv"; filename*=UTF-8''carepoint-audit-2030-01-02-to-2030-01-03.csv`,
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

describe('the audit trail list', () => {
  it('names the patient a row is about, and records that the page named them', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Amara', lastName: 'Okafor' });
    await audit(serviceContext(t), {
      action: 'test.chart.read',
      entityType: 'chart',
      entityId: patient.id,
      patientId: patient.id,
    });
    await audit(serviceContext(t), { action: 'test.nobody' });

    const page = (await admin.get('/api/admin/audit?action=test.chart.read')).json<{ data: AuditEvent[] }>();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ patientId: patient.id, patientName: 'Amara Okafor' });
    // Naming patients is a read of their records: one row with whom this page named.
    const named = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.list'), eq(auditEvents.actorId, admin.user.id)));
    expect(named).toHaveLength(1);
    expect(named[0]?.details).toMatchObject({ patientIds: [patient.id] });
    // And the trail itself shows that read.
    const own = (await admin.get('/api/admin/audit?action=audit.list')).json<{ data: AuditEvent[] }>();
    expect(own.data.map((e) => e.actorId)).toEqual([admin.user.id]);

    // A page about nobody names nobody and writes nothing.
    const none = (await admin.get('/api/admin/audit?action=test.nobody')).json<{ data: AuditEvent[] }>();
    expect(none.data[0]?.patientName).toBeNull();
    const after = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.list'), eq(auditEvents.actorId, admin.user.id)));
    expect(after).toHaveLength(1);
  });
});

describe('the action names', () => {
  it('lists each action the trail holds once, in order, for the Action filter', async () => {
    for (const action of ['test.zeta', 'test.alpha', 'test.zeta', 'test.mid']) {
      await audit(serviceContext(t), { action });
    }
    const res = await admin.get('/api/admin/audit/actions');
    expect(res.statusCode).toBe(200);
    const { actions } = res.json<AuditActions>();
    expect(actions).toEqual([...new Set(actions)].sort());
    expect(actions).toEqual(expect.arrayContaining(['test.alpha', 'test.mid', 'test.zeta']));
    expect(actions.filter((a) => a === 'test.zeta')).toHaveLength(1);
  });
});
