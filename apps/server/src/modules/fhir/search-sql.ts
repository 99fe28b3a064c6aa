import { toLocalDateTime } from '@carepoint/contract';
import { type AnyColumn, and, or, type SQL, sql } from 'drizzle-orm';
import type { DateValue, ParsedSearch, ReferenceValue, StringValue, TokenValue } from './params';

/*
 * SQL for search parameters, in Drizzle: each occurrence of a parameter must match (AND), any of
 * its comma-separated alternatives may (OR). Values never reach SQL as text of ours.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our ids are UUIDs; anything else names nothing (and must not reach a uuid column: that is a 500). */
export const isUuid = (id: string) => UUID.test(id);

const FALSE = sql`false`;

const allOf = (conditions: Array<SQL | undefined>) =>
  conditions.length === 0 ? undefined : and(...conditions);
const anyOf = (conditions: Array<SQL | undefined>) =>
  conditions.length === 0 ? FALSE : (or(...conditions) ?? FALSE);

/**
 * `_id` or a reference's ids against a uuid column: ids that are not UUIDs match nothing. The ids
 * travel as one array parameter however many there are: a bulk export asks for hundreds at a
 * time, and the embedded database reads 200 separate parameters three times slower.
 */
export function idsMatch(column: AnyColumn | SQL | SQL.Aliased, occurrences: string[][]): SQL | undefined {
  return allOf(
    occurrences.map((ids) => {
      const valid = ids.filter(isUuid);
      return valid.length === 0 ? FALSE : sql`${column} = any(${`{${valid.join(',')}}`}::uuid[])`;
    }),
  );
}

/** The ids a reference parameter names, when it points at `type` (or names no type). */
const referencedIds = (occurrences: ReferenceValue[][], type: string) =>
  occurrences.map((refs) =>
    refs.flatMap((ref) => (ref.type === undefined || ref.type === type ? [ref.id] : [])),
  );

/** A reference parameter (`patient=Patient/123`) against a uuid column. */
export const referenceMatches = (
  column: AnyColumn | SQL | SQL.Aliased,
  occurrences: ReferenceValue[][],
  type: string,
) => idsMatch(column, referencedIds(occurrences, type));

/** Escapes LIKE's wildcards, so a search for "50%" finds "50%". */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** FHIR string search: ignoring case and accents, from the start of the value (or the whole value as written, `:exact`). */
export function stringMatches(expression: AnyColumn | SQL, occurrences: StringValue[][]): SQL | undefined {
  return allOf(
    occurrences.map((values) =>
      anyOf(
        values.map((value) =>
          value.exact
            ? sql`${expression} = ${value.text}`
            : // Folded as the app's patient search folds (case and accents): "adebayo" finds Adébáyọ̀.
              sql`carepoint_fold(${expression}) like carepoint_fold(${`${likeLiteral(value.text)}%`})`,
        ),
      ),
    ),
  );
}

/** A token parameter against a column of codes of one system (a code of another system matches nothing). */
export function tokenMatches(
  column: AnyColumn | SQL,
  occurrences: TokenValue[][],
  system?: string,
): SQL | undefined {
  return allOf(
    occurrences.map((values) =>
      anyOf(
        values.map((value) => {
          // A column of codes without a system answers to `|code` (system '') too.
          if (value.system !== undefined && value.system !== (system ?? '')) return FALSE;
          return value.code === undefined ? sql`true` : sql`${column} = ${value.code}`;
        }),
      ),
    ),
  );
}

/**
 * A date parameter against a timestamp column, the moment being a point: `eq` within the value's
 * span, `ge` from its start, `gt` after its end, `le` before its end, `lt` before its start.
 */
export function instantMatches(column: AnyColumn | SQL, occurrences: DateValue[][]): SQL | undefined {
  return allOf(
    occurrences.map((values) =>
      anyOf(
        values.map(({ prefix, span }) => {
          const start = span.start.toISOString();
          const end = span.end.toISOString();
          switch (prefix) {
            case 'eq':
              return sql`(${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz)`;
            case 'ge':
              return sql`${column} >= ${start}::timestamptz`;
            case 'gt':
              return sql`${column} >= ${end}::timestamptz`;
            case 'le':
              return sql`${column} < ${end}::timestamptz`;
            // lt
            default:
              return sql`${column} < ${start}::timestamptz`;
          }
        }),
      ),
    ),
  );
}

/** `_lastUpdated` against the moment the resource's rows last changed (see versioning.ts). */
export const lastUpdatedMatches = (updatedAt: AnyColumn | SQL, search: ParsedSearch) =>
  instantMatches(updatedAt, search.dates('_lastUpdated'));

/** A date parameter against a calendar-date column (birth dates): the span's days on the facility's calendar. */
export function calendarDateMatches(
  column: AnyColumn | SQL,
  occurrences: DateValue[][],
  timeZone: string,
): SQL | undefined {
  const day = (instant: Date) => toLocalDateTime(instant, timeZone).date;
  return allOf(
    occurrences.map((values) =>
      anyOf(
        values.map(({ prefix, span }) => {
          const first = day(span.start);
          // The span's last day: the day of the instant just before its end.
          const last = day(new Date(span.end.getTime() - 1));
          switch (prefix) {
            case 'eq':
              return sql`(${column} >= ${first}::date and ${column} <= ${last}::date)`;
            case 'ge':
              return sql`${column} >= ${first}::date`;
            case 'gt':
              return sql`${column} > ${last}::date`;
            case 'le':
              return sql`${column} <= ${last}::date`;
            // lt
            default:
              return sql`${column} < ${first}::date`;
          }
        }),
      ),
    ),
  );
}
