import type { AppointmentPriority, AppointmentStatus, AppointmentType } from '@carepoint/contract';
import type { Appointment, AppointmentParticipant, CodeableConcept } from '@medplum/fhirtypes';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointmentStatusEvents, appointments } from '../../db/schema';
import { codedTokenMatches } from './coded-token';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { ParsedSearch } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, instantMatches, isUuid, lastUpdatedMatches, referenceMatches } from './search-sql';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

const APPOINTMENT_STATUS_SYSTEM = 'http://hl7.org/fhir/appointmentstatus';
const APPOINTMENT_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0276';

/**
 * Our statuses as FHIR's (http://hl7.org/fhir/R4/valueset-appointmentstatus.html). Pending is a
 * booked slot the doctor has not accepted yet: `pending` ("some participants have not finalised
 * their acceptance"), not `proposed` (whose time may not even be set).
 */
const APPOINTMENT_STATUS_CODES: Record<AppointmentStatus, Appointment['status']> = {
  Pending: 'pending',
  Confirmed: 'booked',
  Completed: 'fulfilled',
  Cancelled: 'cancelled',
};

/**
 * Appointment.priority is an unsignedInt on iCalendar's scale (RFC 5545: 1 highest, 9 lowest;
 * 1-4 high, 5 medium, 6-9 low; 0 undefined).
 */
const PRIORITY_NUMBERS: Record<AppointmentPriority, number> = { Urgent: 1, High: 3, Medium: 5, Low: 9 };

/** A check-up is v2-0276's CHECKUP; that table has no surgery, so it is text only. */
const APPOINTMENT_TYPES: Record<AppointmentType, CodeableConcept> = {
  checkup: {
    coding: [
      {
        system: APPOINTMENT_TYPE_SYSTEM,
        code: 'CHECKUP',
        display: 'A routine check-up, such as an annual physical',
      },
    ],
    text: 'Check-up',
  },
  surgery: { text: 'Surgery' },
};

/** Appointments in order of their start, then id (the keyset of their pages, cursor.ts). */
const BY_START: SortKey[] = [
  { expression: appointments.startsAt, cast: 'timestamptz' },
  { expression: appointments.id, cast: 'uuid' },
];
const byStart = orderByKeys(BY_START);

const columns = {
  id: appointments.id,
  patientId: appointments.patientId,
  doctorId: appointments.doctorId,
  title: appointments.title,
  priority: appointments.priority,
  type: appointments.type,
  notes: appointments.notes,
  startsAt: appointments.startsAt,
  durationMinutes: appointments.durationMinutes,
  status: appointments.status,
  cancelReason: appointments.cancelReason,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  key: sortKeyColumn(BY_START),
  // The cancellation step of the status history (at most one: Cancelled is final), for who declined.
  cancelledBy: appointmentStatusEvents.actorId,
  cancelledFrom: appointmentStatusEvents.fromStatus,
};

/** Appointments with their cancellation step, under `where`. */
const selectAppointments = (db: Executor, where: SQL | undefined) =>
  db
    .select(columns)
    .from(appointments)
    .leftJoin(
      appointmentStatusEvents,
      and(
        eq(appointmentStatusEvents.appointmentId, appointments.id),
        eq(appointmentStatusEvents.toStatus, 'Cancelled'),
      ),
    )
    .where(where);
type AppointmentRow = Awaited<ReturnType<typeof selectAppointments>>[number];

/**
 * Each participant's answer, from our status and its history: the patient accepted by booking,
 * the doctor by confirming; whoever cancelled declined (an admin's cancellation declines for
 * neither), and the doctor of an appointment cancelled before confirming never answered.
 */
type Answer = AppointmentParticipant['status'];
function participantStatuses(row: AppointmentRow): { patient: Answer; doctor: Answer } {
  if (row.status !== 'Cancelled') {
    return { patient: 'accepted', doctor: row.status === 'Pending' ? 'needs-action' : 'accepted' };
  }
  const doctorAnswer = row.cancelledFrom === 'Confirmed' ? 'accepted' : 'needs-action';
  return {
    patient: row.cancelledBy === row.patientId ? 'declined' : 'accepted',
    doctor: row.cancelledBy === row.doctorId ? 'declined' : doctorAnswer,
  };
}

export const appointmentEnd = (row: { startsAt: Date; durationMinutes: number }) =>
  new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);

function toAppointment(row: AppointmentRow, timeZone: string): Appointment {
  const answers = participantStatuses(row);
  return {
    resourceType: 'Appointment',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    status: APPOINTMENT_STATUS_CODES[row.status],
    ...(row.status === 'Cancelled' && row.cancelReason
      ? { cancelationReason: { text: row.cancelReason } }
      : {}),
    appointmentType: APPOINTMENT_TYPES[row.type],
    priority: PRIORITY_NUMBERS[row.priority],
    description: row.title,
    start: fhirDateTime(row.startsAt, timeZone),
    end: fhirDateTime(appointmentEnd(row), timeZone),
    minutesDuration: row.durationMinutes,
    created: fhirDateTime(row.createdAt, timeZone),
    ...(row.notes ? { comment: row.notes } : {}),
    participant: [
      { actor: { reference: `Patient/${row.patientId}` }, required: 'required', status: answers.patient },
      { actor: { reference: `Practitioner/${row.doctorId}` }, required: 'required', status: answers.doctor },
    ],
  };
}

/** A patient caller sees only their own appointments (in SQL, so totals and pages count only those). */
const inScope = ({ patientScope }: FhirContext) =>
  patientScope === undefined ? undefined : eq(appointments.patientId, patientScope);

const searchConditions = (fhir: FhirContext, search: ParsedSearch) =>
  and(
    inScope(fhir),
    idsMatch(appointments.id, search.ids()),
    lastUpdatedMatches(appointments.updatedAt, search),
    referenceMatches(appointments.patientId, search.references('patient'), 'Patient'),
    referenceMatches(appointments.doctorId, search.references('practitioner'), 'Practitioner'),
    instantMatches(appointments.startsAt, search.dates('date')),
    codedTokenMatches(
      appointments.status,
      search.tokens('status'),
      APPOINTMENT_STATUS_SYSTEM,
      APPOINTMENT_STATUS_CODES,
    ),
  );

export const appointmentResources: FhirResourceType<Appointment> = {
  type: 'Appointment',
  searchParams: [
    {
      name: 'patient',
      type: 'reference',
      documentation: 'The patient who booked or was booked (Patient/<id>)',
    },
    { name: 'practitioner', type: 'reference', documentation: 'The doctor seen (Practitioner/<id>)' },
    {
      name: 'date',
      type: 'date',
      documentation: 'The start (eq, gt, lt, ge, le; a value without offset is facility time)',
    },
    {
      name: 'status',
      type: 'token',
      documentation: 'pending, booked, fulfilled or cancelled (http://hl7.org/fhir/appointmentstatus)',
    },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await selectAppointments(fhir.ctx.db, and(eq(appointments.id, id), inScope(fhir)));
    return row ? toAppointment(row, fhir.timeZone) : undefined;
  },

  async search(fhir, search) {
    const where = searchConditions(fhir, search);
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await selectAppointments(fhir.ctx.db, and(where, afterCursor(BY_START, after)))
            .orderBy(...byStart)
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toAppointment(row, fhir.timeZone), key: row.key })),
      async () => (await fhir.ctx.db.select({ n: count() }).from(appointments).where(where))[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await selectAppointments(
      fhir.ctx.db,
      and(eq(appointments.patientId, patientId), inScope(fhir)),
    ).orderBy(...byStart);
    return rows.map((row) => toAppointment(row, fhir.timeZone));
  },
};
