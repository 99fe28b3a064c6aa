import type { MessageListQuery, MessageRow, ReminderPreference } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { messages, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFound, signedIn } from '../../lib/errors';
import { iso, isoOrNull, listPage, matchingRows, orderBy, type Select } from '../../lib/list';

/** The admin's send log of appointment e-mails, and the patient's reminder switch. */

const messageRows = (select: Select) =>
  select({ message: messages, firstName: users.firstName, lastName: users.lastName })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.recipientId));

/** GET /api/admin/messages: who was told what about which appointment, when, and how it went. Reading it is recorded. */
export async function listMessages(ctx: ServiceContext, query: MessageListQuery) {
  const where = and(
    query.result ? eq(messages.result, query.result) : undefined,
    query.kind ? eq(messages.kind, query.kind) : undefined,
  );
  const result = await listPage(ctx, query, {
    rows: (select) => messageRows(select).where(where),
    order: orderBy(query, { createdAt: messages.createdAt, runAt: messages.runAt }, [], messages.id),
    count: matchingRows(ctx.db).from(messages).where(where),
    map: ({ message: m, firstName, lastName }): MessageRow => ({
      id: m.id,
      kind: m.kind,
      appointmentId: m.appointmentId,
      recipientId: m.recipientId,
      recipient: `${firstName} ${lastName}`,
      to: m.to,
      result: m.result,
      attempts: m.attempts,
      runAt: iso(m.runAt),
      sentAt: isoOrNull(m.sentAt),
      error: m.error,
      createdAt: iso(m.createdAt),
    }),
  });
  await audit(ctx, {
    action: 'messages.read',
    entityType: 'message',
    details: { ids: result.data.map((m) => m.id) },
  });
  return result;
}

/** GET /api/patient/reminders: the signed-in patient's own switch. */
export async function readReminderPreference(ctx: ServiceContext): Promise<ReminderPreference> {
  const patientId = signedIn(ctx.actor).id;
  const [row] = await ctx.db
    .select({ appointmentReminders: users.appointmentReminders })
    .from(users)
    .where(eq(users.id, patientId))
    .limit(1);
  if (!row) throw notFound('User');
  return row;
}

/**
 * PUT /api/patient/reminders. Reminders already queued stay queued: the worker reads the switch
 * when one is due, so turning them back on in time still brings it.
 */
export async function updateReminderPreference(
  ctx: ServiceContext,
  input: ReminderPreference,
): Promise<ReminderPreference> {
  const patientId = signedIn(ctx.actor).id;
  const [row] = await ctx.db
    .update(users)
    .set({ appointmentReminders: input.appointmentReminders })
    .where(eq(users.id, patientId))
    .returning({ appointmentReminders: users.appointmentReminders });
  if (!row) throw notFound('User');
  await audit(ctx, {
    action: 'profile.reminders',
    entityType: 'user',
    entityId: patientId,
    patientId,
    details: { appointmentReminders: input.appointmentReminders },
  });
  return row;
}

// Other modules queue messages through this service (their changes call these in their transactions).
export { queueAppointmentMessage, scheduleReminder } from './queue';
