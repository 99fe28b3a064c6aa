import { createHash } from 'node:crypto';
import { namesKnownDrug } from '@carepoint/contract';
import type { AllergyIntolerance } from '@medplum/fhirtypes';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patientMedicalDetails } from '../../db/schema';
import { afterCursor, type Cursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { type Keyed, pagedSearch } from './paging';
import type { ParsedSearch } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, isUuid, lastUpdatedMatches, referenceMatches, tokenMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * Recorded allergies (the chart's list, `patient_medical_details.allergies`) as AllergyIntolerance,
 * one per entry. The list is free text kept as one field of the chart, so a resource's id is made
 * of the patient and the allergy's text: it stays the same while other entries come and go.
 */

const ALLERGY_CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const ALLERGY_VERIFICATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';

/**
 * The id's suffix: a short hash of the text in lower case (the chart keeps one entry per text in
 * any case, so it is unique per patient; re-typing "penicillin" as "Penicillin" keeps the id).
 * 16 hex digits: the id stays within FHIR's 64 characters and two entries never meet.
 */
const allergyKey = (allergy: string) =>
  createHash('sha256').update(allergy.toLowerCase()).digest('hex').slice(0, 16);

const allergyId = (patientId: string, allergy: string) => `${patientId}-${allergyKey(allergy)}`;

const ALLERGY_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([0-9a-f]{16})$/;

/** The patient an allergy id names (undefined for anything that is not one of our allergy ids). */
const patientOfId = (id: string) => ALLERGY_ID.exec(id)?.[1];

/**
 * Every entry is a current allergy (the chart has no resolved ones: a doctor removes those), and
 * only a doctor records one, on the chart our prescriptions are checked against: the clinic holds
 * it as confirmed. How it was established (history, test) is not recorded.
 */
function toAllergyIntolerance({ patientId, allergy, updatedAt }: RecordedAllergy): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    id: allergyId(patientId, allergy),
    // The list is one field of the chart: its last save is each entry's.
    meta: versionMeta(updatedAt),
    clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL_SYSTEM, code: 'active', display: 'Active' }] },
    verificationStatus: {
      coding: [{ system: ALLERGY_VERIFICATION_SYSTEM, code: 'confirmed', display: 'Confirmed' }],
    },
    // Only what we can tell: a drug or drug class the prescription allergy rule knows.
    ...(namesKnownDrug(allergy) ? { category: ['medication' as const] } : {}),
    code: { text: allergy },
    patient: { reference: `Patient/${patientId}` },
  };
}

interface RecordedAllergy {
  patientId: string;
  allergy: string;
  updatedAt: Date;
}

/** The patients' lists (each patient's entries in the order recorded, keyed by patient and position), for reads naming few patients. */
async function keyedAllergiesOf(db: Executor, where: SQL | undefined): Promise<Keyed<AllergyIntolerance>[]> {
  const rows = await db
    .select({
      patientId: patientMedicalDetails.patientId,
      allergies: patientMedicalDetails.allergies,
      updatedAt: patientMedicalDetails.updatedAt,
    })
    .from(patientMedicalDetails)
    .where(where)
    .orderBy(asc(patientMedicalDetails.patientId));
  return rows.flatMap((row) =>
    row.allergies.map((allergy, index) => ({
      resource: toAllergyIntolerance({ ...row, allergy }),
      // Positions count from 1, as unnest's ordinality does in the SQL search.
      key: [row.patientId, String(index + 1)],
    })),
  );
}

const allergiesOf = async (db: Executor, where: SQL | undefined) =>
  (await keyedAllergiesOf(db, where)).map((row) => row.resource);

/** Whether a key (patient, position) sorts after the cursor, as the SQL order does. */
const keyAfter = ([patient = '', position = '0']: Cursor, cursor: Cursor | undefined) =>
  cursor === undefined ||
  patient > (cursor[0] ?? '') ||
  (patient === cursor[0] && Number(position) > Number(cursor[1]));

/** The conditions on a patient's whole list: the caller's compartment and the search's parameters. */
function listConditions(fhir: FhirContext, search: ParsedSearch) {
  return and(
    fhir.patientScope === undefined ? undefined : eq(patientMedicalDetails.patientId, fhir.patientScope),
    referenceMatches(patientMedicalDetails.patientId, search.references('patient'), 'Patient'),
    lastUpdatedMatches(patientMedicalDetails.updatedAt, search),
    // Every entry is active and confirmed: these match all of a list or nothing.
    tokenMatches(sql`'active'`, search.tokens('clinical-status'), ALLERGY_CLINICAL_SYSTEM),
    tokenMatches(sql`'confirmed'`, search.tokens('verification-status'), ALLERGY_VERIFICATION_SYSTEM),
  );
}

/** `_id`: the patients the ids name in SQL, then the entries themselves (a handful of lists). */
async function searchByIds(fhir: FhirContext, search: ParsedSearch, where: SQL | undefined) {
  const occurrences = search.ids();
  const patients = occurrences.map((ids) => ids.flatMap((id) => patientOfId(id) ?? []));
  const matches = (
    await keyedAllergiesOf(fhir.ctx.db, and(where, idsMatch(patientMedicalDetails.patientId, patients)))
  ).filter(({ resource }) => occurrences.every((ids) => ids.includes(resource.id ?? '')));
  return pagedSearch(
    search,
    async (limit, offset, after) =>
      matches.filter(({ key }) => keyAfter(key, after)).slice(offset, offset + limit),
    async () => matches.length,
  );
}

export const allergyIntolerances: FhirResourceType<AllergyIntolerance> = {
  type: 'AllergyIntolerance',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/{id})' },
    {
      name: 'clinical-status',
      type: 'token',
      documentation: `${ALLERGY_CLINICAL_SYSTEM}: every recorded allergy is active`,
    },
    {
      name: 'verification-status',
      type: 'token',
      documentation: `${ALLERGY_VERIFICATION_SYSTEM}: every recorded allergy is confirmed`,
    },
  ],

  async read(fhir, id) {
    const patientId = patientOfId(id);
    if (!patientId || (fhir.patientScope !== undefined && fhir.patientScope !== patientId)) return undefined;
    const list = await allergiesOf(fhir.ctx.db, eq(patientMedicalDetails.patientId, patientId));
    return list.find((resource) => resource.id === id);
  },

  async search(fhir, search) {
    const where = listConditions(fhir, search);
    if (search.ids().length > 0) return searchByIds(fhir, search, where);
    // One row per entry, in the order recorded, paged in SQL (patient_medical_details' key is the patient).
    const db = fhir.ctx.db;
    const entry = db
      .select({
        allergy: sql<string>`entry.allergy`.as('allergy'),
        position: sql<number>`entry.position`.as('position'),
      })
      .from(sql`unnest(${patientMedicalDetails.allergies}) with ordinality as entry(allergy, position)`)
      .as('recorded');
    const byPosition: SortKey[] = [
      { expression: patientMedicalDetails.patientId, cast: 'uuid' },
      { expression: entry.position, cast: 'integer' },
    ];
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await db
            .select({
              patientId: patientMedicalDetails.patientId,
              allergy: entry.allergy,
              updatedAt: patientMedicalDetails.updatedAt,
              key: sortKeyColumn(byPosition),
            })
            .from(patientMedicalDetails)
            .crossJoinLateral(entry)
            .where(and(where, afterCursor(byPosition, after)))
            .orderBy(...orderByKeys(byPosition))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toAllergyIntolerance(row), key: row.key })),
      async () => {
        const [row] = await db
          .select({ n: sql<number>`coalesce(sum(cardinality(${patientMedicalDetails.allergies})), 0)::int` })
          .from(patientMedicalDetails)
          .where(where);
        return row?.n ?? 0;
      },
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId) || (fhir.patientScope !== undefined && fhir.patientScope !== patientId)) return [];
    return allergiesOf(fhir.ctx.db, eq(patientMedicalDetails.patientId, patientId));
  },
};
