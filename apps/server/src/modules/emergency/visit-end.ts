import type { LiveTopic } from '@carepoint/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { erEntries, queueEntries } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { audit } from '../../plugins/audit';

/**
 * A completed visit ends the patient's wait: an emergency-room arrival still Waiting is
 * Discharged (seen and left at the visit's completion), and a place still Waiting or Called in a
 * department queue is Removed. Otherwise a patient the doctor has already seen stayed "Waiting"
 * on the ER board and the dashboards. Runs in the completing transaction (`ctx` on it); answers
 * the live topics to announce after it commits.
 */
export async function endWaitsOfCompletedVisit(
  ctx: ServiceContext,
  patientId: string,
  appointmentId: string,
): Promise<LiveTopic[]> {
  const now = ctx.now();
  const arrivals = await ctx.db
    .update(erEntries)
    .set({
      status: 'Discharged',
      seenAt: sql`coalesce(${erEntries.seenAt}, ${now})`,
      leftAt: now,
      updatedAt: now,
    })
    .where(and(eq(erEntries.patientId, patientId), eq(erEntries.status, 'Waiting')))
    .returning({ id: erEntries.id });
  const places = await ctx.db
    .update(queueEntries)
    .set({ status: 'Removed', updatedAt: now })
    .where(and(eq(queueEntries.patientId, patientId), inArray(queueEntries.status, ['Waiting', 'Called'])))
    .returning({ id: queueEntries.id });
  for (const { id } of arrivals) {
    await audit(ctx, {
      action: 'er.update',
      entityType: 'er_entry',
      entityId: id,
      patientId,
      details: { from: 'Waiting', to: 'Discharged', byCompletedAppointment: appointmentId },
    });
  }
  for (const { id } of places) {
    await audit(ctx, {
      action: 'queue.update',
      entityType: 'queue_entry',
      entityId: id,
      patientId,
      details: { to: 'Removed', byCompletedAppointment: appointmentId },
    });
  }
  const topics: LiveTopic[] = [];
  if (arrivals.length > 0) topics.push('emergency');
  if (places.length > 0) topics.push('queues');
  return topics;
}
