import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import { type Cursor, encodeCursor } from './cursor';
import type { ParsedSearch } from './params';

/** A resource's absolute address. */
const fullUrl = (base: string, resource: Resource) => `${base}/${resource.resourceType}/${resource.id}`;

/**
 * Where a page starts: at an offset (`_offset`), or after a sort key (`_cursor`, which then
 * decides; the offset beside it numbers the page for its `previous` link).
 */
type PageStart = { offset: number; cursor?: Cursor };

function searchUrl(base: string, type: string, search: ParsedSearch, start: PageStart) {
  const query = new URLSearchParams(search.applied.map((p) => [p.name, p.value]));
  query.set('_count', String(search.count));
  if (search.total === 'none') query.set('_total', 'none');
  if (start.cursor) query.set('_cursor', encodeCursor(start.cursor));
  if (start.offset > 0) query.set('_offset', String(start.offset));
  return `${base}/${type}?${query}`;
}

/**
 * A searchset Bundle: the page's resources, `total` when counted, and links that page through the
 * same search: `self`, `first`, `next` after the page's last sort key (keyset paging, cursor.ts),
 * and `previous` by offset.
 */
export function searchBundle(
  base: string,
  type: string,
  search: ParsedSearch,
  result: { resources: Resource[]; total?: number; next?: Cursor; included?: Resource[] },
): Bundle {
  const { count, position, cursor } = search;
  const link: BundleLink[] = [
    {
      relation: 'self',
      url: searchUrl(base, type, search, { offset: position, ...(cursor ? { cursor } : {}) }),
    },
    { relation: 'first', url: searchUrl(base, type, search, { offset: 0 }) },
  ];
  // Back by offset: going forward is what must hold while data changes (decision 0021).
  if (position > 0 && count > 0) {
    link.push({
      relation: 'previous',
      url: searchUrl(base, type, search, { offset: Math.max(0, position - count) }),
    });
  }
  const more = result.total === undefined || position + count < result.total;
  if (result.next && more) {
    link.push({
      relation: 'next',
      url: searchUrl(base, type, search, { offset: position + count, cursor: result.next }),
    });
  }
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(result.total === undefined ? {} : { total: result.total }),
    link,
    entry: [
      ...result.resources.map((resource) => ({
        fullUrl: fullUrl(base, resource),
        resource,
        search: { mode: 'match' as const },
      })),
      // What _include / _revinclude brought in: not matches, so not counted in `total`.
      ...(result.included ?? []).map((resource) => ({
        fullUrl: fullUrl(base, resource),
        resource,
        search: { mode: 'include' as const },
      })),
    ],
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
