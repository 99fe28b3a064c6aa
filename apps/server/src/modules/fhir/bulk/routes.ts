import { Readable } from 'node:stream';
import { FHIR_ROLES } from '@carepoint/contract';
import type { CapabilityStatement } from '@medplum/fhirtypes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../../lib/audit';
import { callerAuditDetails, requireExportScopes } from '../../smart';
import {
  FHIR_CONTENT_TYPE,
  FhirError,
  invalidParameter,
  operationOutcome,
  resourceNotFound,
} from '../outcome';
import { prefers } from '../params';
import { parseDateSpan } from '../time';
import { bulkExportAccess, type ExportLevel, exportRequester } from './access';
import { exportableTypes } from './contents';
import { isDoctor } from './group';
import { deleteExport, type ExportJob, exportCounts, exportFile, findExport, startExport } from './jobs';

/*
 * FHIR Bulk Data export (https://hl7.org/fhir/uv/bulkdata/): kick-off at system, Patient and
 * Group level, the status URL to poll (and DELETE to cancel), and the NDJSON files. The work
 * itself is the worker's (worker.ts); these routes only queue it and read what it wrote.
 */

/** Sessions and SMART tokens (a backend service's too); access.ts decides who may export what. */
const signedIn = { access: FHIR_ROLES, appTokens: true };
/** How long a client should wait before polling again. */
const RETRY_AFTER_SECONDS = 5;
const NDJSON_CONTENT_TYPE = 'application/fhir+ndjson';
const OUTPUT_FORMATS = new Set(['application/fhir+ndjson', 'application/ndjson', 'ndjson']);

const text = z.string().max(1000).optional();
const kickOffQuery = z.object({ _type: text, _since: text, _outputFormat: text });
type KickOffQuery = z.infer<typeof kickOffQuery>;

/** The types asked for (`_type`, comma-separated), each one the level exports; none: all of them. */
function requestedTypes(level: ExportLevel, raw: string | undefined) {
  const exportable: string[] = exportableTypes(level).map((type) => type.type);
  const asked = (raw ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  for (const type of asked) {
    if (!exportable.includes(type)) {
      throw invalidParameter('_type', `_type: ${type} is not exported here (${exportable.join(', ')})`);
    }
  }
  return asked.length === 0 ? exportable : exportable.filter((type) => asked.includes(type));
}

/** The manifest of a complete export: one file per type that has resources. */
async function manifest(request: FastifyRequest, base: string, job: ExportJob) {
  const counts = await exportCounts(request.ctx.db, job);
  return {
    transactionTime: job.createdAt.toISOString(),
    request: job.requestUrl,
    requiresAccessToken: true,
    output: counts.map(({ type, count }) => ({
      type,
      url: `${base}/$export-file/${job.id}/${type}.ndjson`,
      count,
    })),
    error: [],
  };
}

const progress = (job: ExportJob) =>
  job.patientsTotal === null
    ? 'Waiting to start'
    : `${job.patientsDone} of ${job.patientsTotal} patients (${
        job.patientsTotal === 0 ? 100 : Math.floor((job.patientsDone / job.patientsTotal) * 100)
      }%)`;

/** The CapabilityStatement with the export operations: system, Patient and Group level. */
export function withBulkExport(capability: CapabilityStatement): CapabilityStatement {
  const rest = capability.rest?.[0];
  if (!rest) return capability;
  const operation = (level: string) => ({
    name: 'export',
    definition: `http://hl7.org/fhir/uv/bulkdata/OperationDefinition/${level}`,
  });
  for (const resource of rest.resource ?? []) {
    if (resource.type === 'Patient')
      resource.operation = [...(resource.operation ?? []), operation('patient-export')];
    if (resource.type === 'Group')
      resource.operation = [...(resource.operation ?? []), operation('group-export')];
  }
  rest.operation = [...(rest.operation ?? []), operation('export')];
  return {
    ...capability,
    instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
  };
}

/** The export routes, on the FHIR API's own instance (its error handler answers OperationOutcomes). */
export function registerBulkExport(app: FastifyInstance, base: string) {
  async function kickOff(
    request: FastifyRequest<{ Querystring: KickOffQuery }>,
    reply: FastifyReply,
    level: ExportLevel,
    groupId?: string,
  ) {
    const { _type, _since, _outputFormat } = request.query;
    const wanted = {
      level,
      ...(groupId === undefined ? {} : { groupId }),
      types: requestedTypes(level, _type),
    };
    const requester = bulkExportAccess(request, wanted);
    if (groupId !== undefined && !(await isDoctor(request.ctx.db, groupId))) {
      throw resourceNotFound('Group', groupId);
    }
    // `Prefer: respond-async`: the answer comes later.
    if (!prefers(request.headers.prefer, 'respond-async')) {
      throw new FhirError(400, 'invalid', 'An export runs in the background: send "Prefer: respond-async"');
    }
    // An unencoded "+" in a query string reads as a space.
    if (_outputFormat !== undefined && !OUTPUT_FORMATS.has(_outputFormat.replace(' ', '+'))) {
      throw invalidParameter('_outputFormat', '_outputFormat: only application/fhir+ndjson is written');
    }
    const job = await startExport(
      request.ctx,
      {
        ...wanted,
        requester,
        since: _since === undefined ? null : parseDateSpan('_since', _since, app.config.TIME_ZONE).start,
        requestUrl: `${app.config.publicUrl}${request.url}`,
      },
      callerAuditDetails(request),
    );
    return reply
      .code(202)
      .header('Content-Location', `${base}/$export-status/${job.id}`)
      .type(FHIR_CONTENT_TYPE)
      .send(
        operationOutcome('information', 'informational', 'The export has started; poll Content-Location'),
      );
  }

  const kickOffRoute = { schema: { querystring: kickOffQuery }, config: signedIn };
  app.get<{ Querystring: KickOffQuery }>('/$export', kickOffRoute, (request, reply) =>
    kickOff(request, reply, 'system'),
  );
  app.get<{ Querystring: KickOffQuery }>('/Patient/$export', kickOffRoute, (request, reply) =>
    kickOff(request, reply, 'patient'),
  );
  app.get<{ Querystring: KickOffQuery; Params: { id: string } }>(
    '/Group/:id/$export',
    kickOffRoute,
    (request, reply) => kickOff(request, reply, 'group', request.params.id),
  );

  /**
   * The caller's own export (same user, or same backend service), else 404: another's is answered
   * as one that does not exist. A SMART token must still have the scopes to export its types.
   */
  async function ownExport(request: FastifyRequest<{ Params: { id: string } }>) {
    const job = await findExport(request.ctx, request.params.id, exportRequester(request));
    if (!job) throw new FhirError(404, 'not-found', 'There is no such export (or it has expired)');
    requireExportScopes(request, job.types);
    return job;
  }

  app.get<{ Params: { id: string } }>('/$export-status/:id', { config: signedIn }, async (request, reply) => {
    const job = await ownExport(request);
    await audit(request.ctx, {
      action: 'fhir.export.status',
      entityType: 'BulkExport',
      entityId: job.id,
      details: { status: job.status, ...callerAuditDetails(request) },
    });
    if (job.status === 'complete') {
      return reply
        .header('Expires', job.expiresAt.toUTCString())
        .type('application/json')
        .send(await manifest(request, base, job));
    }
    if (job.status === 'failed') {
      return reply
        .code(500)
        .type(FHIR_CONTENT_TYPE)
        .send(operationOutcome('error', 'exception', 'The export failed; start a new one'));
    }
    return reply
      .code(202)
      .header('X-Progress', progress(job))
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .send();
  });

  app.delete<{ Params: { id: string } }>(
    '/$export-status/:id',
    { config: signedIn },
    async (request, reply) => {
      await deleteExport(request.ctx, await ownExport(request), callerAuditDetails(request));
      return reply.code(202).send();
    },
  );

  app.get<{ Params: { id: string; file: string } }>(
    '/$export-file/:id/:file',
    { config: signedIn },
    async (request, reply) => {
      const job = await ownExport(request);
      const type = /^([A-Za-z]+)\.ndjson$/.exec(request.params.file)?.[1];
      if (job.status !== 'complete' || type === undefined || !job.types.includes(type)) {
        throw new FhirError(404, 'not-found', 'This export has no such file');
      }
      await audit(request.ctx, {
        action: 'fhir.export.download',
        entityType: 'BulkExport',
        entityId: job.id,
        details: { type, ...callerAuditDetails(request) },
      });
      return reply.type(NDJSON_CONTENT_TYPE).send(Readable.from(exportFile(request.ctx.db, job.id, type)));
    },
  );
}
