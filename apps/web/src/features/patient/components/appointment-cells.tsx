import { type Appointment, doctorDisplayName, isActiveStatus } from '@carepoint/contract';
import { formatCalendarDate, formatSlot } from '../../../lib/format';

/** The booked day, e.g. "25 Nov 2026" (the one date format of the app). */
export const appointmentDate = (a: Pick<Appointment, 'date'>) => formatCalendarDate(a.date);

/** The booked day and time, e.g. "25 Nov 2026, 09:00". */
export const appointmentSlot = (a: Pick<Appointment, 'date' | 'time'>) => formatSlot(a.date, a.time);

/** The doctor as the spec allows it: a name text or an object with user.firstName/lastName. */
export const appointmentDoctor = (a: Pick<Appointment, 'doctor'>) => doctorDisplayName(a.doctor.user);

/**
 * Whether the Cancel action is offered: active and still ahead on this device's clock.
 * The server decides on its own clock; this only hides an action that would be refused.
 */
export const canCancel = (a: Pick<Appointment, 'status' | 'startsAt'>) =>
  isActiveStatus(a.status) && Date.parse(a.startsAt) > Date.now();
