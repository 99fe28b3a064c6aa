import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import type { ParsedSearch } from './params';

/** A resource's absolute address. */
const fullUrl = (base: string, resource: Resource) => `${base}/${resource.resourceType}/${resource.id}`;

function searchUrl(base: string, type: string, search: ParsedSearch, offset: number) {
  const query = new URLSearchParams(search.applied.map((p) => [p.name, p.value]));
  query.set('_count', String(search.count));
  if (search.total === 'none') query.set('_total', 'none');
  if (offset > 0) query.set('_offset', String(offset));
  return `${base}/${type}?${query}`;
}

/**
 * A searchset Bundle: the page's resources, `total` when counted, and links that page through the
 * same search (`self`, `first`, `previous`, `next`).
 */
export function searchBundle(
  base: string,
  type: string,
  search: ParsedSearch,
  result: { resources: Resource[]; total?: number },
): Bundle {
  const { count, offset } = search;
  const link: BundleLink[] = [
    { relation: 'self', url: searchUrl(base, type, search, offset) },
    { relation: 'first', url: searchUrl(base, type, search, 0) },
  ];
  if (offset > 0 && count > 0) {
    link.push({ relation: 'previous', url: searchUrl(base, type, search, Math.max(0, offset - count)) });
  }
  const more =
    result.total === undefined
      ? result.resources.length === count && count > 0
      : offset + count < result.total;
  if (more && count > 0) link.push({ relation: 'next', url: searchUrl(base, type, search, offset + count) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(result.total === undefined ? {} : { total: result.total }),
    link,
    entry: result.resources.map((resource) => ({
      fullUrl: fullUrl(base, resource),
      resource,
      search: { mode: 'match' },
    })),
  };
}

/** Patient/{id}/$everything: one searchset of every resource of the patient. */
export const everythingBundle = (base: string, self: string, resources: Resource[]): Bundle => ({
  resourceType: 'Bundle',
  type: 'searchset',
  total: resources.length,
  link: [{ relation: 'self', url: self }],
  entry: resources.map((resource) => ({
    fullUrl: fullUrl(base, resource),
    resource,
    search: { mode: 'match' },
  })),
});
