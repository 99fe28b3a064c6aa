import { ER_MESSAGES } from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { BuildAliasTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { badRequest } from './errors';

/** `users`, or an alias of it (a prescription's patient and doctor are both accounts). */
export type UsersTable = typeof users | BuildAliasTable<typeof users, string>;

/**
 * "First Last" of an account, for display, search and the patient named on a bed or ER entry:
 * the SQL expression over `users`, or over the alias given.
 */
export const fullNameOf = (person: UsersTable = users) =>
  sql<string>`${person.firstName} || ' ' || ${person.lastName}`;

/**
 * A patient's record number ("CP-000123"): never null for a patient (the database gives one to
 * every patient row and the check users_record_number_patients_only holds it), so typed as text.
 * Only for rows known to be patients.
 */
export const recordNumberOf = (person: UsersTable = users) => sql<string>`${person.recordNumber}`;

/** The URL of a user's profile picture, versioned by its upload time (browsers may cache it), or null without one. */
export const profileImageUrl = (userId: string, imageVersion: Date | null) =>
  imageVersion ? `/api/users/${userId}/image?v=${imageVersion.getTime()}` : null;

/** A patient account by id, or undefined when there is none (or the id is another role's). */
export async function findPatient(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: fullNameOf() })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'patient')))
    .limit(1);
  return row;
}

/**
 * Who an arrival, a queue entry or a triage intake names: a registered patient (then their name,
 * from their record, whatever was typed beside the link: the board must never show one person
 * while the record points to another), or a walk-in by the typed name. The database holds entries
 * to the same rule (migration 0019).
 */
export async function resolvePatient(db: Executor, typedName: string, patientId: string | null | undefined) {
  if (!patientId) return { patientName: typedName, patientId: null };
  const patient = await findPatient(db, patientId);
  if (!patient) throw badRequest(ER_MESSAGES.patientNotFound, 'patientId');
  return { patientName: patient.fullName, patientId };
}

/** Whole years from a 'YYYY-MM-DD' birth date to the facility's 'YYYY-MM-DD' today; null when unknown. */
export function ageOn(dateOfBirth: string | null, today: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (!by || !bm || !bd || !ty || !tm || !td) return null;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return Math.max(0, ty - by - (hadBirthday ? 0 : 1));
}
