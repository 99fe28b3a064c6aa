/**
 * Input generation for the OpenAPI-driven fuzz test (src/fuzz.test.ts): a seeded random
 * source, a plausible value for a JSON schema (so one bad field reaches the service with the
 * rest valid) and the bad values tried in its place.
 */

/** The parts of a JSON schema (as @fastify/swagger writes it) that the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** mulberry32: small, fast and deterministic for a given seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(...pool.splice(int(pool.length), 1));
    return out;
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(16).toString(16));
    hex[12] = '4';
    hex[16] = pick(['8', '9', 'a', 'b']);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, sample, uuid };
}
export type Random = ReturnType<typeof seededRandom>;

let emailCounter = 0;
/** A new address each time: registration refuses one already taken before it reads the other fields. */
const nextEmail = () => {
  emailCounter += 1;
  return `fuzz${emailCounter}@example.com`;
};

/** Values that look right for a field, by name, when its schema alone does not say. */
const BY_NAME: Array<[RegExp, () => string]> = [
  [/email/i, nextEmail],
  [/password/i, () => 'fuzz-password-1'],
  [/phone/i, () => '+2348012345678'],
  [/perPatientTime/, () => '00:30'],
  [/dateOfBirth/, () => '1990-05-17'],
  [/^date$/, () => '2030-01-08'],
  [/^(time|from)$/, () => '09:00'],
  [/^to$/, () => '17:00'],
];

const isType = (schema: JsonSchema, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

export interface Plausible {
  random: Random;
  /** Real ids to use where a uuid is asked for. */
  ids: readonly string[];
  /** Optional fields too, not only the required ones. */
  everyField?: boolean;
}

/**
 * A value the schema (and, as far as names tell, the service) accepts. Objects get their
 * required fields only (unless `everyField`), so a probe that sets one more field sees that
 * field's effect alone.
 * Array items take enum values in order (a week's schedule lists each day once).
 */
export function plausible(schema: JsonSchema, name: string, with_: Plausible, index?: number): unknown {
  const { random, ids } = with_;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return plausible(alternatives[0], name, with_, index);
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], name, with_, index);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) {
    return index === undefined ? random.pick(schema.enum) : schema.enum[index % schema.enum.length];
  }
  if (isType(schema, 'object') || schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => with_.everyField || required.has(key))
        .map(([key, field]) => [key, plausible(field, key, with_, index)]),
    );
  }
  if (isType(schema, 'array')) {
    const count = Math.max(1, schema.minItems ?? 1);
    return Array.from({ length: count }, (_, i) => plausible(schema.items ?? {}, name, with_, i));
  }
  if (isType(schema, 'integer') || isType(schema, 'number')) {
    const low = schema.minimum ?? 1;
    return Math.min(schema.maximum ?? low + 10, low + random.int(10));
  }
  if (isType(schema, 'boolean')) return random.next() < 0.5;
  if (schema.format === 'uuid') return ids.length > 0 ? random.pick(ids) : random.uuid();
  // The test clock starts at 2030-01-07T09:00Z: arrivals lie just before it, bookings the day after.
  if (schema.format === 'date-time') return '2030-01-07T08:30:00.000Z';
  if (schema.format === 'date') return '2030-01-08';
  const named = BY_NAME.find(([pattern]) => pattern.test(name));
  if (named) return named[1]();
  return `Fuzz ${name} ${random.int(1000)}`.padEnd(schema.minLength ?? 0, 'x');
}

/** Strings the issue names (NUL, unpaired surrogates) and others that break naive code. */
export const BAD_TEXT = [
  '\u0000',
  'a\u0000b',
  'X\ud800',
  '\udc00X',
  '',
  '   ',
  'x'.repeat(20_000),
  '9'.repeat(400),
  "' OR 1=1 --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '😀\u200b\u202e',
  '2030-02-30',
  '25:61',
  '-1',
];

/** Any JSON value of the wrong kind, or the right kind out of range. */
export const BAD_VALUES: unknown[] = [
  ...BAD_TEXT,
  null,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 53 + 2,
  true,
  [],
  {},
  ['a'],
  { nested: { deeper: '\u0000' } },
];

/** Bodies that are not valid JSON, or valid JSON that no schema wants, sent as raw text. */
export const RAW_BODIES = [
  '{"a":',
  '{',
  '[1,2',
  'nul',
  '\u0000',
  '{"label":"X\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `{"label":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
  '1e999999',
  '"just a string"',
];

/** Content types the API does not take, and broken ones. */
export const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=\u0000',
  'application/jsonx',
  '*/*',
  'x'.repeat(2_000),
];

/** Query-string values, already URL-encoded (a lone surrogate has no UTF-8 form, so it is sent as CESU bytes). */
export const BAD_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%98',
  '%',
  'x'.repeat(5_000),
  '-1',
  '0',
  '1e400',
  '99999999999999999999999',
  '1.5',
  'NaN',
  'true',
  '%27%20OR%201%3D1',
  '',
];

/** Path segments, URL-encoded. */
export const BAD_PATH_VALUES = [
  'not-a-uuid',
  '%00',
  '00000000-0000-4000-8000-00000000000%00',
  '%ED%A0%80',
  'x'.repeat(3_000),
  '..%2F..%2Fetc',
  '-1',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
];
