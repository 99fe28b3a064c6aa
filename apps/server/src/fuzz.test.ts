import type { Role } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_PATH_VALUES,
  BAD_QUERY_VALUES,
  BAD_TEXT,
  BAD_VALUES,
  type JsonSchema,
  ODD_CONTENT_TYPES,
  type Operation,
  operationsOf,
  plausible,
  RAW_BODIES,
  type Random,
  seededRandom,
} from '../test/fuzz-inputs';
import { createTestApp, signedIn, type TestApp } from '../test/helpers';

/*
 * Every operation of the OpenAPI document, called as every kind of caller with bad input:
 * no answer may be a 5xx, and none may show internals (stack traces, SQL, Fastify's FST_ERR_*
 * codes, file paths). Seeded, so a failure repeats; bounded to a few thousand requests.
 */

type Caller = 'anonymous' | Role;
const CALLERS: readonly Caller[] = ['anonymous', 'patient', 'doctor', 'admin'];
const SEED = 20_300_107;
const ONE_MIB = 1024 * 1024;

interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** Raw text (JSON bodies come through `json()`). */
  payload?: string;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const LEAKS: ReadonlyArray<[RegExp, string]> = [
  [/FST_/, 'a Fastify error code'],
  [/\n\s+at \S|\bat \S+ \(\S+:\d+:\d+\)/, 'a stack trace'],
  [/node_modules|\/apps\/server\/|\/src\/|\.[cm]?[jt]s:\d+/, 'a file path'],
  [/Failed query|\bselect\b[^"]*\bfrom\b|\binsert into\b|\bviolates\b|\bparams:/i, 'SQL'],
  [/drizzle|pglite|postgres|ECONNREFUSED/i, 'the database'],
];

/** The FHIR API's failures are OperationOutcomes with a message (FHIR's shape, not ours). */
function isOperationOutcome(parsed: unknown) {
  const outcome = parsed as { resourceType?: unknown; issue?: Array<{ diagnostics?: unknown }> } | null;
  return outcome?.resourceType === 'OperationOutcome' && typeof outcome.issue?.[0]?.diagnostics === 'string';
}

/** What is wrong with an answer, or undefined when it is fine. */
function problemOf(answer: Answer, url: string): string | undefined {
  if (answer.status >= 500) return `a ${answer.status}`;
  for (const [pattern, what] of LEAKS) if (pattern.test(answer.body)) return `shows ${what}`;
  // 429 answers a plain text the app shows as it is; every other failure has the one error shape.
  if (answer.status >= 400 && answer.status !== 429) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return 'an error that is not JSON';
    }
    if (url.startsWith('/fhir/'))
      return isOperationOutcome(parsed) ? undefined : 'an error that is not an OperationOutcome';
    // The OAuth endpoints' own refusals are as RFC 6749 §5.2 says: { error, error_description }
    // (what the app refuses before them, such as a NUL in a header, keeps its own shape below).
    const { error: oauthError } = (parsed ?? {}) as { error?: unknown };
    if (url.startsWith('/oauth/') && typeof oauthError === 'string' && /^[a-z_]+$/.test(oauthError))
      return undefined;
    const { error, code } = (parsed ?? {}) as { error?: unknown; code?: unknown };
    if (typeof error !== 'string' || typeof code !== 'string' || !/^[A-Z][A-Z_]*$/.test(code)) {
      return 'an error outside the { error, code } shape';
    }
  }
  return undefined;
}

let t: TestApp;
const headersOf = new Map<Caller, Record<string, string>>();
/** Ids the callers may see, by the list path that showed them; `*` holds them all. */
const idsByList = new Map<string, Set<string>>();
let requests = 0;

async function send(probe: Probe, caller: Caller): Promise<Answer> {
  requests += 1;
  const headers = { ...headersOf.get(caller), ...probe.headers };
  const res = await t.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    headers,
    // A new address per request: the per-address rate limits would otherwise answer 429 before the input is read.
    remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
    // The live board streams until the client leaves: read its head and hang up.
    payloadAsStream: true,
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const stream = res.stream();
  if (contentType.startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, contentType, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { status: res.statusCode, contentType, body: Buffer.concat(chunks).toString('utf8') };
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(value),
});

const allIds = () => [...(idsByList.get('*') ?? [])];

/**
 * Ids for a path parameter: those of the lists under the path's collection
 * (`/api/doctors/{id}/slots` -> `/api/doctors/available`), otherwise every id seen.
 */
function idsFor(path: string): string[] {
  if (!path.includes('/{')) return allIds();
  const collection = path.slice(0, path.indexOf('/{'));
  const own = [...idsByList].filter(([list]) => list.startsWith(collection)).flatMap(([, ids]) => [...ids]);
  return own.length > 0 ? own : allIds();
}

function collectIds(list: string, value: unknown, exclude: ReadonlySet<string>) {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [key, field] of Object.entries(v)) {
        if (
          (key === 'id' || key.endsWith('Id')) &&
          typeof field === 'string' &&
          /^[0-9a-f-]{36}$/.test(field)
        ) {
          if (!exclude.has(field)) found.add(field);
        } else walk(field);
      }
  };
  walk(value);
  for (const key of [list, '*']) {
    const set = idsByList.get(key) ?? new Set<string>();
    for (const id of found) set.add(id);
    idsByList.set(key, set);
  }
}

/** A request with every part plausible: path ids the caller may see, required query values, a body the schema takes. */
function baseline(op: Operation, random: Random) {
  const ids = idsFor(op.path);
  const pathValues = new Map<string, string>();
  const query = new Map<string, string>();
  for (const param of op.parameters) {
    const value = String(plausible(param.schema ?? {}, param.name, { random, ids }));
    if (param.in === 'path') pathValues.set(param.name, encodeURIComponent(value));
    if (param.in === 'query' && param.required) query.set(param.name, encodeURIComponent(value));
  }
  const body = op.body ? plausible(op.body, 'body', { random, ids: allIds() }) : undefined;
  return { pathValues, query, body };
}

function urlOf(op: Operation, pathValues: Map<string, string>, query: Map<string, string>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues.get(name) ?? 'x');
  const qs = [...query].map(([k, v]) => `${k}=${v}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

/** Paths to every field of a body, and into arrays of objects (a schedule's days). */
function fieldsOf(schema: JsonSchema, prefix: Array<string | number> = [], depth = 0) {
  const out: Array<Array<string | number>> = [];
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key]);
    if (depth < 2 && field.items?.properties)
      out.push(...fieldsOf(field.items, [...prefix, key, 0], depth + 1));
  }
  return out;
}

/** A deep copy of `body` with the field at `path` set to `value` (or removed when `value` is `REMOVE`). */
const REMOVE = Symbol('remove');
function withField(body: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy: unknown = structuredClone(body);
  let node: unknown = copy;
  for (const [i, key] of path.entries()) {
    if (!node || typeof node !== 'object') return copy;
    const record = node as Record<string | number, unknown>;
    if (i === path.length - 1) {
      if (value === REMOVE) delete record[key];
      else record[key] = value;
    } else node = record[key];
  }
  return copy;
}

/**
 * The requests for one operation: a plausible one first, then one bad part at a time (path,
 * query, each body field, the body as a whole, its encoding and content type).
 */
function probesFor(op: Operation, random: Random): Probe[] {
  const { pathValues, query, body } = baseline(op, random);
  const probes: Probe[] = [];
  const add = (
    label: string,
    parts: Partial<Probe> & { pathValues?: Map<string, string>; query?: Map<string, string> },
  ) =>
    probes.push({
      label,
      method: op.method,
      url: urlOf(op, parts.pathValues ?? pathValues, parts.query ?? query),
      ...(parts.headers ? { headers: parts.headers } : {}),
      ...(parts.payload === undefined ? {} : { payload: parts.payload }),
    });
  const bodyParts = (value: unknown) => (op.body ? json(value) : {});
  // A new plausible body per probe: each has its own e-mail address, so none fails as a duplicate first.
  const fresh = (everyField = false) =>
    plausible(op.body ?? {}, 'body', { random, ids: allIds(), everyField });

  add('plausible', bodyParts(body));
  for (const param of op.parameters) {
    if (param.in === 'path') {
      for (const bad of [random.uuid(), ...random.sample(BAD_PATH_VALUES, 4)]) {
        add(`path ${param.name}=${bad.slice(0, 40)}`, {
          pathValues: new Map(pathValues).set(param.name, bad),
          ...bodyParts(body),
        });
      }
    }
    if (param.in === 'query') {
      for (const bad of ['%00', '%ED%A0%80', ...random.sample(BAD_QUERY_VALUES, 3)]) {
        add(`query ${param.name}=${bad.slice(0, 40)}`, { query: new Map(query).set(param.name, bad) });
      }
      add(`query ${param.name} twice`, { query: new Map(query).set(param.name, `a&${param.name}=b`) });
    }
  }
  if (op.body) {
    add('plausible with every field', json(fresh(true)));
    for (const field of fieldsOf(op.body)) {
      const name = field.join('.');
      // Every field gets the two the issue names; three more are drawn from the rest.
      for (const bad of ['a\u0000b', 'X\ud800', ...random.sample(BAD_VALUES, 3)]) {
        add(`body ${name}=${JSON.stringify(bad).slice(0, 40)}`, json(withField(fresh(), field, bad)));
      }
      add(`body without ${name}`, json(withField(fresh(), field, REMOVE)));
    }
    add('body with an extra field', json({ ...(body as object), fuzzExtra: '\u0000' }));
    for (const root of [null, [], 'text', 42]) add(`body ${JSON.stringify(root)}`, json(root));
    for (const raw of ['{"a":', '{"label":"X\\ud800"}', ...random.sample(RAW_BODIES, 3)]) {
      add(`raw body ${raw.slice(0, 40)}`, { headers: { 'content-type': 'application/json' }, payload: raw });
    }
    for (const type of random.sample(ODD_CONTENT_TYPES, 3)) {
      add(`content type ${type.slice(0, 40)}`, {
        headers: { 'content-type': type },
        payload: JSON.stringify(body),
      });
    }
    add('empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' });
    add('no content type', { payload: JSON.stringify(body) });
  } else {
    add('an unexpected body', json({ fuzz: random.pick(BAD_TEXT) }));
  }
  return probes;
}

/** Requests whose headers are the fuzz input: they replace the caller's session. */
function headerProbes(op: Operation, random: Random): Probe[] {
  const { pathValues, query } = baseline(op, random);
  const url = urlOf(op, pathValues, query);
  const headers: Array<Record<string, string>> = [
    { cookie: 'token=%00' },
    { cookie: `token=${'x'.repeat(300)}` },
    { cookie: 'token=%ED%A0%80; token=2' },
    { authorization: 'Bearer \u0000' },
    { authorization: `Bearer ${'y'.repeat(150)}` },
    { authorization: 'Basic Zm9vOmJhcg==' },
    { 'user-agent': 'fuzz\u0000agent' },
    { accept: 'application/xml' },
  ];
  return random
    .sample(headers, 3)
    .map((h) => ({ label: `headers ${JSON.stringify(h).slice(0, 60)}`, method: op.method, url, headers: h }));
}

/** Notes the ids every list shows its callers (never the fuzzing users' own, so no probe deactivates them). */
async function collectListedIds(operations: Operation[], roleUsers: ReadonlySet<string>) {
  for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
    for (const caller of CALLERS) {
      const answer = await send({ label: 'list', method: 'GET', url: op.path }, caller);
      if (answer.status === 200 && answer.contentType.includes('json')) {
        collectIds(op.path, JSON.parse(answer.body), roleUsers);
      }
    }
  }
}

/** Creates records through the API itself (a few of everything the callers can create) and notes the ids. */
async function seedRecords(operations: Operation[], random: Random, roleUsers: ReadonlySet<string>) {
  await collectListedIds(operations, roleUsers);
  for (const op of operations.filter((o) => o.method === 'POST' && o.body && !o.path.includes('{'))) {
    for (const caller of CALLERS) {
      for (let n = 0; n < 2; n++) {
        const body = plausible(op.body ?? {}, 'body', { random, ids: allIds() });
        await send({ label: 'seed', method: 'POST', url: op.path, ...json(body) }, caller);
      }
    }
  }
  await collectListedIds(operations, roleUsers);
}

beforeAll(async () => {
  t = await createTestApp();
  // One sign-in per role, up front: the fuzzed sign-ins below may hit the rate limit, these never do.
  const roleUsers = new Set<string>();
  for (const role of ['patient', 'doctor', 'admin'] as const) {
    const { user, headers } = await signedIn(t, role);
    headersOf.set(role, headers);
    roleUsers.add(user.id);
  }
  headersOf.set('anonymous', {});
  await seedRecords(operationsOf(t.app.swagger()), seededRandom(SEED), roleUsers);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** A bound on the run (about 17,300 requests with every area's routes, billing's included): a minute or two on two cores. */
const MAX_REQUESTS = 20_000;

describe('the API under bad input', () => {
  it('answers every operation, as every caller, without a 5xx or a glimpse of its internals', async () => {
    const random = seededRandom(SEED + 1);
    const problems: string[] = [];
    const check = async (caller: Caller, probe: Probe) => {
      const answer = await send(probe, caller);
      const problem = problemOf(answer, probe.url);
      if (problem) {
        const url = probe.url.slice(0, 120);
        problems.push(
          `${caller} ${probe.method} ${url} [${probe.label}] -> ${problem}: ${answer.body.slice(0, 300)}`,
        );
      }
      return answer;
    };
    const fuzz = async (op: Operation) => {
      for (const caller of CALLERS) {
        const [first, ...rest] = probesFor(op, random);
        if (!first) continue;
        const answer = await check(caller, first);
        // A route that turns this caller away does so before reading the input: a sample is enough.
        const refused = answer.status === 401 || answer.status === 403;
        for (const probe of refused ? random.sample(rest, 4) : rest) await check(caller, probe);
      }
      for (const probe of headerProbes(op, random)) await check('anonymous', probe);
      const url = op.path.replace(/\{\w+\}/g, 'x');
      const huge = json({ fuzz: 'x'.repeat(ONE_MIB) });
      await check('anonymous', { label: 'a body over the limit', method: op.method, url, ...huge });
    };

    const operations = operationsOf(t.app.swagger());
    // Signing out, and ending sessions (a caller may end its own: the session lists show their ids).
    const isSignOut = (op: Operation) =>
      op.path === '/api/auth/logout' || (op.method === 'DELETE' && /\/sessions(\/\{id\})?$/.test(op.path));
    for (const op of operations.filter((o) => !isSignOut(o))) await fuzz(op);
    // Every role was fuzzed signed in: its session outlived everything before sign-out.
    for (const caller of CALLERS.filter((c) => c !== 'anonymous')) {
      expect((await send({ label: 'me', method: 'GET', url: '/api/auth/me' }, caller)).status, caller).toBe(
        200,
      );
    }
    for (const op of operations.filter(isSignOut)) await fuzz(op);

    expect(problems.slice(0, 50).join('\n'), `${problems.length} answers with problems`).toBe('');
    expect(requests).toBeLessThan(MAX_REQUESTS);
  }, 360_000);
});
