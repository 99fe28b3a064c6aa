import type { Resource } from '@medplum/fhirtypes';
import type { Cursor } from './cursor';
import type { ParsedSearch } from './params';
import type { SearchResult } from './resource-type';

/** A resource with its sort key (see cursor.ts), so a full page can say where the next one starts. */
export interface Keyed<R extends Resource> {
  resource: R;
  key: Cursor;
}

/**
 * One page of a search and, unless `_total=none`, its total: `page(limit, offset, after)` reads
 * the rows in a stable order, from `offset` or after the cursor, each with its sort key;
 * `count()` counts every match (both under the same conditions).
 */
export async function pagedSearch<R extends Resource>(
  search: ParsedSearch,
  page: (limit: number, offset: number, after: Cursor | undefined) => Promise<Keyed<R>[]>,
  count: () => Promise<number>,
): Promise<SearchResult<R>> {
  const keyed = search.count === 0 ? [] : await page(search.count, search.offset, search.cursor);
  const resources = keyed.map((row) => row.resource);
  const last = keyed.at(-1);
  const next = last && keyed.length === search.count ? { next: last.key } : {};
  if (search.total === 'none') return { resources, ...next };
  // A short page from the start needs no count: it is every match.
  const fromStart = search.cursor === undefined && search.offset === 0;
  const total =
    resources.length < search.count && (fromStart || (search.cursor === undefined && resources.length > 0))
      ? search.offset + resources.length
      : await count();
  return { resources, total, ...next };
}
