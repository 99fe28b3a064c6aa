import { type Cursor, decodeCursor } from './cursor';
import { invalidParameter } from './outcome';
import { parseDateSpan, type Span } from './time';

/** The search parameter types this API implements (http://hl7.org/fhir/search-param-type). */
type SearchParamType = 'string' | 'token' | 'date' | 'reference';

/** One search parameter a resource type supports; the CapabilityStatement lists exactly these. */
export interface SearchParamDefinition {
  name: string;
  type: SearchParamType;
  documentation: string;
}

type DatePrefix = 'eq' | 'gt' | 'lt' | 'ge' | 'le';
export interface DateValue {
  prefix: DatePrefix;
  span: Span;
}
/**
 * `code` (any system), `system|code`, or `|code` (a code with no system: `system` is ''); `system|`
 * is any code of that system.
 */
export interface TokenValue {
  system?: string;
  code?: string;
}
/** `Patient/123`, `123`, or an absolute URL ending in `Patient/123`. */
export interface ReferenceValue {
  type?: string;
  id: string;
}
/** Starts-with and case-insensitive by default (FHIR's rule); `:exact` matches the whole value. */
export interface StringValue {
  text: string;
  exact: boolean;
}

/** Paging and result parameters every search accepts. */
export const MAX_COUNT = 100;
export const DEFAULT_COUNT = 20;
const RESULT_PARAMETERS = new Set(['_count', '_offset', '_cursor', '_total', '_format', '_pretty']);
/** What every resource type can be searched by: its id and when it last changed. */
export const COMMON_PARAMETERS: readonly SearchParamDefinition[] = [
  {
    name: '_id',
    type: 'token',
    documentation: 'The logical id of the resource (comma-separated for several)',
  },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation: 'When the resource last changed (meta.lastUpdated); eq, gt, lt, ge, le',
  },
];

const DATE_PREFIXES: readonly DatePrefix[] = ['eq', 'gt', 'lt', 'ge', 'le'];
const UNSUPPORTED_DATE_PREFIXES = ['ne', 'sa', 'eb', 'ap'];
const MODIFIERS: Record<SearchParamType, readonly string[]> = {
  string: ['exact'],
  token: [],
  date: [],
  reference: [],
};

type Parsed =
  | { type: 'string'; value: StringValue }
  | { type: 'token'; value: TokenValue }
  | { type: 'date'; value: DateValue }
  | { type: 'reference'; value: ReferenceValue };

/** A parameter as the request gave it, kept for the Bundle's links. */
interface AppliedParameter {
  name: string;
  value: string;
}

export interface ParsedSearch {
  count: number;
  /** Where the page starts in SQL: `_offset`, or 0 after a cursor. */
  offset: number;
  /** `_cursor` (from a `next` link): the page starts after this sort key. */
  cursor?: Cursor;
  /**
   * The page's place in the list (`_offset`), also beside a cursor, where it only numbers the
   * page for the `previous` link and the end of paging.
   */
  position: number;
  /** `_include` and `_revinclude` values as given (include.ts resolves them). */
  includes: string[];
  revincludes: string[];
  /** `_total`: `none` skips counting; `accurate` (the default) counts. */
  total: 'none' | 'accurate';
  /** The parameters this search applied, in the request's order (for `Bundle.link`). */
  applied: AppliedParameter[];
  /** Each occurrence of the parameter (all must match), each with its comma-separated alternatives (any may match). */
  strings(name: string): StringValue[][];
  tokens(name: string): TokenValue[][];
  dates(name: string): DateValue[][];
  references(name: string): ReferenceValue[][];
  /** `_id`: each occurrence's ids. */
  ids(): string[][];
}

export interface SearchRequest {
  query: Record<string, string | string[] | undefined>;
  /** `Prefer: handling=strict`: an unknown parameter is an error, not ignored. */
  strict: boolean;
  timeZone: string;
}

/** Whether the request's `Prefer` header (RFC 7240: a list) holds the preference. */
export const prefers = (prefer: string | string[] | undefined, preference: string) =>
  [prefer ?? []]
    .flat()
    .join(',')
    .split(/[,;]/)
    .some((part) => part.trim().toLowerCase() === preference);

/** `Prefer: handling=strict` (FHIR's search handling preference). */
export const prefersStrict = (prefer: string | string[] | undefined) => prefers(prefer, 'handling=strict');

/** Splits on commas not escaped as `\,` (FHIR's rule for several values of one parameter). */
const alternatives = (raw: string) =>
  raw
    .split(/(?<!\\),/)
    .map((part) => part.replaceAll('\\,', ','))
    .filter((part) => part !== '');

function integerParameter(name: string, raw: string, max: number) {
  if (!/^\d{1,9}$/.test(raw)) throw invalidParameter(name, `${name} must be a whole number from 0`);
  return Math.min(Number(raw), max);
}

function parseValue(
  def: SearchParamDefinition,
  modifier: string | undefined,
  raw: string,
  timeZone: string,
): Parsed {
  switch (def.type) {
    case 'string':
      return { type: 'string', value: { text: raw, exact: modifier === 'exact' } };
    case 'token': {
      const bar = raw.indexOf('|');
      if (bar < 0) return { type: 'token', value: { code: raw } };
      const system = raw.slice(0, bar);
      const code = raw.slice(bar + 1);
      // `|code` keeps its empty system: it names a code that has none, not a code of any system.
      return { type: 'token', value: { system, ...(code ? { code } : {}) } };
    }
    case 'date': {
      const head = raw.slice(0, 2);
      if (UNSUPPORTED_DATE_PREFIXES.includes(head)) {
        throw invalidParameter(
          def.name,
          `${def.name}: the prefix "${head}" is not supported (use eq, gt, lt, ge or le)`,
        );
      }
      const prefix = (DATE_PREFIXES as readonly string[]).includes(head) ? (head as DatePrefix) : 'eq';
      const value = prefix === 'eq' && head !== 'eq' ? raw : raw.slice(2);
      return { type: 'date', value: { prefix, span: parseDateSpan(def.name, value, timeZone) } };
    }
    case 'reference': {
      const parts = raw.split('/').filter(Boolean);
      const id = parts.at(-1) ?? '';
      const type = parts.length >= 2 ? parts.at(-2) : undefined;
      return { type: 'reference', value: type ? { type, id } : { id } };
    }
  }
}

/**
 * Reads a search's query string against the parameters a resource type supports. Unknown
 * parameters are ignored (and left out of the self link) unless the client asked for strict
 * handling; a known parameter with a malformed value or an unsupported modifier is a 400.
 */
export function parseSearch(
  definitions: readonly SearchParamDefinition[],
  request: SearchRequest,
): ParsedSearch {
  const byName = new Map([...COMMON_PARAMETERS, ...definitions].map((def) => [def.name, def]));
  const values = new Map<string, Parsed[][]>();
  const applied: AppliedParameter[] = [];
  let count = DEFAULT_COUNT;
  let offset = 0;
  let cursor: Cursor | undefined;
  const includes: string[] = [];
  const revincludes: string[] = [];
  let total: ParsedSearch['total'] = 'accurate';

  for (const [key, given] of Object.entries(request.query)) {
    for (const raw of [given ?? []].flat()) {
      const [name = '', modifier, ...extra] = key.split(':');
      if (RESULT_PARAMETERS.has(name)) {
        if (name === '_count') count = integerParameter(name, raw, MAX_COUNT);
        if (name === '_offset') offset = integerParameter(name, raw, 1_000_000_000);
        if (name === '_cursor') cursor = decodeCursor(raw);
        if (name === '_total') {
          if (raw !== 'none' && raw !== 'accurate' && raw !== 'estimate') {
            throw invalidParameter(name, '_total must be none, estimate or accurate');
          }
          total = raw === 'none' ? 'none' : 'accurate';
        }
        continue;
      }
      if (name === '_include' || name === '_revinclude') {
        (name === '_include' ? includes : revincludes).push(raw);
        applied.push({ name, value: raw });
        continue;
      }
      const def = byName.get(name);
      if (!def) {
        if (request.strict)
          throw invalidParameter(name, `The search parameter "${name}" is not supported here`);
        continue;
      }
      if (extra.length > 0 || (modifier !== undefined && !MODIFIERS[def.type].includes(modifier))) {
        throw invalidParameter(key, `The modifier "${key.slice(name.length)}" is not supported for ${name}`);
      }
      const parsed = alternatives(raw).map((value) => parseValue(def, modifier, value, request.timeZone));
      if (parsed.length === 0) continue;
      values.set(name, [...(values.get(name) ?? []), parsed]);
      applied.push({ name: key, value: raw });
    }
  }

  const of =
    <T extends Parsed['type']>(type: T) =>
    (name: string) =>
      (values.get(name) ?? []).map((group) =>
        group.flatMap((p) => (p.type === type ? [p.value as Extract<Parsed, { type: T }>['value']] : [])),
      );
  const tokens = of('token');
  return {
    count,
    // A cursor says where the page starts; the offset beside it only says which page it is.
    offset: cursor === undefined ? offset : 0,
    position: offset,
    includes,
    revincludes,
    ...(cursor === undefined ? {} : { cursor }),
    total,
    applied,
    strings: of('string'),
    tokens,
    dates: of('date'),
    references: of('reference'),
    ids: () => tokens('_id').map((group) => group.flatMap((t) => (t.code ? [t.code] : []))),
  };
}
