import {
  ACTIVE_APPOINTMENT_STATUSES,
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentPage,
  type AppointmentPriority,
  type AppointmentStatus,
  type AppointmentType,
  AVAILABILITY_MESSAGES,
  type Availability,
  type CreateAppointment,
  canTransition,
  checkAvailability,
  DEFAULT_SCHEDULE,
  type DoctorOption,
  daysBetween,
  doctorDisplayName,
  formatMinutes,
  fromLocalDateTime,
  isActiveStatus,
  isPast,
  type LocalDateTime,
  parseTimeSeconds,
  reasonRequired,
  shortTime,
} from '@carepoint/contract';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments, sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { type Actor, inTransaction, type ServiceContext } from '../../lib/context';
import { violatedUnique } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { listPage, matchingRows, type Select, selectOf } from '../../lib/list';
import { chargeConsultation } from '../billing';
import { endWaitsOfCompletedVisit } from '../emergency';
import { queueAppointmentMessage, scheduleReminder } from '../notifications';
import { countPatientPrescriptions } from '../prescriptions';
import {
  busyByDoctor,
  busyIntervals,
  facilityNow,
  findBookableDoctor,
  listBookableDoctors,
  loadSchedules,
  lockSchedule,
} from '../schedules';
import { recordStatus } from './status-events';

/** Booking, listing and status changes of appointments; availability comes from the schedules module. */

const active = inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]);
const HOUR_MS = 3_600_000;
const endsAt = sql`${appointments.startsAt} + ${appointments.durationMinutes} * interval '1 minute'`;

// ---------------------------------------------------------------- reading

const doctorUser = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  specialty: users.specialty,
};
type Row = { appointment: typeof appointments.$inferSelect; doctor: DoctorOption };

/** The last moment a patient may still cancel or move an active appointment online. */
const changeableUntil = (startsAt: Date, hours: number) => new Date(startsAt.getTime() - hours * HOUR_MS);

const toAppointment = ({ appointment: a, doctor }: Row, changeHours: number): Appointment => ({
  _id: a.id,
  id: a.id,
  title: a.title,
  priority: a.priority,
  notes: a.notes,
  date: a.date,
  time: shortTime(a.time),
  startsAt: a.startsAt.toISOString(),
  durationMinutes: a.durationMinutes,
  status: a.status,
  cancelReason: a.cancelReason,
  patientId: a.patientId,
  doctor: {
    id: doctor.id,
    user: { firstName: doctor.firstName, lastName: doctor.lastName },
    specialty: doctor.specialty,
  },
  createdAt: a.createdAt.toISOString(),
  changeableUntil: isActiveStatus(a.status) ? changeableUntil(a.startsAt, changeHours).toISOString() : null,
});

/** The appointment and its doctor: the base query of the list and of single reads (lib/list.ts Select). */
const appointmentRows = (select: Select) =>
  select({ appointment: appointments, doctor: doctorUser })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.doctorId));

async function loadAppointment(ctx: ServiceContext, id: string): Promise<Appointment> {
  const [row] = await appointmentRows(selectOf(ctx.db)).where(eq(appointments.id, id)).limit(1);
  if (!row) throw notFound('Appointment');
  return toAppointment(row, ctx.config.PATIENT_CHANGE_HOURS);
}

/** The patient's own appointments (all newest first, or the upcoming soonest first), one audit row per page. */
export async function listPatientAppointments(
  ctx: ServiceContext,
  query: { page: number; limit: number; order?: 'asc' | 'desc'; scope: 'all' | 'upcoming' },
): Promise<AppointmentPage> {
  const { db } = ctx;
  const patientId = signedIn(ctx.actor).id;
  const upcoming = query.scope === 'upcoming';
  const where = and(
    eq(appointments.patientId, patientId),
    upcoming ? and(active, gt(appointments.startsAt, ctx.now())) : undefined,
  );
  const result = await listPage(ctx, query, {
    rows: (select) => appointmentRows(select).where(where),
    order: patientListOrder(ctx, query.order ?? (upcoming ? 'asc' : null)),
    count: matchingRows(db).from(appointments).where(where),
    map: (row) => toAppointment(row, ctx.config.PATIENT_CHANGE_HOURS),
  });
  await audit(ctx, {
    action: 'appointment.list',
    entityType: 'appointment',
    patientId,
    details: { scope: query.scope, page: query.page, limit: query.limit, count: result.data.length },
  });
  return {
    ...result,
    changeHours: ctx.config.PATIENT_CHANGE_HOURS,
    clinicPhone: ctx.config.FACILITY_PHONE ?? null,
  };
}

/**
 * The patient list's order: by date either way when asked; by default what a patient looks for
 * first, today's and later visits soonest first, then the past newest first (the facility's today).
 */
function patientListOrder(ctx: ServiceContext, order: 'asc' | 'desc' | null): SQL[] {
  if (order) {
    const direction = order === 'asc' ? asc : desc;
    return [direction(appointments.startsAt), direction(appointments.id)];
  }
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const ahead = sql`${appointments.date} >= ${today}`;
  return [
    sql`case when ${ahead} then 0 else 1 end`,
    sql`case when ${ahead} then ${appointments.startsAt} end asc`,
    desc(appointments.startsAt),
    asc(appointments.id),
  ];
}

/** One of the patient's appointments; another patient's answers 404, as if it did not exist. */
export async function getPatientAppointment(ctx: ServiceContext, id: string) {
  const { db } = ctx;
  const patientId = signedIn(ctx.actor).id;
  const [row] = await appointmentRows(selectOf(db))
    .where(and(eq(appointments.id, id), eq(appointments.patientId, patientId)))
    .limit(1);
  if (!row) throw notFound('Appointment');
  await audit(ctx, { action: 'appointment.read', entityType: 'appointment', entityId: id, patientId });
  return toAppointment(row, ctx.config.PATIENT_CHANGE_HOURS);
}

// ---------------------------------------------------------------- the dashboard summary

/** GET /api/patient/summary (the patient dashboard's tiles), computed for the signed-in patient. */
export async function patientSummary(ctx: ServiceContext) {
  const { db } = ctx;
  const patientId = signedIn(ctx.actor).id;
  const now = ctx.now();
  const mine = eq(appointments.patientId, patientId);
  const [upcoming, lastVisit, prescriptions, signIns] = await independentReads(db, [
    () =>
      db
        .select({ n: count() })
        .from(appointments)
        .where(and(mine, active, gt(appointments.startsAt, now))),
    () =>
      db
        .select({ date: appointments.date })
        .from(appointments)
        .where(and(mine, eq(appointments.status, 'Completed'), lt(appointments.startsAt, now)))
        .orderBy(desc(appointments.startsAt))
        .limit(1),
    () => countPatientPrescriptions(db, patientId),
    // Each sign-in opens a session: a second one (even ended) means the patient has been here before.
    () => db.select({ one: sql`1` }).from(sessions).where(eq(sessions.userId, patientId)).limit(2),
  ]);
  await audit(ctx, { action: 'patient.summary.read', entityType: 'appointment', patientId });
  const visited = lastVisit[0]?.date;
  return {
    upcomingAppointments: upcoming[0]?.n ?? 0,
    prescriptions,
    // Calendar days on the facility's clock: a visit yesterday is 1 day ago whatever the hour.
    lastVisitDays: visited ? daysBetween(visited, facilityNow(ctx).date) : null,
    signedInBefore: signIns.length > 1,
  };
}

// ---------------------------------------------------------------- booking

/** An availability refusal as an API error: a taken slot is a conflict, the rest is bad input. */
function refusal(result: Exclude<Availability, { ok: true }>): AppError {
  if (result.reason === 'taken') return conflict('SLOT_TAKEN', result.message, 'time');
  return badRequest(
    result.message,
    result.reason === 'dayOff' || result.reason === 'tooFar' ? 'date' : 'time',
  );
}

export interface Slot {
  date: string;
  /** Minutes since midnight; fractional when the time has seconds, which no slot boundary has. */
  minutes: number;
}

/** The slot of a validated 'YYYY-MM-DD' and 'HH:MM[:SS]'. */
export const slotOf = (date: string, time: string): Slot => ({
  date,
  minutes: (parseTimeSeconds(time) ?? 0) / 60,
});

/** What is booked, beyond who and when. */
export interface BookingDetails {
  title: string;
  priority: AppointmentPriority;
  notes?: string | null | undefined;
  type?: AppointmentType;
  /** The age the patient gave, when a doctor books for them. */
  patientAge?: number | null;
  /** Pending when a patient books (it awaits the doctor); Confirmed when the doctor books it. */
  status?: 'Pending' | 'Confirmed';
}

/**
 * Who the booking is for: answers the patient's id, inside the booking's transaction (the
 * doctor's dialog finds or creates the account there, so a refused booking creates nobody).
 */
export type PatientOf = (tx: ServiceContext) => Promise<string>;

/** Whether the patient has another active appointment overlapping [start, start + duration). */
async function patientIsBusy(
  db: Executor,
  patientId: string,
  start: Date,
  durationMinutes: number,
  exceptId?: string,
) {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        active,
        lt(appointments.startsAt, end),
        gt(endsAt, start),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Serialises the bookings of one patient: the second waits here until the first commits, and
 * then sees it in the overlap check. NO KEY UPDATE leaves rows that merely reference the
 * patient (sessions, audit rows, other appointments' foreign keys) unblocked.
 */
async function lockPatient(tx: Executor, patientId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('no key update');
}

/**
 * Books one doctor in one transaction, on every path (the patient's, the clinic's "any
 * doctor", the doctor's dialog): lock the doctor's schedule row, then the patient's row (always
 * in that order, so two bookings cannot wait on each other), apply the availability rule and
 * the patient's own overlap check to what is committed, insert, and record the booking in the
 * status history. The unique index is the last line of defence for the doctor's slot.
 */
export async function bookWithDoctor(
  ctx: ServiceContext,
  doctor: DoctorOption,
  slot: Slot,
  details: BookingDetails,
  patientOf: PatientOf,
  /** Runs in the booking's transaction once the appointment is in (a discharge summary links it). */
  afterBooked?: (tx: ServiceContext, appointmentId: string) => Promise<void>,
): Promise<{ id: string; patientId: string }> {
  const { db, config } = ctx;
  const status = details.status ?? 'Pending';
  let booked: { id: string; patientId: string };
  try {
    booked = await db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const schedule = await lockSchedule(tx, doctor.id);
      const result = checkAvailability({
        schedule,
        doctorName: doctorDisplayName(doctor),
        date: slot.date,
        minutes: slot.minutes,
        now: facilityNow(ctx),
        busy: await busyIntervals(tx, doctor.id, slot.date),
      });
      if (!result.ok) throw refusal(result);
      const patientId = await patientOf(txCtx);
      await lockPatient(tx, patientId);
      const startsAt = fromLocalDateTime(slot.date, slot.minutes, config.TIME_ZONE);
      if (await patientIsBusy(tx, patientId, startsAt, result.durationMinutes)) {
        throw conflict('PATIENT_BUSY', APPOINTMENT_MESSAGES.patientDoubleBooked, 'time');
      }
      const [row] = await tx
        .insert(appointments)
        .values({
          patientId,
          doctorId: doctor.id,
          title: details.title,
          priority: details.priority,
          type: details.type ?? 'checkup',
          notes: details.notes || null,
          patientAge: details.patientAge ?? null,
          date: slot.date,
          time: `${formatMinutes(slot.minutes)}:00`,
          startsAt,
          durationMinutes: result.durationMinutes,
          status,
          statusChangedAt: ctx.now(),
          createdBy: ctx.actor?.id ?? null,
        })
        .returning({ id: appointments.id });
      if (!row) throw new Error('appointment not inserted');
      await recordStatus(txCtx, { appointmentId: row.id, from: null, to: status });
      await queueAppointmentMessage(txCtx, row.id, 'booked');
      await audit(txCtx, {
        action: 'appointment.create',
        entityType: 'appointment',
        entityId: row.id,
        patientId,
        details: { doctorId: doctor.id, date: slot.date, time: formatMinutes(slot.minutes), status },
      });
      await afterBooked?.(txCtx, row.id);
      return { id: row.id, patientId };
    });
  } catch (error) {
    throw slotTakenOnRace(error);
  }
  await ctx.publish('appointments', { doctorIds: [doctor.id] });
  return booked;
}

/** The database's double-booking index caught a race the lock did not (it should not happen). */
const slotTakenOnRace = (error: unknown) =>
  violatedUnique(error) !== undefined ? conflict('SLOT_TAKEN', AVAILABILITY_MESSAGES.taken, 'time') : error;

/** How many active appointments each doctor has on a date (for spreading the clinic's work). */
async function activeCounts(db: Executor, date: string) {
  const rows = await db
    .select({ doctorId: appointments.doctorId, n: count() })
    .from(appointments)
    .where(and(eq(appointments.date, date), active))
    .groupBy(appointments.doctorId);
  return new Map(rows.map((r) => [r.doctorId, r.n]));
}

/**
 * Doctors free at a slot, in the order the clinic assigns them: fewest active appointments
 * that day first, then by name (the list is already by name, and the sort is stable).
 */
async function freeDoctors(ctx: ServiceContext, slot: Slot, now: LocalDateTime) {
  const { db } = ctx;
  const doctors = await listBookableDoctors(db);
  const ids = doctors.map((d) => d.id);
  const [schedules, busy, counts] = await independentReads(db, [
    () => loadSchedules(db, ids),
    () => busyByDoctor(db, slot.date, ids),
    () => activeCounts(db, slot.date),
  ]);
  const free = doctors.filter(
    (doctor) =>
      checkAvailability({
        schedule: schedules.get(doctor.id) ?? DEFAULT_SCHEDULE,
        doctorName: doctorDisplayName(doctor),
        date: slot.date,
        minutes: slot.minutes,
        now,
        busy: busy.get(doctor.id) ?? [],
      }).ok,
  );
  return free.sort((a, b) => (counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0));
}

/** POST /api/patient/appointments: the signed-in patient books for themselves. */
export const bookAppointment = (ctx: ServiceContext, input: CreateAppointment) =>
  bookAppointmentFor(ctx, signedIn(ctx.actor).id, input);

/**
 * Books for a patient (themselves, or the desk for them). With a doctor, that doctor's schedule
 * decides; without, the clinic assigns the first free doctor, moving on if another booking takes
 * it first.
 */
export async function bookAppointmentFor(ctx: ServiceContext, patientId: string, input: CreateAppointment) {
  const { db } = ctx;
  const slot = slotOf(input.date, input.time);
  const details: BookingDetails = { title: input.title, priority: input.priority, notes: input.notes };
  const patientOf = async () => patientId;
  let id: string | undefined;
  if (input.doctorId) {
    const doctor = await findBookableDoctor(db, input.doctorId);
    if (!doctor) throw badRequest(APPOINTMENT_MESSAGES.doctorUnknown, 'doctorId');
    id = (await bookWithDoctor(ctx, doctor, slot, details, patientOf)).id;
  } else {
    const now = facilityNow(ctx);
    if (isPast(slot.date, slot.minutes, now)) throw badRequest(AVAILABILITY_MESSAGES.past, 'time');
    for (const doctor of await freeDoctors(ctx, slot, now)) {
      try {
        id = (await bookWithDoctor(ctx, doctor, slot, details, patientOf)).id;
        break;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'SLOT_TAKEN')) throw error;
      }
    }
    if (!id) throw conflict('NO_DOCTOR_AVAILABLE', AVAILABILITY_MESSAGES.noDoctor, 'time');
  }
  return loadAppointment(ctx, id);
}

// ---------------------------------------------------------------- status changes

/** Who changes a status: a status rule reads only their id and role. */
type Caller = Pick<Actor, 'id' | 'role'>;

/**
 * Moves an appointment to a new status under the contract's transition table. The row is
 * locked so two changes cannot both start from the same status. `scope` limits which
 * appointments the actor may see at all (others answer 404). A doctor or an admin who cancels
 * must say why; the reason is kept on the appointment (the patient sees it) and in its history.
 */
async function transition(
  ctx: ServiceContext,
  actor: Caller,
  id: string,
  change: { to: AppointmentStatus; reason?: string | undefined },
  scope: { patientId?: string; doctorId?: string },
) {
  const { db } = ctx;
  const { to, reason } = change;
  const now = ctx.now();
  const { topics, doctorId } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
    const visible =
      current &&
      (!scope.patientId || current.patientId === scope.patientId) &&
      (!scope.doctorId || current.doctorId === scope.doctorId);
    if (!visible) throw notFound('Appointment');
    if (!canTransition(actor.role, current.status, to)) {
      throw conflict(
        'INVALID_TRANSITION',
        APPOINTMENT_MESSAGES.transitionNotAllowed(current.status, to),
        'status',
      );
    }
    if (actor.role === 'patient') assertPatientMayChange(ctx, current.startsAt);
    if (to === 'Completed' && current.startsAt > now) {
      throw conflict('NOT_STARTED', APPOINTMENT_MESSAGES.completeOnlyStarted, 'status');
    }
    if (!reason && reasonRequired(to)) {
      throw badRequest(APPOINTMENT_MESSAGES.reasonRequired, 'reason');
    }
    await tx
      .update(appointments)
      .set({
        status: to,
        statusChangedAt: now,
        ...(to === 'Cancelled' ? { cancelReason: reason ?? null } : {}),
      })
      .where(eq(appointments.id, id));
    const txCtx = inTransaction(ctx, tx);
    await recordStatus(txCtx, { appointmentId: id, from: current.status, to, reason });
    // The patient hears of a confirmation or a cancellation; any change keeps the reminder in step.
    if (to === 'Confirmed' || to === 'Cancelled') {
      await queueAppointmentMessage(txCtx, id, to === 'Confirmed' ? 'confirmed' : 'cancelled');
    } else {
      await scheduleReminder(txCtx, id);
    }
    await audit(txCtx, {
      action: 'appointment.status',
      entityType: 'appointment',
      entityId: id,
      patientId: current.patientId,
      details: { from: current.status, to, ...(reason ? { reason } : {}) },
    });
    // The consultation's charge is made with the completion, once (its unique index).
    if (to === 'Completed') await chargeConsultation(txCtx, current);
    const ended = to === 'Completed' ? await endWaitsOfCompletedVisit(txCtx, current) : [];
    return { topics: ended, doctorId: current.doctorId };
  });
  for (const topic of topics) await ctx.publish(topic);
  await ctx.publish('appointments', { doctorIds: [doctorId] });
  return loadAppointment(ctx, id);
}

/**
 * POST /api/patient/appointments/:id/cancel: the patient's own active appointment, while more
 * than PATIENT_CHANGE_HOURS before its start, with a reason (the doctor reads it).
 */
export async function cancelPatientAppointment(ctx: ServiceContext, id: string, reason: string) {
  const patient = signedIn(ctx.actor);
  return transition(ctx, patient, id, { to: 'Cancelled', reason }, { patientId: patient.id });
}

/** PATCH /api/appointments/:id/status: a doctor changes their own appointments, an admin any. */
export async function changeAppointmentStatus(
  ctx: ServiceContext,
  id: string,
  change: { status: AppointmentStatus; reason?: string | undefined },
) {
  const actor = signedIn(ctx.actor);
  return transition(
    ctx,
    actor,
    id,
    { to: change.status, reason: change.reason },
    actor.role === 'doctor' ? { doctorId: actor.id } : {},
  );
}

// ---------------------------------------------------------------- moving

/**
 * A patient changes an appointment online only while its start is more than
 * PATIENT_CHANGE_HOURS away (and still ahead when the setting is 0); later, the clinic does it.
 */
function assertPatientMayChange(ctx: ServiceContext, startsAt: Date) {
  const now = ctx.now();
  if (startsAt <= now) throw conflict('NOT_UPCOMING', APPOINTMENT_MESSAGES.cancelOnlyUpcoming);
  const hours = ctx.config.PATIENT_CHANGE_HOURS;
  if (changeableUntil(startsAt, hours) <= now) {
    throw conflict('CHANGE_WINDOW_CLOSED', APPOINTMENT_MESSAGES.changeWindowClosed(hours));
  }
}

/** Where an appointment is: its doctor and its start on the facility's clock ('YYYY-MM-DD', 'HH:MM'). */
interface AppointmentPlace {
  doctorId: string;
  date: string;
  time: string;
}

/** Where to move an appointment; only the desk (an admin) may name another doctor. */
export interface MoveTarget {
  date: string;
  time: string;
  doctorId?: string | undefined;
}

/** What a move did, for the caller's answer (and for whoever tells the patient about it). */
export interface MovedAppointment {
  id: string;
  patientId: string;
  status: AppointmentStatus;
  from: AppointmentPlace;
  to: AppointmentPlace;
}

/**
 * Moves an appointment to another start, and at the desk to another doctor, under the rules of
 * a booking: the target doctor's schedule row is locked first, then the appointment, then the
 * patient (the booking's order, so a move and a booking cannot wait on each other); the
 * availability rule reads the doctor's committed day without the appointment itself, the
 * patient's own overlap check follows, and the double-booking index stays the last guard.
 *
 * Who: a patient their own, more than PATIENT_CHANGE_HOURS ahead (a Confirmed one goes back to
 * Pending: the doctor confirmed another time); a doctor their own; an admin any. Another's
 * answers 404. Only Pending and Confirmed appointments move. The move is a row of the
 * appointment's history (who, when, from where to where) and an audit row.
 */
export async function moveAppointment(
  ctx: ServiceContext,
  id: string,
  target: MoveTarget,
): Promise<MovedAppointment> {
  const { db, config } = ctx;
  const actor = signedIn(ctx.actor);
  const scope = (a: { patientId: string; doctorId: string }) =>
    (actor.role !== 'patient' || a.patientId === actor.id) &&
    (actor.role !== 'doctor' || a.doctorId === actor.id);
  const [found] = await db
    .select({ doctorId: appointments.doctorId, patientId: appointments.patientId })
    .from(appointments)
    .where(eq(appointments.id, id))
    .limit(1);
  if (!found || !scope(found)) throw notFound('Appointment');
  const doctorId = actor.role === 'admin' && target.doctorId ? target.doctorId : found.doctorId;
  const doctor = await findBookableDoctor(db, doctorId);
  if (!doctor) throw badRequest(APPOINTMENT_MESSAGES.doctorUnknown, 'doctorId');
  const slot = slotOf(target.date, target.time);
  let moved: MovedAppointment;
  try {
    moved = await db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const schedule = await lockSchedule(tx, doctor.id);
      const [current] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
      // Checked again under the lock: a desk reassignment may have changed the doctor meanwhile.
      if (!current || !scope(current)) throw notFound('Appointment');
      if (!target.doctorId && current.doctorId !== doctor.id) {
        throw conflict('APPOINTMENT_CHANGED', APPOINTMENT_MESSAGES.changedMeanwhile);
      }
      if (!isActiveStatus(current.status)) {
        throw conflict('NOT_ACTIVE', APPOINTMENT_MESSAGES.notMovable, 'status');
      }
      if (actor.role === 'patient') assertPatientMayChange(ctx, current.startsAt);
      const result = checkAvailability({
        schedule,
        doctorName: doctorDisplayName(doctor),
        date: slot.date,
        minutes: slot.minutes,
        now: facilityNow(ctx),
        busy: await busyIntervals(tx, doctor.id, slot.date, id),
      });
      if (!result.ok) throw refusal(result);
      await lockPatient(tx, current.patientId);
      const startsAt = fromLocalDateTime(slot.date, slot.minutes, config.TIME_ZONE);
      if (await patientIsBusy(tx, current.patientId, startsAt, result.durationMinutes, id)) {
        throw conflict('PATIENT_BUSY', APPOINTMENT_MESSAGES.patientDoubleBooked, 'time');
      }
      const status = actor.role === 'patient' ? 'Pending' : current.status;
      const from = { doctorId: current.doctorId, date: current.date, time: shortTime(current.time) };
      const to = { doctorId: doctor.id, date: slot.date, time: formatMinutes(slot.minutes) };
      await tx
        .update(appointments)
        .set({
          doctorId: doctor.id,
          date: slot.date,
          time: `${to.time}:00`,
          startsAt,
          durationMinutes: result.durationMinutes,
          status,
          ...(status === current.status ? {} : { statusChangedAt: ctx.now() }),
          updatedAt: ctx.now(),
        })
        .where(eq(appointments.id, id));
      await recordStatus(txCtx, {
        appointmentId: id,
        from: current.status,
        to: status,
        move: { from: await placeOf(tx, from), to: { ...to, doctor: doctorDisplayName(doctor) } },
      });
      await audit(txCtx, {
        action: 'appointment.move',
        entityType: 'appointment',
        entityId: id,
        patientId: current.patientId,
        details: {
          from,
          to,
          ...(status === current.status ? {} : { status: { from: current.status, to: status } }),
        },
      });
      // The patient hears of the new time, and the day-before reminder follows it.
      await queueAppointmentMessage(txCtx, id, 'moved');
      return { id, patientId: current.patientId, status, from, to };
    });
  } catch (error) {
    throw slotTakenOnRace(error);
  }
  await ctx.publish('appointments', { doctorIds: [...new Set([moved.from.doctorId, moved.to.doctorId])] });
  return moved;
}

/** A place with its doctor's name as it is now, for the history. */
async function placeOf(db: Executor, place: AppointmentPlace) {
  const [doctor] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, place.doctorId))
    .limit(1);
  return { doctor: doctor ? doctorDisplayName(doctor) : '', date: place.date, time: place.time };
}

/** POST /api/patient/appointments/:id/move: the patient's own, answered as their list shows it. */
export async function movePatientAppointment(ctx: ServiceContext, id: string, target: MoveTarget) {
  await moveAppointment(ctx, id, { date: target.date, time: target.time });
  return loadAppointment(ctx, id);
}
