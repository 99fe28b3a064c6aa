import type { ServiceRequest } from '@medplum/fhirtypes';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { labOrders, labOrderTests, labSpecimens, labTests, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { codedTokenMatches } from './coded-token';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import {
  LABORATORY_PROCEDURE,
  LOINC,
  PRIORITY_CODES,
  REQUEST_STATUS_CODES,
  REQUEST_STATUS_SYSTEM,
  requisitionIdentifier,
  requisitionSystem,
  testCode,
} from './lab-codes';
import { tokensMatch } from './observation-codes';
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
import { latest, versionMeta } from './versioning';

/*
 * Each test or panel of a laboratory order (lab_order_tests, docs/areas/lab-orders.md) as a
 * ServiceRequest: the catalogue entry's LOINC code, the order's priority, requester, clinical note
 * and state, its requisition (the tests ordered together) and, once collected, its specimen.
 */

const PRIORITY_SYSTEM = 'http://hl7.org/fhir/request-priority';

const NEWEST_FIRST: SortKey[] = [
  { expression: labOrders.createdAt, descending: true, cast: 'timestamptz' },
  { expression: labOrderTests.id, cast: 'uuid' },
];

/** The order's specimen that is not rejected (at most one, lab_specimens_live_unique). */
const liveSpecimen = and(eq(labSpecimens.orderId, labOrders.id), isNull(labSpecimens.rejectedAt));
/** When the rows behind the resource last changed: the order, or its specimen's collection. */
const updatedAt = sql`greatest(${labOrders.updatedAt}, coalesce(${labSpecimens.updatedAt}, ${labOrders.updatedAt}))`;

const columns = {
  orderTest: labOrderTests,
  order: labOrders,
  loincCode: labTests.loincCode,
  testName: labTests.name,
  specimenId: labSpecimens.id,
  specimenUpdatedAt: labSpecimens.updatedAt,
  requesterRole: users.role,
  requesterName: fullNameOf(users),
  key: sortKeyColumn(NEWEST_FIRST),
};
const requests = (db: Executor) =>
  db
    .select(columns)
    .from(labOrderTests)
    .innerJoin(labOrders, eq(labOrders.id, labOrderTests.orderId))
    .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
    .innerJoin(users, eq(users.id, labOrders.requesterId))
    .leftJoin(labSpecimens, liveSpecimen);
type RequestRow = Awaited<ReturnType<ReturnType<typeof requests>['execute']>>[number];

function toServiceRequest(fhir: FhirContext, row: RequestRow): ServiceRequest {
  const { order, orderTest } = row;
  // R4's ServiceRequest has no status reason: why it was cancelled is a note beside the doctor's.
  const notes = [
    ...(order.clinicalNote ? [order.clinicalNote] : []),
    ...(order.state === 'Cancelled' && order.cancelReason ? [`Cancelled: ${order.cancelReason}`] : []),
  ];
  return {
    resourceType: 'ServiceRequest',
    id: orderTest.id,
    meta: versionMeta(latest(order.updatedAt, row.specimenUpdatedAt, orderTest.createdAt)),
    requisition: requisitionIdentifier(fhir.ctx.config.publicUrl, order.requisitionId),
    status: REQUEST_STATUS_CODES[order.state],
    intent: 'order',
    category: [{ coding: [LABORATORY_PROCEDURE] }],
    priority: PRIORITY_CODES[order.priority],
    code: testCode(row.loincCode, row.testName),
    subject: { reference: `Patient/${order.patientId}` },
    // Every stay is an Encounter (inpatient-encounter.ts); an appointment is one only once completed.
    ...(order.stayId ? { encounter: { reference: `Encounter/${order.stayId}` } } : {}),
    authoredOn: fhirDateTime(order.createdAt, fhir.timeZone),
    // Only doctors are Practitioners; anyone else who ordered is named.
    requester:
      row.requesterRole === 'doctor'
        ? { reference: `Practitioner/${order.requesterId}` }
        : { display: row.requesterName },
    ...(row.specimenId ? { specimen: [{ reference: `Specimen/${row.specimenId}` }] } : {}),
    ...(notes.length > 0 ? { note: notes.map((text) => ({ text })) } : {}),
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(labOrders.patientId, fhir.patientScope);

export const serviceRequests: FhirResourceType<ServiceRequest> = {
  type: 'ServiceRequest',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/{id})' },
    { name: 'subject', type: 'reference', documentation: 'The patient (Patient/{id})' },
    {
      name: 'code',
      type: 'token',
      documentation: 'The test’s or panel’s LOINC code (http://loinc.org|2823-3)',
    },
    {
      name: 'status',
      type: 'token',
      documentation: `${REQUEST_STATUS_SYSTEM}: active, completed or revoked`,
    },
    { name: 'priority', type: 'token', documentation: `${PRIORITY_SYSTEM}: stat, urgent or routine` },
    {
      name: 'category',
      type: 'token',
      documentation: 'http://snomed.info/sct|108252007 (Laboratory procedure): every one',
    },
    { name: 'authored', type: 'date', documentation: 'When it was ordered (eq, gt, lt, ge, le)' },
    { name: 'requester', type: 'reference', documentation: 'The ordering doctor (Practitioner/{id})' },
    { name: 'requisition', type: 'token', documentation: 'The requisition: the tests ordered together' },
    { name: 'encounter', type: 'reference', documentation: 'The inpatient stay (Encounter/{id})' },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await requests(fhir.ctx.db).where(and(eq(labOrderTests.id, id), inScope(fhir)));
    return row ? toServiceRequest(fhir, row) : undefined;
  },

  async search(fhir, search) {
    const db = fhir.ctx.db;
    const where = and(
      inScope(fhir),
      idsMatch(labOrderTests.id, search.ids()),
      lastUpdatedMatches(updatedAt, search),
      referenceMatches(labOrders.patientId, search.references('patient'), 'Patient'),
      referenceMatches(labOrders.patientId, search.references('subject'), 'Patient'),
      referenceMatches(labOrders.requesterId, search.references('requester'), 'Practitioner'),
      referenceMatches(labOrders.stayId, search.references('encounter'), 'Encounter'),
      tokenMatches(labTests.loincCode, search.tokens('code'), LOINC),
      codedTokenMatches(
        labOrders.state,
        search.tokens('status'),
        REQUEST_STATUS_SYSTEM,
        REQUEST_STATUS_CODES,
      ),
      codedTokenMatches(labOrders.priority, search.tokens('priority'), PRIORITY_SYSTEM, PRIORITY_CODES),
      tokensMatch(search.tokens('category'), [LABORATORY_PROCEDURE]) ? undefined : sql`false`,
      instantMatches(labOrders.createdAt, search.dates('authored')),
      tokenMatches(
        sql`${labOrders.requisitionId}::text`,
        search.tokens('requisition'),
        requisitionSystem(fhir.ctx.config.publicUrl),
      ),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await requests(db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .orderBy(...orderByKeys(NEWEST_FIRST))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toServiceRequest(fhir, row), key: row.key })),
      async () =>
        (
          await db
            .select({ n: count() })
            .from(labOrderTests)
            .innerJoin(labOrders, eq(labOrders.id, labOrderTests.orderId))
            .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
            .leftJoin(labSpecimens, liveSpecimen)
            .where(where)
        )[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await requests(fhir.ctx.db)
      .where(and(eq(labOrders.patientId, patientId), inScope(fhir)))
      .orderBy(...orderByKeys(NEWEST_FIRST));
    return rows.map((row) => toServiceRequest(fhir, row));
  },
};
