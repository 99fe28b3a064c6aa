import {
  addDays,
  isCalendarDate,
  type LastVisitFilter,
  type LatestBloodPressure,
  type LatestValue,
  type PatientFilter,
} from '@carepoint/contract';
import { type AnyColumn, and, desc, eq, exists, gte, isNotNull, lt, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments, patientMedicalDetails, userImages, users, vitalSigns } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { patientMatches } from '../../lib/patient-search';
import { findPatient } from '../../lib/people';

/*
 * The SQL pieces the Patient List, its CSV export and the chart share. "Latest" vitals are each
 * measure's newest non-empty value (a weigh-in without a blood pressure does not hide the last
 * blood pressure): one LATERAL probe per measure down vital_signs_patient_recorded_idx, which
 * stops at the first row that has it, so a page costs a few index reads per patient shown.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a chart's 404 names: a patient the chart's reads and changes cannot find. */
export const PATIENT_RECORD = 'Patient';

/** 404 unless the patient exists (an id of another role is no patient). */
export async function requirePatient(db: Executor, patientId: string) {
  if (!(await findPatient(db, patientId))) throw notFound(PATIENT_RECORD);
}

/**
 * The first birth date of someone who is not yet `years` old on `today` (both 'YYYY-MM-DD'):
 * age >= n  ⇔  dateOfBirth < bornBefore(today, n). Same whole-year rule as lib/people ageOn
 * (a 29 February birthday counts on 1 March in other years).
 */
export function bornBefore(today: string, years: number): string {
  const [y, md] = [Number(today.slice(0, 4)) - years, today.slice(4)];
  const sameDay = `${String(y).padStart(4, '0')}${md}`;
  return isCalendarDate(sameDay) ? addDays(sameDay, 1) : `${String(y).padStart(4, '0')}-03-01`;
}

const completedVisitOf = (patientId: string | typeof users.id) =>
  and(eq(appointments.patientId, patientId), eq(appointments.status, 'Completed'));

/** Days before now of each last-visit choice; 'never' has no Completed appointment at all. */
const LAST_VISIT_DAYS: Record<Exclude<LastVisitFilter, 'never'>, number> = { '30': 30, '90': 90, '365': 365 };

export interface FilterContext {
  db: Executor;
  doctorId: string;
  today: string;
  now: Date;
}

/** The WHERE of the list and the export: patients only, then each filter the doctor chose. */
export function patientConditions(
  { db, doctorId, today, now }: FilterContext,
  filter: Omit<PatientFilter, 'q'> & { q?: string | undefined },
) {
  const anyVisitWithMe = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(and(eq(appointments.patientId, users.id), eq(appointments.doctorId, doctorId)));
  const completedVisit = (since?: Date) =>
    db
      .select({ one: sql`1` })
      .from(appointments)
      .where(and(completedVisitOf(users.id), since ? gte(appointments.startsAt, since) : undefined));
  const { lastVisit } = filter;
  return and(
    eq(users.role, 'patient'),
    filter.scope === 'mine' ? exists(anyVisitWithMe) : undefined,
    filter.bloodGroup ? eq(patientMedicalDetails.bloodGroup, filter.bloodGroup) : undefined,
    filter.ageMin !== undefined ? lt(users.dateOfBirth, bornBefore(today, filter.ageMin)) : undefined,
    filter.ageMax !== undefined ? gte(users.dateOfBirth, bornBefore(today, filter.ageMax + 1)) : undefined,
    lastVisit === 'never'
      ? not(exists(completedVisit()))
      : lastVisit
        ? exists(completedVisit(new Date(now.getTime() - LAST_VISIT_DAYS[lastVisit] * DAY_MS)))
        : undefined,
    patientMatches(filter.q),
  );
}

/** Medical details join the list only for the blood group; one row per patient (its key). */
export const medicalDetailsOfUser = eq(patientMedicalDetails.patientId, users.id);
export const imageOfUser = eq(userImages.userId, users.id);

/** The listed patient's vital_signs rows that have `column` measured (newest first, one wanted). */
const measuredRows = (column: AnyColumn) => and(eq(vitalSigns.patientId, users.id), isNotNull(column));
const newestFirst = desc(vitalSigns.recordedAt);

/** LATERAL subqueries for a list of patients: latest weight, blood pressure, blood glucose and Completed visit. */
export function latestOfUser(db: Executor) {
  const { weight, bloodGlucose, systolic, diastolic, recordedAt } = vitalSigns;
  return {
    weight: db
      .select({ weight, recordedAt })
      .from(vitalSigns)
      .where(measuredRows(weight))
      .orderBy(newestFirst)
      .limit(1)
      .as('latest_weight'),
    glucose: db
      .select({ bloodGlucose, recordedAt })
      .from(vitalSigns)
      .where(measuredRows(bloodGlucose))
      .orderBy(newestFirst)
      .limit(1)
      .as('latest_glucose'),
    pressure: db
      .select({ systolic, diastolic, recordedAt })
      .from(vitalSigns)
      .where(measuredRows(systolic))
      .orderBy(newestFirst)
      .limit(1)
      .as('latest_pressure'),
    visit: db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(completedVisitOf(users.id))
      .orderBy(desc(appointments.startsAt))
      .limit(1)
      .as('last_visit'),
  };
}

export const latestValue = (value: number | null, recordedAt: Date | null): LatestValue | null =>
  value === null || recordedAt === null ? null : { value, recordedAt: recordedAt.toISOString() };

export const latestPressure = (
  systolic: number | null,
  diastolic: number | null,
  recordedAt: Date | null,
): LatestBloodPressure | null =>
  systolic === null || recordedAt === null
    ? null
    : { systolic, diastolic, recordedAt: recordedAt.toISOString() };

/** The start of the patient's latest Completed appointment, with any doctor. */
export async function lastVisitOf(db: Executor, patientId: string) {
  const [row] = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(completedVisitOf(patientId))
    .orderBy(desc(appointments.startsAt))
    .limit(1);
  return row?.startsAt ?? null;
}
