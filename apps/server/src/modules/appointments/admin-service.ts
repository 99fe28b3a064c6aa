import {
  type DESK_APPOINTMENT_SORTABLE,
  type DeskAppointment,
  type DeskBooking,
  type deskAppointmentsQuerySchema,
  doctorDisplayName,
  FRONT_DESK_MESSAGES,
  type ReassignAppointment,
  shortTime,
} from '@carepoint/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { appointments, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
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
import { findPatient, fullNameOf } from '../../lib/people';
import { bookAppointmentFor, moveAppointment } from './service';

/**
 * The front desk's appointments (admin only): every appointment, filtered by doctor, patient,
 * status and date on the server; booking for a patient; and reassigning an active appointment
 * to a free start of a doctor under the same locks and rule as every booking. Confirm and
 * cancel go through PATCH /api/appointments/:id/status.
 */

type ListQuery = z.output<typeof deskAppointmentsQuerySchema>;

/** `users` is the patient here (the search and its trigram indexes are on it); the doctor is an alias. */
const doctor = alias(users, 'doctor');

/** The base query of the list and of single reads (lib/list.ts Select). */
const deskRows = (select: Select) =>
  select({
    appointment: appointments,
    patient: { id: users.id, fullName: fullNameOf(), email: users.email },
    doctor: { id: doctor.id, firstName: doctor.firstName, lastName: doctor.lastName },
  })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .innerJoin(doctor, eq(doctor.id, appointments.doctorId));

type Row = RowOf<typeof deskRows>;

const toDesk = ({ appointment: a, patient, doctor: d }: Row): DeskAppointment => ({
  id: a.id,
  date: a.date,
  time: shortTime(a.time),
  startsAt: iso(a.startsAt),
  durationMinutes: a.durationMinutes,
  status: a.status,
  title: a.title,
  priority: a.priority,
  cancelReason: a.cancelReason,
  patient,
  doctor: { id: d.id, name: doctorDisplayName(d) },
});

async function loadDesk(db: Executor, id: string) {
  const [row] = await deskRows(selectOf(db)).where(eq(appointments.id, id)).limit(1);
  if (!row) throw notFound('Appointment');
  return toDesk(row);
}

const SORT: SortColumns<(typeof DESK_APPOINTMENT_SORTABLE)[number]> = {
  startsAt: appointments.startsAt,
  status: [appointments.status, appointments.startsAt],
};

/** GET /api/admin/appointments: one audit row per page, naming the patients it showed. */
export async function listDeskAppointments(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = and(
    query.doctorId ? eq(appointments.doctorId, query.doctorId) : undefined,
    query.patientId ? eq(appointments.patientId, query.patientId) : undefined,
    query.status ? eq(appointments.status, query.status) : undefined,
    query.date ? eq(appointments.date, query.date) : undefined,
    search(query.q, [fullNameOf(), users.email]),
  );
  // Without a sort, by start time in the order asked (ascending by default).
  const byStart = query.order === 'desc' ? desc(appointments.startsAt) : asc(appointments.startsAt);
  const result = await listPage(ctx, query, {
    rows: (select) => deskRows(select).where(where),
    order: orderBy(query, SORT, [byStart], appointments.id),
    count: matchingRows(db)
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .where(where),
    map: toDesk,
  });
  await audit(ctx, {
    action: 'desk.appointment.list',
    entityType: 'appointment',
    details: {
      query,
      appointmentIds: result.data.map((a) => a.id),
      patientIds: [...new Set(result.data.map((a) => a.patient.id))],
    },
  });
  return result;
}

/** POST /api/admin/appointments: the patient's own booking rules, made at the desk for them. */
export async function bookForPatient(ctx: ServiceContext, input: DeskBooking) {
  if (!(await findPatient(ctx.db, input.patientId))) {
    throw badRequest(FRONT_DESK_MESSAGES.patientRequired, 'patientId');
  }
  const booked = await bookAppointmentFor(ctx, input.patientId, input);
  return loadDesk(ctx.db, booked.id);
}

/**
 * POST /api/admin/appointments/:id/reassign: moves an active appointment to a free start of a
 * doctor (the same or another), by the one move of every path (service.ts moveAppointment).
 */
export async function reassignAppointment(ctx: ServiceContext, id: string, input: ReassignAppointment) {
  await moveAppointment(ctx, id, input);
  return loadDesk(ctx.db, id);
}
