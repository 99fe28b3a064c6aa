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
 */
export async function audit(ctx: ServiceContext, entry: AuditEntry) {
  const { actor } = ctx;
  await ctx.db.insert(auditEvents).values({
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
  });
}
