import { type AnyColumn, and, asc, desc, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { invalidParameter } from './outcome';

/*
 * Keyset paging (decision 0021): a page ends with the sort key of its last resource, and the
 * next page is "what sorts after that key" in the same order. A row added or removed between
 * pages moves no other row, so paging through a changing table repeats and skips nothing (an
 * offset would shift by each row added before it). The key travels in the `next` link as
 * `_cursor`: opaque to clients, base64url of the key's values as text.
 */

/** One column of a search's order. Values travel as Postgres text and are cast back, so nothing is rounded (timestamps keep their microseconds). */
export interface SortKey {
  expression: AnyColumn | SQLWrapper;
  descending?: boolean;
  /** How the index behind the order places nulls (the ORDER BY must say the same for the index to serve). */
  nulls?: 'first' | 'last';
  cast: 'timestamptz' | 'uuid' | 'text' | 'integer';
}

/** A page's position: the sort key of the last resource read. */
export type Cursor = readonly string[];

const MAX_CURSOR_LENGTH = 2000;

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** `_cursor` as given in a `next` link; anything else is a 400 (it is not ours, or was altered). */
export function decodeCursor(raw: string): Cursor {
  const invalid = () => invalidParameter('_cursor', '_cursor must be the value of a next link, unchanged');
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(decoded) || decoded.length === 0 || !decoded.every((v) => typeof v === 'string')) {
    throw invalid();
  }
  return decoded.map(String);
}

const castTo = (value: string, cast: SortKey['cast']) => sql`${value}::${sql.raw(cast)}`;

/** ORDER BY for the keys. */
export const orderByKeys = (keys: readonly SortKey[]): SQL[] =>
  keys.map((key) => {
    const ordered = key.descending ? desc(key.expression) : asc(key.expression);
    return key.nulls ? sql`${ordered} nulls ${sql.raw(key.nulls)}` : ordered;
  });

/** The sort key of each row, as text (`array[...]`), to make the next page's cursor from. */
export const sortKeyColumn = (keys: readonly SortKey[]) =>
  sql<string[]>`array[${sql.join(
    keys.map((key) => sql`${key.expression}::text`),
    sql`, `,
  )}]`;

/**
 * The rows that sort after `cursor` in the keys' order: the first key past its value, or equal
 * and the next key past its value, and so on. The first key's bound is repeated on its own so
 * the index behind the order is read from there.
 */
export function afterCursor(keys: readonly SortKey[], cursor: Cursor | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  if (cursor.length !== keys.length) {
    throw invalidParameter('_cursor', '_cursor must be the value of a next link, unchanged');
  }
  const past = (key: SortKey, value: string) =>
    key.descending
      ? sql`${key.expression} < ${castTo(value, key.cast)}`
      : sql`${key.expression} > ${castTo(value, key.cast)}`;
  const alternatives = keys.map((key, i) =>
    and(
      ...keys
        .slice(0, i)
        .map((earlier, j) => sql`${earlier.expression} = ${castTo(cursor[j] ?? '', earlier.cast)}`),
      past(key, cursor[i] ?? ''),
    ),
  );
  const [first] = keys;
  const bound = first
    ? first.descending
      ? sql`${first.expression} <= ${castTo(cursor[0] ?? '', first.cast)}`
      : sql`${first.expression} >= ${castTo(cursor[0] ?? '', first.cast)}`
    : undefined;
  return and(bound, or(...alternatives));
}
