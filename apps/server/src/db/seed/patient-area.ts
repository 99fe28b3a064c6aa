import {
  APPOINTMENT_PRIORITIES,
  type AppointmentStatus,
  addDays,
  DEFAULT_SCHEDULE,
  formatMinutes,
  fromLocalDateTime,
  perPatientMinutes,
  type Schedule,
  slotStarts,
  toLocalDateTime,
} from '@carepoint/contract';
import { asc, eq } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { ensureDefaultSchedule, updateSchedule } from '../../modules/schedules';
import { appointments, users } from '../schema';
import type { SeedContext } from './context';

/** Demo schedules (mostly 09:00 to 16:00, the default schedule's hours) and appointments that respect them. */

const weekdays = (from: string, to: string, saturday?: [string, string]): Schedule => ({
  ...DEFAULT_SCHEDULE,
  days: DEFAULT_SCHEDULE.days.map((d) => {
    if (d.day === 'Sunday') return d;
    if (d.day === 'Saturday')
      return saturday ? { day: d.day, off: false, from: saturday[0], to: saturday[1] } : d;
    return { day: d.day, off: false, from, to };
  }),
});

/** Hours by doctor e-mail; every other doctor keeps the default Monday-Friday 09:00-16:00. */
const DEMO_HOURS: Record<string, Schedule> = {
  'doctor@carepoint.example': weekdays('09:00', '16:00', ['10:00', '13:00']),
  'adaeze.okafor@carepoint.example': weekdays('08:00', '14:00'),
  'tunde.bakare@carepoint.example': weekdays('09:00', '16:00', ['10:00', '13:00']),
};

async function doctorsOf(ctx: SeedContext) {
  return ctx.db.select().from(users).where(eq(users.role, 'doctor')).orderBy(asc(users.email));
}

/** Demo hours are saved as a doctor saves theirs (the same service, lock and audit row); the rest get the default. */
export async function seedSchedules(ctx: SeedContext) {
  for (const doctor of await doctorsOf(ctx)) {
    const hours = DEMO_HOURS[doctor.email];
    if (hours) await updateSchedule(actingAs(ctx, actorOf(doctor)), hours);
    else await ensureDefaultSchedule(ctx.db, doctor.id);
  }
}

/** The `n`-th day (1-based) after (step 1) or before (step -1) `date` on which the doctor works. */
function workingDay(schedule: Schedule, date: string, step: 1 | -1, n: number) {
  let day = date;
  for (let found = 0; found < n; ) {
    day = addDays(day, step);
    if (slotStarts(schedule, day).length > 0) found += 1;
  }
  return day;
}

const TITLES = [
  'General check-up',
  'Follow-up visit',
  'Blood pressure review',
  'Skin rash',
  'Knee pain',
  'Headaches',
];

/**
 * Each demo patient gets a completed visit in the past and an upcoming booking; the
 * documented demo patient also has a confirmed and a cancelled one. Every time is a real
 * slot of the doctor's schedule, and no two active bookings share a slot.
 */
export async function seedAppointments(ctx: SeedContext) {
  const doctors = await doctorsOf(ctx);
  const patients = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'patient'))
    .orderBy(asc(users.email));
  if (doctors.length === 0) return;
  const today = toLocalDateTime(ctx.seededAt, ctx.config.TIME_ZONE).date;
  const scheduleOf = (email: string) => DEMO_HOURS[email] ?? DEFAULT_SCHEDULE;

  const rows: Array<typeof appointments.$inferInsert> = [];
  const book = (
    patientId: string,
    doctor: { id: string; email: string },
    dayOffset: number,
    slotIndex: number,
    status: AppointmentStatus,
  ) => {
    const schedule = scheduleOf(doctor.email);
    const date = workingDay(schedule, today, dayOffset > 0 ? 1 : -1, Math.abs(dayOffset));
    const starts = slotStarts(schedule, date);
    const minutes = starts[slotIndex % starts.length] ?? 0;
    const n = rows.length;
    rows.push({
      patientId,
      doctorId: doctor.id,
      title: TITLES[n % TITLES.length] ?? 'Consultation',
      priority: APPOINTMENT_PRIORITIES[n % APPOINTMENT_PRIORITIES.length] ?? 'Low',
      notes: n % 3 === 0 ? 'Please bring previous test results.' : null,
      date,
      time: `${formatMinutes(minutes)}:00`,
      startsAt: fromLocalDateTime(date, minutes, ctx.config.TIME_ZONE),
      durationMinutes: perPatientMinutes(schedule),
      status,
      createdBy: patientId,
    });
  };

  patients.forEach((patient, i) => {
    const doctor = doctors[i % doctors.length];
    if (!doctor) return;
    // Distinct (doctor, day, slot) per patient: the slot index grows with each lap over the doctors.
    const lap = Math.floor(i / doctors.length);
    book(patient.id, doctor, -(2 + (i % 9)), lap + 1, 'Completed');
    book(patient.id, doctor, 1 + (i % 5), lap + 2, 'Pending');
    if (patient.email === 'patient@carepoint.example') {
      const other = doctors[(i + 1) % doctors.length] ?? doctor;
      book(patient.id, other, 3, 0, 'Confirmed');
      book(patient.id, other, -12, 4, 'Cancelled');
    }
  });
  if (rows.length > 0) await ctx.db.insert(appointments).values(rows);
}
