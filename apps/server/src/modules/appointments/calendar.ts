import {
  addDays,
  type BusyInterval,
  type Calendar,
  type CalendarQuery,
  DEFAULT_SCHEDULE,
  type DoctorOption,
  daysBetween,
  doctorDisplayName,
  formatMinutes,
  freeSlots,
  hoursOn,
  isActiveStatus,
  parseTimeMinutes,
  perPatientMinutes,
  shortTime,
  weekdayOf,
} from '@carepoint/contract';
import { and, asc, between, eq, inArray, ne } from 'drizzle-orm';
import { appointments, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFound, signedIn } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import { iso } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { facilityNow, findBookableDoctor, listBookableDoctors, loadSchedules } from '../schedules';

/**
 * Calendars: the appointments of some doctors over a few days (cancelled ones hold no time and
 * are left out), with each doctor's hours per day (null on a day off) and the starts still free
 * by the one availability rule. One audit row per read, naming the patients it showed.
 */

async function calendarOf(
  ctx: ServiceContext,
  doctors: DoctorOption[],
  range: { from: string; to: string },
): Promise<Calendar> {
  const { db } = ctx;
  const ids = doctors.map((d) => d.id);
  const dates = Array.from({ length: daysBetween(range.from, range.to) + 1 }, (_, i) =>
    addDays(range.from, i),
  );
  const [schedules, rows] = await independentReads(db, [
    () => loadSchedules(db, ids),
    async () =>
      ids.length === 0
        ? []
        : await db
            .select({ appointment: appointments, patientName: fullNameOf() })
            .from(appointments)
            .innerJoin(users, eq(users.id, appointments.patientId))
            .where(
              and(
                inArray(appointments.doctorId, ids),
                between(appointments.date, range.from, range.to),
                ne(appointments.status, 'Cancelled'),
              ),
            )
            .orderBy(asc(appointments.startsAt), asc(appointments.id)),
  ]);
  const now = facilityNow(ctx);
  const busyOn = (doctorId: string, date: string): BusyInterval[] =>
    rows
      .filter(({ appointment: a }) => a.doctorId === doctorId && a.date === date && isActiveStatus(a.status))
      .map(({ appointment: a }) => ({
        minutes: parseTimeMinutes(a.time) ?? 0,
        durationMinutes: a.durationMinutes,
      }));
  const calendar: Calendar = {
    from: range.from,
    to: range.to,
    today: now.date,
    now: formatMinutes(Math.floor(now.minutes)),
    doctors: doctors.map((doctor) => {
      const schedule = schedules.get(doctor.id) ?? DEFAULT_SCHEDULE;
      return {
        id: doctor.id,
        name: doctorDisplayName(doctor),
        slotMinutes: perPatientMinutes(schedule),
        days: dates.map((date) => {
          const hours = hoursOn(schedule, date);
          return {
            date,
            day: weekdayOf(date),
            hours: hours && { from: formatMinutes(hours.from), to: formatMinutes(hours.to) },
            free: freeSlots({ schedule, date, now, busy: busyOn(doctor.id, date) }),
          };
        }),
      };
    }),
    appointments: rows.map(({ appointment: a, patientName }) => ({
      id: a.id,
      doctorId: a.doctorId,
      patientId: a.patientId,
      patientName,
      title: a.title,
      priority: a.priority,
      status: a.status,
      date: a.date,
      time: shortTime(a.time),
      startsAt: iso(a.startsAt),
      durationMinutes: a.durationMinutes,
    })),
  };
  await audit(ctx, {
    action: 'appointment.calendar.read',
    entityType: 'appointment',
    details: {
      range,
      doctorIds: ids.length === 1 ? ids : undefined,
      appointmentIds: rows.map((r) => r.appointment.id),
      patientIds: [...new Set(rows.map((r) => r.appointment.patientId))],
    },
  });
  return calendar;
}

/** GET /api/doctor/calendar: the signed-in doctor's own. */
export async function doctorCalendar(ctx: ServiceContext, query: CalendarQuery) {
  const doctor = await findBookableDoctor(ctx.db, signedIn(ctx.actor).id);
  if (!doctor) throw notFound('Doctor');
  return calendarOf(ctx, [doctor], query);
}

/** GET /api/admin/appointments/calendar: every bookable doctor, one column each. */
export async function deskCalendar(ctx: ServiceContext, query: CalendarQuery) {
  return calendarOf(ctx, await listBookableDoctors(ctx.db), query);
}
