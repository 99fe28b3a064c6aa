import { apiErrorSchema, ROLES } from '@carepoint/contract';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyContextConfig, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isFhirPath, SAFE_METHODS } from '../lib/api-paths';
import {
  describeFhirRoute,
  FHIR_COMPONENT_SCHEMAS,
  FHIR_WRITES_PATH,
  fhirWriteOperations,
} from '../modules/fhir';
import { CSV_ALTERNATIVES, FILE_ANSWERS, SERVICE_REFUSALS, SUMMARIES, TAGS, TOPIC_RENAMES } from './catalog';

/**
 * What the OpenAPI document says beyond the routes' Zod schemas, decided here for every route
 * rather than in each route file:
 * - `transform` (per route, from its configuration): the error responses it can answer, no
 *   security for public routes, request bodies of raw uploads, file answers, and the FHIR
 *   routes' own documentation (modules/fhir/openapi.ts);
 * - `transformObject` (the whole document): an operationId (method + path), a summary
 *   (docs-catalog.ts, else method + path) and a consistent tag (`area: topic`) for every
 *   operation, and the top-level tag list.
 * A route's own `schema.operationId`, `schema.summary` or `schema.description` always wins.
 */

/** The one error shape of the app's API (plugins/errors.ts), a component every error response refers to. */
const API_ERROR_COMPONENT = (() => {
  const schema: Record<string, unknown> = z.toJSONSchema(apiErrorSchema, { io: 'output' });
  delete schema.$schema;
  return {
    ...schema,
    description:
      'Every failure of the app’s API: `error` is a message to show, `code` a stable UPPER_SNAKE code to branch on, and `fieldErrors` the messages by input field (for example `{"email": ["Enter a valid e-mail address"]}`).',
  };
})();

/** Component schemas the error responses refer to, added to those the Zod schemas registered. */
const COMPONENT_SCHEMAS = { ApiError: API_ERROR_COMPONENT, ...FHIR_COMPONENT_SCHEMAS };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const AREAS = new Set(['admin', 'doctor', 'patient']);

/** `/api/admin/beds/:id` as OpenAPI writes it: `/api/admin/beds/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of an operation that names none: the method, the path's fixed segments, then
 * its parameters (`GET /api/admin/beds/{id}` -> `getAdminBedsById`). Stable while the route's
 * method and path are; a route whose id would collide with another's names its own.
 */
export function operationIdFor(method: string, path: string) {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const fixed: string[] = [];
  const parameters: string[] = [];
  for (const segment of segments) {
    const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
    if (parameter !== undefined) parameters.push(words(parameter).map(capitalized).join(''));
    else fixed.push(...words(segment));
  }
  const by = parameters.length > 0 ? `By${parameters.join('And')}` : '';
  return `${method.toLowerCase()}${fixed.map(capitalized).join('')}${by}`;
}

const VERBS: Record<string, string> = {
  get: 'Get',
  post: 'Post to',
  put: 'Replace',
  patch: 'Update',
  delete: 'Delete',
};

/** A route's summary from docs-catalog.ts, else one made of its method and path. */
function summaryFor(method: string, path: string) {
  const known = SUMMARIES[`${method.toUpperCase()} ${path}`];
  if (known) return known;
  const parts = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => (segment.startsWith('{') ? `by ${segment.slice(1, -1)}` : words(segment).join(' ')));
  return `${VERBS[method] ?? method.toUpperCase()} ${parts.join(' ')}`;
}

/**
 * One tag per operation, `area: topic` for the admin, doctor and patient areas (the path's
 * second segment) and the topic alone for what every role shares. The topic is the route's own
 * tag without any area it named (`doctor appointments` -> `doctor: appointments`).
 */
export function tagFor(routeTag: string | undefined, path: string) {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'api') return routeTag ?? segments[0] ?? 'other';
  const area = segments[1] !== undefined && AREAS.has(segments[1]) ? segments[1] : undefined;
  const named = routeTag?.replace(/^(admin|doctor|patient)[: ]\s*/, '');
  const topic = named ?? segments[area ? 2 : 1] ?? 'other';
  const renamed = TOPIC_RENAMES[topic] ?? topic;
  return area ? `${area}: ${renamed}` : renamed;
}

const apiError = (description: string) => ({ description, $ref: '#/components/schemas/ApiError' });
const codes = (list: readonly string[]) => list.map((code) => `\`${code}\``).join(', ');

const TOO_MANY = {
  description:
    'Too many attempts: the plain-text body is a message to show, and `Retry-After` says in how many seconds to try again.',
  content: { 'text/plain': { schema: { type: 'string' } } },
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until a new attempt is counted.' } },
};

type RouteSchema = FastifySchema & Record<string, unknown>;

/** The refusals a route of the app's API can answer, as response schemas by status. */
function errorResponses(method: string, path: string, schema: RouteSchema, config: FastifyContextConfig) {
  const service = SERVICE_REFUSALS[`${method} ${path}`] ?? {};
  const access = config.access;
  const signedIn = access !== undefined && access !== 'public';
  const upload = config.contentTypes !== undefined;
  const takesBody = schema.body !== undefined || upload;
  const responses: Record<number, unknown> = {};

  if (schema.body || schema.querystring || schema.params || schema.headers || upload) {
    responses[400] = apiError(
      takesBody
        ? 'Invalid input (`VALIDATION`, with `fieldErrors` naming each field), or a body that cannot be read (`INVALID_JSON`, `BAD_REQUEST`)'
        : 'Invalid path or query parameters (`VALIDATION`, with `fieldErrors` naming each one)',
    );
  }
  if (signedIn) responses[401] = apiError('Not signed in, or the session has ended (`UNAUTHENTICATED`)');
  else if (service[401]) responses[401] = apiError(`Refused sign-in (${codes(service[401])})`);

  const forbidden: string[] = [];
  if (signedIn && access.length < ROLES.length)
    forbidden.push('signed in without a role allowed here (`FORBIDDEN`)');
  if (signedIn && !config.allowPendingPassword) {
    forbidden.push('a one-time password still to replace (`PASSWORD_CHANGE_REQUIRED`)');
  }
  if (!SAFE_METHODS.has(method)) {
    forbidden.push(
      'a cross-site request carrying the session cookie (`CROSS_SITE_REQUEST`): programs send `Authorization: Bearer`',
    );
  }
  if (forbidden.length > 0) responses[403] = apiError(`Refused: ${forbidden.join('; or ')}`);

  if (path.includes('{')) responses[404] = apiError('Not found, or not the caller’s to see (`NOT_FOUND`)');
  if (service[409]) {
    responses[409] = apiError(`Conflicts with the data as it is now (${codes(service[409])})`);
  }
  if (takesBody) {
    responses[413] = apiError('The body is over this route’s size limit');
    responses[415] = apiError(
      upload
        ? `The body is not of a type this route takes (${codes(config.contentTypes ?? [])})`
        : 'The body is not JSON (`UNSUPPORTED_MEDIA_TYPE`): send `Content-Type: application/json`',
    );
  }
  if (config.rateLimit || service[429]) responses[429] = TOO_MANY;
  return responses;
}

const fileAnswer = (answer: { types: readonly string[]; description: string }) => ({
  description: answer.description,
  content: Object.fromEntries(
    answer.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  ),
});

/** A JSON answer that `format=csv` turns into a CSV file: both, under one 200. */
const jsonOrCsv = (json: unknown) => ({
  description: 'The page as JSON; with `format=csv`, the whole report as a CSV file',
  content: {
    'application/json': { schema: json },
    'text/csv': { schema: { type: 'string', format: 'binary' } },
  },
});

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses?: Record<string, { description?: string }>;
};

/** What a success response without a description of its own is called (instead of "Default Response"). */
const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  503: 'Service unavailable',
};
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>>;

/** The two transforms for one app's document (they share whether the FHIR write refusals were seen). */
export function openApiTransforms(): {
  transform: SwaggerTransform;
  transformObject: SwaggerTransformObject;
} {
  let fhirWritesSeen = false;

  /** The route-level part (see the top of this file), wrapped around the Zod provider's own transform. */
  const transform: SwaggerTransform = (document) => {
    const zod = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
    const schema: RouteSchema = { ...(zod.schema as RouteSchema | undefined) };
    if (schema.hide) return { schema, url: zod.url };
    const route: RouteOptions = document.route;
    const method = [route.method].flat()[0]?.toUpperCase() ?? 'GET';
    const path = openApiPath(zod.url);

    if (isFhirPath(zod.url)) {
      // The catch-all that refuses writes is documented as the writes a client would try.
      if (path === FHIR_WRITES_PATH) {
        fhirWritesSeen = true;
        return { schema: { hide: true }, url: zod.url };
      }
      return { schema: { ...schema, ...describeFhirRoute(method, path) }, url: zod.url };
    }

    const config: FastifyContextConfig = route.config ?? {};
    if (config.access === 'public') schema.security = [];
    if (config.contentTypes && !schema.body) {
      schema.body = {
        content: Object.fromEntries(
          config.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        ),
      };
    }
    const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
    const file = FILE_ANSWERS[`${method} ${path}`];
    if (file) response[200] = fileAnswer(file);
    if (CSV_ALTERNATIVES.includes(`${method} ${path}`)) response[200] = jsonOrCsv(response[200]);
    schema.response = { ...response, ...errorResponses(method, path, schema, config) };
    return { schema, url: zod.url };
  };

  /** The document-level part (see the top of this file). */
  const transformObject: SwaggerTransformObject = (documentObject) => {
    if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
    const { openapiObject } = documentObject;
    const document = openapiObject as { paths?: Record<string, PathItem>; components?: { schemas?: object } };
    const paths: Record<string, PathItem> = { ...document.paths };
    if (fhirWritesSeen) {
      for (const [path, item] of Object.entries(fhirWriteOperations()))
        paths[path] = { ...paths[path], ...item };
    }
    const owners = new Map<string, string>();
    const seen = new Set<Operation>();
    const used = new Set<string>();
    for (const [path, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        let operation = item[method];
        if (!operation) continue;
        // One route with several methods shares one object: each method gets its own.
        if (seen.has(operation)) {
          operation = structuredClone(operation);
          item[method] = operation;
        }
        seen.add(operation);
        operation.operationId ??= operationIdFor(method, path);
        operation.summary ??= summaryFor(method, path);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (response.description === 'Default Response')
            response.description = STATUS_TEXT[status] ?? status;
        }
        const tag = tagFor(operation.tags?.[0], path);
        operation.tags = [tag];
        used.add(tag);
        const owner = `${method.toUpperCase()} ${path}`;
        const other = owners.get(operation.operationId);
        if (other) {
          throw new Error(
            `${owner} and ${other} have the same operationId "${operation.operationId}": give one its own schema.operationId`,
          );
        }
        owners.set(operation.operationId, owner);
      }
    }
    const declared = TAGS.filter((tag) => used.has(tag.name));
    const undeclared = [...used]
      .filter((name) => !TAGS.some((tag) => tag.name === name))
      .map((name) => ({ name }));
    const components = {
      ...document.components,
      schemas: { ...COMPONENT_SCHEMAS, ...document.components?.schemas },
    };
    return {
      ...openapiObject,
      components,
      paths,
      tags: [...declared, ...undeclared],
    } as ReturnType<SwaggerTransformObject>;
  };

  return { transform, transformObject };
}
