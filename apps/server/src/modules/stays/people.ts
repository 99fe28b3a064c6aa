import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';

/* The two people a stay names, as the stay's page and the ward board read them. */

/** `users` is the patient; the doctor in charge is this alias. */
export const doctorInCharge = alias(users, 'doctor_in_charge');
export const doctorName = fullNameOf(doctorInCharge);

/** Midnights between two 'YYYY-MM-DD' facility dates: 0 on the day of admission, 1 the next day. */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
