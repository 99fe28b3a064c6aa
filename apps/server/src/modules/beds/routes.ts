import {
  bedListQuerySchema,
  bedPageSchema,
  bedSchema,
  createBedSchema,
  idParamSchema,
  okSchema,
  updateBedSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as beds from './service';

const tags = ['admin: beds'];
const config = { access: ['admin'] as const };

export async function bedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/beds',
    { schema: { tags, querystring: bedListQuerySchema, response: { 200: bedPageSchema } }, config },
    async (request) => beds.listBeds(request.ctx, request.query),
  );

  app.post(
    '/api/admin/beds',
    { schema: { tags, body: createBedSchema, response: { 201: bedSchema } }, config },
    async (request, reply) => reply.code(201).send(await beds.createBed(request.ctx, request.body)),
  );

  app.put(
    '/api/admin/beds/:id',
    { schema: { tags, params: idParamSchema, body: updateBedSchema, response: { 200: bedSchema } }, config },
    async (request) => beds.updateBed(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/beds/:id',
    { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config },
    async (request) => beds.deleteBed(request.ctx, request.params.id),
  );
}
