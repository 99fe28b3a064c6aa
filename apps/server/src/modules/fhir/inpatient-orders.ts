import { allergyOverrideNote, findAllergyConflicts, formatInstant, scheduleText } from '@carepoint/contract';
import type { Annotation, Dosage, MedicationRequest } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { medicationOrders, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { afterCursor, type Cursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { doseQuantity, MEDICATION_REQUEST_STATUS_SYSTEM, UCUM } from './medication-codes';
import type { Keyed } from './paging';
import type { ParsedSearch } from './params';
import type { FhirContext } from './resource-type';
import { idsMatch, instantMatches, lastUpdatedMatches, referenceMatches, tokenMatches } from './search-sql';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

/*
 * A doctor's inpatient medication order (modules/medication-round) as a MedicationRequest of
 * category inpatient, beside the prescription lines of medication-request.ts: the same type,
 * searched one after the other (lines first). Its timing is structured: times of day, or every
 * N hours from the start, or as needed with its minimum interval and its most doses a day.
 */

/** HL7's MedicationRequest category codes (terminology.hl7.org, R4's binding). */
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/medicationrequest-category';
const INPATIENT = [{ coding: [{ system: CATEGORY_SYSTEM, code: 'inpatient', display: 'Inpatient' }] }];

/** The first value of an inpatient order's cursor, so a `next` link says which of the two it continues. */
export const INPATIENT_CURSOR = 'inpatient';

/** Stopped when stopped; completed once its stop time has passed; otherwise active. */
const statusCode = sql<string>`(case when ${medicationOrders.stoppedAt} is not null then 'stopped'
  when ${medicationOrders.endsAt} is not null and ${medicationOrders.endsAt} <= now() then 'completed' else 'active' end)`;

const NEWEST_FIRST: SortKey[] = [
  { expression: medicationOrders.createdAt, descending: true, cast: 'timestamptz' },
  { expression: medicationOrders.id, cast: 'uuid' },
];

const columns = {
  row: medicationOrders,
  status: statusCode,
  doctorName: fullNameOf(users),
  key: sortKeyColumn(NEWEST_FIRST),
};
const orders = (db: Executor) =>
  db.select(columns).from(medicationOrders).innerJoin(users, eq(users.id, medicationOrders.doctorId));
type OrderRow = Awaited<ReturnType<ReturnType<typeof orders>['execute']>>[number];

function dosageOf({ row }: OrderRow, timeZone: string): Dosage {
  const bounds = {
    boundsPeriod: {
      start: fhirDateTime(row.startsAt, timeZone),
      ...(row.endsAt ? { end: fhirDateTime(row.endsAt, timeZone) } : {}),
    },
  };
  const repeat =
    row.kind === 'times'
      ? {
          ...bounds,
          frequency: row.times.length,
          period: 1,
          periodUnit: 'd' as const,
          timeOfDay: row.times.map((t) => `${t}:00`),
        }
      : row.kind === 'interval'
        ? { ...bounds, frequency: 1, period: row.everyHours ?? 1, periodUnit: 'h' as const }
        : { ...bounds, frequency: 1, period: row.minIntervalHours ?? 1, periodUnit: 'h' as const };
  const dose = doseQuantity(row.dose);
  return {
    text: `${row.dose}, ${row.route.toLowerCase()}, ${scheduleText(row, timeZone).toLowerCase()}`,
    timing: { repeat },
    route: { text: row.route },
    ...(row.kind === 'prn'
      ? {
          asNeededBoolean: true,
          maxDosePerPeriod: {
            numerator: { value: row.maxPerDay ?? 1, unit: 'dose' },
            denominator: { value: 24, unit: 'h', system: UCUM, code: 'h' },
          },
        }
      : {}),
    ...(dose ? { doseAndRate: [{ doseQuantity: dose }] } : {}),
  };
}

function notesOf({ row, doctorName }: OrderRow, timeZone: string): Annotation[] {
  const notes: Annotation[] = [];
  const [conflict] = findAllergyConflicts([{ name: row.medicine }], row.acknowledgedAllergies);
  if (conflict) {
    const by = `Dr ${doctorName}`;
    notes.push({
      authorReference: { reference: `Practitioner/${row.doctorId}`, display: by },
      time: fhirDateTime(row.createdAt, timeZone),
      text: allergyOverrideNote([conflict.allergy], by, formatInstant(row.createdAt, timeZone)),
    });
  }
  if (row.stoppedAt && row.stopReason)
    notes.push({ time: fhirDateTime(row.stoppedAt, timeZone), text: `Stopped: ${row.stopReason}` });
  return notes;
}

function toMedicationRequest(r: OrderRow, timeZone: string): MedicationRequest {
  const { row } = r;
  const notes = notesOf(r, timeZone);
  return {
    resourceType: 'MedicationRequest',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    status: r.status as MedicationRequest['status'],
    intent: 'order',
    category: INPATIENT,
    // A formulary medicine is the Medication resource it is; one written outside it, its words.
    ...(row.medicineId
      ? { medicationReference: { reference: `Medication/${row.medicineId}`, display: row.medicine } }
      : { medicationCodeableConcept: { text: row.medicine } }),
    subject: { reference: `Patient/${row.patientId}` },
    encounter: { reference: `Encounter/${row.stayId}` },
    authoredOn: fhirDateTime(row.createdAt, timeZone),
    requester: { reference: `Practitioner/${row.doctorId}` },
    ...(notes.length > 0 ? { note: notes } : {}),
    dosageInstruction: [dosageOf(r, timeZone)],
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(medicationOrders.patientId, fhir.patientScope);

/** The conditions of a MedicationRequest search on the orders. */
export function inpatientOrderConditions(fhir: FhirContext, search: ParsedSearch) {
  return and(
    inScope(fhir),
    idsMatch(medicationOrders.id, search.ids()),
    lastUpdatedMatches(medicationOrders.updatedAt, search),
    referenceMatches(medicationOrders.patientId, search.references('patient'), 'Patient'),
    referenceMatches(medicationOrders.doctorId, search.references('requester'), 'Practitioner'),
    instantMatches(medicationOrders.createdAt, search.dates('authoredon')),
    tokenMatches(statusCode, search.tokens('status'), MEDICATION_REQUEST_STATUS_SYSTEM),
  );
}

export async function inpatientOrderPage(
  fhir: FhirContext,
  where: SQL | undefined,
  limit: number,
  offset: number,
  after: Cursor | undefined,
): Promise<Keyed<MedicationRequest>[]> {
  if (limit <= 0) return [];
  const rows = await orders(fhir.ctx.db)
    .where(and(where, afterCursor(NEWEST_FIRST, after)))
    .orderBy(...orderByKeys(NEWEST_FIRST))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    resource: toMedicationRequest(row, fhir.timeZone),
    key: [INPATIENT_CURSOR, ...row.key],
  }));
}

export async function countInpatientOrders(fhir: FhirContext, where: SQL | undefined) {
  const [row] = await fhir.ctx.db.select({ n: count() }).from(medicationOrders).where(where);
  return row?.n ?? 0;
}

export async function readInpatientOrder(fhir: FhirContext, id: string) {
  const [row] = await orders(fhir.ctx.db).where(and(eq(medicationOrders.id, id), inScope(fhir)));
  return row ? toMedicationRequest(row, fhir.timeZone) : undefined;
}

export async function inpatientOrdersOf(fhir: FhirContext, patientId: string) {
  const rows = await orders(fhir.ctx.db)
    .where(and(eq(medicationOrders.patientId, patientId), inScope(fhir)))
    .orderBy(...orderByKeys(NEWEST_FIRST));
  return rows.map((row) => toMedicationRequest(row, fhir.timeZone));
}
