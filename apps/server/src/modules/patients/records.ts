import {
  doctorDisplayName,
  FRONT_DESK_MESSAGES,
  MESSAGES,
  PATIENT_DETAIL_ROWS,
  type PatientDetail,
  type PatientRecord,
  PROFILE_MESSAGES,
  shortTime,
} from '@carepoint/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { appointments, beds, erEntries, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { iso, isoOrNull } from '../../lib/list';
import { hashPassword } from '../../lib/passwords';
import { ageOn, recordNumberOf } from '../../lib/people';
import { hasAuthenticatorAppSql } from '../../lib/second-factor';
import { newToken } from '../../lib/tokens';
import { sendWelcomeLink } from '../auth';

/**
 * The front desk's patient records: register a walk-in (no password: they are e-mailed a link
 * to choose one), edit, and the detail page (profile, bed, appointments, ER visits).
 */

const emailTaken = () => conflict('EMAIL_TAKEN', MESSAGES.emailTaken, 'email');

function checkBirthDate(ctx: ServiceContext, input: PatientRecord) {
  if (input.dateOfBirth && input.dateOfBirth > facilityDate(ctx.now(), ctx.config.TIME_ZONE)) {
    throw badRequest(PROFILE_MESSAGES.dateOfBirthFuture, 'dateOfBirth');
  }
}

const fields = (input: PatientRecord) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  phone: input.phone,
  address: input.address,
  dateOfBirth: input.dateOfBirth,
  gender: input.gender,
});

/**
 * POST /api/admin/patients. The unique e-mail index decides between two registrations of one
 * address (the second answers 409); the welcome mail goes out after the account is committed.
 */
export async function registerPatient(ctx: ServiceContext, input: PatientRecord): Promise<PatientDetail> {
  checkBirthDate(ctx, input);
  // argon2 is slow on purpose: hash a secret nobody holds before the transaction.
  const passwordHash = await hashPassword(newToken());
  const created = await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...fields(input), passwordHash, role: 'patient' })
          .returning({ id: users.id, email: users.email, firstName: users.firstName });
        if (!row) throw new Error('patient not created');
        await audit(inTransaction(ctx, tx), {
          action: 'patient.create',
          entityType: 'user',
          entityId: row.id,
          patientId: row.id,
          details: { by: 'front desk' },
        });
        return row;
      }),
    emailTaken,
  );
  await sendWelcomeLink(ctx, created, 'The CarePoint front desk registered you and made');
  return patientDetail(ctx, created.id);
}

/** PUT /api/admin/patients/:id: the whole record; another account's e-mail answers 409. */
export async function updatePatient(
  ctx: ServiceContext,
  id: string,
  input: PatientRecord,
): Promise<PatientDetail> {
  checkBirthDate(ctx, input);
  await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.id, id), eq(users.role, 'patient')))
          .for('update');
        if (!before) throw notFoundWith(FRONT_DESK_MESSAGES.patientNotFound);
        await tx
          .update(users)
          .set({ ...fields(input), updatedAt: ctx.now() })
          .where(eq(users.id, id));
        await audit(inTransaction(ctx, tx), {
          action: 'patient.update',
          entityType: 'user',
          entityId: id,
          patientId: id,
          details: { fields: Object.keys(fields(input)), emailChanged: before.email !== input.email },
        });
      }),
    emailTaken,
  );
  return patientDetail(ctx, id);
}

const doctors = alias(users, 'doctor');

async function loadDetail(db: Executor, id: string, today: string): Promise<PatientDetail> {
  const [found] = await db
    .select({
      patient: users,
      recordNumber: recordNumberOf(),
      hasSecondFactor: hasAuthenticatorAppSql(users.id),
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'patient')))
    .limit(1);
  if (!found) throw notFoundWith(FRONT_DESK_MESSAGES.patientNotFound);
  const { patient, recordNumber, hasSecondFactor } = found;
  const mine = eq(appointments.patientId, id);
  const theirVisits = eq(erEntries.patientId, id);
  const [bed, visits, visitCount, erRows, erCount] = await independentReads(db, [
    () =>
      db
        .select({ id: beds.id, label: beds.label })
        .from(beds)
        .where(and(eq(beds.patientId, id), eq(beds.status, 'Occupied')))
        .limit(1),
    () =>
      db
        .select({
          id: appointments.id,
          date: appointments.date,
          time: appointments.time,
          title: appointments.title,
          status: appointments.status,
          doctorFirst: doctors.firstName,
          doctorLast: doctors.lastName,
        })
        .from(appointments)
        .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
        .where(mine)
        .orderBy(desc(appointments.startsAt), desc(appointments.id))
        .limit(PATIENT_DETAIL_ROWS),
    () => db.select({ n: count() }).from(appointments).where(mine),
    () =>
      db
        .select()
        .from(erEntries)
        .where(theirVisits)
        .orderBy(desc(erEntries.arrivedAt), desc(erEntries.id))
        .limit(PATIENT_DETAIL_ROWS),
    () => db.select({ n: count() }).from(erEntries).where(theirVisits),
  ]);
  const inBed = bed[0] ?? null;
  return {
    patient: {
      id: patient.id,
      recordNumber,
      firstName: patient.firstName,
      lastName: patient.lastName,
      fullName: `${patient.firstName} ${patient.lastName}`.trim(),
      email: patient.email,
      phone: patient.phone,
      address: patient.address,
      dateOfBirth: patient.dateOfBirth,
      age: ageOn(patient.dateOfBirth, today),
      gender: patient.gender,
      accountStatus: patient.status,
      hasSecondFactor,
      status: inBed ? 'Inpatient' : 'Outpatient',
      createdAt: iso(patient.createdAt),
    },
    bed: inBed,
    appointments: {
      data: visits.map(({ doctorFirst, doctorLast, time, ...a }) => ({
        ...a,
        time: shortTime(time),
        doctorName: doctorDisplayName({ firstName: doctorFirst, lastName: doctorLast }),
      })),
      total: visitCount[0]?.n ?? 0,
    },
    erVisits: {
      data: erRows.map((e) => ({
        id: e.id,
        arrivedAt: iso(e.arrivedAt),
        leftAt: isoOrNull(e.leftAt),
        triageLevel: e.triageLevel,
        status: e.status,
        complaint: e.complaint,
      })),
      total: erCount[0]?.n ?? 0,
    },
  };
}

/** GET /api/admin/patients/:id: the patient's record, bed, appointments and ER visits; audited. */
export async function patientDetail(ctx: ServiceContext, id: string): Promise<PatientDetail> {
  const detail = await loadDetail(ctx.db, id, facilityDate(ctx.now(), ctx.config.TIME_ZONE));
  await audit(ctx, { action: 'patient.read', entityType: 'user', entityId: id, patientId: id });
  return detail;
}
