import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { auditEvents } from '../db/schema';

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

/** Writes one audit row; pass the transaction so the row commits or rolls back with the change. */
export async function audit(request: FastifyRequest, entry: AuditEntry, db: Executor = request.server.db) {
  const user = request.user;
  await db.insert(auditEvents).values({
    at: request.server.now(),
    actorId: entry.actor?.id ?? user?.id ?? null,
    actorRole: entry.actor?.role ?? user?.role ?? null,
    actorEmail: entry.actor?.email ?? user?.email ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    patientId: entry.patientId ?? null,
    ip: request.ip,
    details: entry.details ?? null,
  });
}
