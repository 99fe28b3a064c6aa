import type { AppointmentStatus, AppointmentStatusEvent } from '@carepoint/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointmentStatusEvents, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { iso } from '../../lib/list';

/**
 * The status history of appointments: one row for the booking (from null) and one for every
 * change or move, written in the transaction that makes it, so history and status never disagree.
 */

export interface StatusChange {
  appointmentId: string;
  from: AppointmentStatus | null;
  to: AppointmentStatus;
  reason?: string | null | undefined;
  /** A move: where it was and where it went. */
  move?: AppointmentStatusEvent['move'];
}

/** Records a booking or a status change by the context's actor, at the context's clock. */
export async function recordStatus(ctx: ServiceContext, change: StatusChange) {
  await ctx.db.insert(appointmentStatusEvents).values({
    appointmentId: change.appointmentId,
    at: ctx.now(),
    fromStatus: change.from,
    toStatus: change.to,
    actorId: ctx.actor?.id ?? null,
    reason: change.reason ?? null,
    move: change.move ?? null,
  });
}

/** An appointment's history, oldest first, with who made each step. */
export async function statusHistory(db: Executor, appointmentId: string): Promise<AppointmentStatusEvent[]> {
  const rows = await db
    .select({
      event: appointmentStatusEvents,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(appointmentStatusEvents)
    .leftJoin(users, eq(users.id, appointmentStatusEvents.actorId))
    .where(eq(appointmentStatusEvents.appointmentId, appointmentId))
    // Steps at one instant keep the lifecycle's order: the enum sorts Pending < Confirmed < Completed, Cancelled.
    .orderBy(asc(appointmentStatusEvents.at), asc(appointmentStatusEvents.toStatus));
  return rows.map(({ event, firstName, lastName, role }) => ({
    at: iso(event.at),
    from: event.fromStatus,
    to: event.toStatus,
    by: firstName === null ? null : `${role === 'doctor' ? 'Dr ' : ''}${firstName} ${lastName ?? ''}`.trim(),
    byRole: role,
    reason: event.reason,
    move: event.move,
  }));
}
