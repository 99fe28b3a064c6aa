import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { auditEvents } from '../db/schema';
import type { ServiceContext } from '../lib/context';

export interface AuditEntry {
  action: string;
  entityType?: string;
  entityId?: string;
  /** Set whenever a patient's clinical data is read or changed. */
  patientId?: string | null;
  details?: Record<string, unknown>;
  /** For events before a session exists (sign-in): who it was about. */
  actor?: { id?: string | null; role?: string | null; email?: string | null };
}

/**
 * Writes one audit row with the context's actor, address and clock. Inside a transaction pass
 * `inTransaction(ctx, tx)`, so the row commits or rolls back with the change.
 *
 * Durability (README "Audit trail"): a row written inside a transaction commits with it, fully
 * durable. A row written on its own records a read that already happened; it is committed
 * before the answer leaves (an app crash loses nothing) but without waiting for the WAL flush
 * (`synchronous_commit = off` for that one statement), so a crash of the database server itself
 * may lose the last moments (at most 3 × wal_writer_delay, 0.6 s by default) of such read
 * records. Sign-in and password events (`auth.*`) always wait for the flush.
 */
export async function audit(ctx: ServiceContext, entry: AuditEntry) {
  const { actor } = ctx;
  const row: AuditRow = {
    at: ctx.now(),
    actorId: entry.actor?.id ?? actor?.id ?? null,
    actorRole: entry.actor?.role ?? actor?.role ?? null,
    actorEmail: entry.actor?.email ?? actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    patientId: entry.patientId ?? null,
    ip: ctx.ip,
    details: entry.details ?? null,
  };
  if (ctx.db instanceof PgTransaction || entry.action.startsWith('auth.')) {
    await ctx.db.insert(auditEvents).values(row);
    return;
  }
  await readRecords(ctx.db).write(row);
}

interface AuditRow {
  at: Date;
  actorId: string | null;
  actorRole: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  patientId: string | null;
  ip: string;
  details: Record<string, unknown> | null;
}

/** One statement for several read records; set_config(…, true) lasts until this statement's own commit. */
async function insertRelaxed(db: Executor, rows: readonly AuditRow[]) {
  const values = rows.map(
    (row) => sql`(${row.at.toISOString()}::timestamptz, ${row.actorId}::uuid, ${row.actorRole}::text,
      ${row.actorEmail}::text, ${row.action}::text, ${row.entityType}::text,
      ${row.entityId}::text, ${row.patientId}::uuid, ${row.ip}::text,
      ${row.details === null ? null : JSON.stringify(row.details)}::jsonb)`,
  );
  await db.execute(sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into audit_events
      (at, actor_id, actor_role, actor_email, action, entity_type, entity_id, patient_id, ip, details)
    select v.* from (values ${sql.join(values, sql`, `)})
      as v (at, actor_id, actor_role, actor_email, action, entity_type, entity_id, patient_id, ip, details)
    cross join relaxed`);
}

/** Read records waiting for the statement in flight to end, with their requests' callbacks. */
interface Waiting {
  row: AuditRow;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit of read records, per database: a record is written at once when no other is
 * being written; while one statement is in flight, the records that arrive meanwhile wait and
 * then go together in the next one (one round trip and one commit for many requests under
 * load, none added when idle). Each caller still returns only once its own row has committed.
 * If a shared statement fails, its rows are written one by one, so only a bad row's request fails.
 */
function readRecordWriter(db: Executor) {
  let queue: Waiting[] = [];
  let writing = false;
  const flush = async () => {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        await insertRelaxed(
          db,
          batch.map((w) => w.row),
        );
        for (const w of batch) w.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        else {
          await Promise.all(batch.map((w) => insertRelaxed(db, [w.row]).then(w.resolve, w.reject)));
        }
      }
    }
    writing = false;
  };
  return {
    write: (row: AuditRow) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!writing) void flush();
      }),
  };
}

/** Rows per statement: bounds its size (10 parameters each) far below PostgreSQL's 65,535. */
const MAX_BATCH = 200;
const writers = new WeakMap<Executor, ReturnType<typeof readRecordWriter>>();

function readRecords(db: Executor) {
  let writer = writers.get(db);
  if (!writer) {
    writer = readRecordWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
