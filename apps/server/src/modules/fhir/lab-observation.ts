import type { Observation, Practitioner, Quantity, Reference } from '@medplum/fhirtypes';
import { type AnyColumn, and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { labOrderTests, labPanelMembers, labResults, labTests, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { interpretationConcept, testCode } from './lab-codes';
import { categoryConcept, UCUM } from './observation-codes';
import type { FhirContext } from './resource-type';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

/*
 * A laboratory result version (lab_results, docs/areas/lab-results.md) as an Observation
 * `<result id>-lab`, category laboratory: observation.ts finds, filters and pages them with the
 * other Observations; this file adds what only a lab result has (its range, flag, specimen, order
 * and versions). Every version is served. A correction is a new version (status corrected) that
 * names the one it replaces with R4's observation-replaces extension; the replaced version keeps
 * the status it had (it was a final or corrected value when it was released: amended or
 * entered-in-error would say something else), with a note saying when it was replaced and by
 * which. A report lists only current versions.
 */

export const LAB_SUFFIX = 'lab';
export const labObservationId = (resultId: string) => `${resultId}-${LAB_SUFFIX}`;
const REPLACES = 'http://hl7.org/fhir/StructureDefinition/observation-replaces';

/**
 * What a patient may read of the laboratory's results (decision 0014): those shared with them,
 * never a preliminary one. Staff read all.
 */
export const labResultsForPatients = (fhir: FhirContext): SQL | undefined =>
  fhir.patientScope === undefined
    ? undefined
    : and(eq(labResults.sharedWithPatient, true), ne(labResults.status, 'preliminary'));

const verifier = alias(users, 'verifier');
const enterer = alias(users, 'enterer');
const previous = alias(labResults, 'previous');
const next = alias(labResults, 'next');

/** The order's test (or panel holding the test) the result answers: its ServiceRequest. */
const requestId = sql<string | null>`(select ${labOrderTests.id} from ${labOrderTests}
  where ${labOrderTests.orderId} = ${labResults.orderId}
    and (${labOrderTests.testId} = ${labResults.testId}
      or exists (select 1 from ${labPanelMembers} where ${labPanelMembers.panelId} = ${labOrderTests.testId}
        and ${labPanelMembers.testId} = ${labResults.testId}))
  order by ${labOrderTests.createdAt}, ${labOrderTests.id} limit 1)`;
const sameTest = (other: { specimenId: AnyColumn; testId: AnyColumn }) =>
  sql`${other.specimenId} = ${labResults.specimenId} and ${other.testId} = ${labResults.testId}`;

const detailsQuery = (fhir: FhirContext) =>
  fhir.ctx.db
    .select({
      result: labResults,
      loincCode: labTests.loincCode,
      testName: labTests.name,
      resultType: labTests.resultType,
      verifierName: fullNameOf(verifier),
      entererName: fullNameOf(enterer),
      requestId,
      replaces: sql<
        string | null
      >`(select ${previous.id} from ${labResults} ${previous} where ${sameTest(previous)} and ${previous.version} = ${labResults.version} - 1)`,
      replacedBy: sql<
        string | null
      >`(select ${next.id} from ${labResults} ${next} where ${sameTest(next)} and ${next.version} = ${labResults.version} + 1)`,
    })
    .from(labResults)
    .innerJoin(labTests, eq(labTests.id, labResults.testId))
    .leftJoin(verifier, eq(verifier.id, labResults.verifiedBy))
    .leftJoin(enterer, eq(enterer.id, labResults.enteredBy));
type ResultDetails = Awaited<ReturnType<ReturnType<typeof detailsQuery>['execute']>>[number];

/** The details of the lab results among a page's Observations, by result id. */
export async function labResultDetails(fhir: FhirContext, resultIds: string[]) {
  if (resultIds.length === 0) return new Map<string, ResultDetails>();
  const rows = await detailsQuery(fhir).where(inArray(labResults.id, resultIds));
  return new Map(rows.map((row) => [row.result.id, row]));
}

const quantity = (value: number, unit: string | null): Quantity =>
  unit ? { value, unit, system: UCUM, code: unit } : { value };

function resultValue({ result, resultType }: ResultDetails): Partial<Observation> {
  if (result.valueQuantity !== null) return { valueQuantity: quantity(result.valueQuantity, result.unit) };
  // A choice is one of the catalogue's answers (no codes of ours): a concept with its text.
  if (resultType === 'choice') return { valueCodeableConcept: { text: result.valueText ?? '' } };
  return { valueString: result.valueText ?? '' };
}

/** Who released the value (the verifier) and who entered it; laboratory staff are named, not referenced. */
function performers({ verifierName, entererName, result }: ResultDetails): Reference<Practitioner>[] {
  const names = [result.verifiedBy ? verifierName : null, result.enteredBy ? entererName : null];
  return [...new Set(names.filter((name): name is string => name !== null))].map((display) => ({ display }));
}

/** One lab result version as an Observation (`effective`: its specimen's collection). */
export function labObservation(details: ResultDetails, effective: Date, timeZone: string): Observation {
  const { result } = details;
  const range =
    result.rangeLow !== null || result.rangeHigh !== null
      ? [
          {
            ...(result.rangeLow !== null ? { low: quantity(result.rangeLow, result.unit) } : {}),
            ...(result.rangeHigh !== null ? { high: quantity(result.rangeHigh, result.unit) } : {}),
          },
        ]
      : [];
  const notes = [
    ...(result.version > 1 && result.correctionReason
      ? [{ text: `Corrected: ${result.correctionReason}` }]
      : []),
    ...(result.supersededAt && details.replacedBy
      ? [
          {
            text: `Replaced by a corrected result (Observation/${labObservationId(details.replacedBy)})`,
            time: fhirDateTime(result.supersededAt, timeZone),
          },
        ]
      : []),
  ];
  const performer = performers(details);
  return {
    resourceType: 'Observation',
    id: labObservationId(result.id),
    meta: versionMeta(result.updatedAt),
    ...(details.replaces
      ? {
          extension: [
            {
              url: REPLACES,
              valueReference: { reference: `Observation/${labObservationId(details.replaces)}` },
            },
          ],
        }
      : {}),
    ...(details.requestId ? { basedOn: [{ reference: `ServiceRequest/${details.requestId}` }] } : {}),
    status: result.status,
    category: [categoryConcept('laboratory')],
    code: testCode(details.loincCode, details.testName),
    subject: { reference: `Patient/${result.patientId}` },
    effectiveDateTime: fhirDateTime(effective, timeZone),
    // Released when verified; a preliminary value when it was filed (staff see it from then on).
    issued: (result.verifiedAt ?? result.enteredAt).toISOString(),
    ...(performer.length > 0 ? { performer } : {}),
    ...resultValue(details),
    ...(result.interpretation ? { interpretation: [interpretationConcept(result.interpretation)] } : {}),
    ...(notes.length > 0 ? { note: notes } : {}),
    specimen: { reference: `Specimen/${result.specimenId}` },
    ...(range.length > 0 ? { referenceRange: range } : {}),
  };
}
