import type { MedicationAdministration } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { medicationAdministrations, medicationOrders, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { doseQuantity } from './medication-codes';
import { pagedSearch } from './paging';
import type { FhirContext, FhirResourceType } from './resource-type';
import {
  idsMatch,
  instantMatches,
  isUuid,
  lastUpdatedMatches,
  referenceMatches,
  tokenMatches,
} from './search-sql';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

/*
 * Each dose a nurse recorded (modules/medication-round) as a MedicationAdministration: completed
 * when given (its time), not-done otherwise with our outcome and the nurse's reason as the
 * statusReason (R4 binds it to an example value set, whose four codes do not say held, refused
 * or not available), the nurse as performer and a controlled medicine's second nurse as witness,
 * the order as the request, the stay as the context.
 */

const STATUS_SYSTEM = 'http://terminology.hl7.org/CodeSystem/medication-admin-status';
const PERFORM_FUNCTION = 'http://terminology.hl7.org/CodeSystem/med-admin-perform-function';
const performer = (code: 'performer' | 'witness', display: string, name: string) => ({
  function: { coding: [{ system: PERFORM_FUNCTION, code, display }] },
  // Nurses are not served as Practitioner resources (only doctors are): named, not referenced.
  actor: { display: name },
});

const statusCode = sql<string>`(case when ${medicationAdministrations.outcome} = 'Given' then 'completed' else 'not-done' end)`;

const NEWEST_FIRST: SortKey[] = [
  { expression: medicationAdministrations.recordedAt, descending: true, cast: 'timestamptz' },
  { expression: medicationAdministrations.id, cast: 'uuid' },
];

const nurse = alias(users, 'nurse');
const witness = alias(users, 'witness');
const columns = {
  row: medicationAdministrations,
  patientId: medicationOrders.patientId,
  stayId: medicationOrders.stayId,
  medicine: medicationOrders.medicine,
  dose: medicationOrders.dose,
  route: medicationOrders.route,
  nurseName: fullNameOf(nurse),
  witnessName: fullNameOf(witness),
  key: sortKeyColumn(NEWEST_FIRST),
};
const doses = (db: Executor) =>
  db
    .select(columns)
    .from(medicationAdministrations)
    .innerJoin(medicationOrders, eq(medicationOrders.id, medicationAdministrations.orderId))
    .innerJoin(nurse, eq(nurse.id, medicationAdministrations.recordedBy))
    .leftJoin(witness, eq(witness.id, medicationAdministrations.witnessId));
type DoseRow = Awaited<ReturnType<ReturnType<typeof doses>['execute']>>[number];

function toAdministration(r: DoseRow, timeZone: string): MedicationAdministration {
  const { row } = r;
  const given = row.outcome === 'Given';
  const dose = doseQuantity(r.dose);
  return {
    resourceType: 'MedicationAdministration',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    status: given ? 'completed' : 'not-done',
    ...(given
      ? {}
      : { statusReason: [{ text: row.reason ? `${row.outcome}: ${row.reason}` : row.outcome }] }),
    medicationCodeableConcept: { text: r.medicine },
    subject: { reference: `Patient/${r.patientId}` },
    context: { reference: `Encounter/${r.stayId}` },
    // When it was given; a dose not given, when that was recorded.
    effectiveDateTime: fhirDateTime(row.givenAt ?? row.recordedAt, timeZone),
    performer: [
      performer('performer', 'Performer', r.nurseName),
      ...(row.witnessId && r.witnessName ? [performer('witness', 'Witness', r.witnessName)] : []),
    ],
    request: { reference: `MedicationRequest/${row.orderId}` },
    ...(given && row.reason ? { note: [{ text: row.reason }] } : {}),
    dosage: {
      text: `${r.dose}, ${r.route.toLowerCase()}`,
      route: { text: r.route },
      ...(dose ? { dose } : {}),
    },
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(medicationOrders.patientId, fhir.patientScope);

export const medicationAdministrationsType: FhirResourceType<MedicationAdministration> = {
  type: 'MedicationAdministration',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/{id})' },
    {
      name: 'effective-time',
      type: 'date',
      documentation: 'When the dose was given, or recorded as not given (eq, gt, lt, ge, le)',
    },
    { name: 'status', type: 'token', documentation: `${STATUS_SYSTEM}: completed or not-done` },
    { name: 'request', type: 'reference', documentation: 'The order (MedicationRequest/{id})' },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await doses(fhir.ctx.db).where(and(eq(medicationAdministrations.id, id), inScope(fhir)));
    return row ? toAdministration(row, fhir.timeZone) : undefined;
  },

  async search(fhir, search) {
    const db = fhir.ctx.db;
    const where = and(
      inScope(fhir),
      idsMatch(medicationAdministrations.id, search.ids()),
      lastUpdatedMatches(medicationAdministrations.updatedAt, search),
      referenceMatches(medicationOrders.patientId, search.references('patient'), 'Patient'),
      referenceMatches(medicationAdministrations.orderId, search.references('request'), 'MedicationRequest'),
      instantMatches(
        sql`coalesce(${medicationAdministrations.givenAt}, ${medicationAdministrations.recordedAt})`,
        search.dates('effective-time'),
      ),
      tokenMatches(statusCode, search.tokens('status'), STATUS_SYSTEM),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await doses(db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .orderBy(...orderByKeys(NEWEST_FIRST))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toAdministration(row, fhir.timeZone), key: row.key })),
      async () =>
        (
          await db
            .select({ n: count() })
            .from(medicationAdministrations)
            .innerJoin(medicationOrders, eq(medicationOrders.id, medicationAdministrations.orderId))
            .where(where)
        )[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await doses(fhir.ctx.db)
      .where(and(eq(medicationOrders.patientId, patientId), inScope(fhir)))
      .orderBy(...orderByKeys(NEWEST_FIRST));
    return rows.map((row) => toAdministration(row, fhir.timeZone));
  },
};
