import type { Annotation, MedicationDispense } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dispenseItems, dispenseLines, dispenses, medicines, stockBatches, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { medicineName } from './medication';
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
 * Each item the pharmacy handed over (dispense_items: a quantity of one batch for one prescription
 * line) as a MedicationDispense (https://hl7.org/fhir/R4/medicationdispense.html): the formulary
 * Medication given, the prescription line's MedicationRequest that authorised it, how many
 * dispensing units, when and by which pharmacist. An item is handed over when it is written and
 * never changed, so every one is `completed` and its version is its moment.
 */

const STATUS_SYSTEM = 'http://terminology.hl7.org/CodeSystem/medicationdispense-status';

const NEWEST_FIRST: SortKey[] = [
  { expression: dispenses.dispensedAt, descending: true, cast: 'timestamptz' },
  { expression: dispenseItems.id, cast: 'uuid' },
];

const columns = {
  id: dispenseItems.id,
  quantity: dispenseItems.quantity,
  overrideReason: dispenseItems.overrideReason,
  patientId: dispenses.patientId,
  dispensedAt: dispenses.dispensedAt,
  counselled: dispenses.counselled,
  prescriptionLineId: dispenseLines.prescriptionMedicineId,
  substitutionReason: dispenseLines.substitutionReason,
  medicine: {
    id: medicines.id,
    genericName: medicines.genericName,
    strength: medicines.strength,
    form: medicines.form,
    dispensingUnit: medicines.dispensingUnit,
  },
  batchNumber: stockBatches.batchNumber,
  expiryDate: stockBatches.expiryDate,
  pharmacistName: fullNameOf(users),
  key: sortKeyColumn(NEWEST_FIRST),
};

function items(db: Executor) {
  return db
    .select(columns)
    .from(dispenseItems)
    .innerJoin(dispenses, eq(dispenses.id, dispenseItems.dispenseId))
    .innerJoin(dispenseLines, eq(dispenseLines.id, dispenseItems.dispenseLineId))
    .innerJoin(medicines, eq(medicines.id, dispenseLines.medicineId))
    .innerJoin(stockBatches, eq(stockBatches.id, dispenseItems.batchId))
    .innerJoin(users, eq(users.id, dispenses.dispensedBy));
}
type ItemRow = Awaited<ReturnType<ReturnType<typeof items>['execute']>>[number];

/** The batch the label names, why it was chosen over the first to expire, and the counselling. */
function notesOf(row: ItemRow): Annotation[] {
  return [
    { text: `Batch ${row.batchNumber}, expires ${row.expiryDate}` },
    ...(row.overrideReason ? [{ text: `Batch chosen over the first to expire: ${row.overrideReason}` }] : []),
    ...(row.counselled ? [{ text: 'The patient was counselled on how to take it' }] : []),
  ];
}

function toMedicationDispense(row: ItemRow, timeZone: string): MedicationDispense {
  const handedOver = fhirDateTime(row.dispensedAt, timeZone);
  return {
    resourceType: 'MedicationDispense',
    id: row.id,
    meta: versionMeta(row.dispensedAt),
    status: 'completed',
    medicationReference: { reference: `Medication/${row.medicine.id}`, display: medicineName(row.medicine) },
    subject: { reference: `Patient/${row.patientId}` },
    // Pharmacists are not Practitioner resources (only doctors are): named.
    performer: [{ actor: { display: row.pharmacistName } }],
    authorizingPrescription: [{ reference: `MedicationRequest/${row.prescriptionLineId}` }],
    quantity: { value: row.quantity, unit: row.medicine.dispensingUnit },
    whenHandedOver: handedOver,
    substitution: row.substitutionReason
      ? { wasSubstituted: true, reason: [{ text: row.substitutionReason }] }
      : { wasSubstituted: false },
    note: notesOf(row),
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(dispenses.patientId, fhir.patientScope);

export const medicationDispensesType: FhirResourceType<MedicationDispense> = {
  type: 'MedicationDispense',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/{id})' },
    { name: 'subject', type: 'reference', documentation: 'The patient (Patient/{id})' },
    {
      name: 'prescription',
      type: 'reference',
      documentation: 'The prescription line that authorised it (MedicationRequest/{id})',
    },
    {
      name: 'medication',
      type: 'reference',
      documentation: 'The formulary medicine given (Medication/{id})',
    },
    { name: 'status', type: 'token', documentation: `${STATUS_SYSTEM}: completed (every item handed over)` },
    { name: 'whenhandedover', type: 'date', documentation: 'When it was handed over (eq, gt, lt, ge, le)' },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await items(fhir.ctx.db).where(and(eq(dispenseItems.id, id), inScope(fhir)));
    return row ? toMedicationDispense(row, fhir.timeZone) : undefined;
  },

  async search(fhir, search) {
    const db = fhir.ctx.db;
    const where = and(
      inScope(fhir),
      idsMatch(dispenseItems.id, search.ids()),
      // Never changed after it is written: its last update is when it was handed over.
      lastUpdatedMatches(dispenses.dispensedAt, search),
      referenceMatches(dispenses.patientId, search.references('patient'), 'Patient'),
      referenceMatches(dispenses.patientId, search.references('subject'), 'Patient'),
      referenceMatches(
        dispenseLines.prescriptionMedicineId,
        search.references('prescription'),
        'MedicationRequest',
      ),
      referenceMatches(dispenseLines.medicineId, search.references('medication'), 'Medication'),
      tokenMatches(sql`'completed'`, search.tokens('status'), STATUS_SYSTEM),
      instantMatches(dispenses.dispensedAt, search.dates('whenhandedover')),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await items(db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .orderBy(...orderByKeys(NEWEST_FIRST))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toMedicationDispense(row, fhir.timeZone), key: row.key })),
      async () =>
        (
          await db
            .select({ n: count() })
            .from(dispenseItems)
            .innerJoin(dispenses, eq(dispenses.id, dispenseItems.dispenseId))
            .innerJoin(dispenseLines, eq(dispenseLines.id, dispenseItems.dispenseLineId))
            .where(where)
        )[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await items(fhir.ctx.db)
      .where(and(eq(dispenses.patientId, patientId), inScope(fhir)))
      .orderBy(...orderByKeys(NEWEST_FIRST));
    return rows.map((row) => toMedicationDispense(row, fhir.timeZone));
  },
};
