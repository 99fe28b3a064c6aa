import type { DiagnosticReport } from '@medplum/fhirtypes';
import { type AnyColumn, and, asc, count, eq, exists, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { labOrders, labOrderTests, labResults, labSpecimens, labTests, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { afterCursor, type Cursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { LABORATORY_REPORT, LOINC, REPORT_STATUS_SYSTEM, testCode } from './lab-codes';
import { labObservationId, labResultsForPatients } from './lab-observation';
import { DIAGNOSTIC_SERVICE_SECTION, tokensMatch } from './observation-codes';
import type { Keyed } from './paging';
import type { ParsedSearch } from './params';
import type { FhirContext } from './resource-type';
import { idsMatch, instantMatches, lastUpdatedMatches, referenceMatches, tokenMatches } from './search-sql';
import { fhirDateTime } from './time';
import { latest, versionMeta } from './versioning';

/*
 * A laboratory order with at least one result as a DiagnosticReport of category LAB (HL7 v2
 * table 0074), beside the diagnosis tests of diagnostic-report.ts: the same type, searched one
 * after the other (diagnosis tests first). Its results are the current version of each test's
 * result (lab-observation.ts); its status follows them:
 *  - preliminary while any current result waits for verification, or while verified results are
 *    in but the order is not yet Verified (R4: "verified early results are available, but not
 *    all results are final");
 *  - amended when a result waits for verification after a verified value was replaced (the
 *    report was released, and has changed since);
 *  - final once the order is Verified, corrected when a current result is a correction.
 * A patient reads a report that holds a result shared with them (never a preliminary one), with
 * only those results in it.
 */

/** The first value of a laboratory report's cursor, so a `next` link says which of the two it continues. */
export const LAB_REPORT_CURSOR = 'lab';

const NEWEST_FIRST: SortKey[] = [
  { expression: labOrders.createdAt, descending: true, cast: 'timestamptz' },
  { expression: labOrders.id, cast: 'uuid' },
];

const current = alias(labResults, 'current');
const superseded = alias(labResults, 'superseded');
const resultOf = (r: { orderId: AnyColumn }) => sql`${r.orderId} = ${labOrders.id}`;
const anyCurrent = (condition: SQL) =>
  sql`exists (select 1 from ${labResults} ${current} where ${resultOf(current)} and ${current.supersededAt} is null and ${condition})`;

/** The report's status in SQL (the rule above), for `status`. */
const statusCode = sql<string>`(case
  when ${anyCurrent(sql`${current.status} = 'preliminary'`)}
    then (case when exists (select 1 from ${labResults} ${superseded} where ${resultOf(superseded)} and ${superseded.supersededAt} is not null) then 'amended' else 'preliminary' end)
  when ${labOrders.state} = 'Verified'
    then (case when ${anyCurrent(sql`${current.status} = 'corrected'`)} then 'corrected' else 'final' end)
  else 'preliminary' end)`;

/** One test: its LOINC code; several: LOINC's "Laboratory report" (for `code`). */
const codeOf = sql<string>`(case when (select count(*) from ${labOrderTests} where ${labOrderTests.orderId} = ${labOrders.id}) = 1
  then (select ${labTests.loincCode} from ${labOrderTests} join ${labTests} on ${labTests.id} = ${labOrderTests.testId} where ${labOrderTests.orderId} = ${labOrders.id})
  else ${LABORATORY_REPORT.code} end)`;

/** When the results' specimens were collected (the first of them): the report's effective time. */
const effectiveOf = sql`(select min(${labSpecimens.collectedAt}) from ${labSpecimens}
  where exists (select 1 from ${labResults} ${current} where ${current.specimenId} = ${labSpecimens.id} and ${resultOf(current)}))`;
const updatedOf = sql`greatest(${labOrders.updatedAt}, (select max(${current.updatedAt}) from ${labResults} ${current} where ${resultOf(current)}))`;

/** Orders with a result the caller may read (a patient: shared, not preliminary). */
function hasVisibleResult(fhir: FhirContext) {
  return exists(
    fhir.ctx.db
      .select({ one: sql`1` })
      .from(labResults)
      .where(
        and(
          eq(labResults.orderId, labOrders.id),
          isNull(labResults.supersededAt),
          labResultsForPatients(fhir),
        ),
      ),
  );
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  and(
    hasVisibleResult(fhir),
    fhir.patientScope === undefined ? undefined : eq(labOrders.patientId, fhir.patientScope),
  );

/** The conditions of a DiagnosticReport search on the laboratory's orders. */
export function labReportConditions(fhir: FhirContext, search: ParsedSearch) {
  const categories = search.tokens('category');
  return and(
    inScope(fhir),
    tokensMatch(categories, [{ system: DIAGNOSTIC_SERVICE_SECTION, code: 'LAB' }]) ? undefined : sql`false`,
    idsMatch(labOrders.id, search.ids()),
    lastUpdatedMatches(updatedOf, search),
    referenceMatches(labOrders.patientId, search.references('patient'), 'Patient'),
    referenceMatches(labOrders.patientId, search.references('subject'), 'Patient'),
    instantMatches(effectiveOf, search.dates('date')),
    tokenMatches(codeOf, search.tokens('code'), LOINC),
    tokenMatches(statusCode, search.tokens('status'), REPORT_STATUS_SYSTEM),
  );
}

const verifier = alias(users, 'verifier');

async function toReports(fhir: FhirContext, orders: Array<typeof labOrders.$inferSelect>) {
  const ids = orders.map((order) => order.id);
  if (ids.length === 0) return [];
  const [tests, results] = await Promise.all([
    fhir.ctx.db
      .select({
        id: labOrderTests.id,
        orderId: labOrderTests.orderId,
        loincCode: labTests.loincCode,
        name: labTests.name,
      })
      .from(labOrderTests)
      .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
      .where(inArray(labOrderTests.orderId, ids))
      .orderBy(asc(labOrderTests.createdAt), asc(labOrderTests.id)),
    fhir.ctx.db
      .select({
        result: labResults,
        collectedAt: labSpecimens.collectedAt,
        testName: labTests.name,
        verifierName: fullNameOf(verifier),
      })
      .from(labResults)
      .innerJoin(labSpecimens, eq(labSpecimens.id, labResults.specimenId))
      .innerJoin(labTests, eq(labTests.id, labResults.testId))
      .leftJoin(verifier, eq(verifier.id, labResults.verifiedBy))
      .where(inArray(labResults.orderId, ids))
      .orderBy(asc(labResults.enteredAt), asc(labTests.name), asc(labResults.version)),
  ]);
  const patientReads = fhir.patientScope !== undefined;
  return orders.map((order): DiagnosticReport => {
    const own = results.filter((r) => r.result.orderId === order.id);
    const live = own.filter((r) => r.result.supersededAt === null);
    const shown = live.filter(
      (r) => !patientReads || (r.result.sharedWithPatient && r.result.status !== 'preliminary'),
    );
    const orderTests = tests.filter((t) => t.orderId === order.id);
    const [only] = orderTests;
    const status = (() => {
      if (live.some((r) => r.result.status === 'preliminary'))
        return own.some((r) => r.result.supersededAt !== null) ? 'amended' : 'preliminary';
      if (order.state !== 'Verified') return 'preliminary';
      return live.some((r) => r.result.status === 'corrected') ? 'corrected' : 'final';
    })();
    const released = shown.map((r) => r.result.verifiedAt ?? r.result.enteredAt);
    const collected = shown.map((r) => r.collectedAt.getTime());
    const verifiers = [...new Set(shown.flatMap((r) => (r.result.verifiedBy ? [r.verifierName] : [])))];
    return {
      resourceType: 'DiagnosticReport',
      id: order.id,
      meta: versionMeta(latest(order.updatedAt, ...own.map((r) => r.result.updatedAt))),
      basedOn: orderTests.map((t) => ({ reference: `ServiceRequest/${t.id}` })),
      status,
      category: [{ coding: [{ system: DIAGNOSTIC_SERVICE_SECTION, code: 'LAB', display: 'Laboratory' }] }],
      code:
        orderTests.length === 1 && only
          ? testCode(only.loincCode, only.name)
          : { coding: [LABORATORY_REPORT], text: orderTests.map((t) => t.name).join(', ') },
      subject: { reference: `Patient/${order.patientId}` },
      ...(order.stayId ? { encounter: { reference: `Encounter/${order.stayId}` } } : {}),
      ...(collected.length > 0
        ? { effectiveDateTime: fhirDateTime(new Date(Math.min(...collected)), fhir.timeZone) }
        : {}),
      ...(released.length > 0 ? { issued: latest(...released).toISOString() } : {}),
      // Laboratory scientists are not Practitioner resources: the verifiers are named.
      ...(verifiers.length > 0 ? { performer: verifiers.map((display) => ({ display })) } : {}),
      ...(shown.length > 0
        ? {
            specimen: [...new Set(shown.map((r) => r.result.specimenId))].map((id) => ({
              reference: `Specimen/${id}`,
            })),
            result: shown.map((r) => ({ reference: `Observation/${labObservationId(r.result.id)}` })),
          }
        : {}),
    };
  });
}

/** A page of laboratory reports under `where`, newest order first; every one when `limit` is undefined. */
export async function labReportPage(
  fhir: FhirContext,
  where: SQL | undefined,
  limit: number | undefined,
  offset: number,
  after: Cursor | undefined,
): Promise<Keyed<DiagnosticReport>[]> {
  if (limit !== undefined && limit <= 0) return [];
  const query = fhir.ctx.db
    .select({ order: labOrders, key: sortKeyColumn(NEWEST_FIRST) })
    .from(labOrders)
    .where(and(where, afterCursor(NEWEST_FIRST, after)))
    .orderBy(...orderByKeys(NEWEST_FIRST))
    .offset(offset);
  const rows = await (limit === undefined ? query : query.limit(limit));
  const reports = await toReports(
    fhir,
    rows.map((row) => row.order),
  );
  return reports.map((resource, i) => ({ resource, key: [LAB_REPORT_CURSOR, ...(rows[i]?.key ?? [])] }));
}

export async function countLabReports(fhir: FhirContext, where: SQL | undefined) {
  const [row] = await fhir.ctx.db.select({ n: count() }).from(labOrders).where(where);
  return row?.n ?? 0;
}

export async function readLabReport(fhir: FhirContext, id: string) {
  const [report] = await labReportPage(fhir, and(inScope(fhir), eq(labOrders.id, id)), 1, 0, undefined);
  return report?.resource;
}

export async function labReportsOf(fhir: FhirContext, patientId: string) {
  const page = await labReportPage(
    fhir,
    and(inScope(fhir), eq(labOrders.patientId, patientId)),
    undefined,
    0,
    undefined,
  );
  return page.map((row) => row.resource);
}
