import type { LiveTopic } from '@carepoint/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import { erEntries, queueEntries } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { facilityDay } from '../../lib/facility-time';

/**
 * A completed visit ends the patient's wait: an emergency-room arrival still Waiting is
 * Discharged (seen and left at the visit's completion); in a department queue a place still
 * Waiting is Removed (left uncalled), and one Called is Seen (the doctor completing the visit saw
 * them: when and by whom, as marking it seen records). Otherwise a patient the doctor has already seen stayed "Waiting"
 * on the ER board and the dashboards. Only waits that began on the visit's own day (the facility's)
 * end: an older one is another episode, for the ER to close with its own times. Runs in the
 * completing transaction (`ctx` on it); answers the live topics to announce after it commits.
 */
export async function endWaitsOfCompletedVisit(
  ctx: ServiceContext,
  visit: { id: string; patientId: string; startsAt: Date },
): Promise<LiveTopic[]> {
  const now = ctx.now();
  const { patientId } = visit;
  const appointmentId = visit.id;
  const since = facilityDay(visit.startsAt, ctx.config.TIME_ZONE).start;
  const arrivals = await ctx.db
    .update(erEntries)
    .set({
      status: 'Discharged',
      seenAt: sql`coalesce(${erEntries.seenAt}, ${now})`,
      leftAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(erEntries.patientId, patientId),
        eq(erEntries.status, 'Waiting'),
        gte(erEntries.arrivedAt, since),
      ),
    )
    .returning({ id: erEntries.id });
  const placesIn = (status: 'Waiting' | 'Called') =>
    and(
      eq(queueEntries.patientId, patientId),
      eq(queueEntries.status, status),
      gte(queueEntries.joinedAt, since),
    );
  const removed = await ctx.db
    .update(queueEntries)
    .set({ status: 'Removed', updatedAt: now })
    .where(placesIn('Waiting'))
    .returning({ id: queueEntries.id });
  const seen = await ctx.db
    .update(queueEntries)
    .set({ status: 'Seen', seenAt: now, seenBy: ctx.actor?.id ?? null, updatedAt: now })
    .where(placesIn('Called'))
    .returning({ id: queueEntries.id });
  const places = [
    ...removed.map(({ id }) => ({ id, from: 'Waiting', to: 'Removed' })),
    ...seen.map(({ id }) => ({ id, from: 'Called', to: 'Seen' })),
  ];
  for (const { id } of arrivals) {
    await audit(ctx, {
      action: 'er.update',
      entityType: 'er_entry',
      entityId: id,
      patientId,
      details: { from: 'Waiting', to: 'Discharged', byCompletedAppointment: appointmentId },
    });
  }
  for (const { id, from, to } of places) {
    await audit(ctx, {
      action: 'queue.update',
      entityType: 'queue_entry',
      entityId: id,
      patientId,
      details: { from, to, byCompletedAppointment: appointmentId },
    });
  }
  const topics: LiveTopic[] = [];
  if (arrivals.length > 0) topics.push('emergency');
  if (places.length > 0) topics.push('queues');
  return topics;
}
