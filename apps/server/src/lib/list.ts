import { type Pagination, paginate } from '@carepoint/contract';
import { type AnyColumn, asc, count, desc, ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Executor } from '../db/client';

/*
 * The one implementation of server-side lists: the contract's listQuerySchema has already
 * checked page, limit (<= 100), sort (against the endpoint's allow-list) and order; these
 * helpers turn the checked query into ORDER BY, a search condition and a page.
 */

type SortOrder = 'asc' | 'desc';

/** What a sort key orders by: a column or expression, or a function for keys whose order is not plain. */
type SortTarget = AnyColumn | SQLWrapper | ((order: SortOrder) => SQL[]);

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

/** What a list needs: the database and how far to count (a ServiceContext has both). */
const idsOfPages = new WeakMap<object, readonly string[]>();

/**
 * The ids of a page's rows, as its read record names them. A page the read cache shares is read
 * again and again: its ids are listed once, and each read record then holds the same list, which
 * the audit writer matches to the one before at a glance (plugins/audit.ts).
 */
export function idsOfPage(page: Page<{ id: string }>): readonly string[] {
  if (!Object.isFrozen(page)) return page.data.map((row) => row.id);
  let ids = idsOfPages.get(page);
  if (!ids) {
    ids = Object.freeze(page.data.map((row) => row.id));
    idsOfPages.set(page, ids);
  }
  return ids;
}

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
 * `(select count(*) from (select 1 … limit bound + 1) as counted)`: the matching rows counted
 * up to one past `bound`, as a scalar subquery. Past the bound the answer is the bound and a
 * lower bound, so a broad search over a large table costs `bound` rows, not every match.
 */
const cappedCount = (matching: MatchingRows, bound: number) =>
  sql<number>`(select count(*) from ${matching.limit(bound + 1)} as counted)`.mapWith(Number);

const capped = (n: number, bound: number) =>
  n > bound ? { total: bound, lowerBound: true } : { total: n, lowerBound: false };

/** Counts the rows of `matching` up to `bound` on its own (see cappedCount). */
async function countUpTo(
  db: Executor,
  matching: MatchingRows,
  bound: number,
): Promise<{ total: number; lowerBound: boolean }> {
  const [row] = await db.select({ n: count() }).from(sql`${matching.limit(bound + 1)} as counted`);
  return capped(row?.n ?? 0, bound);
}

/**
 * `db.select` as a list's base query takes it. A module writes its base query once, as a
 * function of Select: listPage passes one that adds the count column `matched` to the columns
 * given (see Window), single reads pass selectOf(db), which adds nothing. Start with it only the
 * selects whose rows the list reads (each side of a union), never a subquery.
 */
export type Select = <F extends SelectedFields>(fields: F) => PgSelectBuilder<F>;

/** Plain `db.select`, to read a base query's rows as they are (one row, a dashboard, an export). */
export const selectOf =
  (db: Executor): Select =>
  (fields) =>
    db.select(fields);

/**
 * `db.select` with the count column added. The rows' type leaves it out: readWindow takes it
 * off every row before anything else sees them.
 */
const selectCounted =
  (db: Executor, matched: SQL<number>): Select =>
  <F extends SelectedFields>(fields: F) =>
    db.select({ ...fields, matched }) as unknown as PgSelectBuilder<F>;

/** One row of a base query (a function of Select, see listPage). */
export type RowOf<Base extends (...args: never[]) => PromiseLike<readonly unknown[]>> = Awaited<
  ReturnType<Base>
>[number];

/**
 * The rows a page reads, and `matched`: the list's capped count as a column. The rows query
 * selects it with its own columns, so the page and its count are one statement, one round trip
 * and one snapshot. Postgres computes the uncorrelated subquery once.
 */
export interface Window {
  limit: number;
  offset: number;
  /** The count column, for a select that names it: `db.select({ …, matched })`. */
  matched: SQL<number>;
  /** `db.select` that adds `matched` to the columns it is given (see Select). */
  select: Select;
}

/** A row read through a Window carries the count; it is taken off before the row is mapped. */
interface Matched {
  matched: number;
}

/**
 * Reads one window of a list with its capped count in the same statement. An empty window
 * carries no count: at the start of the list that means no match at all; past the start (a
 * page beyond the end) the count is asked on its own.
 */
async function readWindow<Row>(
  db: Executor,
  window: { limit: number; offset: number },
  bound: number,
  rows: (window: Window) => PromiseLike<Row[]>,
  matching: MatchingRows,
): Promise<{ found: Row[]; total: number; lowerBound: boolean }> {
  const matched = cappedCount(matching, bound);
  const found = await rows({ ...window, matched, select: selectCounted(db, matched) });
  const counted = (found[0] as Partial<Matched> | undefined)?.matched;
  // The count is the same on every row; it is taken off so it cannot leak into an answer.
  for (const row of found) Reflect.deleteProperty(row as object, 'matched');
  if (counted !== undefined) return { found, ...capped(counted, bound) };
  if (found.length > 0) throw new Error('A page was read without its count column (see Window)');
  if (window.offset === 0) return { found, total: 0, lowerBound: false };
  return { found, ...(await countUpTo(db, matching, bound)) };
}

/** A list's base query with its WHERE: a select, or a union of selects, that listPage orders and windows. */
interface Pageable<Row> {
  orderBy(...order: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };
}

/** What a list reads: its rows in order, and the same rows to count. */
interface ListRows<Row> {
  /**
   * The base query with its WHERE, its selects started with `select` (see Select): a module
   * writes it once, as a function of Select, and single reads use it with selectOf(db).
   */
  rows: (select: Select) => Pageable<Row>;
  /** ORDER BY, ending in a unique column (see orderBy), so pages never overlap or skip rows. */
  order: readonly SQL[];
  /** The same rows to count: matchingRows(db).from(…) with the joins the WHERE needs, and the WHERE. */
  count: MatchingRows;
}

/** Each row to its item; or, for items that need more than their row (lines, files), the page's rows at once. */
type ListItems<Row, T> = { map: (row: Row) => T } | { mapPage: (rows: Row[]) => Promise<T[]> };

export type ListOptions<Row, T> = ListRows<Row> & ListItems<Row, T>;

/**
 * One page of a list, `{ data, pagination }`: `rows` in `order`, the page's LIMIT and OFFSET,
 * with the bounded count of `count` selected beside them (one statement, see Window). The count
 * goes LIST_COUNT_CAP rows past the start of the page (at least the whole page), so a lower
 * bound still proves that a next page exists.
 */
export async function listPage<Row, T>(
  { db, config }: ListContext,
  query: Pick<ListQuery<string>, 'page' | 'limit'>,
  options: ListOptions<Row, T>,
): Promise<Page<T>> {
  const offset = (query.page - 1) * query.limit;
  const bound = offset + Math.max(config.LIST_COUNT_CAP, query.limit);
  const read = await readWindow(
    db,
    { limit: query.limit, offset },
    bound,
    (window) =>
      options
        .rows(window.select)
        .orderBy(...options.order)
        .limit(window.limit)
        .offset(window.offset),
    options.count,
  );
  return {
    data: 'map' in options ? read.found.map((row) => options.map(row)) : await options.mapPage(read.found),
    pagination: paginate(query.page, query.limit, read.total, read.lowerBound),
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
 * matches first): each tier is read with its bounded count (as listPage() does) and only as far as
 * the window reaches, each with its own index-backed order. So a broad term whose first tier
 * fills the window never sorts the rest; tiers past the window are only counted. The tiers'
 * conditions must exclude each other.
 */
export async function tieredWindow<Row>(
  { db, config }: ListContext,
  window: { limit: number; offset: number },
  tiers: readonly Tier[],
  rows: (tier: Tier, window: Window) => PromiseLike<Row[]>,
  /** The tier's rows to count; given the tier too, for a count that reads in the tier's order. */
  matching: (where: SQL | undefined, tier: Tier) => MatchingRows,
): Promise<TieredWindow<Row>> {
  const { limit, offset } = window;
  const bound = offset + Math.max(config.LIST_COUNT_CAP, limit);
  let total = 0;
  let lowerBound = false;
  const found: Row[] = [];
  for (const tier of tiers) {
    // The window's rows that fall in this tier: from max(offset, total) to offset + limit.
    const start = Math.max(offset - total, 0);
    const wanted = offset + limit - total - start;
    const counting = matching(tier.where, tier);
    const read =
      wanted > 0
        ? await readWindow(
            db,
            { limit: wanted, offset: start },
            bound - total,
            (w) => rows(tier, w),
            counting,
          )
        : { found: [], ...(await countUpTo(db, counting, bound - total)) };
    found.push(...read.found);
    total += read.total;
    if (read.lowerBound) {
      lowerBound = true;
      break;
    }
  }
  return { rows: found, total, lowerBound };
}

/** listPage() over tiers (see tieredWindow): a list's page of a ranked search. */
export async function tieredPage<Row, T>(
  context: ListContext,
  query: Pick<ListQuery<string>, 'page' | 'limit'>,
  tiers: readonly Tier[],
  rows: (tier: Tier, window: Window) => PromiseLike<Row[]>,
  matching: (where: SQL | undefined, tier: Tier) => MatchingRows,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const found = await tieredWindow(context, window, tiers, rows, matching);
  return {
    data: found.rows.map((row) => toItem(row)),
    pagination: paginate(query.page, query.limit, found.total, found.lowerBound),
  };
}

/** count(*) comes back as a number from drizzle's count(), but sums and bigints as strings. */
export const toNumber = (value: number | string | null | undefined) => Number(value ?? 0);

/** Timestamps leave the API as ISO strings. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
