import { FHIR_ROLES } from '@carepoint/contract';
import type { Resource } from '@medplum/fhirtypes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FHIR_BASE_PATH } from '../../lib/api-paths';
import { audit } from '../../lib/audit';
import { attachmentDisposition } from '../../lib/downloads';
import { AppError, RateLimitedError } from '../../lib/errors';
import {
  allowsScope,
  bearerChallenge,
  callerAuditDetails,
  corsPreflight,
  OAUTH_PATHS,
  registerSmartTokens,
  requireScope,
  smartConfiguration,
} from '../smart';
import { registerBulkExport, withBulkExport } from './bulk/routes';
import { everythingBundle, searchBundle } from './bundle';
import { capabilityStatement } from './capability';
import { compartmentPatients } from './compartment';
import {
  changedSince,
  parseEverythingOptions,
  referencedPractitioners,
  wantsType,
} from './everything-options';
import { requireFhirJson } from './format';
import { includedResources } from './include';
import { FHIR_CONTENT_TYPE, FhirError, type IssueType, operationOutcome, resourceNotFound } from './outcome';
import { parseSearch, prefersStrict } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';
import { FHIR_RESOURCE_TYPES } from './resources';
import { etagOf, notModified } from './versioning';

// Sessions of these roles, and SMART apps' access tokens (their scopes are checked by requireScope).
const signedIn = { access: FHIR_ROLES, appTokens: true };
/** Long enough for any real search value, short enough that nobody sends us megabytes of query. */
const MAX_PARAMETER_LENGTH = 1000;
const querySchema = z.record(
  z.string().max(100),
  z.union([z.string().max(MAX_PARAMETER_LENGTH), z.array(z.string().max(MAX_PARAMETER_LENGTH)).max(20)]),
);
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

const ISSUE_BY_STATUS: Record<number, IssueType> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  413: 'too-costly',
  429: 'throttled',
};

/** Every failure under /fhir/R4 as an OperationOutcome (the rest of the API keeps its own error shape). */
function answerWithOutcome(
  error: FastifyError | AppError | FhirError | RateLimitedError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let status: number;
  let message: string;
  let expression: string | undefined;
  if (error instanceof FhirError) {
    status = error.statusCode;
    message = error.message;
    expression = error.expression;
  } else if (error instanceof RateLimitedError) {
    status = 429;
    message = error.message;
    reply.header('Retry-After', String(error.retryAfterSeconds));
  } else if (error instanceof AppError) {
    status = error.statusCode;
    message = error.message;
    expression = error.fieldErrors ? Object.keys(error.fieldErrors)[0] : undefined;
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    const issue = error.validation[0];
    expression = issue?.instancePath?.replace(/^\//, '') || undefined;
    message = `${expression ? `${expression}: ` : ''}${issue?.message ?? 'Invalid input'}`;
  } else {
    status = error.statusCode ?? 500;
    message = 'The request could not be read';
  }
  if (status >= 500) {
    request.log.error({ err: error }, 'FHIR request failed');
    status = 500;
    message = 'Internal server error';
  }
  const challenge = bearerChallenge(request, status, error);
  if (challenge) reply.header('WWW-Authenticate', challenge);
  const issue =
    error instanceof FhirError
      ? error.issue
      : (ISSUE_BY_STATUS[status] ?? (status >= 500 ? 'exception' : 'processing'));
  return reply
    .code(status)
    .type(FHIR_CONTENT_TYPE)
    .send(operationOutcome(status >= 500 ? 'fatal' : 'error', issue, message, expression));
}

/** What a caller may read: a patient only their own compartment (null: outside every compartment). */
function visibleTo(fhir: FhirContext, resource: Resource) {
  if (fhir.patientScope === undefined) return true;
  const patients = compartmentPatients(resource);
  return patients === null || (patients.length > 0 && patients.every((id) => id === fhir.patientScope));
}

const onePatient = (resources: Resource[]) => {
  const ids = new Set(resources.flatMap((r) => compartmentPatients(r) ?? []));
  return ids.size === 1 ? [...ids][0] : null;
};

/**
 * The read-only FHIR R4 API (docs/fhir.md): the CapabilityStatement, read and search of each
 * resource type in resources.ts, and Patient/{id}/$everything. Same sessions and roles as /api;
 * every read is audited like the app's own.
 */
export async function fhirRoutes(app: FastifyInstance) {
  const byType = new Map<string, FhirResourceType>(FHIR_RESOURCE_TYPES.map((t) => [t.type, t]));
  const base = `${app.config.publicUrl}${FHIR_BASE_PATH}`;
  const capability = withBulkExport(
    capabilityStatement(base, FHIR_RESOURCE_TYPES, app.now(), {
      authorize: `${app.config.publicUrl}${OAUTH_PATHS.authorize}`,
      token: `${app.config.publicUrl}${OAUTH_PATHS.token}`,
    }),
  );

  app.setErrorHandler(answerWithOutcome);
  registerSmartTokens(app);
  // Only FHIR R4 JSON is answered: anything else asked for is a 406 before any other work.
  app.addHook('onRequest', async (request) => {
    const { _format: format } = request.query as Record<string, string | string[] | undefined>;
    requireFhirJson(format, request.headers.accept);
  });
  // Any body is read (to its limit) and dropped: every write is refused below, whatever it sends.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null));
  app.setNotFoundHandler((request, reply) =>
    answerWithOutcome(
      new FhirError(404, 'not-supported', `${request.method} ${request.url} is not part of this API`),
      request,
      reply,
    ),
  );

  /** The caller's context for one interaction on one type: 403 when their token's scopes do not allow it. */
  const fhirContext = (
    request: FastifyRequest,
    type: string,
    interaction: 'read' | 'search',
  ): FhirContext => ({
    ctx: request.ctx,
    patientScope: requireScope(request, type, interaction).patientScope,
    timeZone: app.config.TIME_ZONE,
  });
  const resourceType = (name: string) => {
    const type = byType.get(name);
    if (!type) throw new FhirError(404, 'not-supported', `The resource type "${name}" is not supported`);
    return type;
  };
  const send = (reply: FastifyReply, body: Resource) =>
    reply.type(FHIR_CONTENT_TYPE).send(JSON.stringify(body));

  app.get('/metadata', { config: { access: 'public' } }, async (_request, reply) => send(reply, capability));
  // SMART discovery and the CORS preflight live here, under the FHIR base, so their failures
  // (a NUL in a header, a body over the limit) answer as FHIR does: an OperationOutcome.
  app.get('/.well-known/smart-configuration', { config: { access: 'public' } }, async () =>
    smartConfiguration(app.config.publicUrl, OAUTH_PATHS),
  );
  app.options('/*', { schema: { hide: true }, config: { access: 'public' } }, corsPreflight);

  app.get<{ Params: { type: string }; Querystring: z.infer<typeof querySchema> }>(
    '/:type',
    { schema: { querystring: querySchema }, config: signedIn },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      const fhir = fhirContext(request, type.type, 'search');
      const strict = prefersStrict(request.headers.prefer);
      const search = parseSearch(type.searchParams, {
        query: request.query,
        strict,
        timeZone: fhir.timeZone,
      });
      const result = await type.search(fhir, search);
      const resources = result.resources.filter((resource) => {
        if (visibleTo(fhir, resource)) return true;
        request.log.error(
          { type: type.type, id: resource.id },
          'FHIR search returned a resource outside the caller’s compartment',
        );
        return false;
      });
      // Included resources obey the same compartment and, for an app, the same scopes.
      const included = (await includedResources(fhir, type.type, search, resources, byType, strict)).filter(
        (resource) => visibleTo(fhir, resource) && allowsScope(request, resource.resourceType, 'search'),
      );
      const answered = [...resources, ...included];
      await audit(fhir.ctx, {
        action: 'fhir.search',
        entityType: type.type,
        patientId: onePatient(answered),
        details: {
          query: search.applied,
          ids: resources.map((r) => r.id),
          ...(included.length > 0 ? { included: included.map((r) => `${r.resourceType}/${r.id}`) } : {}),
          patientIds: [...new Set(answered.flatMap((r) => compartmentPatients(r) ?? []))],
          ...callerAuditDetails(request),
        },
      });
      return send(reply, searchBundle(base, type.type, search, { ...result, resources, included }));
    },
  );

  app.get<{ Params: { type: string; id: string } }>(
    '/:type/:id',
    { config: signedIn },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      const { id } = request.params;
      const fhir = fhirContext(request, type.type, 'read');
      const resource = FHIR_ID.test(id) ? await type.read(fhir, id) : undefined;
      if (!resource || !visibleTo(fhir, resource)) throw resourceNotFound(type.type, id);
      await audit(fhir.ctx, {
        action: 'fhir.read',
        entityType: type.type,
        entityId: id,
        patientId: onePatient([resource]),
        details: callerAuditDetails(request),
      });
      const etag = etagOf(resource.meta);
      if (etag) reply.header('ETag', etag);
      if (resource.meta?.lastUpdated) {
        reply.header('Last-Modified', new Date(resource.meta.lastUpdated).toUTCString());
      }
      if (notModified(request.headers, resource.meta)) return reply.code(304).send();
      return send(reply, resource);
    },
  );

  app.get<{ Params: { id: string }; Querystring: z.infer<typeof querySchema> }>(
    '/Patient/:id/$everything',
    { schema: { querystring: querySchema }, config: signedIn },
    async (request, reply) => {
      const { id } = request.params;
      const fhir = fhirContext(request, 'Patient', 'read');
      const options = parseEverythingOptions(request.query, [...byType.keys()], fhir.timeZone);
      const patientType = resourceType('Patient');
      const patient = FHIR_ID.test(id) ? await patientType.read(fhir, id) : undefined;
      if (!patient || !visibleTo(fhir, patient)) throw resourceNotFound('Patient', id);
      const resources: Resource[] = wantsType(options, 'Patient') ? [patient] : [];
      const record: Resource[] = [];
      for (const type of FHIR_RESOURCE_TYPES) {
        // An app gets the types its scopes allow; the patient is the same whichever scope allows them.
        if (type.everything && allowsScope(request, type.type, 'search')) {
          record.push(...(await type.everything(fhir, id)));
        }
      }
      resources.push(...record.filter((resource) => wantsType(options, resource.resourceType)));
      // The doctors the record names come with it, so it reads whole without further requests.
      if (wantsType(options, 'Practitioner') && allowsScope(request, 'Practitioner', 'read')) {
        const practitioner = resourceType('Practitioner');
        for (const doctorId of referencedPractitioners(record)) {
          const found = await practitioner.read(fhir, doctorId);
          if (found) resources.push(found);
        }
      }
      const visible = resources.filter(
        (resource) => visibleTo(fhir, resource) && changedSince(options, resource),
      );
      await audit(fhir.ctx, {
        action: 'fhir.everything',
        entityType: 'Patient',
        entityId: id,
        patientId: id,
        details: {
          resources: visible.length,
          ...(request.query._since ? { since: request.query._since } : {}),
          ...callerAuditDetails(request),
        },
      });
      if (request.query.download !== undefined) {
        reply.header('Content-Disposition', attachmentDisposition(`carepoint-record-${id}.json`));
      }
      return send(reply, everythingBundle(base, `${base}/Patient/${id}/$everything`, visible));
    },
  );

  registerBulkExport(app, base);

  // Read-only: every other method is refused in FHIR's words.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    config: { access: 'public' },
    handler: async () => {
      throw new FhirError(405, 'not-supported', 'This FHIR API is read-only');
    },
  });
}
