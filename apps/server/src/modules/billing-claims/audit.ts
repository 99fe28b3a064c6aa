import { eq } from 'drizzle-orm';
import { claimLines } from '../../db/schema';
import { type AuditEntry, auditAll } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';

/**
 * A claim is patient data (diagnoses, care, member numbers): each read and change is recorded
 * once for every patient on it, so each patient's trail shows the claim. `ctx` is inside a
 * transaction (auditAll writes with it).
 */
export async function auditPatients(
  ctx: ServiceContext,
  claimId: string,
  action: string,
  details: Record<string, unknown> = {},
) {
  const patients = await ctx.db
    .select({ id: claimLines.patientId })
    .from(claimLines)
    .where(eq(claimLines.claimId, claimId))
    .groupBy(claimLines.patientId);
  const entries: AuditEntry[] = patients.map((p) => ({
    action,
    entityType: 'claim',
    entityId: claimId,
    patientId: p.id,
    details,
  }));
  await auditAll(ctx, entries);
}
