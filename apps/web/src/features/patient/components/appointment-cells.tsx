import { type Appointment, doctorDisplayName, isActiveStatus } from '@carepoint/contract';

/** Spec §3: the list shows the first 10 characters of the date. */
export const appointmentDate = (a: Pick<Appointment, 'date'>) => a.date.slice(0, 10);

/** The doctor as the spec allows it: a name text or an object with user.firstName/lastName. */
export const appointmentDoctor = (a: Pick<Appointment, 'doctor'>) => doctorDisplayName(a.doctor.user);

/**
 * Whether the Cancel action is offered: active and still ahead on this device's clock.
 * The server decides on its own clock; this only hides an action that would be refused.
 */
export const canCancel = (a: Pick<Appointment, 'status' | 'startsAt'>) =>
  isActiveStatus(a.status) && Date.parse(a.startsAt) > Date.now();
