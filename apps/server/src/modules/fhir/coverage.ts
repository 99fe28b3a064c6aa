import type { Coverage } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coverages, payers } from '../../db/schema';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, isUuid, lastUpdatedMatches, referenceMatches, tokenMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * A patient's coverage by NHIA or an HMO (docs/areas/billing-coverage.md) as Coverage
 * (https://hl7.org/fhir/R4/coverage.html): the patient is both beneficiary and subscriber (the
 * member number is theirs), the payer its Organization, the plan a class, the patient's share as
 * costToBeneficiary (a percentage in UCUM `%`, or a co-payment in NGN, naira from the stored kobo).
 * The type is HL7's (v3 ActCoverageTypeCode, the coverage-type value set): NHIA a public
 * healthcare programme (PUBLICPOL), an HMO a health maintenance organization policy (HMO).
 * `status` is `active` for every coverage the app keeps (the period says when it pays; a wrong
 * one is edited, never kept as entered-in-error).
 */

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const COVERAGE_CLASS = 'http://terminology.hl7.org/CodeSystem/coverage-class';
const COPAY_TYPE = 'http://terminology.hl7.org/CodeSystem/coverage-copay-type';
const RELATIONSHIP = 'http://terminology.hl7.org/CodeSystem/subscriber-relationship';
const STATUS_SYSTEM = 'http://hl7.org/fhir/fm-status';
const UCUM = 'http://unitsofmeasure.org';

const TYPES = {
  nhia: { system: ACT_CODE, code: 'PUBLICPOL', display: 'public healthcare' },
  hmo: { system: ACT_CODE, code: 'HMO', display: 'health maintenance organization policy' },
} as const;

/** Newest first, as the app lists them: by the first valid day (ISO text sorts as the date). */
const NEWEST_FIRST: SortKey[] = [
  { expression: sql`${coverages.validFrom}::text`, descending: true, cast: 'text' },
  { expression: coverages.id, cast: 'uuid' },
];

const columns = {
  coverage: coverages,
  payerName: payers.name,
  payerKind: payers.kind,
  key: sortKeyColumn(NEWEST_FIRST),
};
const rowsOf = (db: Executor) =>
  db.select(columns).from(coverages).innerJoin(payers, eq(payers.id, coverages.payerId));
type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];

/** Kobo as a decimal of naira, exact (kobo / 100 prints as its shortest decimal: 123456 -> 1234.56). */
const naira = (kobo: number) => kobo / 100;

function costToBeneficiary(c: Row['coverage']): NonNullable<Coverage['costToBeneficiary']> {
  if (c.shareKind === 'percent') {
    return [
      {
        type: { coding: [{ system: COPAY_TYPE, code: 'copaypct', display: 'Copay Percentage' }] },
        valueQuantity: { value: (c.shareBp ?? 0) / 100, unit: '%', system: UCUM, code: '%' },
      },
    ];
  }
  return [
    {
      type: { coding: [{ system: COPAY_TYPE, code: 'copay', display: 'Copay Amount' }] },
      valueMoney: { value: naira(c.copayAmount ?? 0), currency: 'NGN' },
    },
  ];
}

function toCoverage({ coverage: c, payerName, payerKind }: Row): Coverage {
  const patient = { reference: `Patient/${c.patientId}` };
  const type = payerKind === 'nhia' || payerKind === 'hmo' ? TYPES[payerKind] : undefined;
  return {
    resourceType: 'Coverage',
    id: c.id,
    meta: versionMeta(c.updatedAt),
    status: 'active',
    ...(type ? { type: { coding: [type] } } : {}),
    subscriber: patient,
    subscriberId: c.memberNumber,
    beneficiary: patient,
    relationship: { coding: [{ system: RELATIONSHIP, code: 'self', display: 'Self' }] },
    period: { start: c.validFrom, ...(c.validTo ? { end: c.validTo } : {}) },
    payor: [{ reference: `Organization/${c.payerId}`, display: payerName }],
    ...(c.plan
      ? { class: [{ type: { coding: [{ system: COVERAGE_CLASS, code: 'plan' }] }, value: c.plan }] }
      : {}),
    costToBeneficiary: costToBeneficiary(c),
  };
}

const inScope = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined ? undefined : eq(coverages.patientId, fhir.patientScope);

export const coveragesType: FhirResourceType<Coverage> = {
  type: 'Coverage',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The covered patient (Patient/{id})' },
    { name: 'beneficiary', type: 'reference', documentation: 'The covered patient (Patient/{id})' },
    { name: 'payor', type: 'reference', documentation: 'The payer (Organization/{id})' },
    { name: 'status', type: 'token', documentation: `${STATUS_SYSTEM}: active (every coverage kept)` },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await rowsOf(fhir.ctx.db).where(and(eq(coverages.id, id), inScope(fhir)));
    return row ? toCoverage(row) : undefined;
  },

  async search(fhir, search) {
    const db = fhir.ctx.db;
    const where = and(
      inScope(fhir),
      idsMatch(coverages.id, search.ids()),
      lastUpdatedMatches(coverages.updatedAt, search),
      referenceMatches(coverages.patientId, search.references('patient'), 'Patient'),
      referenceMatches(coverages.patientId, search.references('beneficiary'), 'Patient'),
      referenceMatches(coverages.payerId, search.references('payor'), 'Organization'),
      tokenMatches(sql`'active'`, search.tokens('status'), STATUS_SYSTEM),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await rowsOf(db)
            .where(and(where, afterCursor(NEWEST_FIRST, after)))
            .orderBy(...orderByKeys(NEWEST_FIRST))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toCoverage(row), key: row.key })),
      async () => (await db.select({ n: count() }).from(coverages).where(where))[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await rowsOf(fhir.ctx.db)
      .where(and(eq(coverages.patientId, patientId), inScope(fhir)))
      .orderBy(...orderByKeys(NEWEST_FIRST));
    return rows.map(toCoverage);
  },
};
