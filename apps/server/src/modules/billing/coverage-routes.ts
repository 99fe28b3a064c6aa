import {
  addPreauthSchema,
  coverageListSchema,
  coverageSchema,
  coverageStatusSchema,
  createCoverageSchema,
  endCoverageSchema,
  idParamSchema,
  preauthParamsSchema,
  preauthRequiredSchema,
  preauthServiceIdsSchema,
  preauthServiceParamsSchema,
  saveCoverageSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addPreauth, removePreauth } from './coverage-preauths';
import * as coverages from './coverages';
import { preauthServiceIds, setPreauthRequired } from './preauths';

const tags = ['billing: coverage'];
/** The desk (the administrator's Manage Patients) and the cashier; everyone else 403. */
const desk = { access: ['admin', 'cashier'] as const };
const admin = { access: ['admin'] as const };

export async function coverageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/patients/:id/coverages',
    { schema: { tags, params: idParamSchema, response: { 200: coverageListSchema } }, config: desk },
    async (request) => coverages.listCoverages(request.ctx, request.params.id),
  );

  app.get(
    '/api/patients/:id/coverage-status',
    { schema: { tags, params: idParamSchema, response: { 200: coverageStatusSchema } }, config: desk },
    async (request) => coverages.coverageStatus(request.ctx, request.params.id),
  );

  app.post(
    '/api/patients/:id/coverages',
    {
      schema: { tags, params: idParamSchema, body: createCoverageSchema, response: { 201: coverageSchema } },
      config: desk,
    },
    async (request, reply) =>
      reply.code(201).send(await coverages.createCoverage(request.ctx, request.params.id, request.body)),
  );

  app.put(
    '/api/coverages/:id',
    {
      schema: { tags, params: idParamSchema, body: saveCoverageSchema, response: { 200: coverageSchema } },
      config: desk,
    },
    async (request) => coverages.updateCoverage(request.ctx, request.params.id, request.body),
  );

  app.put(
    '/api/coverages/:id/end',
    {
      schema: { tags, params: idParamSchema, body: endCoverageSchema, response: { 200: coverageSchema } },
      config: desk,
    },
    async (request) => coverages.endCoverage(request.ctx, request.params.id, request.body.validTo),
  );

  app.post(
    '/api/coverages/:id/preauths',
    {
      schema: { tags, params: idParamSchema, body: addPreauthSchema, response: { 201: coverageSchema } },
      config: desk,
    },
    async (request, reply) =>
      reply.code(201).send(await addPreauth(request.ctx, request.params.id, request.body)),
  );

  app.delete(
    '/api/coverages/:id/preauths/:preauthId',
    { schema: { tags, params: preauthParamsSchema, response: { 200: coverageSchema } }, config: desk },
    async (request) => removePreauth(request.ctx, request.params.id, request.params.preauthId),
  );

  app.get(
    '/api/admin/payers/:id/preauth-services',
    {
      schema: { tags: ['admin: payers'], params: idParamSchema, response: { 200: preauthServiceIdsSchema } },
      config: admin,
    },
    async (request) => preauthServiceIds(request.ctx, request.params.id),
  );

  app.put(
    '/api/admin/payers/:id/preauth-services/:serviceId',
    {
      schema: {
        tags: ['admin: payers'],
        params: preauthServiceParamsSchema,
        body: preauthRequiredSchema,
        response: { 200: preauthServiceIdsSchema },
      },
      config: admin,
    },
    async (request) =>
      setPreauthRequired(request.ctx, request.params.id, request.params.serviceId, request.body.required),
  );
}
