import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
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
  const row = {
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
  // One statement, one round trip: set_config(…, true) lasts until this statement's own commit.
  await ctx.db.execute(sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into audit_events
      (at, actor_id, actor_role, actor_email, action, entity_type, entity_id, patient_id, ip, details)
    select ${row.at.toISOString()}::timestamptz, ${row.actorId}::uuid, ${row.actorRole}, ${row.actorEmail},
      ${row.action}, ${row.entityType}, ${row.entityId}, ${row.patientId}::uuid, ${row.ip},
      ${row.details === null ? null : JSON.stringify(row.details)}::jsonb
    from relaxed`);
}
