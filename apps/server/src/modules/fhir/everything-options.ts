import type { Resource } from '@medplum/fhirtypes';
import { invalidParameter } from './outcome';
import { parseDateSpan } from './time';

/** What Patient/{id}/$everything was asked to leave out: `_since` and `_type`. */
export interface EverythingOptions {
  /** Only resources changed at or after this moment (meta.lastUpdated). */
  since?: Date;
  /** Only these resource types (undefined: every type). */
  types?: ReadonlySet<string>;
}

const single = (value: string | string[] | undefined) => [value ?? []].flat().at(-1);

/** `_since` (an instant or any date precision: its start) and `_type` (comma-separated, each a type we serve). */
export function parseEverythingOptions(
  query: Record<string, string | string[] | undefined>,
  served: readonly string[],
  timeZone: string,
): EverythingOptions {
  const options: EverythingOptions = {};
  const since = single(query._since);
  if (since !== undefined) options.since = parseDateSpan('_since', since, timeZone).start;
  const types = [query._type ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = types.find((type) => !served.includes(type));
  if (unknown !== undefined) {
    throw invalidParameter('_type', `_type: "${unknown}" is not a resource type this API serves`);
  }
  if (types.length > 0) options.types = new Set(types);
  return options;
}

/** Whether a type's resources belong in the answer. */
export const wantsType = (options: EverythingOptions, type: string) =>
  options.types === undefined || options.types.has(type);

/** Whether a resource changed since `_since` (every resource when it is not given). */
export const changedSince = (options: EverythingOptions, resource: Resource) =>
  options.since === undefined || Date.parse(resource.meta?.lastUpdated ?? '') >= options.since.getTime();

/** The Practitioner ids the resources reference (requester, performer, participants…), each once. */
export function referencedPractitioners(resources: readonly Resource[]): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (typeof value === 'object' && value !== null) {
      const reference = 'reference' in value ? value.reference : undefined;
      const match = typeof reference === 'string' ? /^Practitioner\/([^/]+)$/.exec(reference) : null;
      if (match?.[1]) ids.add(match[1]);
      for (const child of Object.values(value)) visit(child);
    }
  };
  visit(resources);
  return [...ids];
}
