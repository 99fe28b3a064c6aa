import type { Reference, Resource } from '@medplum/fhirtypes';
import { encodeCursor } from './cursor';
import { invalidParameter } from './outcome';
import { MAX_COUNT, parseSearch } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';

/*
 * `_include` and `_revinclude`: the resources a page's matches reference (or that reference
 * them), added to the Bundle with search.mode "include". They are read through each type's own
 * search, so a patient caller gets only what their compartment holds (and routes.ts checks every
 * one again), exactly as if they had asked for them.
 */

/** A reference search parameter that `_include` can follow: where the references are in a resource. */
interface IncludeDefinition {
  source: string;
  param: string;
  targets: readonly string[];
  references(resource: Resource): Array<Reference | undefined>;
}

/** The patient a record is about. */
function subject(resource: Resource): Array<Reference | undefined> {
  switch (resource.resourceType) {
    case 'Observation':
    case 'DiagnosticReport':
    case 'MedicationRequest':
    case 'MedicationAdministration':
    case 'MedicationDispense':
    case 'Encounter':
    case 'DocumentReference':
    case 'ServiceRequest':
    case 'Specimen':
      return [resource.subject];
    default:
      return [];
  }
}

export const INCLUDES: readonly IncludeDefinition[] = [
  {
    source: 'DiagnosticReport',
    param: 'result',
    targets: ['Observation'],
    references: (r) => (r.resourceType === 'DiagnosticReport' ? (r.result ?? []) : []),
  },
  { source: 'DiagnosticReport', param: 'patient', targets: ['Patient'], references: subject },
  { source: 'Observation', param: 'patient', targets: ['Patient'], references: subject },
  { source: 'MedicationRequest', param: 'patient', targets: ['Patient'], references: subject },
  {
    source: 'MedicationRequest',
    param: 'requester',
    targets: ['Practitioner'],
    references: (r) => (r.resourceType === 'MedicationRequest' ? [r.requester] : []),
  },
  {
    source: 'Appointment',
    param: 'actor',
    targets: ['Patient', 'Practitioner'],
    references: (r) => (r.resourceType === 'Appointment' ? r.participant.map((p) => p.actor) : []),
  },
  { source: 'MedicationDispense', param: 'patient', targets: ['Patient'], references: subject },
  {
    source: 'MedicationDispense',
    param: 'prescription',
    targets: ['MedicationRequest'],
    references: (r) => (r.resourceType === 'MedicationDispense' ? (r.authorizingPrescription ?? []) : []),
  },
  {
    source: 'MedicationDispense',
    param: 'medication',
    targets: ['Medication'],
    references: (r) => (r.resourceType === 'MedicationDispense' ? [r.medicationReference] : []),
  },
  { source: 'Encounter', param: 'patient', targets: ['Patient'], references: subject },
  { source: 'ServiceRequest', param: 'patient', targets: ['Patient'], references: subject },
  {
    source: 'ServiceRequest',
    param: 'requester',
    targets: ['Practitioner'],
    references: (r) => (r.resourceType === 'ServiceRequest' ? [r.requester] : []),
  },
  { source: 'Specimen', param: 'patient', targets: ['Patient'], references: subject },
  { source: 'DocumentReference', param: 'patient', targets: ['Patient'], references: subject },
  {
    source: 'DocumentReference',
    param: 'encounter',
    targets: ['Encounter'],
    references: (r) => (r.resourceType === 'DocumentReference' ? (r.context?.encounter ?? []) : []),
  },
];

/** `_revinclude`: resources of `source` whose `param` names a match (each a search of that type). */
interface RevIncludeDefinition {
  source: string;
  param: string;
  target: string;
}
export const REVINCLUDES: readonly RevIncludeDefinition[] = [
  { source: 'Observation', param: 'patient', target: 'Patient' },
];

/** At most this many resources come in through one `_revinclude` (a patient may have years of vitals). */
const MAX_REVINCLUDED = 1000;

/** `Type:param` or `Type:param:Target`, as one of ours; an unknown one is a 400 (or ignored, not strict). */
function resolve<D extends { source: string; param: string }>(
  parameter: '_include' | '_revinclude',
  value: string,
  known: readonly D[],
  strict: boolean,
): { definition: D; target?: string } | undefined {
  const [source = '', param = '', target, ...rest] = value.split(':');
  const definition = known.find((d) => d.source === source && d.param === param);
  if (definition && rest.length === 0) return { definition, ...(target ? { target } : {}) };
  if (strict) throw invalidParameter(parameter, `${parameter}=${value} is not supported here`);
  return undefined;
}

/** Every resource of `type` with one of `ids`, through its search (so its compartment rules apply). */
async function readAll(
  fhir: FhirContext,
  type: FhirResourceType,
  query: Record<string, string>,
  limit: number,
) {
  const found: Resource[] = [];
  let cursor: string | undefined;
  while (found.length < limit) {
    const search = parseSearch(type.searchParams, {
      query: { ...query, _count: String(MAX_COUNT), _total: 'none', ...(cursor ? { _cursor: cursor } : {}) },
      strict: false,
      timeZone: fhir.timeZone,
    });
    const page = await type.search(fhir, search);
    found.push(...page.resources);
    if (!page.next) break;
    cursor = encodeCursor(page.next);
  }
  return found.slice(0, limit);
}

/**
 * The resources a search's `_include` and `_revinclude` bring in beside its matches, each once
 * and none that is already a match.
 */
export async function includedResources(
  fhir: FhirContext,
  searched: string,
  search: { includes: string[]; revincludes: string[] },
  matches: readonly Resource[],
  types: ReadonlyMap<string, FhirResourceType>,
  strict: boolean,
): Promise<Resource[]> {
  const wanted = new Map<string, Set<string>>();
  for (const value of search.includes) {
    const include = resolve('_include', value, INCLUDES, strict);
    if (!include || include.definition.source !== searched) continue;
    for (const reference of matches.flatMap((m) => include.definition.references(m))) {
      const [type = '', id = ''] = (reference?.reference ?? '').split('/');
      const allowed = include.target ? [include.target] : include.definition.targets;
      if (!allowed.includes(type) || !id) continue;
      wanted.set(type, (wanted.get(type) ?? new Set()).add(id));
    }
  }
  const included: Resource[] = [];
  for (const [typeName, ids] of wanted) {
    const type = types.get(typeName);
    const list = [...ids];
    for (let i = 0; type && i < list.length; i += MAX_COUNT) {
      included.push(
        ...(await readAll(fhir, type, { _id: list.slice(i, i + MAX_COUNT).join(',') }, MAX_COUNT)),
      );
    }
  }
  for (const value of search.revincludes) {
    const revinclude = resolve('_revinclude', value, REVINCLUDES, strict);
    const type = revinclude && types.get(revinclude.definition.source);
    if (!revinclude || !type || revinclude.definition.target !== searched || matches.length === 0) continue;
    const ids = matches.map((m) => m.id ?? '').join(',');
    included.push(...(await readAll(fhir, type, { [revinclude.definition.param]: ids }, MAX_REVINCLUDED)));
  }
  const seen = new Set(matches.map((m) => `${m.resourceType}/${m.id}`));
  return included.filter((resource) => {
    const key = `${resource.resourceType}/${resource.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
