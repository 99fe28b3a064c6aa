import { isActiveStatus, type MessageKind } from '@carepoint/contract';
import { and, asc, eq, gte, inArray, lt, lte, max, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { appointments, messages, users } from '../../db/schema';
import type { SendMail } from '../../lib/mailer';
import { createPoller } from '../../lib/poller';
import { loadFacility } from '../facility';
import { composeMessage, type MessageSubject } from './content';

/**
 * The message worker: every instance runs one. A pass claims due messages (FOR UPDATE SKIP
 * LOCKED, so two instances never claim the same row), sends each, and records the result. A claim
 * is a lease: if the instance stops mid-send, the row becomes claimable again when the lease
 * lapses. A failed send is tried again later, up to MAX_ATTEMPTS times in all.
 */

/** Tries in all before a message is Failed. */
export const MAX_ATTEMPTS = 5;
/** How long a claim holds; past it another worker may take the message (the sender stopped). */
export const LEASE_MS = 15 * 60_000;
/** Messages a pass claims at once; a full batch is followed at once by another pass. */
const BATCH = 10;

/** The wait before try n + 1 after n failed: 1, 4, 16, 64 minutes. */
const retryDelayMs = (attempts: number) => 60_000 * 4 ** (attempts - 1);

type Claimed = typeof messages.$inferSelect;

/** Claims up to `limit` due messages for this worker: they are Sending, with a lease, one try more. */
export async function claimDue(db: Executor, now: Date, limit = BATCH): Promise<Claimed[]> {
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        sql`${messages.result} in ('Queued', 'Sending')`,
        lte(messages.runAt, now),
        lt(messages.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(messages.runAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(messages)
    .set({
      result: 'Sending',
      attempts: sql`${messages.attempts} + 1`,
      runAt: new Date(now.getTime() + LEASE_MS),
      updatedAt: now,
    })
    .where(inArray(messages.id, due))
    .returning();
}

/** Leases that lapsed on their last try: the sender stopped every time; nobody will try again. */
async function failAbandoned(db: Executor, now: Date) {
  await db
    .update(messages)
    .set({ result: 'Failed', error: 'The instance sending it stopped before it finished', updatedAt: now })
    .where(
      and(eq(messages.result, 'Sending'), lte(messages.runAt, now), gte(messages.attempts, MAX_ATTEMPTS)),
    );
}

const doctors = alias(users, 'doctor');

async function loadSubject(db: Executor, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      patient: {
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        status: users.status,
        appointmentReminders: users.appointmentReminders,
      },
      doctor: { firstName: doctors.firstName, lastName: doctors.lastName },
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}
type Loaded = NonNullable<Awaited<ReturnType<typeof loadSubject>>>;

/** Why a message is no longer wanted, or null to send it. */
function whyNotSend(kind: MessageKind, { appointment, patient }: Loaded, now: Date): string | null {
  if (patient.status !== 'Active') return "The patient's account is not active";
  if (kind === 'cancelled') return null;
  // A later message (the cancellation) tells the patient what happened instead.
  if (!isActiveStatus(appointment.status)) return `The appointment is ${appointment.status}`;
  if (kind !== 'reminder') return null;
  if (!patient.appointmentReminders) return 'The patient turned reminders off';
  if (appointment.startsAt <= now) return 'The appointment has started';
  return null;
}

/** The calendar SEQUENCE a reminder carries: the last change told. */
async function lastSequence(db: Executor, appointmentId: string) {
  const [row] = await db
    .select({ n: max(messages.sequence) })
    .from(messages)
    .where(and(eq(messages.appointmentId, appointmentId), ne(messages.kind, 'reminder')));
  return row?.n ?? 0;
}

export interface MessageWorkerOptions {
  db: Executor;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  sendMail: SendMail;
}

export interface MessageWorker {
  /** One pass: claims and sends what is due; answers how many it claimed (tests call it directly). */
  runOnce(): Promise<number>;
  /** Passes every MESSAGE_POLL_SECONDS from now on (the running server calls it; tests do not). */
  start(): void;
  /** Stops the passes and waits for the one running. */
  close(): Promise<void>;
}

export function createMessageWorker({ db, config, log, now, sendMail }: MessageWorkerOptions): MessageWorker {
  /**
   * Writes a try's outcome, unless the lease lapsed and another worker has the row now. runAt
   * becomes the try's time (the lease no longer matters), or the next try's for a retry.
   */
  const record = (message: Claimed, changes: Partial<typeof messages.$inferInsert>) =>
    db
      .update(messages)
      .set({ runAt: now(), ...changes, updatedAt: now() })
      .where(
        and(
          eq(messages.id, message.id),
          eq(messages.result, 'Sending'),
          eq(messages.attempts, message.attempts),
        ),
      );

  const failed = (message: Claimed, error: string) =>
    record(
      message,
      message.attempts >= MAX_ATTEMPTS
        ? { result: 'Failed', error }
        : { result: 'Queued', error, runAt: new Date(now().getTime() + retryDelayMs(message.attempts)) },
    );

  async function deliver(message: Claimed) {
    try {
      const loaded = await loadSubject(db, message.appointmentId);
      if (!loaded)
        return await record(message, { result: 'Skipped', error: 'The appointment no longer exists' });
      const skip = whyNotSend(message.kind, loaded, now());
      if (skip) return await record(message, { result: 'Skipped', error: skip });
      const subject: MessageSubject = {
        ...loaded.appointment,
        appointmentId: loaded.appointment.id,
        patient: loaded.patient,
        doctor: loaded.doctor,
      };
      const sequence =
        message.kind === 'reminder' ? await lastSequence(db, message.appointmentId) : message.sequence;
      const facility = await loadFacility(db, config);
      const mail = composeMessage(message.kind, subject, { config, facility, sequence, now: now() });
      const sent = await sendMail(mail);
      if (sent.delivery === 'Failed')
        return await failed(message, sent.error ?? 'The mail server refused it');
      await record(message, { result: 'Sent', to: mail.to, error: null, sentAt: now() });
    } catch (error) {
      log.error({ err: error }, `message ${message.id} could not be sent`);
      await failed(message, error instanceof Error ? error.message : String(error));
    }
  }

  async function runOnce() {
    const at = now();
    await failAbandoned(db, at);
    const claimed = await claimDue(db, at);
    for (const message of claimed) await deliver(message);
    return claimed.length;
  }

  const poller = createPoller({
    // A full batch may have left more behind: go on at once (on the next turn), else wait.
    pass: async () => (await runOnce()) >= BATCH,
    intervalMs: config.MESSAGE_POLL_SECONDS * 1000,
    log,
    name: 'message worker',
  });
  return { runOnce, start: poller.start, close: poller.close };
}
