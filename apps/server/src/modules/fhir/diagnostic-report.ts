import type { DiagnosticReport } from '@medplum/fhirtypes';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { diagnosisCategories, diagnosisTestProperties, diagnosisTests, users } from '../../db/schema';
import { afterCursor, type Cursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { REPORT_STATUS_SYSTEM } from './lab-codes';
import {
  countLabReports,
  LAB_REPORT_CURSOR,
  labReportConditions,
  labReportPage,
  labReportsOf,
  readLabReport,
} from './lab-report';
import { sharedForPatients, testObservationIds } from './observation';
import {
  categoryNamesWhere,
  DIAGNOSTIC_SERVICE_SECTION,
  diagnosisSection,
  tokensMatch,
} from './observation-codes';
import { type Keyed, pagedSearch } from './paging';
import type { ParsedSearch, TokenValue } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, instantMatches, isUuid, lastUpdatedMatches, referenceMatches } from './search-sql';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

/*
 * One DiagnosticReport per diagnosis test: its category as an HL7 v2 diagnostic service section
 * (where one clearly applies; the name as text always), the test's name as text, our report
 * number as an identifier, and its measured values and properties as Observations (observation.ts).
 * After them, the laboratory's reports (lab-report.ts).
 */

/** Newest first, then by id (the keyset of the pages, cursor.ts). */
const NEWEST_FIRST: SortKey[] = [
  { expression: diagnosisTests.createdAt, descending: true, cast: 'timestamptz' },
  { expression: diagnosisTests.id, cast: 'uuid' },
];

const columns = {
  test: diagnosisTests,
  categoryName: diagnosisCategories.name,
  doctorRole: users.role,
  key: sortKeyColumn(NEWEST_FIRST),
};

/** The system of our report numbers ("DX-2026-000042"): ours, under the address the app is served from. */
const reportNumberSystem = (publicUrl: string) => `${publicUrl}/fhir/identifiers/report-number`;

type TestRow = {
  test: typeof diagnosisTests.$inferSelect;
  categoryName: string;
  doctorRole: string;
};

function toDiagnosticReport(
  fhir: FhirContext,
  { test, categoryName, doctorRole }: TestRow,
  propertyPositions: number[],
): DiagnosticReport {
  const section = diagnosisSection(categoryName)?.section;
  const results = testObservationIds(test, propertyPositions);
  return {
    resourceType: 'DiagnosticReport',
    id: test.id,
    meta: versionMeta(test.updatedAt),
    identifier: [{ system: reportNumberSystem(fhir.ctx.config.publicUrl), value: test.reportNumber }],
    status: 'final',
    category: [
      {
        ...(section ? { coding: [{ system: DIAGNOSTIC_SERVICE_SECTION, ...section }] } : {}),
        text: categoryName,
      },
    ],
    code: { text: test.name },
    subject: { reference: `Patient/${test.patientId}` },
    effectiveDateTime: fhirDateTime(test.createdAt, fhir.timeZone),
    issued: test.updatedAt.toISOString(),
    ...(doctorRole === 'doctor' ? { performer: [{ reference: `Practitioner/${test.doctorId}` }] } : {}),
    ...(results.length > 0 ? { result: results.map((id) => ({ reference: `Observation/${id}` })) } : {}),
    // Our one finding of a test; the app keeps no free-text notes on it.
    ...(test.diabetes ? { conclusion: `Diabetes: ${test.diabetes}` } : {}),
  };
}

/** `category`: a v2-0074 section code (our categories that map to it), or the category's name as text. */
function categoryCondition(occurrences: TokenValue[][]): SQL | undefined {
  if (occurrences.length === 0) return undefined;
  return and(
    ...occurrences.map((values) => {
      const names = values.flatMap((token) => {
        if (token.system !== undefined && token.system !== DIAGNOSTIC_SERVICE_SECTION) return [];
        if (token.code === undefined) return categoryNamesWhere((entry) => entry.section !== undefined);
        return categoryNamesWhere((entry) => entry.section?.code === token.code);
      });
      return names.length === 0 ? sql`false` : inArray(sql`lower(${diagnosisCategories.name})`, names);
    }),
  );
}

/** The reports under `where`, newest first, from `offset` or after `after`; every one when `limit` is undefined. */
async function keyedReports(
  fhir: FhirContext,
  where: SQL | undefined,
  limit?: number,
  offset = 0,
  after?: Cursor,
): Promise<Keyed<DiagnosticReport>[]> {
  const query = fhir.ctx.db
    .select(columns)
    .from(diagnosisTests)
    .innerJoin(diagnosisCategories, eq(diagnosisCategories.id, diagnosisTests.categoryId))
    .innerJoin(users, eq(users.id, diagnosisTests.doctorId))
    .where(and(where, afterCursor(NEWEST_FIRST, after)))
    .orderBy(...orderByKeys(NEWEST_FIRST))
    .offset(offset);
  const rows = await (limit === undefined ? query : query.limit(limit));
  const ids = rows.map((r) => r.test.id);
  const properties =
    ids.length === 0
      ? []
      : await fhir.ctx.db
          .select({ testId: diagnosisTestProperties.testId, position: diagnosisTestProperties.position })
          .from(diagnosisTestProperties)
          .where(inArray(diagnosisTestProperties.testId, ids))
          .orderBy(asc(diagnosisTestProperties.position));
  return rows.map((row) => ({
    resource: toDiagnosticReport(
      fhir,
      row,
      properties.filter((p) => p.testId === row.test.id).map((p) => p.position),
    ),
    key: row.key,
  }));
}

const reports = async (fhir: FhirContext, where: SQL | undefined, limit?: number) =>
  (await keyedReports(fhir, where, limit)).map((row) => row.resource);

const scoped = (fhir: FhirContext) =>
  fhir.patientScope === undefined
    ? undefined
    : and(eq(diagnosisTests.patientId, fhir.patientScope), sharedForPatients(fhir));

export const diagnosticReports: FhirResourceType<DiagnosticReport> = {
  type: 'DiagnosticReport',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient the report is about' },
    { name: 'subject', type: 'reference', documentation: 'The patient the report is about (Patient/<id>)' },
    { name: 'date', type: 'date', documentation: 'When the test was recorded (effectiveDateTime)' },
    {
      name: 'category',
      type: 'token',
      documentation:
        'The HL7 v2 diagnostic service section (http://terminology.hl7.org/CodeSystem/v2-0074), e.g. HM; the laboratory’s reports LAB',
    },
    {
      name: 'code',
      type: 'token',
      documentation:
        'A laboratory report’s LOINC code: its one test’s, or 11502-2 (Laboratory report) for several; diagnosis tests have none',
    },
    {
      name: 'status',
      type: 'token',
      documentation: `${REPORT_STATUS_SYSTEM}: final; a laboratory report also preliminary, amended or corrected`,
    },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [report] = await reports(fhir, and(scoped(fhir), eq(diagnosisTests.id, id)), 1);
    return report ?? readLabReport(fhir, id);
  },

  async search(fhir, search: ParsedSearch) {
    const where = and(
      scoped(fhir),
      idsMatch(diagnosisTests.id, search.ids()),
      lastUpdatedMatches(diagnosisTests.updatedAt, search),
      referenceMatches(diagnosisTests.patientId, search.references('patient'), 'Patient'),
      referenceMatches(diagnosisTests.patientId, search.references('subject'), 'Patient'),
      instantMatches(diagnosisTests.createdAt, search.dates('date')),
      categoryCondition(search.tokens('category')),
      // A diagnosis test has no code, and is final.
      search.tokens('code').length > 0 ? sql`false` : undefined,
      tokensMatch(search.tokens('status'), [{ system: REPORT_STATUS_SYSTEM, code: 'final' }])
        ? undefined
        : sql`false`,
    );
    const lab = labReportConditions(fhir, search);
    const countTests = async () =>
      (
        await fhir.ctx.db
          .select({ n: count() })
          .from(diagnosisTests)
          .innerJoin(diagnosisCategories, eq(diagnosisCategories.id, diagnosisTests.categoryId))
          .where(where)
      )[0]?.n ?? 0;
    return pagedSearch(
      search,
      // The diagnosis tests first, then the laboratory's reports: a cursor of the reports' says so.
      async (limit, offset, after) => {
        if (after?.[0] === LAB_REPORT_CURSOR) return labReportPage(fhir, lab, limit, 0, after.slice(1));
        const keyed = await keyedReports(fhir, where, limit, offset, after);
        if (keyed.length >= limit) return keyed;
        // An offset past every test goes on into the laboratory's reports.
        const skip = keyed.length === 0 && offset > 0 ? Math.max(0, offset - (await countTests())) : 0;
        return [...keyed, ...(await labReportPage(fhir, lab, limit - keyed.length, skip, undefined))];
      },
      async () => (await countTests()) + (await countLabReports(fhir, lab)),
    );
  },

  everything: async (fhir, patientId) =>
    isUuid(patientId)
      ? [
          ...(await reports(fhir, and(scoped(fhir), eq(diagnosisTests.patientId, patientId)))),
          ...(await labReportsOf(fhir, patientId)),
        ]
      : [],
};
