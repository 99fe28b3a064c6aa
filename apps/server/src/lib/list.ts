import { type Pagination, paginate } from '@carepoint/contract';
import { type AnyColumn, asc, count, desc, ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';

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

/** What page() needs: the database and how far to count (a ServiceContext has both). */
export interface ListContext {
  db: Executor;
  config: Pick<Config, 'LIST_COUNT_CAP'>;
}

/** A select of a list's matching rows without ORDER BY (drizzle's select builders are one). */
export interface MatchingRows {
  limit(limit: number): SQLWrapper;
}

/**
 * The start of a count query: `select 1` names no column, so an index that serves the
 * conditions can answer alone (index-only scan). Joins the conditions do not need can stay:
 * Postgres removes a left join to a unique key that nothing reads.
 */
export const matchingRows = (db: Executor) => db.select({ one: sql`1` });

/**
 * Counts the rows of `matching` but stops after `bound` of them:
 * `select count(*) from (select 1 … limit bound + 1) as counted`. Past the bound the answer
 * is the bound and a lower bound, so a broad search over a large table costs `bound` rows,
 * not every match.
 */
export async function countUpTo(
  db: Executor,
  matching: MatchingRows,
  bound: number,
): Promise<{ total: number; lowerBound: boolean }> {
  const [row] = await db.select({ n: count() }).from(sql`${matching.limit(bound + 1)} as counted`);
  const n = row?.n ?? 0;
  return n > bound ? { total: bound, lowerBound: true } : { total: n, lowerBound: false };
}

/**
 * Runs a page query and its bounded count together and answers `{ data, pagination }`.
 * `rows` gets LIMIT and OFFSET; `matching` selects the same rows (see matchingRows). The count
 * goes LIST_COUNT_CAP rows past the start of the page (at least the whole page), so a lower
 * bound still proves that a next page exists.
 */
export async function page<Row, T>(
  { db, config }: ListContext,
  query: Pick<ListQuery<string>, 'page' | 'limit'>,
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  matching: MatchingRows,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const offset = (query.page - 1) * query.limit;
  const bound = offset + Math.max(config.LIST_COUNT_CAP, query.limit);
  const [found, counted] = await Promise.all([
    rows({ limit: query.limit, offset }),
    countUpTo(db, matching, bound),
  ]);
  return {
    data: found.map(toItem),
    pagination: paginate(query.page, query.limit, counted.total, counted.lowerBound),
  };
}

/** One run of a ranked list: the rows it takes and their order within it. */
export interface Tier {
  where: SQL | undefined;
  order: SQL[];
}

/** The rows of one window (LIMIT/OFFSET) across tiers, with the bounded count that placed it. */
export interface TieredWindow<Row> {
  rows: Row[];
  total: number;
  /** The count stopped at its bound: there are more matches than `total`. */
  lowerBound: boolean;
}

/**
 * The rows `offset` to `offset + limit` of tiers shown one after the other (a search's best
 * matches first): each tier is counted, LIST_COUNT_CAP rows past the window's start at most (as
 * page() does), and only the tiers the window reaches are read, each with its own index-backed
 * order. So a broad term whose first tier fills the window never sorts the rest. The tiers'
 * conditions must exclude each other.
 */
export async function tieredWindow<Row>(
  { db, config }: ListContext,
  window: { limit: number; offset: number },
  tiers: readonly Tier[],
  rows: (tier: Tier, window: { limit: number; offset: number }) => Promise<Row[]>,
  /** The tier's rows to count; given the tier too, for a count that reads in the tier's order. */
  matching: (where: SQL | undefined, tier: Tier) => MatchingRows,
): Promise<TieredWindow<Row>> {
  const { limit, offset } = window;
  const bound = offset + Math.max(config.LIST_COUNT_CAP, limit);
  let total = 0;
  let lowerBound = false;
  const reads: Array<Promise<Row[]>> = [];
  for (const tier of tiers) {
    const counted = await countUpTo(db, matching(tier.where, tier), bound - total);
    // The window's rows that fall in this tier: from max(offset, total) to offset + limit.
    const start = Math.max(offset - total, 0);
    const end = Math.min(offset + limit - total, counted.total);
    if (end > start) reads.push(rows(tier, { limit: end - start, offset: start }));
    total += counted.total;
    if (counted.lowerBound) {
      lowerBound = true;
      break;
    }
  }
  return { rows: (await Promise.all(reads)).flat(), total, lowerBound };
}

/** page() over tiers (see tieredWindow): a list's page of a ranked search. */
export async function tieredPage<Row, T>(
  { db, config }: ListContext,
  query: Pick<ListQuery<string>, 'page' | 'limit'>,
  tiers: readonly Tier[],
  rows: (tier: Tier, window: { limit: number; offset: number }) => Promise<Row[]>,
  matching: (where: SQL | undefined) => MatchingRows,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const [only] = tiers;
  if (tiers.length === 1 && only) {
    return page({ db, config }, query, (window) => rows(only, window), matching(only.where), toItem);
  }
  const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const found = await tieredWindow({ db, config }, window, tiers, rows, matching);
  return {
    data: found.rows.map(toItem),
    pagination: paginate(query.page, query.limit, found.total, found.lowerBound),
  };
}

/** count(*) comes back as a number from drizzle's count(), but sums and bigints as strings. */
export const toNumber = (value: number | string | null | undefined) => Number(value ?? 0);

/** Timestamps leave the API as ISO strings. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
