import { type RecordAccess, type recordAccessQuerySchema, STAFF_ROLES } from '@carepoint/contract';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { auditEvents, users } from '../../db/schema';
import { readRecordsWritten } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { signedIn } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy } from '../../lib/list';
import { fullNameOf } from '../../lib/people';

/*
 * "Who opened my record": the audit rows about the signed-in patient written by staff, in words a
 * patient reads. The audit trail names actions (chart.read, fhir.read…); this turns each into what
 * was opened or changed and the screen or app it came from.
 */

type RecordAccessQuery = z.output<typeof recordAccessQuerySchema>;

/** An action's subject (by prefix, most specific first): what it is, and the screen or app it comes from. */
const SUBJECTS: ReadonlyArray<readonly [prefix: string, what: string, where: string]> = [
  ['chart.reports.', 'the reports in your chart', 'Patient chart (doctor)'],
  ['chart.', 'your chart', 'Patient chart (doctor)'],
  ['prescription.', 'a prescription', 'Prescriptions'],
  ['report.attachment.', 'a file attached to a report', 'Reports'],
  ['report.', 'a report', 'Reports'],
  ['diagnosis.', 'a diagnosis test', 'Diagnosis'],
  ['triage.', 'a triage assessment', 'Triage'],
  ['doctor.appointment.', 'an appointment', 'Appointments (doctor)'],
  ['appointment.', 'an appointment', 'Appointments'],
  ['patient.summary.', 'your summary', 'Appointments'],
  ['patient.', 'your patient record', 'Patients (front desk)'],
  ['doctor.invoice.', 'an invoice', 'Transactions (doctor)'],
  ['admin.invoice.', 'an invoice', 'Transactions (front desk)'],
  ['er.', 'your emergency room entry', 'Emergency Room'],
  ['queue.', 'your queue entry', 'Queues'],
  ['schedule.', 'your appointment times', 'Schedules'],
  ['lab-specimen.', 'a lab specimen of yours', 'Laboratory'],
  ['lab-order', 'your lab tests', 'Laboratory'],
  ['lab.', 'your lab results', 'Laboratory'],
  ['dispensing.', 'your prescription at the pharmacy', 'Pharmacy'],
];

/** The last part of an action, in words; any other is a change. */
const VERBS: Record<string, string> = {
  read: 'Opened',
  list: 'Opened',
  search: 'Opened',
  everything: 'Opened',
  view: 'Opened',
  download: 'Opened',
  billable: 'Opened',
  export: 'Opened',
  worklist: 'Opened',
  recollections: 'Opened',
  label: 'Opened',
  queue: 'Opened',
  dispense: 'Dispensed',
  create: 'Added',
  add: 'Added',
  upload: 'Added',
  delete: 'Removed',
  remove: 'Removed',
};

/** What an audit action did, in words: "Opened your chart", "Changed a prescription", "FHIR read: Observation". */
function describeAccess(action: string, entityType: string | null) {
  // FHIR answers only reads: an app (a patient portal, another system) read the record.
  if (action.startsWith('fhir.')) {
    return { what: `FHIR read${entityType ? `: ${entityType}` : ''}`, where: 'An app (FHIR API)' };
  }
  const verb = VERBS[action.split('.').at(-1) ?? ''] ?? 'Changed';
  const subject = SUBJECTS.find(([prefix]) => action.startsWith(prefix));
  return {
    what: `${verb} ${subject?.[1] ?? 'your record'}`,
    where: subject?.[2] ?? 'CarePoint',
  };
}

/** Accounts whose reads are shown: staff (STAFF_ROLES). A patient's own reads are left out. */
const ROLE_WORDS: Record<(typeof STAFF_ROLES)[number], string> = {
  doctor: 'Doctor',
  admin: 'Front desk / admin',
  nurse: 'Nurse',
  lab: 'Laboratory scientist',
  pharmacist: 'Pharmacist',
  cashier: 'Cashier',
};

/** The signed-in patient's record accesses by staff, newest first, a page at a time. */
export async function listRecordAccess(ctx: ServiceContext, query: RecordAccessQuery) {
  await readRecordsWritten(ctx.db);
  const me = signedIn(ctx.actor);
  const where = and(
    eq(auditEvents.patientId, me.id),
    ne(auditEvents.actorId, me.id),
    inArray(auditEvents.actorRole, STAFF_ROLES),
  );
  return listPage(ctx, query, {
    rows: (select) =>
      select({
        id: auditEvents.id,
        at: auditEvents.at,
        action: auditEvents.action,
        entityType: auditEvents.entityType,
        actorRole: auditEvents.actorRole,
        actorEmail: auditEvents.actorEmail,
        name: fullNameOf(),
      })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(where),
    order: orderBy({ ...query, sort: 'at' }, { at: auditEvents.at }, [desc(auditEvents.at)], auditEvents.id),
    count: matchingRows(ctx.db).from(auditEvents).where(where),
    map: (row): RecordAccess => ({
      id: row.id,
      at: iso(row.at),
      who: row.name ?? row.actorEmail ?? 'A staff member',
      role: ROLE_WORDS[row.actorRole as keyof typeof ROLE_WORDS] ?? 'Staff',
      ...describeAccess(row.action, row.entityType),
    }),
  });
}
