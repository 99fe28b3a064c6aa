import type { Resource } from '@medplum/fhirtypes';
import { parseSearch } from '../params';
import type { FhirContext, FhirResourceType } from '../resource-type';
import { FHIR_RESOURCE_TYPES } from '../resources';
import type { ExportLevel } from './access';

/*
 * What an export holds and how it reads it: through the resource types' own searches, so an
 * exported resource is exactly what a read or search answers.
 */

/** Resources a search reads at once inside a batch (a batch's patients may have thousands). */
const PAGE = 1000;

/** In a patient's record: the Patient and every type $everything gathers. */
const inPatientRecord = (type: FhirResourceType) => type.type === 'Patient' || type.everything !== undefined;

/** Types not exported: Groups are the export's subject, not its content. */
const NOT_EXPORTED = new Set(['Group']);

/**
 * The types an export at a level may hold, in the API's order: a patient's record at Patient and
 * Group level; at system level also the rest (Practitioner).
 */
export function exportableTypes(level: ExportLevel): FhirResourceType[] {
  return FHIR_RESOURCE_TYPES.filter(
    (type) => !NOT_EXPORTED.has(type.type) && (level === 'system' || inPatientRecord(type)),
  );
}

/** Split of an export's types into those read per batch of patients and the others (read once). */
export function splitTypes(types: readonly FhirResourceType[]) {
  return {
    perPatient: types.filter(inPatientRecord),
    others: types.filter((type) => !inPatientRecord(type)),
  };
}

const supports = (type: FhirResourceType, name: string) => type.searchParams.some((p) => p.name === name);

/**
 * `_since`: a resource changed after it. A resource that does not say when it last changed
 * (no `meta.lastUpdated`) is kept: leaving it out could lose a change.
 */
const changedSince = (resource: Resource, since: Date | null) => {
  const lastUpdated = resource.meta?.lastUpdated;
  return since === null || lastUpdated === undefined || Date.parse(lastUpdated) > since.getTime();
};

/** Every match of a search given as query parameters, a page at a time, in the search's order. */
async function everyMatch(fhir: FhirContext, type: FhirResourceType, query: Record<string, string>) {
  const parsed = parseSearch(type.searchParams, {
    query: { ...query, _total: 'none' },
    strict: false,
    timeZone: fhir.timeZone,
  });
  const found: Resource[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { resources } = await type.search(fhir, { ...parsed, count: PAGE, offset });
    found.push(...resources);
    if (resources.length < PAGE) return found;
  }
}

/** The `_lastUpdated` condition for `_since`, where the type can search on it (else filtered after). */
const sinceQuery = (type: FhirResourceType, since: Date | null): Record<string, string> =>
  since && supports(type, '_lastUpdated') ? { _lastUpdated: `gt${since.toISOString()}` } : {};

/** One type's resources about a batch of patients (`_id` for Patients, `patient` for the rest). */
export async function resourcesOfPatients(
  fhir: FhirContext,
  type: FhirResourceType,
  patientIds: readonly string[],
  since: Date | null,
): Promise<Resource[]> {
  let resources: Resource[];
  if (type.type === 'Patient' || supports(type, 'patient')) {
    const key = type.type === 'Patient' ? '_id' : 'patient';
    resources = await everyMatch(fhir, type, { [key]: patientIds.join(','), ...sinceQuery(type, since) });
  } else {
    resources = [];
    for (const id of patientIds) resources.push(...((await type.everything?.(fhir, id)) ?? []));
  }
  return resources.filter((resource) => changedSince(resource, since));
}

/** Every resource of a type outside patients' records (Practitioners). */
export async function allResources(fhir: FhirContext, type: FhirResourceType, since: Date | null) {
  const resources = await everyMatch(fhir, type, sinceQuery(type, since));
  return resources.filter((resource) => changedSince(resource, since));
}

/** Resources as NDJSON: one resource per line, each line ending with a newline. */
export const ndjson = (resources: readonly Resource[]) =>
  resources.map((resource) => `${JSON.stringify(resource)}\n`).join('');
