import { createHash } from 'node:crypto';
import { DISCHARGE_SUMMARY_LOINC } from '@carepoint/contract';
import type { DocumentReference } from '@medplum/fhirtypes';
import { and, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dischargeSummaries, stays } from '../../db/schema';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, instantMatches, isUuid, lastUpdatedMatches, referenceMatches } from './search-sql';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

/*
 * Signed discharge summaries as DocumentReference (same id as the summary): LOINC 18842-5
 * "Discharge summary", the patient, the signing doctor, the stay's Encounter, and the PDF as
 * signed, inline (`attachment.data`), so whoever may read the DocumentReference has the document
 * with it under the same SMART scopes; a URL into /api would need a session the FHIR client has
 * not got. Drafts are nobody's document yet: they are left out.
 */

const LOINC = 'http://loinc.org';

const isSigned = isNotNull(dischargeSummaries.signedAt);

const FIELDS = {
  id: dischargeSummaries.id,
  stayId: dischargeSummaries.stayId,
  patientId: stays.patientId,
  signedById: dischargeSummaries.signedById,
  signedAt: dischargeSummaries.signedAt,
  pdf: dischargeSummaries.pdf,
  admittedAt: stays.admittedAt,
  dischargedAt: stays.dischargedAt,
  updatedAt: dischargeSummaries.updatedAt,
};

const selectDocuments = (db: Executor, where: SQL | undefined) =>
  db
    .select(FIELDS)
    .from(dischargeSummaries)
    .innerJoin(stays, eq(stays.id, dischargeSummaries.stayId))
    .where(and(isSigned, where));
type DocumentRow = Awaited<ReturnType<typeof selectDocuments>>[number];

function toDocumentReference(row: DocumentRow, timeZone: string): DocumentReference {
  const at = (instant: Date) => fhirDateTime(instant, timeZone);
  const pdf = row.pdf ?? Buffer.alloc(0);
  const signedAt = row.signedAt ?? row.updatedAt;
  const period = row.admittedAt
    ? { period: { start: at(row.admittedAt), ...(row.dischargedAt ? { end: at(row.dischargedAt) } : {}) } }
    : {};
  return {
    resourceType: 'DocumentReference',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    status: 'current',
    docStatus: 'final',
    type: { coding: [{ system: LOINC, ...DISCHARGE_SUMMARY_LOINC }], text: DISCHARGE_SUMMARY_LOINC.display },
    subject: { reference: `Patient/${row.patientId}` },
    // An instant: the signature's moment, with its offset.
    date: signedAt.toISOString(),
    ...(row.signedById
      ? {
          author: [{ reference: `Practitioner/${row.signedById}` }],
          authenticator: { reference: `Practitioner/${row.signedById}` },
        }
      : {}),
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          data: pdf.toString('base64'),
          size: pdf.length,
          // Attachment.hash is the SHA-1 of the data, base64 (R4).
          hash: createHash('sha1').update(pdf).digest('base64'),
          title: DISCHARGE_SUMMARY_LOINC.display,
          creation: at(signedAt),
        },
      },
    ],
    context: { encounter: [{ reference: `Encounter/${row.stayId}` }], ...period },
  };
}

const ownedBy = ({ patientScope }: FhirContext) =>
  patientScope === undefined ? undefined : eq(stays.patientId, patientScope);

/** By signature, then id. */
const KEYS: SortKey[] = [
  { expression: dischargeSummaries.signedAt, cast: 'timestamptz' },
  { expression: dischargeSummaries.id, cast: 'uuid' },
];

export const documentReferences: FhirResourceType<DocumentReference> = {
  type: 'DocumentReference',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/<id>)' },
    { name: 'encounter', type: 'reference', documentation: 'The inpatient stay (Encounter/<id>)' },
    {
      name: 'date',
      type: 'date',
      documentation:
        'When the summary was signed (eq, gt, lt, ge, le; a value without offset is facility time)',
    },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await selectDocuments(fhir.ctx.db, and(eq(dischargeSummaries.id, id), ownedBy(fhir)));
    return row ? toDocumentReference(row, fhir.timeZone) : undefined;
  },

  async search(fhir, search) {
    const { db } = fhir.ctx;
    const where = and(
      ownedBy(fhir),
      idsMatch(dischargeSummaries.id, search.ids()),
      lastUpdatedMatches(dischargeSummaries.updatedAt, search),
      referenceMatches(stays.patientId, search.references('patient'), 'Patient'),
      referenceMatches(dischargeSummaries.stayId, search.references('encounter'), 'Encounter'),
      instantMatches(dischargeSummaries.signedAt, search.dates('date')),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await db
            .select({ ...FIELDS, key: sortKeyColumn(KEYS) })
            .from(dischargeSummaries)
            .innerJoin(stays, eq(stays.id, dischargeSummaries.stayId))
            .where(and(isSigned, where, afterCursor(KEYS, after)))
            .orderBy(...orderByKeys(KEYS))
            .limit(limit)
            .offset(offset)
        ).map(({ key, ...row }) => ({ resource: toDocumentReference(row, fhir.timeZone), key })),
      async () =>
        (
          await db
            .select({ n: count() })
            .from(dischargeSummaries)
            .innerJoin(stays, eq(stays.id, dischargeSummaries.stayId))
            .where(and(isSigned, where))
        )[0]?.n ?? 0,
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const rows = await selectDocuments(fhir.ctx.db, and(eq(stays.patientId, patientId), ownedBy(fhir)));
    return rows
      .sort((a, b) => (a.signedAt?.getTime() ?? 0) - (b.signedAt?.getTime() ?? 0))
      .map((row) => toDocumentReference(row, fhir.timeZone));
  },
};
