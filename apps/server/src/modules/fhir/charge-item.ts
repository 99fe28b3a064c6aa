import type { ChargeItem, Money } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billableServices, charges, labTests, medicines } from '../../db/schema';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { FhirContext, FhirResourceType } from './resource-type';
import { calendarDateMatches, idsMatch, isUuid, lastUpdatedMatches, referenceMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * Each line of a patient's bill (docs/areas/billing-charges.md) as a ChargeItem
 * (https://hl7.org/fhir/R4/chargeitem.html): `billable`, or `entered-in-error` once voided; the
 * service as its code (the catalogue's code where it has one, our service id as a code of our own
 * system, its name as text); the quantity; the unit price charged as priceOverride in naira (NGN,
 * a decimal: kobo / 100); the day of the care; the Encounter it belongs to (the appointment of a
 * consultation, the stay of a night) and the service that caused it where one exists (the lab
 * test's ServiceRequest, the dispensed item's MedicationDispense). A charge changes only when
 * voided, so its version is its void's moment, else its creation.
 */

const serviceSystem = (publicUrl: string) => `${publicUrl}/fhir/CodeSystem/billable-service`;
const SERVICE_NAME = sql<string>`coalesce(${charges.description}, ${billableServices.name}, ${labTests.name},
  ${medicines.genericName} || ' ' || ${medicines.strength} || ' ' || ${medicines.form})`;
const SERVICE_CODE = sql<string | null>`coalesce(${billableServices.code}, ${labTests.code})`;
const LAST_CHANGE = sql`coalesce(${charges.voidedAt}, ${charges.createdAt})`;

const NEWEST_FIRST: SortKey[] = [
  { expression: charges.createdAt, descending: true, cast: 'timestamptz' },
  { expression: charges.id, cast: 'uuid' },
];

const lines = (db: Executor) =>
  db
    .select({ charge: charges, name: SERVICE_NAME, code: SERVICE_CODE, key: sortKeyColumn(NEWEST_FIRST) })
    .from(charges)
    .leftJoin(billableServices, eq(billableServices.id, charges.serviceId))
    .leftJoin(labTests, eq(labTests.id, billableServices.labTestId))
    .leftJoin(medicines, eq(medicines.id, billableServices.medicineId));
type LineRow = Awaited<ReturnType<ReturnType<typeof lines>['execute']>>[number];

/** Kobo as FHIR Money: naira, a decimal exact to two places, in NGN (the Invoice's totals too). */
export const nairaMoney = (kobo: number): Money => ({
  value: Number((kobo / 100).toFixed(2)),
  currency: 'NGN',
});

function contextOf(c: LineRow['charge']): ChargeItem['context'] {
  if (c.appointmentId) return { reference: `Encounter/${c.appointmentId}` };
  if (c.stayId) return { reference: `Encounter/${c.stayId}` };
  return undefined;
}

function serviceOf(c: LineRow['charge']): ChargeItem['service'] {
  if (c.labOrderTestId) return [{ reference: `ServiceRequest/${c.labOrderTestId}` }];
  if (c.dispenseItemId) return [{ reference: `MedicationDispense/${c.dispenseItemId}` }];
  return undefined;
}

function toChargeItem({ charge: c, name, code }: LineRow, publicUrl: string): ChargeItem {
  const context = contextOf(c);
  const service = serviceOf(c);
  return {
    resourceType: 'ChargeItem',
    id: c.id,
    meta: versionMeta(c.voidedAt ?? c.createdAt),
    status: c.status === 'void' ? 'entered-in-error' : 'billable',
    code: {
      ...(c.serviceId
        ? {
            coding: [
              { system: serviceSystem(publicUrl), code: c.serviceId, ...(code ? { display: name } : {}) },
            ],
          }
        : {}),
      text: code ? `${name} (${code})` : name,
    },
    subject: { reference: `Patient/${c.patientId}` },
    ...(context ? { context } : {}),
    occurrenceDateTime: c.careDate,
    quantity: { value: c.quantity },
    priceOverride: nairaMoney(c.unitPrice),
    ...(c.reason ? { overrideReason: c.reason } : {}),
    enteredDate: c.createdAt.toISOString(),
    ...(service ? { service } : {}),
    ...(c.status === 'void' && c.voidReason ? { note: [{ text: `Voided: ${c.voidReason}` }] } : {}),
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(charges.patientId, fhir.patientScope);

export const chargeItemsType: FhirResourceType<ChargeItem> = {
  type: 'ChargeItem',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient billed (Patient/{id})' },
    { name: 'subject', type: 'reference', documentation: 'The patient billed (Patient/{id})' },
    { name: 'context', type: 'reference', documentation: 'The encounter (Encounter/{id})' },
    { name: 'occurrence', type: 'date', documentation: 'The day of the care (eq, gt, lt, ge, le)' },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await lines(fhir.ctx.db).where(and(eq(charges.id, id), inScope(fhir)));
    return row ? toChargeItem(row, fhir.ctx.config.publicUrl) : undefined;
  },

  async search(fhir, search) {
    const { db, config } = fhir.ctx;
    const where = and(
      inScope(fhir),
      idsMatch(charges.id, search.ids()),
      lastUpdatedMatches(LAST_CHANGE, search),
      referenceMatches(charges.patientId, search.references('patient'), 'Patient'),
      referenceMatches(charges.patientId, search.references('subject'), 'Patient'),
      referenceMatches(
        sql`coalesce(${charges.appointmentId}, ${charges.stayId})`,
        search.references('context'),
        'Encounter',
      ),
      calendarDateMatches(charges.careDate, search.dates('occurrence'), fhir.timeZone),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await lines(db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .orderBy(...orderByKeys(NEWEST_FIRST))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toChargeItem(row, config.publicUrl), key: row.key })),
      async () => (await db.select({ n: count() }).from(charges).where(where))[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await lines(fhir.ctx.db)
      .where(and(eq(charges.patientId, patientId), inScope(fhir)))
      .orderBy(...orderByKeys(NEWEST_FIRST));
    return rows.map((row) => toChargeItem(row, fhir.ctx.config.publicUrl));
  },
};
