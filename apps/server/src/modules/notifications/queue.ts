import { addDays, fromLocalDateTime, isActiveStatus, type MessageKind } from '@carepoint/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { appointments, messages } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';

/**
 * Queueing appointment e-mails. Every function here runs on the caller's context, inside the
 * transaction that changes the appointment, so a message is queued exactly when its change
 * commits. The worker (worker.ts) sends them.
 */

/** What a change of an appointment tells the patient (the reminder is scheduled, not told). */
export type AppointmentMessageKind = Exclude<MessageKind, 'reminder'>;

interface Timing {
  id: string;
  date: string;
  startsAt: Date;
}

/**
 * When the reminder of an appointment is due: REMINDER_HOUR (facility time) the day before. Booked
 * or moved after that hour, it goes at once if the appointment is on a later day than today, and
 * not at all if it is today: the booking's own e-mail has just told the patient.
 */
function reminderTime(appointment: Timing, now: Date, config: Config): Date | null {
  const due = fromLocalDateTime(addDays(appointment.date, -1), config.REMINDER_HOUR * 60, config.TIME_ZONE);
  if (due > now) return due;
  return appointment.date > facilityDate(now, config.TIME_ZONE) ? now : null;
}

/** One reminder per appointment and start: a moved appointment gets a new one, the old is skipped. */
const reminderKey = (appointment: Timing) =>
  `reminder:${appointment.id}:${appointment.startsAt.toISOString()}`;

async function loadTiming(ctx: ServiceContext, appointmentId: string) {
  const [row] = await ctx.db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      date: appointments.date,
      startsAt: appointments.startsAt,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}

/**
 * Keeps an appointment's reminder in step with it: queued reminders of another start (it moved)
 * or of an appointment no longer Pending or Confirmed are skipped, and the one for its current
 * start is queued (again, if it had been skipped). Call it after any change of time or status;
 * queueAppointmentMessage does.
 */
export async function scheduleReminder(ctx: ServiceContext, appointmentId: string) {
  const appointment = await loadTiming(ctx, appointmentId);
  if (!appointment) return;
  const now = ctx.now();
  const due = isActiveStatus(appointment.status) ? reminderTime(appointment, now, ctx.config) : null;
  const key = due ? reminderKey(appointment) : undefined;
  await ctx.db
    .update(messages)
    .set({
      result: 'Skipped',
      error: isActiveStatus(appointment.status)
        ? 'The appointment moved'
        : `The appointment is ${appointment.status}`,
      updatedAt: now,
    })
    .where(
      and(
        eq(messages.appointmentId, appointmentId),
        eq(messages.kind, 'reminder'),
        eq(messages.result, 'Queued'),
        key ? ne(messages.key, key) : undefined,
      ),
    );
  if (!due || !key) return;
  const again = { result: 'Queued' as const, runAt: due, attempts: 0, error: null, updatedAt: now };
  await ctx.db
    .insert(messages)
    .values({ key, kind: 'reminder', appointmentId, recipientId: appointment.patientId, runAt: due })
    .onConflictDoUpdate({ target: messages.key, set: again, setWhere: sql`${messages.result} = 'Skipped'` });
}

/**
 * Queues the e-mail telling the patient of a change ('booked', 'confirmed', 'moved',
 * 'cancelled'), due at once, and reschedules the reminder. Call it in the change's transaction
 * (`inTransaction(ctx, tx)`), after the appointment row has its new time or status. Booked,
 * confirmed and cancelled are queued once per appointment; every move is its own message.
 */
export async function queueAppointmentMessage(
  ctx: ServiceContext,
  appointmentId: string,
  kind: AppointmentMessageKind,
) {
  const appointment = await loadTiming(ctx, appointmentId);
  if (!appointment) return;
  // The calendar entry's SEQUENCE: the changes told before this one (the booking is 0).
  const [told] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.appointmentId, appointmentId), ne(messages.kind, 'reminder')));
  const sequence = told?.n ?? 0;
  await ctx.db
    .insert(messages)
    .values({
      key: kind === 'moved' ? `moved:${appointmentId}:${sequence}` : `${kind}:${appointmentId}`,
      kind,
      appointmentId,
      recipientId: appointment.patientId,
      sequence,
      runAt: ctx.now(),
    })
    .onConflictDoNothing({ target: messages.key });
  await scheduleReminder(ctx, appointmentId);
}
