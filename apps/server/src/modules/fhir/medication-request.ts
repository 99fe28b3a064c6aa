import {
  allergyOverrideNote,
  durationLabel,
  findAllergyConflicts,
  formatInstant,
  ICD10CM_FHIR_SYSTEM,
  type MedicineInterval,
  type MedicineTime,
} from '@carepoint/contract';
import type { Annotation, Dosage, MedicationRequest, TimingRepeat } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prescriptionMedicines, prescriptions, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import {
  countInpatientOrders,
  INPATIENT_CURSOR,
  inpatientOrderConditions,
  inpatientOrderPage,
  inpatientOrdersOf,
  readInpatientOrder,
} from './inpatient-orders';
import { doseQuantity, MEDICATION_REQUEST_STATUS_SYSTEM, UCUM } from './medication-codes';
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
 * Each medicine line of a prescription as a MedicationRequest (the line's id is the resource's),
 * and after them the inpatient medication orders (inpatient-orders.ts),
 * grouped by the prescription. Ours are chosen from short lists (interval, before/after meal,
 * duration), so the timing is structured as well as printed; the dose is free text, structured
 * only when it reads as an amount with a unit we can code.
 */

/** An identifier that is a URI: our prescription's id as a urn:uuid (no code system of ours to invent). */
const URI_SYSTEM = 'urn:ietf:rfc:3986';

/**
 * Our status is the doctor's toggle: on is a prescription to be acted on; off is one the doctor
 * turned off, not to be acted on any more (whether the course ended or was cut short is not
 * recorded; "stopped" does not claim it was finished).
 */
const statusCode = sql<string>`(case when ${prescriptions.status} then 'active' else 'stopped' end)`;
const toStatus = (active: boolean): MedicationRequest['status'] => (active ? 'active' : 'stopped');

type EventTiming = NonNullable<TimingRepeat['when']>[number];
type Schedule = Pick<TimingRepeat, 'frequency' | 'period' | 'periodUnit'> & {
  /** The meal time as FHIR's event timing (ACM: before breakfast, PCV: after dinner…). */
  when?: Record<MedicineTime, EventTiming[]>;
};
const daily = (frequency: number): Schedule => ({ frequency, period: 1, periodUnit: 'd' });
const everyHours = (period: number): Schedule => ({ frequency: 1, period, periodUnit: 'h' });
/**
 * Each interval as FHIR's repeat: "frequency times per period" (three times daily 3 per 1 d,
 * every 8 hours 1 per 8 h). The meal goes into `when` where the doses fall at meals: morning
 * and evening at breakfast and dinner, three a day at the three meals (AC/PC), a dose taken as
 * needed before or after whichever meal. Four a day (the fourth at bedtime) and by-the-clock
 * doses do not follow the meals, so `when` would misstate them; their meal time stays in the
 * dosage text.
 */
const SCHEDULES: Record<MedicineInterval, Schedule> = {
  'Daily morning': { ...daily(1), when: { 'Before Meal': ['ACM'], 'After Meal': ['PCM'] } },
  'Daily evening': { ...daily(1), when: { 'Before Meal': ['ACV'], 'After Meal': ['PCV'] } },
  'Morning and evening': {
    ...daily(2),
    when: { 'Before Meal': ['ACM', 'ACV'], 'After Meal': ['PCM', 'PCV'] },
  },
  // As needed: no times a day, only the course's length and the meal it goes with.
  'As needed': { when: { 'Before Meal': ['AC'], 'After Meal': ['PC'] } },
  'Three times daily': { ...daily(3), when: { 'Before Meal': ['AC'], 'After Meal': ['PC'] } },
  'Four times daily': daily(4),
  'Every 6 hours': everyHours(6),
  'Every 8 hours': everyHours(8),
  'Every 12 hours': everyHours(12),
};

/**
 * Newest prescription first, its lines in the order written. "desc nulls last" is how the
 * prescriptions' created indexes are built: plain "desc" (nulls first) would not walk them and
 * would sort every line of the clinic for each page.
 */
const NEWEST_FIRST: SortKey[] = [
  { expression: prescriptions.createdAt, descending: true, nulls: 'last', cast: 'timestamptz' },
  { expression: prescriptions.id, cast: 'uuid' },
  { expression: prescriptionMedicines.position, cast: 'integer' },
];
const ORDER = orderByKeys(NEWEST_FIRST);

const columns = {
  id: prescriptionMedicines.id,
  name: prescriptionMedicines.name,
  dosage: prescriptionMedicines.dosage,
  durationDays: prescriptionMedicines.durationDays,
  time: prescriptionMedicines.time,
  interval: prescriptionMedicines.interval,
  comment: prescriptionMedicines.comment,
  prescriptionId: prescriptions.id,
  patientId: prescriptions.patientId,
  doctorId: prescriptions.doctorId,
  status: prescriptions.status,
  createdAt: prescriptions.createdAt,
  prescriptionUpdatedAt: prescriptions.updatedAt,
  problemDescription: prescriptions.problemDescription,
  diagnosisCode: prescriptions.diagnosisCode,
  diagnosisTitle: prescriptions.diagnosisTitle,
  advice: prescriptions.advice,
  acknowledgedAllergies: prescriptions.acknowledgedAllergies,
  allergiesAcknowledgedAt: prescriptions.allergiesAcknowledgedAt,
  doctorName: fullNameOf(users),
  key: sortKeyColumn(NEWEST_FIRST),
  updatedAt: sql<Date>`greatest(${prescriptions.updatedAt}, ${prescriptionMedicines.updatedAt})`.mapWith(
    prescriptions.updatedAt,
  ),
};
type LineRow = Awaited<ReturnType<ReturnType<typeof lines>['execute']>>[number];

/** The line's columns as the prescription prints them (dosage, duration, time, interval, comment). */
function dosageOf(row: LineRow): Dosage {
  const { when, ...schedule } = SCHEDULES[row.interval];
  const days = row.durationDays;
  const dose = doseQuantity(row.dosage);
  const asNeeded = row.interval === 'As needed';
  return {
    text: [row.dosage, durationLabel(days), row.time, row.interval, row.comment].filter(Boolean).join(', '),
    timing: {
      repeat: {
        boundsDuration: { value: days, unit: days === 1 ? 'day' : 'days', system: UCUM, code: 'd' },
        ...schedule,
        ...(when ? { when: when[row.time] } : {}),
      },
    },
    ...(asNeeded ? { asNeededBoolean: true } : {}),
    ...(dose ? { doseAndRate: [{ doseQuantity: dose }] } : {}),
  };
}

/**
 * The allergy override the prescriber confirmed for this line (the same sentence as the printed
 * prescription's, with who and when), and the prescription's advice.
 */
function notesOf(row: LineRow, timeZone: string): Annotation[] {
  const notes: Annotation[] = [];
  const [conflict] = findAllergyConflicts([{ name: row.name }], row.acknowledgedAllergies);
  const at = row.allergiesAcknowledgedAt ?? row.prescriptionUpdatedAt;
  if (conflict) {
    notes.push({
      authorReference: { reference: `Practitioner/${row.doctorId}`, display: `Dr ${row.doctorName}` },
      time: fhirDateTime(at, timeZone),
      text: allergyOverrideNote([conflict.allergy], `Dr ${row.doctorName}`, formatInstant(at, timeZone)),
    });
  }
  if (row.advice) notes.push({ text: `Advice: ${row.advice}` });
  return notes;
}

/**
 * Why it was prescribed: the visit's ICD-10-CM diagnosis as a coding (the title it had when
 * chosen as its display) and the doctor's own wording as the text; either may be missing.
 */
function reasonOf(row: LineRow): Pick<MedicationRequest, 'reasonCode'> {
  const coding =
    row.diagnosisCode && row.diagnosisTitle
      ? [{ system: ICD10CM_FHIR_SYSTEM, code: row.diagnosisCode, display: row.diagnosisTitle }]
      : undefined;
  const text = row.problemDescription ?? undefined;
  if (!coding && !text) return {};
  return { reasonCode: [{ ...(coding ? { coding } : {}), ...(text ? { text } : {}) }] };
}

function toMedicationRequest(row: LineRow, timeZone: string): MedicationRequest {
  const notes = notesOf(row, timeZone);
  return {
    resourceType: 'MedicationRequest',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    groupIdentifier: { system: URI_SYSTEM, value: `urn:uuid:${row.prescriptionId}` },
    status: toStatus(row.status),
    intent: 'order',
    medicationCodeableConcept: { text: row.name },
    subject: { reference: `Patient/${row.patientId}` },
    authoredOn: fhirDateTime(row.createdAt, timeZone),
    requester: { reference: `Practitioner/${row.doctorId}` },
    ...reasonOf(row),
    ...(notes.length > 0 ? { note: notes } : {}),
    dosageInstruction: [dosageOf(row)],
  };
}

function lines(db: Executor) {
  return db
    .select(columns)
    .from(prescriptionMedicines)
    .innerJoin(prescriptions, eq(prescriptions.id, prescriptionMedicines.prescriptionId))
    .innerJoin(users, eq(users.id, prescriptions.doctorId));
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(prescriptions.patientId, fhir.patientScope);

export const medicationRequests: FhirResourceType<MedicationRequest> = {
  type: 'MedicationRequest',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/{id})' },
    {
      // R4's name for authoredOn (its `date` is the dosage's timing, which we do not search).
      name: 'authoredon',
      type: 'date',
      documentation: 'When the prescription was written (authoredOn); eq, gt, lt, ge, le',
    },
    {
      name: 'status',
      type: 'token',
      documentation: `${MEDICATION_REQUEST_STATUS_SYSTEM}: active (status on) or stopped (status off)`,
    },
    { name: 'requester', type: 'reference', documentation: 'The prescribing doctor (Practitioner/{id})' },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await lines(fhir.ctx.db).where(and(eq(prescriptionMedicines.id, id), inScope(fhir)));
    return row ? toMedicationRequest(row, fhir.timeZone) : readInpatientOrder(fhir, id);
  },

  async search(fhir, search) {
    const db = fhir.ctx.db;
    const where = and(
      inScope(fhir),
      idsMatch(prescriptionMedicines.id, search.ids()),
      lastUpdatedMatches(columns.updatedAt, search),
      referenceMatches(prescriptions.patientId, search.references('patient'), 'Patient'),
      referenceMatches(prescriptions.doctorId, search.references('requester'), 'Practitioner'),
      instantMatches(prescriptions.createdAt, search.dates('authoredon')),
      tokenMatches(statusCode, search.tokens('status'), MEDICATION_REQUEST_STATUS_SYSTEM),
    );
    const orders = inpatientOrderConditions(fhir, search);
    const countLines = async () =>
      (
        await db
          .select({ n: count() })
          .from(prescriptionMedicines)
          .innerJoin(prescriptions, eq(prescriptions.id, prescriptionMedicines.prescriptionId))
          .where(where)
      )[0]?.n ?? 0;
    return pagedSearch(
      search,
      // The prescription lines first, then the inpatient orders: a cursor of the orders' says so.
      async (limit, offset, after) => {
        if (after?.[0] === INPATIENT_CURSOR)
          return inpatientOrderPage(fhir, orders, limit, 0, after.slice(1));
        const keyed = (
          await lines(db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .orderBy(...ORDER)
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toMedicationRequest(row, fhir.timeZone), key: row.key }));
        if (keyed.length >= limit) return keyed;
        // An offset past every line goes on into the orders.
        const skip = keyed.length === 0 && offset > 0 ? Math.max(0, offset - (await countLines())) : 0;
        return [...keyed, ...(await inpatientOrderPage(fhir, orders, limit - keyed.length, skip, undefined))];
      },
      async () => (await countLines()) + (await countInpatientOrders(fhir, orders)),
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await lines(fhir.ctx.db)
      .where(and(eq(prescriptions.patientId, patientId), inScope(fhir)))
      .orderBy(...ORDER);
    return [
      ...rows.map((row) => toMedicationRequest(row, fhir.timeZone)),
      ...(await inpatientOrdersOf(fhir, patientId)),
    ];
  },
};
