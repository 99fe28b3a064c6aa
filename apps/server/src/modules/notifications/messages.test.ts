import type { Appointment, MessagePage, MessageResult } from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, setStatus, TUESDAY } from '../../../test/appointments';
import { createTestApp, serviceContext, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { auditEvents, messages } from '../../db/schema';
import { inTransaction } from '../../lib/context';
import type { Mail, SendMail } from '../../lib/mailer';
import { queueAppointmentMessage } from './queue';
import { claimDue, createMessageWorker, LEASE_MS, MAX_ATTEMPTS } from './worker';

type Headers = { cookie: string };
type Patient = { user: TestUser; headers: Headers };

let t: TestApp;
let admin: Headers;

/** Tests move the clock by days: sessions must outlive that. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '10000' };
const START = new Date('2030-01-07T09:00:00Z');
/** REMINDER_HOUR (18, UTC in tests) the day before Tuesday's appointments. */
const MONDAY_EVENING = new Date('2030-01-07T18:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ env: { ...LONG_SESSIONS, PUBLIC_URL: 'https://care.test.example' } });
  admin = (await signedIn(t, 'admin')).headers;
});
afterAll(() => t.close());

/** A doctor and a patient of their own, so tests' bookings never collide; the clock back at Monday 09:00. */
async function fresh() {
  t.clock.set(START);
  const doctor = await signedIn(t, 'doctor', { firstName: 'Ada', lastName: 'Okafor' });
  const patient: Patient = await signedIn(t, 'patient', { firstName: 'Bola', lastName: 'Adeyemi' });
  return { doctor, patient };
}

async function bookTuesday(doctorId: string, patient: Patient, time = '10:30') {
  const res = await book(t, patient.headers, { doctorId, date: TUESDAY, time });
  expect(res.statusCode).toBe(201);
  return res.json<{ appointment: Appointment }>().appointment;
}

const messagesOf = (appointmentId: string) =>
  t.database.db
    .select()
    .from(messages)
    .where(eq(messages.appointmentId, appointmentId))
    .orderBy(asc(messages.createdAt), asc(messages.kind));

const mailTo = (email: string) => t.mail.filter((m) => m.to === email);
const calendarOf = (mail: Mail | undefined) => mail?.attachments?.[0]?.content ?? '';

/** Sends everything due now with the app's own worker (the recorded mailer). */
async function drain() {
  while ((await t.app.messages.runOnce()) > 0) {}
}

describe('queueing with the change', () => {
  it('a booking queues its e-mail and the reminder for 18:00 the day before, in its transaction', async () => {
    const { doctor, patient } = await fresh();
    const appointment = await bookTuesday(doctor.user.id, patient);
    const rows = await messagesOf(appointment.id);
    expect(rows.map((r) => [r.kind, r.result, r.runAt.toISOString(), r.recipientId])).toEqual([
      ['booked', 'Queued', START.toISOString(), patient.user.id],
      ['reminder', 'Queued', MONDAY_EVENING.toISOString(), patient.user.id],
    ]);
  });

  it('nothing is queued when the change rolls back', async () => {
    const { doctor, patient } = await fresh();
    const appointment = await bookTuesday(doctor.user.id, patient);
    const ctx = serviceContext(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueAppointmentMessage(inTransaction(ctx, tx), appointment.id, 'confirmed');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await messagesOf(appointment.id)).map((r) => r.kind)).toEqual(['booked', 'reminder']);
  });
});

describe('sending', () => {
  it('sends the booking at once and the reminder when due, each with its calendar entry', async () => {
    const { doctor, patient } = await fresh();
    const appointment = await bookTuesday(doctor.user.id, patient);
    await drain();
    const [booked] = mailTo(patient.user.email);
    expect(booked?.subject).toBe('Appointment booked: Tuesday, 8 January 2030 at 10:30');
    expect(booked?.body).toContain(
      'Your appointment with Dr Ada Okafor on Tuesday, 8 January 2030 at 10:30 is booked.',
    );
    expect(booked?.attachments?.[0]).toMatchObject({
      filename: 'appointment.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    const ics = calendarOf(booked);
    expect(ics).toContain('METHOD:REQUEST\r\n');
    expect(ics).toContain(`UID:appointment-${appointment.id}@care.test.example\r\n`);
    expect(ics).toContain('SEQUENCE:0\r\n');
    expect(ics).toContain('DTSTART:20300108T103000Z\r\nDTEND:20300108T111500Z\r\nSTATUS:TENTATIVE\r\n');

    // Not due before Monday 18:00.
    t.clock.set(new Date(MONDAY_EVENING.getTime() - 60_000));
    await drain();
    expect(mailTo(patient.user.email)).toHaveLength(1);
    t.clock.set(MONDAY_EVENING);
    await drain();
    const [, reminder] = mailTo(patient.user.email);
    expect(reminder?.subject).toBe('Appointment reminder: Tuesday, 8 January 2030 at 10:30');
    expect(calendarOf(reminder)).toContain(`UID:appointment-${appointment.id}@care.test.example\r\n`);
    const rows = await messagesOf(appointment.id);
    expect(rows.map((r) => [r.kind, r.result, r.attempts, r.to])).toEqual([
      ['booked', 'Sent', 1, patient.user.email],
      ['reminder', 'Sent', 1, patient.user.email],
    ]);
    expect(rows[1]?.sentAt?.toISOString()).toBe(MONDAY_EVENING.toISOString());
    // The log shows when it was tried, not how long its claim would have held.
    expect(rows[1]?.runAt.toISOString()).toBe(MONDAY_EVENING.toISOString());
  });

  it('a confirmation and a cancellation raise the sequence; the cancellation skips the reminder', async () => {
    const { doctor, patient } = await fresh();
    const appointment = await bookTuesday(doctor.user.id, patient);
    expect((await setStatus(t, doctor.headers, appointment.id, 'Confirmed')).statusCode).toBe(200);
    expect(
      (await setStatus(t, doctor.headers, appointment.id, 'Cancelled', 'Doctor unwell')).statusCode,
    ).toBe(200);
    await drain();
    const rows = await messagesOf(appointment.id);
    expect(rows.map((r) => [r.kind, r.result, r.sequence])).toEqual([
      ['booked', 'Skipped', 0],
      ['reminder', 'Skipped', 0],
      ['confirmed', 'Skipped', 1],
      ['cancelled', 'Sent', 2],
    ]);
    expect(rows[1]?.error).toBe('The appointment is Cancelled');
    const [cancelled] = mailTo(patient.user.email);
    expect(cancelled?.subject).toBe('Appointment cancelled: Tuesday, 8 January 2030 at 10:30');
    expect(cancelled?.body).toContain('Reason: Doctor unwell');
    const ics = calendarOf(cancelled);
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('SEQUENCE:2\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
  });

  it('two workers claiming at once send each message once', async () => {
    const { patient } = await fresh();
    const ids: string[] = [];
    for (const time of ['09:00', '09:45', '10:30', '11:15']) {
      const dr = await signedIn(t, 'doctor');
      ids.push((await bookTuesday(dr.user.id, patient, time)).id);
    }
    const sent: Mail[] = [];
    // A slow mail server, so the two passes overlap.
    const slowSend: SendMail = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(mail);
      return { delivery: 'Sent' };
    };
    const worker = () =>
      createMessageWorker({
        db: t.database.db,
        config: t.app.config,
        log: t.app.log,
        now: t.clock.now,
        sendMail: slowSend,
      });
    const [a, b] = [worker(), worker()];
    t.clock.set(MONDAY_EVENING);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    // Four bookings and four reminders, each once.
    const theirs = sent.filter((m) => m.to === patient.user.email);
    expect(theirs).toHaveLength(8);
    expect(new Set(theirs.map((m) => m.subject)).size).toBe(8);
    for (const id of ids) {
      expect((await messagesOf(id)).map((r) => [r.result, r.attempts])).toEqual([
        ['Sent', 1],
        ['Sent', 1],
      ]);
    }
  });

  it('a failure is tried again after a wait, and fails for good after the last try', async () => {
    const { doctor, patient } = await fresh();
    const appointment = await bookTuesday(doctor.user.id, patient);
    let refusing = true;
    const flaky: SendMail = async () =>
      refusing ? { delivery: 'Failed', error: '421 Service not available' } : { delivery: 'Sent' };
    const worker = createMessageWorker({
      db: t.database.db,
      config: t.app.config,
      log: t.app.log,
      now: t.clock.now,
      sendMail: flaky,
    });
    await worker.runOnce();
    const booked = async () => (await messagesOf(appointment.id)).find((r) => r.kind === 'booked');
    expect(await booked()).toMatchObject({
      result: 'Queued',
      attempts: 1,
      error: '421 Service not available',
    });
    expect((await booked())?.runAt.toISOString()).toBe('2030-01-07T09:01:00.000Z');
    // Not before its time.
    expect(await worker.runOnce()).toBe(0);
    t.clock.advance(60_000);
    refusing = false;
    await worker.runOnce();
    expect(await booked()).toMatchObject({ result: 'Sent', attempts: 2, error: null });

    // Another that never goes through: MAX_ATTEMPTS tries, waits growing, then Failed.
    refusing = true;
    const other = await fresh();
    const second = await bookTuesday(other.doctor.user.id, other.patient);
    const failing = async () => (await messagesOf(second.id)).find((r) => r.kind === 'booked');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await worker.runOnce()).toBe(1);
      const row = await failing();
      expect(row).toMatchObject({ attempts: attempt, result: attempt < MAX_ATTEMPTS ? 'Queued' : 'Failed' });
      if (row) t.clock.set(row.runAt);
    }
    expect(await worker.runOnce()).toBe(0);
  });

  it('survives a restart: queued rows stay, and a claim of a stopped instance is taken again after its lease', async () => {
    const { doctor, patient } = await fresh();
    const appointment = await bookTuesday(doctor.user.id, patient);
    // An instance claims the booking's e-mail and stops before sending it.
    const claimed = await claimDue(t.database.db, t.clock.now());
    expect(claimed.map((m) => m.appointmentId)).toContain(appointment.id);

    const restarted = await createTestApp({ database: t.database, clock: t.clock });
    try {
      expect(await restarted.app.messages.runOnce()).toBe(0);
      t.clock.advance(LEASE_MS);
      expect(await restarted.app.messages.runOnce()).toBeGreaterThan(0);
      expect(restarted.mail.map((m) => m.to)).toContain(patient.user.email);
      const booked = (await messagesOf(appointment.id)).find((r) => r.kind === 'booked');
      expect(booked).toMatchObject({ result: 'Sent', attempts: 2 });
    } finally {
      await restarted.close();
    }
  });
});

describe('reminders off', () => {
  it('a patient turns reminders off in My Profile; a due reminder is then skipped', async () => {
    const { doctor, patient } = await fresh();
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/patient/reminders', headers: patient.headers });
    expect((await read()).json()).toEqual({ appointmentReminders: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/patient/reminders',
      headers: patient.headers,
      payload: { appointmentReminders: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await read()).json()).toEqual({ appointmentReminders: false });
    const [change] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'profile.reminders'), eq(auditEvents.patientId, patient.user.id)));
    expect(change?.details).toEqual({ appointmentReminders: false });

    const appointment = await bookTuesday(doctor.user.id, patient);
    t.clock.set(MONDAY_EVENING);
    await drain();
    const rows = await messagesOf(appointment.id);
    expect(rows.map((r) => [r.kind, r.result, r.error])).toEqual([
      ['booked', 'Sent', null],
      ['reminder', 'Skipped', 'The patient turned reminders off'],
    ]);
    expect(mailTo(patient.user.email).map((m) => m.subject)).toEqual([
      'Appointment booked: Tuesday, 8 January 2030 at 10:30',
    ]);
  });

  it('only a patient has the switch, and it takes only on or off', async () => {
    const { doctor, patient } = await fresh();
    const asDoctor = await t.app.inject({
      method: 'GET',
      url: '/api/patient/reminders',
      headers: doctor.headers,
    });
    expect(asDoctor.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/patient/reminders' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/patient/reminders',
      headers: patient.headers,
      payload: { appointmentReminders: 'sometimes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.appointmentReminders).toEqual(['Choose on or off']);
  });
});

describe('the send log', () => {
  it('shows the admin who was told what and how it went, filtered by result; reading it is audited', async () => {
    const { doctor, patient } = await fresh();
    const appointment = await bookTuesday(doctor.user.id, patient);
    await drain();
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/messages${query}`, headers: admin });
      expect(res.statusCode).toBe(200);
      return res.json<MessagePage>();
    };
    const sent = await list('?result=Sent&limit=100');
    const mine = sent.data.find((m) => m.appointmentId === appointment.id);
    expect(mine).toMatchObject({
      kind: 'booked',
      recipientId: patient.user.id,
      recipient: 'Bola Adeyemi',
      to: patient.user.email,
      result: 'Sent',
      attempts: 1,
      error: null,
    });
    expect(sent.data.every((m) => m.result === 'Sent')).toBe(true);
    const queued = await list('?result=Queued&kind=reminder&limit=100');
    expect(queued.data.find((m) => m.appointmentId === appointment.id)).toMatchObject({
      kind: 'reminder',
      result: 'Queued' satisfies MessageResult,
      runAt: MONDAY_EVENING.toISOString(),
    });
    const [read] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'messages.read'))
      .orderBy(asc(auditEvents.at))
      .limit(1);
    expect(read?.entityType).toBe('message');

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/messages?result=Lost',
      headers: admin,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('is the admin’s only: a patient or a doctor is refused, anyone else must sign in', async () => {
    const { doctor, patient } = await fresh();
    for (const headers of [patient.headers, doctor.headers]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/messages', headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/messages' })).statusCode).toBe(401);
  });
});
