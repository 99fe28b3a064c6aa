import { z } from 'zod';
import { listQuerySchema, pageOf } from './common';

/**
 * Messages to patients about their appointments: an e-mail when one is booked, confirmed, moved
 * or cancelled, and a reminder the day before, each with a calendar (.ics) attachment. They are
 * queued with the change and sent by the server's message worker; the send log is the admin's.
 *
 *   GET /api/admin/messages          [messageListQuerySchema -> messagePageSchema]  admin
 *   GET /api/patient/reminders       [-> reminderPreferenceSchema]                  patient
 *   PUT /api/patient/reminders       [reminderPreferenceSchema -> same]             patient
 */

export const MESSAGE_KINDS = ['booked', 'confirmed', 'moved', 'cancelled', 'reminder'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** What the send log shows for each kind. */
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  booked: 'Booked',
  confirmed: 'Confirmed',
  moved: 'Moved',
  cancelled: 'Cancelled',
  reminder: 'Reminder',
};

/**
 * Where a message stands: Queued (waiting for its time, or for another try after a failure),
 * Sending (claimed by a worker), Sent (the SMTP server took it, or the server log had it without
 * SMTP_URL), Failed (every try failed) or Skipped (no longer wanted: the appointment was cancelled
 * or moved, or the patient turned reminders off).
 */
export const MESSAGE_RESULTS = ['Queued', 'Sending', 'Sent', 'Failed', 'Skipped'] as const;
export type MessageResult = (typeof MESSAGE_RESULTS)[number];

const messageRowSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  appointmentId: z.string(),
  recipientId: z.string(),
  /** The patient's name, as it is now. */
  recipient: z.string(),
  /** The address it went to; null until a worker tried to send it. */
  to: z.string().nullable(),
  result: z.enum(MESSAGE_RESULTS),
  attempts: z.number().int(),
  /** When it is due (Queued), or when it was last tried. */
  runAt: z.string(),
  sentAt: z.string().nullable(),
  /** Why the last try failed or why it was skipped. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageRow = z.infer<typeof messageRowSchema>;

/** Newest first; `result` and `kind` filter. */
export const MESSAGE_SORTABLE = ['createdAt', 'runAt'] as const;
export const messageListQuerySchema = listQuerySchema(MESSAGE_SORTABLE).extend({
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  result: z
    .enum(MESSAGE_RESULTS, { error: `Result must be one of: ${MESSAGE_RESULTS.join(', ')}` })
    .optional(),
  kind: z.enum(MESSAGE_KINDS, { error: `Kind must be one of: ${MESSAGE_KINDS.join(', ')}` }).optional(),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;
export const messagePageSchema = pageOf(messageRowSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

/** My Profile: whether the patient wants a reminder e-mail the day before each appointment. */
export const reminderPreferenceSchema = z.object({
  appointmentReminders: z.boolean({ error: 'Choose on or off' }),
});
export type ReminderPreference = z.infer<typeof reminderPreferenceSchema>;

export const MESSAGE_MESSAGES = {
  remindersOn: 'Appointment reminders turned on',
  remindersOff: 'Appointment reminders turned off',
  remindersFailed: 'Could not save your reminder setting',
  remindersLoadFailed: 'Could not load your reminder setting',
  loadFailed: 'Could not fetch messages',
} as const;
