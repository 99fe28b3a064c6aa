import type {
  AuditEvent,
  auditListQuerySchema,
  OutboxMail,
  outboxListQuerySchema,
} from '@carepoint/contract';
import { and, eq, getTableColumns, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { auditEvents, outbox } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { iso, isoOrNull, listPage, matchingRows, orderBy } from '../../lib/list';
import { audit } from '../../plugins/audit';

/** Read-only operator records: the audit trail and the mail outbox. */

type AuditQuery = z.output<typeof auditListQuerySchema>;
type OutboxQuery = z.output<typeof outboxListQuerySchema>;

export async function listAudit(ctx: ServiceContext, query: AuditQuery) {
  const { db } = ctx;
  const where = and(
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.patientId ? eq(auditEvents.patientId, query.patientId) : undefined,
    query.entityType ? eq(auditEvents.entityType, query.entityType) : undefined,
    query.from ? gte(auditEvents.at, query.from) : undefined,
    query.to ? lt(auditEvents.at, query.to) : undefined,
  );
  return listPage(ctx, query, {
    rows: (select) => select(getTableColumns(auditEvents)).from(auditEvents).where(where),
    order: orderBy({ ...query, sort: 'at' }, { at: auditEvents.at }, [], auditEvents.id),
    count: matchingRows(db).from(auditEvents).where(where),
    map: (row): AuditEvent => ({ ...row, at: iso(row.at) }),
  });
}

/** Who was mailed what about, and how it went: the outbox keeps no bodies. Reading it is recorded. */
export async function listOutbox(ctx: ServiceContext, query: OutboxQuery) {
  const { db } = ctx;
  const result = await listPage(ctx, query, {
    rows: (select) => select(getTableColumns(outbox)).from(outbox),
    order: orderBy({ ...query, sort: 'createdAt' }, { createdAt: outbox.createdAt }, [], outbox.id),
    count: matchingRows(db).from(outbox),
    map: (row): OutboxMail => ({ ...row, createdAt: iso(row.createdAt), sentAt: isoOrNull(row.sentAt) }),
  });
  await audit(ctx, {
    action: 'outbox.read',
    entityType: 'outbox',
    details: { ids: result.data.map((m) => m.id) },
  });
  return result;
}
