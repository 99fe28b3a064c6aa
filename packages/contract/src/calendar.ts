import { z } from 'zod';
import { APPOINTMENT_PRIORITIES, appointmentStatusSchema } from './appointments';
import { daysBetween, isCalendarDate, weekdaySchema } from './clock';

/*
 * Calendars (docs/areas/doctor-appointments.md#calendar, docs/areas/front-desk.md#calendar)
 * ---------------------------------------------------------------------------------------
 *   GET /api/doctor/calendar?from&to              the doctor's own appointments and hours
 *   GET /api/admin/appointments/calendar?from&to  every bookable doctor, one column each
 * A range is at most CALENDAR_MAX_DAYS days (a week). Times are the facility's wall clock.
 * Free slots come from the one availability rule (schedules.ts), computed by the server.
 */

const CALENDAR_MAX_DAYS = 7;

export const CALENDAR_MESSAGES = {
  dateInvalid: 'Enter a valid date as YYYY-MM-DD',
  rangeInvalid: `Choose a range of 1 to ${CALENDAR_MAX_DAYS} days, "from" first`,
  loadFailed: 'Could not load the calendar',
} as const;

const calendarDate = z
  .string({ error: CALENDAR_MESSAGES.dateInvalid })
  .trim()
  .refine(isCalendarDate, CALENDAR_MESSAGES.dateInvalid);

export const calendarQuerySchema = z
  .object({ from: calendarDate, to: calendarDate })
  .refine(({ from, to }) => from <= to && daysBetween(from, to) < CALENDAR_MAX_DAYS, {
    message: CALENDAR_MESSAGES.rangeInvalid,
    path: ['to'],
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/** An appointment on a calendar: not cancelled (a cancelled one holds no time). */
const calendarAppointmentSchema = z.object({
  id: z.string(),
  doctorId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  title: z.string(),
  priority: z.enum(APPOINTMENT_PRIORITIES),
  status: appointmentStatusSchema,
  /** 'YYYY-MM-DD' and 'HH:MM', facility time. */
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
});
export type CalendarAppointment = z.infer<typeof calendarAppointmentSchema>;

/** One doctor's day: working hours ('HH:MM') or null on a day off, and the starts still free. */
const calendarDaySchema = z.object({
  date: z.string(),
  day: weekdaySchema,
  hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  free: z.array(z.string()),
});

const calendarDoctorSchema = z.object({
  id: z.string(),
  /** "Dr Ada Okafor". */
  name: z.string(),
  /** Minutes a patient. */
  slotMinutes: z.number().int(),
  days: z.array(calendarDaySchema),
});
export type CalendarDoctor = z.infer<typeof calendarDoctorSchema>;

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The facility's today and time now ('HH:MM'). */
  today: z.string(),
  now: z.string(),
  doctors: z.array(calendarDoctorSchema),
  appointments: z.array(calendarAppointmentSchema),
});
export type Calendar = z.infer<typeof calendarSchema>;
