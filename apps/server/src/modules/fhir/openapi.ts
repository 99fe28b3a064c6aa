import { FHIR_BASE_PATH } from '../../lib/api-paths';
import { describeBulkExportRoute } from './bulk/openapi';
import { DEFAULT_COUNT, MAX_COUNT } from './params';
import { FHIR_RESOURCE_TYPES } from './resources';

/**
 * How the FHIR routes (routes.ts) appear in the OpenAPI document (plugins/openapi.ts asks
 * here for every route under /fhir/R4). Documentation only: the routes validate and answer as
 * they always did. Every answer, errors included, is `application/fhir+json`.
 */

const FHIR_JSON = 'application/fhir+json';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The component schemas the FHIR operations refer to. */
export const FHIR_COMPONENT_SCHEMAS = {
  OperationOutcome: {
    type: 'object',
    description: 'How the FHIR API answers every failure (http://hl7.org/fhir/R4/operationoutcome.html).',
    required: ['resourceType', 'issue'],
    properties: {
      resourceType: { type: 'string', enum: ['OperationOutcome'] },
      issue: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['severity', 'code'],
          properties: {
            severity: { type: 'string', enum: ['fatal', 'error', 'warning', 'information'] },
            code: {
              type: 'string',
              description:
                'The issue type (http://hl7.org/fhir/issue-type): invalid, login, forbidden, not-found, not-supported, throttled, exception…',
            },
            diagnostics: { type: 'string', description: 'What went wrong, in words.' },
            expression: {
              type: 'array',
              items: { type: 'string' },
              description: 'The search parameter or element the issue is about.',
            },
          },
        },
      },
    },
  },
  FhirResource: {
    type: 'object',
    description:
      'A FHIR R4 resource of one of the types this API serves (docs/fhir.md lists which fields each carries).',
    required: ['resourceType'],
    properties: {
      resourceType: { type: 'string' },
      id: { type: 'string' },
      meta: { type: 'object', properties: { lastUpdated: { type: 'string', format: 'date-time' } } },
    },
    additionalProperties: true,
  },
  FhirBundle: {
    type: 'object',
    description: 'A searchset Bundle: the matching resources of one page, with paging links.',
    required: ['resourceType', 'type', 'entry'],
    properties: {
      resourceType: { type: 'string', enum: ['Bundle'] },
      type: { type: 'string', enum: ['searchset'] },
      total: { type: 'integer', description: 'Every match the caller may see; left out past the count cap.' },
      link: {
        type: 'array',
        items: {
          type: 'object',
          required: ['relation', 'url'],
          properties: { relation: { type: 'string' }, url: { type: 'string' } },
        },
      },
      entry: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            fullUrl: { type: 'string' },
            resource: ref('FhirResource'),
            search: { type: 'object', properties: { mode: { type: 'string' } } },
          },
        },
      },
    },
  },
};

const fhirBody = (schema: string, description: string) => ({
  description,
  content: { [FHIR_JSON]: { schema: ref(schema) } },
});

/** What each status means in the FHIR API, answered as an OperationOutcome. */
const OUTCOMES: Record<number, string> = {
  400: 'A malformed search value, an unsupported modifier or prefix, a bad `_count`, a value over 1,000 characters, or (with `Prefer: handling=strict`) an unknown parameter (issue `invalid`; `expression` names the parameter)',
  401: 'Not signed in (issue `login`)',
  403: 'Signed in with a one-time password still to replace (issue `forbidden`)',
  404: 'An unknown resource type (issue `not-supported`), or a resource that does not exist or is outside the caller’s own record (issue `not-found`: the two answer alike)',
  405: 'The FHIR API is read-only: every write answers 405 (issue `not-supported`)',
  429: 'Another bulk export of the caller’s is still running (issue `throttled`)',
  500: 'The bulk export failed (issue `exception`)',
};
const outcome = (status: number) => fhirBody('OperationOutcome', OUTCOMES[status] ?? 'Refused');
const outcomes = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, outcome(status)]));

const typeParameter = {
  type: 'string',
  enum: FHIR_RESOURCE_TYPES.map((t) => t.type),
  description: 'A resource type this API serves; any other answers 404.',
};
const idParameter = {
  type: 'string',
  pattern: '^[A-Za-z0-9\\-.]{1,64}$',
  description: 'The resource’s logical id.',
};
const searchValue = { type: 'string', maxLength: 1000 };
const searchValues = { anyOf: [searchValue, { type: 'array', items: searchValue, maxItems: 20 }] };

const searchQuery = {
  type: 'object',
  properties: {
    _count: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_COUNT,
      description: `Matches per page (default ${DEFAULT_COUNT}, at most ${MAX_COUNT}; 0 answers only the total).`,
    },
    _offset: {
      type: 'integer',
      minimum: 0,
      description: 'Skip this many matches (the Bundle’s links carry it).',
    },
    _total: {
      type: 'string',
      enum: ['none', 'estimate', 'accurate'],
      description: '`none` skips counting.',
    },
    _id: { type: 'string', description: 'One logical id, or several comma-separated.' },
    search: {
      type: 'object',
      additionalProperties: searchValues,
      description:
        'The resource type’s own search parameters, each as its own query parameter (`name=obi`, `birthdate=ge1990`, `family:exact=Okafor`): the CapabilityStatement (GET /fhir/R4/metadata) lists them. Comma-separated values are alternatives; a repeated parameter must match each time.',
    },
  },
};

const preferHeader = {
  type: 'object',
  properties: {
    prefer: {
      type: 'string',
      description: '`handling=strict` makes an unknown search parameter a 400 (else it is ignored).',
    },
  },
};

const tags = ['fhir'];

/**
 * The documentation of a FHIR route, in the shape of a route schema (JSON Schema parts), or
 * undefined for a route this file does not know.
 */
export function describeFhirRoute(method: string, path: string): Record<string, unknown> | undefined {
  const route = `${method} ${path.slice(FHIR_BASE_PATH.length)}`;
  switch (route) {
    case 'GET /metadata':
      return {
        tags,
        operationId: 'fhirCapabilities',
        summary: 'The CapabilityStatement',
        description:
          'Every resource type, interaction and search parameter this API serves. No sign-in needed.',
        security: [],
        response: { 200: fhirBody('FhirResource', 'The CapabilityStatement') },
      };
    case 'GET /{type}':
      return {
        tags,
        operationId: 'fhirSearch',
        summary: 'Search resources of a type',
        description:
          'Matches the caller may see, a page at a time, in a stable order. A patient finds only their own record, the Practitioners, the Locations (wards and beds) and the Medications (the formulary).',
        params: { type: 'object', properties: { type: typeParameter }, required: ['type'] },
        querystring: searchQuery,
        headers: preferHeader,
        response: { 200: fhirBody('FhirBundle', 'A searchset Bundle'), ...outcomes(400, 401, 403, 404) },
      };
    case 'GET /{type}/{id}':
      return {
        tags,
        operationId: 'fhirRead',
        summary: 'Read a resource',
        params: {
          type: 'object',
          properties: { type: typeParameter, id: idParameter },
          required: ['type', 'id'],
        },
        response: { 200: fhirBody('FhirResource', 'The resource'), ...outcomes(401, 403, 404) },
      };
    case 'GET /Patient/{id}/$everything':
      return {
        tags,
        operationId: 'fhirPatientEverything',
        summary: 'Everything about one patient',
        description: 'The Patient and every resource about them that the caller may see, in one Bundle.',
        params: { type: 'object', properties: { id: idParameter }, required: ['id'] },
        querystring: {
          type: 'object',
          properties: {
            download: {
              type: 'string',
              description:
                'Present (any value): answered as a file to save (Content-Disposition: attachment).',
            },
          },
        },
        response: {
          200: fhirBody('FhirBundle', 'A Bundle of the patient’s record'),
          ...outcomes(400, 401, 403, 404),
        },
      };
    default:
      return describeBulkExportRoute(route, { outcomes, tags });
  }
}

/** routes.ts's catch-all that refuses every write, as OpenAPI writes its path. */
export const FHIR_WRITES_PATH = `${FHIR_BASE_PATH}/{*}`;

const pathParameter = (name: string, schema: object) => ({ name, in: 'path', required: true, schema });

/**
 * The writes a FHIR client would try, each answered 405 by routes.ts's catch-all: create on a
 * type, update, patch and delete on a resource. (Every other write under /fhir/R4 is refused alike.)
 */
export function fhirWriteOperations() {
  const refusal = (operationId: string, summary: string, parameters: object[]) => ({
    tags,
    operationId,
    summary,
    description: 'This FHIR API is read-only: every POST, PUT, PATCH and DELETE under /fhir/R4 answers 405.',
    security: [],
    parameters,
    responses: outcomes(405),
  });
  const type = pathParameter('type', typeParameter);
  const id = pathParameter('id', idParameter);
  return {
    [`${FHIR_BASE_PATH}/{type}`]: { post: refusal('fhirCreate', 'Create (refused: read-only)', [type]) },
    [`${FHIR_BASE_PATH}/{type}/{id}`]: {
      put: refusal('fhirUpdate', 'Update (refused: read-only)', [type, id]),
      patch: refusal('fhirPatch', 'Patch (refused: read-only)', [type, id]),
      delete: refusal('fhirDelete', 'Delete (refused: read-only)', [type, id]),
    },
  };
}
