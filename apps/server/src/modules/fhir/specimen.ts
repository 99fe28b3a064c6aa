import { SPECIMEN_TYPE_CODES } from '@carepoint/contract';
import type { Specimen } from '@medplum/fhirtypes';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { labOrders, labOrderTests, labSpecimens, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import {
  accessionSystem,
  rejectionCondition,
  SPECIMEN_STATUS_SYSTEM,
  specimenTypeConcept,
  specimenTypeSystem,
} from './lab-codes';
import { pagedSearch } from './paging';
import type { TokenValue } from './params';
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
 * Each specimen collected for a laboratory order (lab_specimens) as a Specimen: its accession
 * number, its type (HL7 v2 table 0487), when and by whom it was collected, when the laboratory
 * received it, the order's tests it is for, and the tube. A rejected specimen is unsatisfactory,
 * with its reason as the condition.
 */

const NEWEST_FIRST: SortKey[] = [
  { expression: labSpecimens.collectedAt, descending: true, cast: 'timestamptz' },
  { expression: labSpecimens.id, cast: 'uuid' },
];

/**
 * specimen-status: a rejected specimen "cannot be used because of a quality issue" (haemolysed,
 * clotted, too little, unlabelled): unsatisfactory, not unavailable (lost, destroyed or consumed).
 */
const statusCode = sql<string>`(case when ${labSpecimens.rejectedAt} is null then 'available' else 'unsatisfactory' end)`;

const collector = alias(users, 'collector');
/** The ServiceRequests the specimen is for: its order's tests, in the order they were added. */
const requestIds = sql<string>`(select string_agg(${labOrderTests.id}::text, ',' order by ${labOrderTests.createdAt}, ${labOrderTests.id}) from ${labOrderTests} where ${labOrderTests.orderId} = ${labSpecimens.orderId})`;

const columns = {
  specimen: labSpecimens,
  patientId: labOrders.patientId,
  collectorRole: collector.role,
  collectorName: fullNameOf(collector),
  requestIds,
  key: sortKeyColumn(NEWEST_FIRST),
};
const specimens = (db: Executor) =>
  db
    .select(columns)
    .from(labSpecimens)
    .innerJoin(labOrders, eq(labOrders.id, labSpecimens.orderId))
    .innerJoin(collector, eq(collector.id, labSpecimens.collectedBy));
type SpecimenRow = Awaited<ReturnType<ReturnType<typeof specimens>['execute']>>[number];

function toSpecimen(fhir: FhirContext, row: SpecimenRow): Specimen {
  const { specimen } = row;
  const requests = (row.requestIds ?? '').split(',').filter(Boolean);
  return {
    resourceType: 'Specimen',
    id: specimen.id,
    meta: versionMeta(specimen.updatedAt),
    accessionIdentifier: { system: accessionSystem(fhir.ctx.config.publicUrl), value: specimen.accession },
    status: specimen.rejectedAt ? 'unsatisfactory' : 'available',
    type: specimenTypeConcept(specimen.specimenType),
    subject: { reference: `Patient/${row.patientId}` },
    ...(specimen.receivedAt ? { receivedTime: fhirDateTime(specimen.receivedAt, fhir.timeZone) } : {}),
    ...(requests.length > 0
      ? { request: requests.map((id) => ({ reference: `ServiceRequest/${id}` })) }
      : {}),
    collection: {
      // Nurses and laboratory scientists are not Practitioner resources (only doctors are): named.
      collector:
        row.collectorRole === 'doctor'
          ? { reference: `Practitioner/${specimen.collectedBy}`, display: row.collectorName }
          : { display: row.collectorName },
      collectedDateTime: fhirDateTime(specimen.collectedAt, fhir.timeZone),
    },
    container: [{ description: specimen.container }],
    ...(specimen.rejectionReason ? { condition: [rejectionCondition(specimen.rejectionReason)] } : {}),
    ...(specimen.rejectedAt
      ? {
          note: [
            {
              text: `Rejected: ${specimen.rejectionReason ?? ''}${specimen.rejectionNote ? ` (${specimen.rejectionNote})` : ''}`,
              time: fhirDateTime(specimen.rejectedAt, fhir.timeZone),
            },
          ],
        }
      : {}),
  };
}

/** `type`: a v2-0487 code (capillary blood's under v2-0070), with or without its system. */
function typeCondition(occurrences: TokenValue[][]): SQL | undefined {
  if (occurrences.length === 0) return undefined;
  return and(
    ...occurrences.map((values) => {
      const types = SPECIMEN_TYPE_CODES.filter((type) =>
        values.some(
          (token) =>
            (token.system === undefined || token.system === specimenTypeSystem(type)) &&
            (token.code === undefined || token.code === type),
        ),
      );
      return types.length === 0 ? sql`false` : inArray(labSpecimens.specimenType, types);
    }),
  );
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(labOrders.patientId, fhir.patientScope);

export const specimensType: FhirResourceType<Specimen> = {
  type: 'Specimen',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/{id})' },
    { name: 'subject', type: 'reference', documentation: 'The patient (Patient/{id})' },
    { name: 'accession', type: 'token', documentation: 'The accession number on the tube (LAB-2030-000042)' },
    {
      name: 'type',
      type: 'token',
      documentation:
        'HL7 v2 table 0487 (http://terminology.hl7.org/CodeSystem/v2-0487|SER); capillary blood v2-0070 BLDC',
    },
    {
      name: 'status',
      type: 'token',
      documentation: `${SPECIMEN_STATUS_SYSTEM}: available or unsatisfactory (rejected)`,
    },
    { name: 'collected', type: 'date', documentation: 'When it was collected (eq, gt, lt, ge, le)' },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await specimens(fhir.ctx.db).where(and(eq(labSpecimens.id, id), inScope(fhir)));
    return row ? toSpecimen(fhir, row) : undefined;
  },

  async search(fhir, search) {
    const db = fhir.ctx.db;
    const where = and(
      inScope(fhir),
      idsMatch(labSpecimens.id, search.ids()),
      lastUpdatedMatches(labSpecimens.updatedAt, search),
      referenceMatches(labOrders.patientId, search.references('patient'), 'Patient'),
      referenceMatches(labOrders.patientId, search.references('subject'), 'Patient'),
      tokenMatches(
        labSpecimens.accession,
        search.tokens('accession'),
        accessionSystem(fhir.ctx.config.publicUrl),
      ),
      typeCondition(search.tokens('type')),
      tokenMatches(statusCode, search.tokens('status'), SPECIMEN_STATUS_SYSTEM),
      instantMatches(labSpecimens.collectedAt, search.dates('collected')),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await specimens(db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .orderBy(...orderByKeys(NEWEST_FIRST))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toSpecimen(fhir, row), key: row.key })),
      async () =>
        (
          await db
            .select({ n: count() })
            .from(labSpecimens)
            .innerJoin(labOrders, eq(labOrders.id, labSpecimens.orderId))
            .where(where)
        )[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await specimens(fhir.ctx.db)
      .where(and(eq(labOrders.patientId, patientId), inScope(fhir)))
      .orderBy(...orderByKeys(NEWEST_FIRST));
    return rows.map((row) => toSpecimen(fhir, row));
  },
};
