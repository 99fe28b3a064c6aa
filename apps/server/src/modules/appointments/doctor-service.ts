import {
  ACTIVE_APPOINTMENT_STATUSES,
  APPOINTMENT_TYPE_TITLES,
  addDays,
  type BookingPatient,
  type CreateDoctorAppointment,
  type CreatedDoctorAppointment,
  DASHBOARD_ER_ROWS,
  DOCTOR_APPOINTMENT_MESSAGES,
  type DOCTOR_APPOINTMENTS_SORTABLE,
  type DoctorAppointmentDetail,
  type DoctorAppointmentPage,
  type DoctorAppointmentPeriod,
  type DoctorAppointmentRow,
  type DoctorDashboard,
  type DoctorPatient,
  type doctorAppointmentsQuerySchema,
  doctorDisplayName,
  PERIOD_DAYS,
  shortTime,
  WEEKDAYS,
  weekdayOf,
} from '@carepoint/contract';
import { and, asc, between, count, desc, eq, gt, gte, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { appointments, userImages, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { conflict, notFound, signedIn } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import {
  iso,
  listPage,
  matchingRows,
  orderBy,
  type RowOf,
  type Select,
  type SortColumns,
  search,
  selectOf,
} from '../../lib/list';
import { hashPassword } from '../../lib/passwords';
import { ageOn, fullNameOf, profileImageUrl } from '../../lib/people';
import { newToken } from '../../lib/tokens';
import { sendWelcomeLink } from '../auth';
import { listErEntries } from '../emergency';
import { listPatients } from '../patients';
import { facilityNow, findBookableDoctor } from '../schedules';
import { bookWithDoctor, type MoveTarget, moveAppointment, slotOf } from './service';
import { statusHistory } from './status-events';

/**
 * The doctor's day: their dashboard, their appointments by period, one appointment with its
 * history, and the Add new Appointment dialog. A doctor sees only their own appointments;
 * another doctor's answers 404, as if it did not exist.
 */

type ListQuery = z.output<typeof doctorAppointmentsQuerySchema>;

// ---------------------------------------------------------------- rows

/** The appointment and its patient (`users` is the patient here: the doctor is the caller). */
const rowColumns = {
  appointment: appointments,
  patient: {
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    gender: users.gender,
    dateOfBirth: users.dateOfBirth,
  },
  imageVersion: userImages.updatedAt,
};

/** The base query of the list, the dashboard and single reads (lib/list.ts Select). */
const appointmentRows = (select: Select) =>
  select(rowColumns)
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .leftJoin(userImages, eq(userImages.userId, appointments.patientId));

type Row = RowOf<typeof appointmentRows>;

const nameOf = (p: Row['patient']) => `${p.firstName} ${p.lastName}`.trim();

const toRow = ({ appointment: a, patient, imageVersion }: Row): DoctorAppointmentRow => ({
  id: a.id,
  name: nameOf(patient),
  imageUrl: profileImageUrl(a.patientId, imageVersion),
  mobile: patient.phone,
  email: patient.email,
  patientId: a.patientId,
  date: a.date,
  time: shortTime(a.time),
  startsAt: iso(a.startsAt),
  durationMinutes: a.durationMinutes,
  status: a.status,
  title: a.title,
  priority: a.priority,
  type: a.type,
});

const toPatient = ({ appointment: a, patient, imageVersion }: Row, today: string): DoctorPatient => ({
  id: a.patientId,
  fullName: nameOf(patient),
  email: patient.email,
  phone: patient.phone,
  gender: patient.gender,
  age: a.patientAge ?? ageOn(patient.dateOfBirth, today),
  imageUrl: profileImageUrl(a.patientId, imageVersion),
});

const mine = (doctorId: string) => eq(appointments.doctorId, doctorId);
const active = inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]);
const notCancelled = ne(appointments.status, 'Cancelled');

/** One audit row for a screenful of appointments, naming the patients it showed. */
async function auditRows(ctx: ServiceContext, action: string, rows: DoctorAppointmentRow[], extra = {}) {
  await audit(ctx, {
    action,
    entityType: 'appointment',
    details: {
      ...extra,
      appointmentIds: rows.map((r) => r.id),
      patientIds: [...new Set(rows.map((r) => r.patientId))],
    },
  });
}

// ---------------------------------------------------------------- the list

const SORT: SortColumns<(typeof DOCTOR_APPOINTMENTS_SORTABLE)[number]> = {
  name: [users.firstName, users.lastName],
};

/** The dates (or, for Upcoming, the instants) a period covers, on the facility's calendar. */
function periodCondition(period: DoctorAppointmentPeriod, today: string, now: Date): SQL | undefined {
  switch (period) {
    case 'today':
      return eq(appointments.date, today);
    case 'yesterday':
      return eq(appointments.date, addDays(today, -1));
    case 'upcoming':
      return gt(appointments.startsAt, now);
    default:
      return between(appointments.date, addDays(today, 1 - PERIOD_DAYS[period]), today);
  }
}

/** Today and what is ahead read in time order; the past periods newest first. */
const periodOrder = (period: DoctorAppointmentPeriod) =>
  period === 'today' || period === 'upcoming' ? [asc(appointments.startsAt)] : [desc(appointments.startsAt)];

/** GET /api/doctor/appointments: the doctor's appointments of a period, searched, sorted and paged. */
export async function listDoctorAppointments(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<DoctorAppointmentPage> {
  const { db } = ctx;
  const doctorId = signedIn(ctx.actor).id;
  const today = facilityNow(ctx).date;
  const where = and(
    mine(doctorId),
    periodCondition(query.period, today, ctx.now()),
    search(query.q, [fullNameOf(), users.email, users.phone]),
  );
  const result = await listPage(ctx, query, {
    rows: (select) => appointmentRows(select).where(where),
    order: orderBy(query, SORT, periodOrder(query.period), appointments.id),
    count: matchingRows(db)
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .where(where),
    map: toRow,
  });
  await auditRows(ctx, 'doctor.appointment.list', result.data, { query });
  return result;
}

// ---------------------------------------------------------------- one appointment

/** The appointment with its patient and history, if it is this doctor's; no audit row. */
async function loadDetail(ctx: ServiceContext, doctorId: string, id: string) {
  const { db } = ctx;
  const [row] = await appointmentRows(selectOf(db))
    .where(and(eq(appointments.id, id), mine(doctorId)))
    .limit(1);
  if (!row) throw notFound('Appointment');
  const a = row.appointment;
  const detail: DoctorAppointmentDetail = {
    id: a.id,
    patient: toPatient(row, facilityNow(ctx).date),
    title: a.title,
    priority: a.priority,
    type: a.type,
    notes: a.notes,
    date: a.date,
    time: shortTime(a.time),
    startsAt: iso(a.startsAt),
    durationMinutes: a.durationMinutes,
    status: a.status,
    cancelReason: a.cancelReason,
    createdAt: iso(a.createdAt),
    history: await statusHistory(db, a.id),
  };
  return detail;
}

/** GET /api/doctor/appointments/:id: one of the doctor's own appointments. */
export async function getDoctorAppointment(ctx: ServiceContext, id: string) {
  const detail = await loadDetail(ctx, signedIn(ctx.actor).id, id);
  await audit(ctx, {
    action: 'doctor.appointment.read',
    entityType: 'appointment',
    entityId: id,
    patientId: detail.patient.id,
  });
  return detail;
}

/** POST /api/doctor/appointments/:id/move: one of the doctor's own, answered as its page shows it. */
export async function moveDoctorAppointment(ctx: ServiceContext, id: string, target: MoveTarget) {
  await moveAppointment(ctx, id, target);
  return getDoctorAppointment(ctx, id);
}

// ---------------------------------------------------------------- the dashboard

/** Monday of the facility's current week. */
const mondayOf = (date: string) => addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));

const countWhere = async (db: Executor, where: SQL | undefined) =>
  (await db.select({ n: count() }).from(appointments).where(where))[0]?.n ?? 0;

/** GET /api/doctor/dashboard: the doctor's day, computed now. */
export async function doctorDashboard(ctx: ServiceContext): Promise<DoctorDashboard> {
  const { db } = ctx;
  const doctorId = signedIn(ctx.actor).id;
  const now = ctx.now();
  const today = facilityNow(ctx).date;
  const monday = mondayOf(today);
  const [todays, pending, week, next, waiting] = await independentReads(db, [
    () =>
      appointmentRows(selectOf(db))
        .where(and(mine(doctorId), eq(appointments.date, today)))
        .orderBy(asc(appointments.startsAt), asc(appointments.id)),
    () =>
      countWhere(db, and(mine(doctorId), eq(appointments.status, 'Pending'), gte(appointments.date, today))),
    () =>
      countWhere(
        db,
        and(mine(doctorId), notCancelled, between(appointments.date, monday, addDays(monday, 6))),
      ),
    () =>
      appointmentRows(selectOf(db))
        .where(and(mine(doctorId), active, gt(appointments.startsAt, now)))
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
        .limit(1),
    // The emergency room belongs to its module: its service lists (and audits) the waiting patients.
    // In the board's own order (no sort): most severe first, the longest wait first within a level.
    () => listErEntries(ctx, { page: 1, limit: DASHBOARD_ER_ROWS, status: 'Waiting', order: 'asc' }),
  ]);
  const rows = todays.map(toRow);
  const nextRow = next[0] ? toRow(next[0]) : null;
  await auditRows(ctx, 'doctor.dashboard.read', nextRow ? [...rows, nextRow] : rows);
  return {
    today,
    counts: {
      today: rows.filter((r) => r.status !== 'Cancelled').length,
      pending,
      week,
    },
    appointments: rows,
    next: nextRow,
    emergency: { data: waiting.data, total: waiting.pagination.total },
  };
}

// ---------------------------------------------------------------- the Add new Appointment dialog

/** "Ngozi Ada Eze" -> first "Ngozi Ada", last "Eze": the family name is the last word. */
function splitName(fullName: string) {
  const words = fullName.trim().split(/\s+/);
  const lastName = words.length > 1 ? (words.pop() ?? '') : '';
  return { firstName: words.join(' '), lastName };
}

interface PatientAccount {
  id: string;
  email: string;
  firstName: string;
  created: boolean;
}

const findAccount = async (db: Executor, email: string) =>
  (
    await db
      .select({ id: users.id, role: users.role, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, email))
      .limit(1)
  )[0];

/**
 * The patient the dialog names, by e-mail: the existing patient account (its missing phone and
 * gender filled in), or a new one when no account has that e-mail. A staff e-mail is refused.
 * `passwordHash` is a hash of a secret nobody holds: the patient sets a password by the link.
 */
async function findOrCreatePatient(
  db: Executor,
  input: CreateDoctorAppointment,
  passwordHash: () => Promise<string>,
): Promise<PatientAccount> {
  const existing = await findAccount(db, input.email);
  if (existing) {
    if (existing.role !== 'patient') {
      throw conflict('NOT_A_PATIENT', DOCTOR_APPOINTMENT_MESSAGES.staffEmail, 'email');
    }
    const [filled] = await db.select().from(users).where(eq(users.id, existing.id)).limit(1);
    if (filled && (!filled.phone || !filled.gender)) {
      await db
        .update(users)
        .set({ phone: filled.phone || input.phone, gender: filled.gender ?? input.gender })
        .where(eq(users.id, existing.id));
    }
    return { ...existing, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: await passwordHash(),
      role: 'patient',
      ...splitName(input.fullName),
      phone: input.phone,
      gender: input.gender,
    })
    // Another booking made the account a moment ago: use it.
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  if (row) return { ...row, created: true };
  return findOrCreatePatient(db, input, passwordHash);
}

/**
 * GET /api/doctor/appointments/patients: the add dialog's patient search (the one patient
 * search, audited as a patients list read), with the fields choosing a patient fills in.
 */
export async function findBookingPatients(
  ctx: ServiceContext,
  q: string,
  limit: number,
): Promise<BookingPatient[]> {
  if (!q) return [];
  const found = await listPatients(ctx, { q, limit, page: 1, order: 'asc' });
  const ids = found.data.map((p) => p.id);
  const genders = ids.length
    ? await ctx.db.select({ id: users.id, gender: users.gender }).from(users).where(inArray(users.id, ids))
    : [];
  const genderOf = new Map(genders.map((row) => [row.id, row.gender]));
  return found.data.map(({ id, fullName, email, phone, age }) => ({
    id,
    fullName,
    email,
    phone,
    age,
    gender: genderOf.get(id) ?? null,
  }));
}

/**
 * POST /api/doctor/appointments: the doctor books a free slot of their own schedule for a
 * patient found by e-mail, or for a new patient account, who is then e-mailed a link to set a
 * password. Booked by the doctor, it is Confirmed at once. The booking takes the same locks
 * and rules as every other booking.
 */
export async function createDoctorAppointment(
  ctx: ServiceContext,
  input: CreateDoctorAppointment,
): Promise<CreatedDoctorAppointment> {
  const doctorId = signedIn(ctx.actor).id;
  const doctor = await findBookableDoctor(ctx.db, doctorId);
  if (!doctor) throw notFound('Doctor');
  // argon2 is slow on purpose: hash before the booking's locks are taken, and only for a new account.
  const hash = (await findAccount(ctx.db, input.email)) ? undefined : await hashPassword(newToken());
  let account: PatientAccount | undefined;
  const { id } = await bookWithDoctor(
    ctx,
    doctor,
    slotOf(input.date, input.time),
    {
      title: APPOINTMENT_TYPE_TITLES[input.type],
      priority: 'Medium',
      type: input.type,
      patientAge: input.age,
      status: 'Confirmed',
    },
    async (tx) => {
      account = await findOrCreatePatient(tx.db, input, async () => hash ?? hashPassword(newToken()));
      if (account.created) {
        await audit(tx, {
          action: 'patient.create',
          entityType: 'user',
          entityId: account.id,
          patientId: account.id,
        });
      }
      return account.id;
    },
  );
  const created = account?.created ?? false;
  if (account && created)
    await sendWelcomeLink(
      ctx,
      account,
      `${doctorDisplayName(doctor)} booked an appointment for you at CarePoint and made`,
    );
  return { appointment: await loadDetail(ctx, doctorId, id), patientCreated: created };
}
