import {
  APPOINTMENT_PRIORITIES,
  APPOINTMENT_TYPE_TITLES,
  type AppointmentStatus,
  addDays,
  formatMinutes,
  fromLocalDateTime,
  perPatientMinutes,
  type Schedule,
  slotStarts,
  toLocalDateTime,
  WEEKDAYS,
  weekdayOf,
} from '@carepoint/contract';
import { asc, eq, isNull } from 'drizzle-orm';
import { type Actor, actingAs, actorOf } from '../../lib/context';
import { loadSchedule, updateSchedule } from '../../modules/schedules';
import { appointmentStatusEvents, appointments, users } from '../schema';
import type { SeedContext } from './context';

/**
 * The demo doctor's day and weeks: appointments today, through this week, ahead and in the
 * past, in every status, each on a real slot of the doctor's schedule with its status history.
 * Then every seeded appointment without a history gets one, so each detail page tells how it
 * got to its status.
 */

const DEMO_DOCTOR = 'doctor@carepoint.example';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CANCEL_REASONS = [
  'The patient asked to move the visit to another week.',
  'Booked twice by mistake.',
  'The doctor is away at a training course that day.',
];

type Plan = { date: string; statuses: readonly AppointmentStatus[] };

/** Statuses a visit can really have at that moment: no confirmation without a visit ahead, no completion before it. */
const PAST: readonly AppointmentStatus[] = ['Completed', 'Completed', 'Cancelled', 'Completed'];
const AHEAD: readonly AppointmentStatus[] = ['Confirmed', 'Pending', 'Confirmed', 'Pending', 'Cancelled'];

type Row = typeof appointments.$inferSelect;
type NewEvent = typeof appointmentStatusEvents.$inferInsert;

const earliest = (...dates: Date[]) => new Date(Math.min(...dates.map((d) => d.getTime())));

/** The steps that lead to an appointment's status, at plausible times no later than the seed's now. */
function historyOf(a: Row, seededAt: Date): NewEvent[] {
  const bookedAt = earliest(a.createdAt, new Date(a.startsAt.getTime() - 3 * DAY), seededAt);
  const later = (ms: number) => earliest(new Date(bookedAt.getTime() + ms), seededAt);
  const step = (at: Date, from: AppointmentStatus | null, to: AppointmentStatus, actorId: string | null) => ({
    appointmentId: a.id,
    at,
    fromStatus: from,
    toStatus: to,
    actorId,
    reason: null as string | null,
  });
  const firstStatus: AppointmentStatus = a.createdBy === a.doctorId ? 'Confirmed' : 'Pending';
  const events: NewEvent[] = [step(bookedAt, null, firstStatus, a.createdBy ?? a.patientId)];
  const confirmed = a.status === 'Confirmed' || a.status === 'Completed';
  if (confirmed && firstStatus === 'Pending')
    events.push(step(later(2 * HOUR), 'Pending', 'Confirmed', a.doctorId));
  if (a.status === 'Completed') {
    const end = new Date(a.startsAt.getTime() + a.durationMinutes * 60_000);
    events.push(step(earliest(end, seededAt), 'Confirmed', 'Completed', a.doctorId));
  }
  if (a.status === 'Cancelled') {
    // A reason is the doctor's (staff must give one); without one, the patient called it off.
    events.push({
      ...step(later(DAY), firstStatus, 'Cancelled', a.cancelReason ? a.doctorId : a.patientId),
      reason: a.cancelReason,
    });
  }
  return events;
}

export async function seedDoctorAppointments(ctx: SeedContext) {
  const { db, seededAt } = ctx;
  const [doctor] = await db.select().from(users).where(eq(users.email, DEMO_DOCTOR));
  const patients = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'patient'))
    .orderBy(asc(users.email));
  if (doctor && patients.length > 0) await seedDemoDoctorDays(ctx, actorOf(doctor), patients);

  // Every seeded appointment without a history (the other areas' demo bookings) gets its own.
  const bare = await db
    .select({ appointment: appointments })
    .from(appointments)
    .leftJoin(appointmentStatusEvents, eq(appointmentStatusEvents.appointmentId, appointments.id))
    .where(isNull(appointmentStatusEvents.id));
  const events = bare.flatMap((r) => historyOf(r.appointment, seededAt));
  if (events.length > 0) await db.insert(appointmentStatusEvents).values(events);
}

/**
 * The demo doctor's schedule, with hours today: on a day they do not work (a Sunday), the seed
 * gives them a morning clinic that weekday, saved as a doctor saves theirs, so the demo
 * dashboard never opens on an empty day.
 */
async function workingToday(ctx: SeedContext, doctor: Actor, today: string): Promise<Schedule> {
  const schedule = await loadSchedule(ctx.db, doctor.id);
  if (slotStarts(schedule, today).length > 0) return schedule;
  const day = weekdayOf(today);
  const withToday: Schedule = {
    ...schedule,
    days: schedule.days.map((d) => (d.day === day ? { day, off: false, from: '10:00', to: '13:00' } : d)),
  };
  await updateSchedule(actingAs(ctx, doctor), withToday);
  return withToday;
}

async function seedDemoDoctorDays(ctx: SeedContext, doctor: Actor, patients: Array<{ id: string }>) {
  const { db, seededAt, config } = ctx;
  const doctorId = doctor.id;
  const zone = config.TIME_ZONE;
  const today = toLocalDateTime(seededAt, zone).date;
  const schedule = await workingToday(ctx, doctor, today);
  const monday = addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)));

  // Today in full; the rest of this week; two weeks ahead; scattered days back to last year.
  const plans: Plan[] = [{ date: today, statuses: [] }];
  for (let d = 0; d < 7; d++) {
    const date = addDays(monday, d);
    if (date !== today) plans.push({ date, statuses: date < today ? PAST.slice(0, 2) : AHEAD.slice(0, 2) });
  }
  for (let d = 7; d <= 14; d++) plans.push({ date: addDays(today, d), statuses: ['Pending', 'Confirmed'] });
  for (const back of [9, 16, 23, 45, 75, 120, 200, 300]) {
    plans.push({
      date: addDays(today, -back),
      statuses: ['Completed', back % 2 ? 'Cancelled' : 'Completed'],
    });
  }

  // What is already booked: no doctor slot is used twice, and no patient is in two places at once.
  const existing = await db
    .select({
      doctorId: appointments.doctorId,
      patientId: appointments.patientId,
      startsAt: appointments.startsAt,
      durationMinutes: appointments.durationMinutes,
    })
    .from(appointments);
  const doctorTaken = new Set(
    existing.filter((e) => e.doctorId === doctorId).map((e) => e.startsAt.getTime()),
  );
  const busy = existing.map((e) => ({
    patientId: e.patientId,
    from: e.startsAt.getTime(),
    to: e.startsAt.getTime() + e.durationMinutes * 60_000,
  }));
  const length = perPatientMinutes(schedule);
  let n = 0;
  /** The next patient in turn who is free for the whole visit. */
  const freePatient = (from: number) => {
    const to = from + length * 60_000;
    for (let k = 0; k < patients.length; k++) {
      const patient = patients[(n + k) % patients.length];
      if (patient && !busy.some((b) => b.patientId === patient.id && b.from < to && from < b.to))
        return patient;
    }
    return undefined;
  };

  // Today's visits take turns through each list: what has started, and what is still ahead.
  const turns = { past: 0, ahead: 0 };
  const todayStatus = (ahead: boolean) =>
    ahead ? AHEAD[turns.ahead++ % AHEAD.length] : PAST[turns.past++ % PAST.length];

  const rows: Array<typeof appointments.$inferInsert> = [];
  for (const plan of plans) {
    const starts = slotStarts(schedule, plan.date);
    starts.forEach((minutes, i) => {
      const isToday = plan.date === today;
      // Today: two slots of every three, so the doctor still has free time; other days: their plan.
      if (isToday ? i % 3 === 2 : i >= plan.statuses.length) return;
      const startsAt = fromLocalDateTime(plan.date, minutes, zone);
      if (doctorTaken.has(startsAt.getTime())) return;
      const ahead = startsAt.getTime() > seededAt.getTime();
      const status = isToday ? todayStatus(ahead) : plan.statuses[i];
      const patient = freePatient(startsAt.getTime());
      if (!status || !patient) return;
      const type = n % 7 === 3 ? 'surgery' : 'checkup';
      // One in three the doctor booked from the Add new Appointment dialog (with the age given there).
      // Booked by the doctor means Confirmed from the start: never Pending.
      const byDoctor = n % 3 === 1 && status !== 'Pending';
      const cancelledByDoctor = status === 'Cancelled' && n % 2 === 0;
      rows.push({
        patientId: patient.id,
        doctorId,
        title: byDoctor
          ? APPOINTMENT_TYPE_TITLES[type]
          : (VISIT_TITLES[n % VISIT_TITLES.length] ?? 'Consultation'),
        priority: APPOINTMENT_PRIORITIES[n % APPOINTMENT_PRIORITIES.length] ?? 'Medium',
        type,
        notes: n % 4 === 0 ? 'Bring the previous test results.' : null,
        patientAge: byDoctor ? 20 + ((n * 7) % 50) : null,
        date: plan.date,
        time: `${formatMinutes(minutes)}:00`,
        startsAt,
        durationMinutes: length,
        status,
        statusChangedAt: seededAt,
        cancelReason: cancelledByDoctor ? (CANCEL_REASONS[n % CANCEL_REASONS.length] ?? null) : null,
        createdBy: byDoctor ? doctorId : patient.id,
        createdAt: earliest(new Date(startsAt.getTime() - 3 * DAY), seededAt),
      });
      doctorTaken.add(startsAt.getTime());
      busy.push({
        patientId: patient.id,
        from: startsAt.getTime(),
        to: startsAt.getTime() + length * 60_000,
      });
      n += 1;
    });
  }
  if (rows.length > 0) await db.insert(appointments).values(rows);
}

const VISIT_TITLES = [
  'Follow-up visit',
  'Blood pressure review',
  'Persistent cough',
  'Diabetes review',
  'Back pain',
  'Annual check-up',
];
