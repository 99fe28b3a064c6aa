import {
  ambulanceListQuerySchema,
  ambulancePageSchema,
  ambulanceSchema,
  createAmbulanceSchema,
  idParamSchema,
  replaceAmbulanceSchema,
  updateAmbulanceSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as ambulances from './service';

const tags = ['admin: ambulances'];
const config = { access: ['admin'] as const };

export async function ambulanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/ambulances',
    {
      schema: { tags, querystring: ambulanceListQuerySchema, response: { 200: ambulancePageSchema } },
      config,
    },
    async (request) => ambulances.listAmbulances(request.ctx, request.query),
  );

  app.post(
    '/api/admin/ambulances',
    { schema: { tags, body: createAmbulanceSchema, response: { 201: ambulanceSchema } }, config },
    async (request, reply) =>
      reply.code(201).send(await ambulances.createAmbulance(request.ctx, request.body)),
  );

  const response = { 200: ambulanceSchema };
  app.put(
    '/api/admin/ambulances/:id',
    { schema: { tags, params: idParamSchema, body: replaceAmbulanceSchema, response }, config },
    async (request) => ambulances.updateAmbulance(request.ctx, request.params.id, request.body),
  );
  app.patch(
    '/api/admin/ambulances/:id',
    { schema: { tags, params: idParamSchema, body: updateAmbulanceSchema, response }, config },
    async (request) => ambulances.updateAmbulance(request.ctx, request.params.id, request.body),
  );
}
