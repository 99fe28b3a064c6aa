import type { AnyColumn, SQL } from 'drizzle-orm';
import type { TokenValue } from './params';
import { tokenMatches } from './search-sql';

/**
 * A token parameter whose FHIR codes stand for values of one of our enums (`codes`: our value →
 * its FHIR code): the search's codes become ours and are matched against our column, so the
 * column's index serves. A code none of ours maps to matches nothing.
 */
export function codedTokenMatches<Ours extends string>(
  column: AnyColumn,
  occurrences: TokenValue[][],
  system: string,
  codes: Record<Ours, string>,
): SQL | undefined {
  const ours = Object.entries(codes) as Array<[Ours, string]>;
  return tokenMatches(
    column,
    occurrences.map((values) =>
      values.flatMap((value): TokenValue[] =>
        value.code === undefined
          ? [value]
          : ours.filter(([, code]) => code === value.code).map(([our]) => ({ ...value, code: our })),
      ),
    ),
    system,
  );
}
