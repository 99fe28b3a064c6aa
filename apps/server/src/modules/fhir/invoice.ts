import type { Invoice } from '@medplum/fhirtypes';
import { and, desc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { charges } from '../../db/schema';
import { nairaMoney } from './charge-item';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, isUuid, referenceMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * A patient's bill (docs/areas/billing-charges.md#the-bill) as one Invoice
 * (https://hl7.org/fhir/R4/invoice.html), whose id is the patient's: `issued`, the patient as its
 * subject, each active charge a lineItem pointing at its ChargeItem, and the active charges'
 * total as totalNet and totalGross in naira (NGN; no tax is charged on care). A patient without a
 * charge has no Invoice. Its version is its newest charge's or void's moment.
 */

const LAST_CHANGE = max(sql<Date>`coalesce(${charges.voidedAt}, ${charges.createdAt})`);
const BY_PATIENT: SortKey[] = [{ expression: charges.patientId, cast: 'uuid' }];

const bills = (db: Executor) =>
  db
    .select({
      patientId: charges.patientId,
      total:
        sql<number>`coalesce(sum(${charges.amount}) filter (where ${charges.status} = 'active'), 0)::int8`.mapWith(
          Number,
        ),
      lastChange: LAST_CHANGE.mapWith((value: string | Date) => new Date(value)),
      key: sortKeyColumn(BY_PATIENT),
    })
    .from(charges);
type BillRow = Awaited<ReturnType<ReturnType<typeof bills>['execute']>>[number];

/** Each bill's active lines, newest care first. */
async function linesOf(db: Executor, patientIds: string[]) {
  if (patientIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ id: charges.id, patientId: charges.patientId })
    .from(charges)
    .where(and(inArray(charges.patientId, patientIds), eq(charges.status, 'active')))
    .orderBy(desc(charges.careDate), desc(charges.createdAt));
  const byPatient = new Map<string, string[]>();
  for (const row of rows) byPatient.set(row.patientId, [...(byPatient.get(row.patientId) ?? []), row.id]);
  return byPatient;
}

function toInvoice(bill: BillRow, lineIds: readonly string[]): Invoice {
  return {
    resourceType: 'Invoice',
    id: bill.patientId,
    meta: versionMeta(bill.lastChange),
    status: 'issued',
    subject: { reference: `Patient/${bill.patientId}` },
    date: bill.lastChange.toISOString(),
    ...(lineIds.length > 0
      ? {
          lineItem: lineIds.map((id, index) => ({
            sequence: index + 1,
            chargeItemReference: { reference: `ChargeItem/${id}` },
          })),
        }
      : {}),
    totalNet: nairaMoney(bill.total),
    totalGross: nairaMoney(bill.total),
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(charges.patientId, fhir.patientScope);

async function withLines(db: Executor, rows: BillRow[]) {
  const lines = await linesOf(
    db,
    rows.map((row) => row.patientId),
  );
  return rows.map((row) => ({ resource: toInvoice(row, lines.get(row.patientId) ?? []), key: row.key }));
}

export const invoicesType: FhirResourceType<Invoice> = {
  type: 'Invoice',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient billed (Patient/{id})' },
    { name: 'subject', type: 'reference', documentation: 'The patient billed (Patient/{id})' },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const rows = await bills(fhir.ctx.db)
      .where(and(eq(charges.patientId, id), inScope(fhir)))
      .groupBy(charges.patientId);
    const [found] = await withLines(fhir.ctx.db, rows);
    return found?.resource;
  },

  async search(fhir, search) {
    const { db } = fhir.ctx;
    const where = and(
      inScope(fhir),
      idsMatch(charges.patientId, search.ids()),
      referenceMatches(charges.patientId, search.references('patient'), 'Patient'),
      referenceMatches(charges.patientId, search.references('subject'), 'Patient'),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        withLines(
          db,
          await bills(db)
            .where(and(where, afterCursor(BY_PATIENT, after)))
            .groupBy(charges.patientId)
            .orderBy(...orderByKeys(BY_PATIENT))
            .limit(limit)
            .offset(offset),
        ),
      async () =>
        (
          await db
            .select({ n: sql<number>`count(distinct ${charges.patientId})`.mapWith(Number) })
            .from(charges)
            .where(where)
        )[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    const invoice = await invoicesType.read(fhir, patientId);
    return invoice ? [invoice] : [];
  },
};
