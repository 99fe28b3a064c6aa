/**
 * How the bulk export routes (routes.ts) appear in the OpenAPI document; fhir/openapi.ts asks
 * here for the FHIR routes it does not describe itself, and lends its FHIR answer shapes.
 */

interface Shapes {
  /** The OperationOutcomes of these statuses, as responses. */
  outcomes(...statuses: number[]): Record<string, unknown>;
  tags: string[];
}

const text = (description: string) => ({ type: 'string', description });
const kickOffQuery = {
  type: 'object',
  properties: {
    _type: text('Comma-separated resource types (default: every type of the level).'),
    _since: text('Only resources changed after this instant (by meta.lastUpdated).'),
    _outputFormat: text('application/fhir+ndjson (the default and only format).'),
  },
};
const preferAsync = {
  type: 'object',
  required: ['prefer'],
  properties: { prefer: text('Must say `respond-async`.') },
};
const exportId = text('The export’s id, from the kick-off’s Content-Location.');
const accepted = (description: string) => ({ description });

function kickOff(shapes: Shapes, operationId: string, summary: string, params?: object) {
  return {
    tags: shapes.tags,
    operationId,
    summary,
    description:
      'Starts a Bulk Data export in the background: 202 with `Content-Location`, the status URL to poll.',
    querystring: kickOffQuery,
    headers: preferAsync,
    ...(params ? { params } : {}),
    response: {
      202: accepted('Started; poll the Content-Location'),
      ...shapes.outcomes(400, 401, 403, 404, 429),
    },
  };
}

/** The documentation of a bulk export route (`METHOD /path` under /fhir/R4), or undefined. */
export function describeBulkExportRoute(route: string, shapes: Shapes): Record<string, unknown> | undefined {
  const idParams = { type: 'object', properties: { id: exportId }, required: ['id'] };
  switch (route) {
    case 'GET /$export':
      return kickOff(shapes, 'fhirExport', 'Bulk export of everything');
    case 'GET /Patient/$export':
      return kickOff(shapes, 'fhirPatientExport', 'Bulk export of every patient’s record');
    case 'GET /Group/{id}/$export':
      return kickOff(shapes, 'fhirGroupExport', 'Bulk export of a doctor’s patients', {
        type: 'object',
        properties: { id: text('The doctor’s id (their Group’s).') },
        required: ['id'],
      });
    case 'GET /$export-status/{id}':
      return {
        tags: shapes.tags,
        operationId: 'fhirExportStatus',
        summary: 'A bulk export’s status, or its manifest',
        params: idParams,
        response: {
          200: { description: 'Done: the manifest (application/json), one output file per type' },
          202: accepted('Still running: X-Progress and Retry-After'),
          ...shapes.outcomes(401, 404, 500),
        },
      };
    case 'DELETE /$export-status/{id}':
      return {
        tags: shapes.tags,
        operationId: 'fhirExportCancel',
        summary: 'Cancel a bulk export (or delete its files)',
        params: idParams,
        response: { 202: accepted('Cancelled; its files are gone'), ...shapes.outcomes(401, 404) },
      };
    case 'GET /$export-file/{id}/{file}':
      return {
        tags: shapes.tags,
        operationId: 'fhirExportFile',
        summary: 'One NDJSON file of a complete bulk export',
        params: {
          type: 'object',
          properties: { id: exportId, file: text('`<ResourceType>.ndjson`, as the manifest lists it.') },
          required: ['id', 'file'],
        },
        response: {
          200: {
            description: 'One resource per line',
            content: { 'application/fhir+ndjson': { schema: { type: 'string' } } },
          },
          ...shapes.outcomes(401, 404),
        },
      };
    default:
      return undefined;
  }
}
