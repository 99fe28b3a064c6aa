import {
  ACTIVE_APPOINTMENT_STATUSES,
  type AnyDoctorSlots,
  type BusyInterval,
  bookingDateProblem,
  DEFAULT_SCHEDULE,
  type DoctorOption,
  type DoctorScheduleResponse,
  type FacilityNow,
  fitsSchedule,
  formatDuration,
  formatMinutes,
  freeSlots,
  hoursOn,
  isPast,
  type OutsideHoursAppointment,
  parseTimeMinutes,
  perPatientMinutes,
  type Schedule,
  type ScheduleResponse,
  type SlotsResponse,
  shortTime,
  toLocalDateTime,
  WEEKDAYS,
  weekdayOf,
} from '@carepoint/contract';
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments, doctorScheduleDays, doctorSchedules, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, notFound, signedIn } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import { fullNameOf } from '../../lib/people';

/**
 * Doctor schedules and availability: loading and saving the weekly schedule, the bookable
 * doctors, and the inputs of the contract's one availability rule (busy times, "now").
 */

type DayRow = typeof doctorScheduleDays.$inferSelect;

const isoWeekday = (day: (typeof WEEKDAYS)[number]) => WEEKDAYS.indexOf(day) + 1;

function toSchedule(minutes: number, rows: DayRow[]): Schedule {
  return {
    perPatientTime: formatDuration(minutes),
    days: WEEKDAYS.map((day) => {
      const row = rows.find((r) => r.weekday === isoWeekday(day));
      if (!row || row.off || !row.fromTime || !row.toTime) return { day, off: true, from: null, to: null };
      return { day, off: false, from: shortTime(row.fromTime), to: shortTime(row.toTime) };
    }),
  };
}

/**
 * The facility's wall clock now: the injected clock, in the configured time zone. The zone rides
 * along so that the availability rule sees daylight-saving days (skipped times, real lengths).
 */
export const facilityNow = (ctx: ServiceContext): FacilityNow => ({
  ...toLocalDateTime(ctx.now(), ctx.config.TIME_ZONE),
  timeZone: ctx.config.TIME_ZONE,
});

async function writeDays(db: Executor, doctorId: string, schedule: Schedule) {
  await db.delete(doctorScheduleDays).where(eq(doctorScheduleDays.doctorId, doctorId));
  await db.insert(doctorScheduleDays).values(
    schedule.days.map((d) => ({
      doctorId,
      weekday: isoWeekday(d.day),
      off: d.off,
      fromTime: d.off ? null : d.from,
      toTime: d.off ? null : d.to,
    })),
  );
}

/**
 * Gives a doctor the default schedule (Monday-Friday 09:00-16:00, 45 minutes) unless one is
 * stored. Safe to call repeatedly and concurrently; doctor creation and the seed call it.
 */
export async function ensureDefaultSchedule(db: Executor, doctorId: string): Promise<void> {
  const inserted = await db
    .insert(doctorSchedules)
    .values({ doctorId, perPatientMinutes: perPatientMinutes(DEFAULT_SCHEDULE) })
    .onConflictDoNothing()
    .returning({ doctorId: doctorSchedules.doctorId });
  if (inserted.length > 0) await writeDays(db, doctorId, DEFAULT_SCHEDULE);
}

/** Stores a doctor's whole weekly schedule (the schedule editor's save). */
export async function saveSchedule(db: Executor, doctorId: string, schedule: Schedule): Promise<void> {
  await ensureDefaultSchedule(db, doctorId);
  await db
    .update(doctorSchedules)
    .set({ perPatientMinutes: perPatientMinutes(schedule) })
    .where(eq(doctorSchedules.doctorId, doctorId));
  await writeDays(db, doctorId, schedule);
}

/** The schedules of several doctors; a doctor without a stored one gets the default. */
export async function loadSchedules(db: Executor, doctorIds: string[]): Promise<Map<string, Schedule>> {
  const result = new Map<string, Schedule>(doctorIds.map((id) => [id, DEFAULT_SCHEDULE]));
  if (doctorIds.length === 0) return result;
  const [heads, days] = await independentReads(db, [
    () => db.select().from(doctorSchedules).where(inArray(doctorSchedules.doctorId, doctorIds)),
    () => db.select().from(doctorScheduleDays).where(inArray(doctorScheduleDays.doctorId, doctorIds)),
  ]);
  for (const head of heads) {
    result.set(
      head.doctorId,
      toSchedule(
        head.perPatientMinutes,
        days.filter((d) => d.doctorId === head.doctorId),
      ),
    );
  }
  return result;
}

export async function loadSchedule(db: Executor, doctorId: string): Promise<Schedule> {
  return (await loadSchedules(db, [doctorId])).get(doctorId) ?? DEFAULT_SCHEDULE;
}

/**
 * Locks the doctor's schedule row for the rest of the transaction and answers the schedule.
 * Every booking of that doctor takes this lock before checking overlaps, so concurrent
 * bookings are checked one after the other.
 */
export async function lockSchedule(tx: Executor, doctorId: string): Promise<Schedule> {
  await ensureDefaultSchedule(tx, doctorId);
  await tx.select().from(doctorSchedules).where(eq(doctorSchedules.doctorId, doctorId)).for('update');
  return loadSchedule(tx, doctorId);
}

/**
 * PUT /api/doctor/schedule: replaces the doctor's weekly schedule under the booking lock, so a
 * booking in flight finishes against the old or the new schedule, never a mix. Bookings the new
 * hours no longer cover stay as they are; the answer lists them for the doctor.
 */
export async function updateSchedule(
  ctx: ServiceContext,
  schedule: Schedule,
): Promise<DoctorScheduleResponse> {
  const doctorId = signedIn(ctx.actor).id;
  await ctx.db.transaction(async (tx) => {
    await lockSchedule(tx, doctorId);
    await saveSchedule(tx, doctorId, schedule);
    await audit(inTransaction(ctx, tx), {
      action: 'schedule.update',
      entityType: 'schedule',
      entityId: doctorId,
    });
  });
  return myScheduleOf(ctx);
}

/** GET /api/doctor/schedule: the doctor's own schedule and the bookings outside it. */
export async function myScheduleOf(ctx: ServiceContext): Promise<DoctorScheduleResponse> {
  const doctorId = signedIn(ctx.actor).id;
  const schedule = await loadSchedule(ctx.db, doctorId);
  return {
    ...scheduleResponse(doctorId, schedule),
    outsideHours: await bookingsOutside(ctx, doctorId, schedule),
  };
}

/**
 * The doctor's upcoming active appointments (not yet started, facility time) that `schedule`
 * does not cover, earliest first. Reading them shows patients' names: audited when any.
 */
async function bookingsOutside(
  ctx: ServiceContext,
  doctorId: string,
  schedule: Schedule,
): Promise<OutsideHoursAppointment[]> {
  const now = facilityNow(ctx);
  const rows = await ctx.db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      date: appointments.date,
      time: appointments.time,
      durationMinutes: appointments.durationMinutes,
      status: appointments.status,
      patientName: fullNameOf(),
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        gte(appointments.date, now.date),
        inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]),
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.time), asc(appointments.id));
  const outside = rows.filter((row) => {
    const minutes = parseTimeMinutes(row.time) ?? 0;
    return (
      !isPast(row.date, minutes, now) &&
      !fitsSchedule(schedule, { date: row.date, minutes, durationMinutes: row.durationMinutes })
    );
  });
  if (outside.length > 0) {
    await audit(ctx, {
      action: 'schedule.outside_hours.read',
      entityType: 'appointment',
      details: { appointmentIds: outside.map((a) => a.id), patientIds: outside.map((a) => a.patientId) },
    });
  }
  return outside.map(({ patientId: _patientId, time, ...row }) => ({ ...row, time: shortTime(time) }));
}

const scheduleResponse = (doctorId: string, schedule: Schedule): ScheduleResponse => ({
  doctorId,
  ...schedule,
});

// ---------------------------------------------------------------- doctors

const doctorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  specialty: users.specialty,
};
const bookable = and(eq(users.role, 'doctor'), eq(users.status, 'Active'));

/** Doctors a patient can book with (active accounts), by name. */
export function listBookableDoctors(db: Executor): Promise<DoctorOption[]> {
  return db
    .select(doctorColumns)
    .from(users)
    .where(bookable)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** One bookable doctor, or undefined. */
export async function findBookableDoctor(db: Executor, doctorId: string): Promise<DoctorOption | undefined> {
  const [row] = await db
    .select(doctorColumns)
    .from(users)
    .where(and(bookable, eq(users.id, doctorId)))
    .limit(1);
  return row;
}

async function requireDoctor(db: Executor, doctorId: string) {
  const doctor = await findBookableDoctor(db, doctorId);
  if (!doctor) throw notFound('Doctor');
  return doctor;
}

// ---------------------------------------------------------------- availability inputs

/**
 * Active appointments on a date, per doctor, as the availability rule reads them; `exceptId`
 * leaves out the appointment being moved, which does not stand in its own way.
 */
export async function busyByDoctor(db: Executor, date: string, doctorIds: string[], exceptId?: string) {
  const busy = new Map<string, BusyInterval[]>(doctorIds.map((id) => [id, []]));
  if (doctorIds.length === 0) return busy;
  const rows = await db
    .select({
      doctorId: appointments.doctorId,
      time: appointments.time,
      durationMinutes: appointments.durationMinutes,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.doctorId, doctorIds),
        eq(appointments.date, date),
        inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    );
  for (const r of rows) {
    busy
      .get(r.doctorId)
      ?.push({ minutes: parseTimeMinutes(r.time) ?? 0, durationMinutes: r.durationMinutes });
  }
  return busy;
}

/** One doctor's active appointments on a date (but `exceptId`). */
export const busyIntervals = async (
  db: Executor,
  doctorId: string,
  date: string,
  exceptId?: string,
): Promise<BusyInterval[]> => (await busyByDoctor(db, date, [doctorId], exceptId)).get(doctorId) ?? [];

/** GET /api/doctors/:id/slots: the doctor's free starts on a date, by the one rule. */
/** Slots are asked for bookable dates only: today to BOOKING_WINDOW_YEARS ahead, facility time. */
function requireBookableDate(ctx: ServiceContext, date: string) {
  const problem = bookingDateProblem(date, facilityNow(ctx).date);
  if (problem) throw badRequest(problem, 'date');
}

export async function slotsFor(ctx: ServiceContext, doctorId: string, date: string): Promise<SlotsResponse> {
  const { db } = ctx;
  requireBookableDate(ctx, date);
  await requireDoctor(db, doctorId);
  const [schedule, busy] = await independentReads(db, [
    () => loadSchedule(db, doctorId),
    () => busyIntervals(db, doctorId, date),
  ]);
  const hours = hoursOn(schedule, date);
  return {
    doctorId,
    date,
    day: weekdayOf(date),
    hours: hours && { from: formatMinutes(hours.from), to: formatMinutes(hours.to) },
    perPatientTime: schedule.perPatientTime,
    slots: freeSlots({ schedule, date, now: facilityNow(ctx), busy }),
  };
}

/**
 * GET /api/doctors/slots: the free starts of any bookable doctor on a date (the union of every
 * doctor's free slots), for "Any available doctor"; booking then takes a doctor free at the time.
 */
export async function anyDoctorSlots(ctx: ServiceContext, date: string): Promise<AnyDoctorSlots> {
  const { db } = ctx;
  requireBookableDate(ctx, date);
  const ids = (await listBookableDoctors(db)).map((d) => d.id);
  const [schedules, busy] = await independentReads(db, [
    () => loadSchedules(db, ids),
    () => busyByDoctor(db, date, ids),
  ]);
  const now = facilityNow(ctx);
  const union = new Set(
    ids.flatMap((id) =>
      freeSlots({ schedule: schedules.get(id) ?? DEFAULT_SCHEDULE, date, now, busy: busy.get(id) ?? [] }),
    ),
  );
  // 'HH:MM' strings sort as times.
  return { date, day: weekdayOf(date), slots: [...union].sort() };
}

export async function scheduleOf(ctx: ServiceContext, doctorId: string): Promise<ScheduleResponse> {
  const { db } = ctx;
  await requireDoctor(db, doctorId);
  return scheduleResponse(doctorId, await loadSchedule(db, doctorId));
}
