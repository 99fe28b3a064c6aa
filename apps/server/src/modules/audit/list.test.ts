import type { AuditActions, AuditEvent } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../../../test/admin';
import { createTestApp, createUser, serviceContext, type TestApp } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';
import { audit } from '../../plugins/audit';

/* The Audit Trail screen's reads: rows that name their patient, and the action names to filter by. */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

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
