import { z } from 'zod';

/**
 * Where a person is signed in (the Security page), and ending those sessions. A session is named
 * by a public id of its own; the hash of its token, which the server keys it by, never leaves it.
 *
 *   GET    /api/auth/sessions                 [-> sessionListSchema]       every role
 *   DELETE /api/auth/sessions/{id}            [-> okSchema]                every role: one of one's own
 *   DELETE /api/auth/sessions                 [-> sessionsEndedSchema]     every role: all but this one
 *   DELETE /api/admin/users/{id}/sessions     [-> sessionsEndedSchema]     admin: all of a person's
 */

const sessionSchema = z.object({
  id: z.string(),
  /** The browser and system its user agent names, e.g. "Chrome 131 on Windows". */
  device: z.string(),
  /** The address it signed in from. */
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Live sessions only (neither ended nor expired), the current one first, then the most recently seen. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** How many sessions a "sign out everywhere" ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  userNotFound: 'User not found',
  /** What a user agent that names no known browser shows. */
  unknownDevice: 'Unknown browser',
  /** The toasts the screens show. */
  loadFailed: 'Could not load your sessions.',
  endFailed: 'Could not sign out that session.',
  ended: 'Session signed out',
  endOthersFailed: 'Could not sign out your other sessions.',
  othersEnded: 'Signed out everywhere else',
  endAllFailed: 'Could not sign this person out.',
  allEnded: 'Signed out everywhere',
} as const;
