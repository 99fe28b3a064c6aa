import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_EXPORT_MESSAGES,
  type AuditActions,
  type AuditEvent,
  type auditExportQuerySchema,
  type auditListQuerySchema,
  type OutboxMail,
  type outboxListQuerySchema,
} from '@carepoint/contract';
import { and, asc, eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditEvents, outbox, users } from '../../db/schema';
import { audit, readRecordsWritten } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import { iso, isoOrNull, listPage, matchingRows, orderBy } from '../../lib/list';
import { fullNameOf } from '../../lib/people';

/** Read-only operator records: the audit trail and the mail outbox. */

type AuditQuery = z.output<typeof auditListQuerySchema>;
type OutboxQuery = z.output<typeof outboxListQuerySchema>;

type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/** The list's and the export's filters, combined (AND); from inclusive, to exclusive. */
const auditWhere = (query: Omit<AuditQuery, 'page' | 'limit' | 'order' | 'sort' | 'q'>) =>
  and(
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.patientId ? eq(auditEvents.patientId, query.patientId) : undefined,
    query.entityType ? eq(auditEvents.entityType, query.entityType) : undefined,
    query.from ? gte(auditEvents.at, query.from) : undefined,
    query.to ? lt(auditEvents.at, query.to) : undefined,
  );

/**
 * A page of the trail, each row with its patient's name beside the id. Naming patients next to
 * what was done about them is a read of their records, so a page that names any writes one
 * `audit.list` row with their ids (as the patient list does); a page naming none writes nothing.
 */
export async function listAudit(ctx: ServiceContext, query: AuditQuery) {
  await readRecordsWritten(ctx.db);
  const { db } = ctx;
  const where = auditWhere(query);
  const result = await listPage(ctx, query, {
    rows: (select) =>
      select({ ...getTableColumns(auditEvents), patientName: fullNameOf() })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.patientId))
        .where(where),
    order: orderBy({ ...query, sort: 'at' }, { at: auditEvents.at }, [], auditEvents.id),
    count: matchingRows(db).from(auditEvents).where(where),
    map: (row): AuditEvent => ({ ...row, at: iso(row.at) }),
  });
  const patientIds = [
    ...new Set(result.data.flatMap((e) => (e.patientName && e.patientId ? [e.patientId] : []))),
  ];
  if (patientIds.length > 0) {
    await audit(ctx, {
      action: 'audit.list',
      entityType: 'audit',
      details: { page: query.page, patientIds },
    });
  }
  return result;
}

/**
 * Every action name the trail holds, in order, for the Action filter. Read as a loose index scan
 * of audit_action_idx (each step jumps to the next name), so it costs one index probe per name
 * rather than a pass over every row.
 */
export async function listAuditActions(ctx: ServiceContext): Promise<AuditActions> {
  await readRecordsWritten(ctx.db);
  const result = (await ctx.db.execute(sql`
    with recursive names(action) as (
      (select ${auditEvents.action} from ${auditEvents} order by ${auditEvents.action} limit 1)
      union all
      select (
        select ${auditEvents.action} from ${auditEvents}
        where ${auditEvents.action} > names.action order by ${auditEvents.action} limit 1
      ) from names where names.action is not null
    )
    select action from names where action is not null
  `)) as unknown as { rows: Array<{ action: string }> };
  // Sorted here, by code point: the index's collation may order punctuation ('-', '_') otherwise.
  return { actions: result.rows.map((r) => r.action).sort() };
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

/** Rows read per round trip while streaming an export. */
const EXPORT_BATCH = 1000;

const AUDIT_CSV_COLUMNS = [
  'id',
  'seq',
  'at (UTC)',
  'actor id',
  'actor e-mail',
  'actor role',
  'action',
  'record type',
  'record id',
  'patient id',
  'address',
  'details',
  'prev_hash',
  'hash',
];

/**
 * Export CSV for an auditor: the rows the filters match in the date range, oldest first, with
 * their place in the chain (seq, prev_hash, hash) so the file can be checked against it. A range
 * matching more than AUDIT_EXPORT_MAX_ROWS is refused (a file cut short would mislead). Read by
 * keyset (at, id) in batches, so the file streams with flat memory. The export is itself audited,
 * before the first row.
 */
export async function exportAuditCsv(ctx: ServiceContext, query: AuditExportQuery) {
  await readRecordsWritten(ctx.db);
  const where = auditWhere(query);
  const over = await ctx.db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(where)
    .limit(1)
    .offset(AUDIT_EXPORT_MAX_ROWS);
  if (over.length > 0) throw badRequest(AUDIT_EXPORT_MESSAGES.tooMany, 'from');
  await audit(ctx, {
    action: 'audit.export',
    entityType: 'audit',
    details: { ...query, from: query.from.toISOString(), to: query.to.toISOString() },
  });

  async function* lines() {
    yield CSV_BOM + csvLine(AUDIT_CSV_COLUMNS);
    let after: { at: Date; id: number } | null = null;
    for (;;) {
      const batch = await ctx.db
        .select()
        .from(auditEvents)
        .where(
          and(
            where,
            after ? sql`(${auditEvents.at}, ${auditEvents.id}) > (${after.at}, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(auditEvents.at), asc(auditEvents.id))
        .limit(EXPORT_BATCH);
      let chunk = '';
      for (const e of batch) {
        chunk += csvLine([
          e.id,
          e.seq,
          iso(e.at),
          e.actorId,
          e.actorEmail,
          e.actorRole,
          e.action,
          e.entityType,
          e.entityId,
          e.patientId,
          e.ip,
          e.details ? JSON.stringify(e.details) : null,
          e.prevHash,
          e.hash,
        ]);
      }
      if (chunk) yield chunk;
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH) return;
      after = { at: last.at, id: last.id };
    }
  }
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { fileName: `carepoint-audit-${day(query.from)}-to-${day(query.to)}.csv`, lines: lines() };
}

/** The chain's check, for other modules (a restore must bring the chain back whole). */
export { verifyAuditChain } from './chain';
