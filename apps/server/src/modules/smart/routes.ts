import {
  approveAuthorizationSchema,
  authorizationAnswerSchema,
  authorizationRequestSchema,
  authorizeQuerySchema,
  connectedAppSchema,
  createdSmartAppSchema,
  createSmartAppSchema,
  FHIR_ROLES,
  idParamSchema,
  okSchema,
  ROLES,
  smartAppSchema,
  smartPatientQuerySchema,
  smartPatientSchema,
  updateSmartAppSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FHIR_BASE_PATH } from '../../lib/api-paths';
import { listApps, registerApp, setAppDisabled } from './apps-service';
import { approveAuthorization, denyAuthorization, describeAuthorization } from './authorize';
import { findPatients, listConnectedApps, revokeConnectedApp } from './connected-apps';

const admin = { access: ['admin'] as const };
const everyone = { access: ROLES };
/** The consent page: only roles that may read FHIR may let an app read it for them. */
const fhirReaders = { access: FHIR_ROLES };
const staff = { access: ['admin', 'doctor'] as const };

/**
 * SMART on FHIR in the app's own API: registering apps (admin), the consent page's calls, the
 * staff's patient picker, and every user's "Connected apps". The OAuth endpoints themselves are
 * in oauth-routes.ts.
 */
export async function smartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Read when asked, not at registration: the route tables of the tests register without a configuration.
  const fhirBase = () => `${app.config.publicUrl}${FHIR_BASE_PATH}`;

  app.get(
    '/api/admin/smart-apps',
    { schema: { tags: ['admin: SMART apps'], response: { 200: z.array(smartAppSchema) } }, config: admin },
    async (request) => listApps(request.ctx),
  );
  app.post(
    '/api/admin/smart-apps',
    {
      schema: {
        tags: ['admin: SMART apps'],
        body: createSmartAppSchema,
        response: { 201: createdSmartAppSchema },
      },
      config: admin,
    },
    async (request, reply) => reply.code(201).send(await registerApp(request.ctx, request.body)),
  );
  app.patch(
    '/api/admin/smart-apps/:id',
    {
      schema: {
        tags: ['admin: SMART apps'],
        params: idParamSchema,
        body: updateSmartAppSchema,
        response: { 200: smartAppSchema },
      },
      config: admin,
    },
    async (request) => setAppDisabled(request.ctx, request.params.id, request.body),
  );

  const tags = ['SMART authorization'];
  app.get(
    '/api/smart/authorization',
    {
      schema: { tags, querystring: authorizeQuerySchema, response: { 200: authorizationRequestSchema } },
      config: fhirReaders,
    },
    async (request) => describeAuthorization(request.ctx, request.query, fhirBase()),
  );
  app.post(
    '/api/smart/authorization',
    {
      schema: { tags, body: approveAuthorizationSchema, response: { 200: authorizationAnswerSchema } },
      config: fhirReaders,
    },
    async (request) => approveAuthorization(request.ctx, request.body, fhirBase()),
  );
  app.post(
    '/api/smart/authorization/deny',
    {
      schema: { tags, body: authorizeQuerySchema, response: { 200: authorizationAnswerSchema } },
      config: fhirReaders,
    },
    async (request) => denyAuthorization(request.ctx, request.body, fhirBase()),
  );
  app.get(
    '/api/smart/patients',
    {
      schema: { tags, querystring: smartPatientQuerySchema, response: { 200: z.array(smartPatientSchema) } },
      config: staff,
    },
    async (request) => findPatients(request.ctx, request.query.q),
  );

  app.get(
    '/api/user/connected-apps',
    { schema: { tags: ['profile'], response: { 200: z.array(connectedAppSchema) } }, config: everyone },
    async (request) => listConnectedApps(request.ctx),
  );
  app.delete(
    '/api/user/connected-apps/:id',
    { schema: { tags: ['profile'], params: idParamSchema, response: { 200: okSchema } }, config: everyone },
    async (request) => revokeConnectedApp(request.ctx, request.params.id),
  );
}
