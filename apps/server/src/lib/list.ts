import { type Pagination, paginate } from '@carepoint/contract';
import { type AnyColumn, asc, desc, ilike, or, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * The one implementation of server-side lists: the contract's listQuerySchema has already
 * checked page, limit (<= 100), sort (against the endpoint's allow-list) and order; these
 * helpers turn the checked query into ORDER BY, a search condition and a page.
 */

export type SortOrder = 'asc' | 'desc';

/** What a sort key orders by: a column or expression, or a function for keys whose order is not plain. */
export type SortTarget = AnyColumn | SQLWrapper | ((order: SortOrder) => SQL[]);

/** The allow-list as a map: each sortable key of the contract to what it orders by. */
export type SortColumns<S extends string> = Record<S, SortTarget | readonly SortTarget[]>;

export interface ListQuery<S extends string> {
  page: number;
  limit: number;
  sort?: S | undefined;
  order: SortOrder;
  q?: string | undefined;
}

const direction = (target: SortTarget, order: SortOrder): SQL[] =>
  typeof target === 'function' ? target(order) : [order === 'desc' ? desc(target) : asc(target)];

/**
 * ORDER BY for a list query: the requested key's columns, or the endpoint's default order when
 * no sort is asked for. The unique `tieBreaker` comes last so pages never overlap or skip rows.
 */
export function orderBy<S extends string>(
  query: Pick<ListQuery<S>, 'sort' | 'order'>,
  columns: SortColumns<S>,
  fallback: readonly SQL[],
  tieBreaker: AnyColumn,
): SQL[] {
  if (!query.sort) return [...fallback, asc(tieBreaker)];
  const targets: readonly SortTarget[] = [columns[query.sort]].flat();
  return [...targets.flatMap((t) => direction(t, query.order)), ...direction(tieBreaker, query.order)];
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive substring search over several columns; undefined (no condition) without a search term. */
export function search(q: string | undefined, targets: ReadonlyArray<AnyColumn | SQL>): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...targets.map((t) => ilike(t, pattern)));
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * Runs a page query and its count together and answers `{ data, pagination }`. `rows` gets
 * LIMIT and OFFSET; `total` counts with the same conditions.
 */
export async function page<Row, T>(
  query: Pick<ListQuery<string>, 'page' | 'limit'>,
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  total: () => Promise<number>,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const [found, count] = await Promise.all([
    rows({ limit: query.limit, offset: (query.page - 1) * query.limit }),
    total(),
  ]);
  return { data: found.map(toItem), pagination: paginate(query.page, query.limit, count) };
}

/** count(*) comes back as a number from drizzle's count(), but sums and bigints as strings. */
export const toNumber = (value: number | string | null | undefined) => Number(value ?? 0);

/** Timestamps leave the API as ISO strings. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
