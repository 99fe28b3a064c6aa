import { type Appointment, doctorDisplayName, isActiveStatus } from '@carepoint/contract';
import { formatCalendarDate, formatSlot } from '@/lib/format';

/** The booked day, e.g. "25 Nov 2026" (the one date format of the app). */
export const appointmentDate = (a: Pick<Appointment, 'date'>) => formatCalendarDate(a.date);

/** The booked day and time, e.g. "25 Nov 2026, 09:00". */
export const appointmentSlot = (a: Pick<Appointment, 'date' | 'time'>) => formatSlot(a.date, a.time);

/** The doctor as the spec allows it: a name text or an object with user.firstName/lastName. */
export const appointmentDoctor = (a: Pick<Appointment, 'doctor'>) => doctorDisplayName(a.doctor.user);

/**
 * Whether Move and Cancel are offered: 'open' while the change window is (until
 * `changeableUntil`, PATIENT_CHANGE_HOURS before the start), 'closed' for an active appointment
 * past it (the actions show disabled, with why), 'none' otherwise. Read on this device's clock;
 * the server decides on its own.
 */
export function changeWindow(
  a: Pick<Appointment, 'status' | 'startsAt' | 'changeableUntil'>,
  now = Date.now(),
): 'open' | 'closed' | 'none' {
  if (!isActiveStatus(a.status) || Date.parse(a.startsAt) <= now) return 'none';
  return a.changeableUntil && Date.parse(a.changeableUntil) > now ? 'open' : 'closed';
}
