import type { Claim, ClaimResponse, Money, Resource } from '@medplum/fhirtypes';
import { and, count, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { claimLines, claims, payers } from '../../db/schema';
import { type ClaimLineRow, encountersOf, linesOf } from '../billing-claims';
import { readFacility } from '../facility';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, lastUpdatedMatches, referenceMatches, tokenMatches } from './search-sql';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

/*
 * The claims (docs/areas/billing-claims.md) as Claim (https://hl7.org/fhir/R4/claim.html) and
 * their remittance as ClaimResponse (https://hl7.org/fhir/R4/claimresponse.html). A FHIR Claim
 * is one patient's: each patient on one of our claims is one Claim, id the claim's id and the
 * patient's id as 64 hex digits (FHIR's longest id), and, once the payer has answered a line of
 * it, one ClaimResponse of the same id. Both in the patient's compartment.
 */

const CLAIM_TYPE = 'http://terminology.hl7.org/CodeSystem/claim-type';
const PRIORITY = 'http://terminology.hl7.org/CodeSystem/processpriority';
const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const serviceSystem = (publicUrl: string) => `${publicUrl}/fhir/CodeSystem/billable-service`;
const claimNumberSystem = (publicUrl: string) => `${publicUrl}/fhir/sid/claim-number`;

const hex = (uuid: string) => uuid.replaceAll('-', '');
const uuidOf = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
/** The resource id of a patient's part of a claim. */
const claimResourceId = (claimId: string, patientId: string) => hex(claimId) + hex(patientId);
function parseId(id: string): { claimId: string; patientId: string } | undefined {
  if (!/^[0-9a-f]{64}$/.test(id)) return undefined;
  return { claimId: uuidOf(id.slice(0, 32)), patientId: uuidOf(id.slice(32)) };
}

const NEWEST_FIRST: SortKey[] = [
  { expression: claims.createdAt, descending: true, cast: 'timestamptz' },
  { expression: claims.id, cast: 'uuid' },
  { expression: claimLines.patientId, cast: 'uuid' },
];

const RESOURCE_ID = sql<string>`replace(${claims.id}::text, '-', '') || replace(${claimLines.patientId}::text, '-', '')`;

/** One patient's part of one claim: a row per (claim, patient). */
function parts(db: Executor) {
  return db
    .select({
      claimId: claims.id,
      patientId: claimLines.patientId,
      number: claims.number,
      status: claims.status,
      createdAt: claims.createdAt,
      updatedAt: claims.updatedAt,
      payerId: payers.id,
      payerName: payers.name,
      remittedAt: max(claimLines.remittedAt),
      key: sortKeyColumn(NEWEST_FIRST),
    })
    .from(claimLines)
    .innerJoin(claims, eq(claims.id, claimLines.claimId))
    .innerJoin(payers, eq(payers.id, claims.payerId))
    .groupBy(claims.id, claimLines.patientId, payers.id);
}
type PartRow = Awaited<ReturnType<ReturnType<typeof parts>['execute']>>[number];

const naira = (kobo: number): Money => ({ value: kobo / 100, currency: 'NGN' });

/** The lines of each part on a page, read once per claim. */
async function linesOfParts(db: Executor, rows: readonly PartRow[]) {
  const byClaim = new Map<string, ClaimLineRow[]>();
  for (const claimId of new Set(rows.map((r) => r.claimId))) byClaim.set(claimId, await linesOf(db, claimId));
  return (row: PartRow) => (byClaim.get(row.claimId) ?? []).filter((l) => l.patientId === row.patientId);
}

interface Rendering {
  publicUrl: string;
  timeZone: string;
  facility: string;
}

function toClaim(row: PartRow, lines: readonly ClaimLineRow[], r: Rendering): Claim {
  const encounters = encountersOf(lines);
  const diagnoses = encounters.flatMap((e) => (e.diagnosis ? [e.diagnosis] : []));
  const unique = [...new Map(diagnoses.map((d) => [d.code, d])).values()];
  const [first] = encounters;
  const preauths = [...new Set(lines.flatMap((l) => (l.preauthCode ? [l.preauthCode] : [])))];
  const inpatient = lines.some((l) => l.stayId);
  return {
    resourceType: 'Claim',
    id: claimResourceId(row.claimId, row.patientId),
    meta: versionMeta(row.updatedAt),
    identifier: [{ system: claimNumberSystem(r.publicUrl), value: row.number }],
    status: row.status === 'draft' ? 'draft' : 'active',
    type: {
      coding: [
        inpatient
          ? { system: CLAIM_TYPE, code: 'institutional', display: 'Institutional' }
          : { system: CLAIM_TYPE, code: 'professional', display: 'Professional' },
      ],
    },
    use: 'claim',
    patient: { reference: `Patient/${row.patientId}` },
    created: fhirDateTime(row.createdAt, r.timeZone),
    insurer: { reference: `Organization/${row.payerId}`, display: row.payerName },
    // The hospital is no Organization resource: named.
    provider: { display: r.facility },
    priority: { coding: [{ system: PRIORITY, code: 'normal' }] },
    ...(unique.length
      ? {
          diagnosis: unique.map((d, i) => ({
            sequence: i + 1,
            diagnosisCodeableConcept: {
              // The app codes in ICD-10-CM; the payer's forms ask ICD-10: its category and subcategory.
              coding: [
                { system: ICD10, code: d.code.slice(0, 5) },
                { system: ICD10CM, code: d.code, display: d.title },
              ],
              text: d.title,
            },
          })),
        }
      : {}),
    insurance: [
      {
        sequence: 1,
        focal: true,
        identifier: { value: first?.memberNumber ?? '' },
        coverage: { reference: `Coverage/${first?.coverageId ?? ''}` },
        ...(preauths.length ? { preAuthRef: preauths } : {}),
      },
    ],
    item: lines.map((l, i) => {
      const dx = unique.findIndex((d) => d.code === l.diagnosisCode);
      return {
        sequence: i + 1,
        ...(dx >= 0 ? { diagnosisSequence: [dx + 1] } : {}),
        productOrService: {
          ...(l.serviceCode
            ? {
                coding: [{ system: serviceSystem(r.publicUrl), code: l.serviceCode, display: l.serviceName }],
              }
            : {}),
          text: l.serviceName,
        },
        servicedDate: l.careDate,
        quantity: { value: l.quantity },
        unitPrice: naira(l.unitPrice),
        net: naira(l.amount),
        ...(l.stayId ? { encounter: [{ reference: `Encounter/${l.stayId}` }] } : {}),
      };
    }),
    total: naira(lines.reduce((sum, l) => sum + l.amount, 0)),
  };
}

function toClaimResponse(row: PartRow, lines: readonly ClaimLineRow[], r: Rendering): ClaimResponse {
  const remitted = lines.flatMap((l, i) => (l.outcome ? [{ line: l, sequence: i + 1 }] : []));
  const claimed = remitted.reduce((sum, { line }) => sum + line.amount, 0);
  const paid = remitted.reduce((sum, { line }) => sum + (line.paidAmount ?? 0), 0);
  return {
    resourceType: 'ClaimResponse',
    id: claimResourceId(row.claimId, row.patientId),
    meta: versionMeta(row.remittedAt ?? row.updatedAt),
    identifier: [{ system: claimNumberSystem(r.publicUrl), value: row.number }],
    status: 'active',
    type: {
      coding: [{ system: CLAIM_TYPE, code: lines.some((l) => l.stayId) ? 'institutional' : 'professional' }],
    },
    use: 'claim',
    patient: { reference: `Patient/${row.patientId}` },
    created: fhirDateTime(row.remittedAt ?? row.updatedAt, r.timeZone),
    insurer: { reference: `Organization/${row.payerId}`, display: row.payerName },
    request: { reference: `Claim/${claimResourceId(row.claimId, row.patientId)}` },
    outcome: remitted.length === lines.length ? 'complete' : 'partial',
    item: remitted.map(({ line, sequence }) => ({
      itemSequence: sequence,
      adjudication: [
        { category: { coding: [{ system: ADJUDICATION, code: 'submitted' }] }, amount: naira(line.amount) },
        {
          category: { coding: [{ system: ADJUDICATION, code: 'benefit' }] },
          amount: naira(line.paidAmount ?? 0),
          ...(line.denialReason ? { reason: { text: line.denialReason } } : {}),
        },
      ],
    })),
    total: [
      { category: { coding: [{ system: ADJUDICATION, code: 'submitted' }] }, amount: naira(claimed) },
      { category: { coding: [{ system: ADJUDICATION, code: 'benefit' }] }, amount: naira(paid) },
    ],
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(claimLines.patientId, fhir.patientScope);

/** Claim and ClaimResponse share their reads: the parts, the lines, one rendering each. */
function claimResourceType<R extends Resource>(
  type: R['resourceType'],
  render: (row: PartRow, lines: readonly ClaimLineRow[], r: Rendering) => R,
  /** ClaimResponse: only parts the payer has answered. */
  answered: boolean,
  searchParams: FhirResourceType<R>['searchParams'],
  extra: (fhir: FhirContext, search: Parameters<FhirResourceType<R>['search']>[1]) => SQL | undefined,
): FhirResourceType<R> {
  const having = answered ? sql`count(${claimLines.remittedAt}) > 0` : undefined;
  const renderAll = async (fhir: FhirContext, rows: readonly PartRow[]) => {
    const linesOfPart = await linesOfParts(fhir.ctx.db, rows);
    const r: Rendering = {
      publicUrl: fhir.ctx.config.publicUrl,
      timeZone: fhir.timeZone,
      facility: (await readFacility(fhir.ctx)).name,
    };
    return rows.map((row) => render(row, linesOfPart(row), r));
  };
  return {
    type,
    searchParams,
    async read(fhir, id) {
      const ids = parseId(id);
      if (!ids) return undefined;
      const rows = await parts(fhir.ctx.db)
        .where(
          and(eq(claimLines.claimId, ids.claimId), eq(claimLines.patientId, ids.patientId), inScope(fhir)),
        )
        .having(having);
      return (await renderAll(fhir, rows))[0];
    },
    async search(fhir, search) {
      const where = and(
        inScope(fhir),
        idsMatch(RESOURCE_ID, search.ids()),
        lastUpdatedMatches(claims.updatedAt, search),
        referenceMatches(claimLines.patientId, search.references('patient'), 'Patient'),
        referenceMatches(claims.payerId, search.references('insurer'), 'Organization'),
        extra(fhir, search),
      );
      return pagedSearch(
        search,
        async (limit, offset, after) => {
          const rows = await parts(fhir.ctx.db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .having(having)
            .orderBy(...orderByKeys(NEWEST_FIRST))
            .limit(limit)
            .offset(offset);
          const resources = await renderAll(fhir, rows);
          return rows.map((row, i) => ({ resource: resources[i] as R, key: row.key }));
        },
        async () => {
          const counted = fhir.ctx.db
            .select({ one: sql`1` })
            .from(claimLines)
            .innerJoin(claims, eq(claims.id, claimLines.claimId))
            .where(where)
            .groupBy(claimLines.claimId, claimLines.patientId)
            .having(having)
            .as('counted');
          return (await fhir.ctx.db.select({ n: count() }).from(counted))[0]?.n ?? 0;
        },
      );
    },
    async everything(fhir, patientId) {
      const rows = await parts(fhir.ctx.db)
        .where(and(eq(claimLines.patientId, patientId), inScope(fhir)))
        .having(having)
        .orderBy(...orderByKeys(NEWEST_FIRST));
      return renderAll(fhir, rows);
    },
  };
}

const COMMON_PARAMS = [
  { name: 'patient', type: 'reference', documentation: 'The patient (Patient/{id})' },
  { name: 'insurer', type: 'reference', documentation: 'The payer (Organization/{id})' },
] as const;

export const claimsType = claimResourceType<Claim>(
  'Claim',
  toClaim,
  false,
  [...COMMON_PARAMS, { name: 'status', type: 'token', documentation: 'draft (not yet submitted) or active' }],
  (_fhir, search) =>
    tokenMatches(
      sql`case when ${claims.status} = 'draft' then 'draft' else 'active' end`,
      search.tokens('status'),
    ),
);

export const claimResponsesType = claimResourceType<ClaimResponse>(
  'ClaimResponse',
  toClaimResponse,
  true,
  [
    ...COMMON_PARAMS,
    { name: 'request', type: 'reference', documentation: 'The claim answered (Claim/{id})' },
  ],
  (_fhir, search) => {
    const requested = search.references('request').map((values) =>
      values.flatMap((v) => {
        const ids = v.type === undefined || v.type === 'Claim' ? parseId(v.id) : undefined;
        return ids ? [ids] : [];
      }),
    );
    return and(
      ...requested.map((ids) =>
        ids.length
          ? and(
              inArray(
                claimLines.claimId,
                ids.map((i) => i.claimId),
              ),
              inArray(
                claimLines.patientId,
                ids.map((i) => i.patientId),
              ),
            )
          : sql`false`,
      ),
    );
  },
);
