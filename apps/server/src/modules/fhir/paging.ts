import type { Resource } from '@medplum/fhirtypes';
import type { ParsedSearch } from './params';
import type { SearchResult } from './resource-type';

/**
 * One page of a search and, unless `_total=none`, its total: `page(limit, offset)` reads the
 * rows in a stable order, `count()` counts every match (both under the same conditions).
 */
export async function pagedSearch<R extends Resource>(
  search: ParsedSearch,
  page: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<SearchResult<R>> {
  const resources = search.count === 0 ? [] : await page(search.count, search.offset);
  if (search.total === 'none') return { resources };
  // A short page from the start needs no count: it is every match.
  const total =
    resources.length < search.count && (resources.length > 0 || search.offset === 0)
      ? search.offset + resources.length
      : await count();
  return { resources, total };
}
