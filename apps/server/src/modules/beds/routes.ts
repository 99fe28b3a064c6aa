import {
  bedListQuerySchema,
  bedPageSchema,
  bedSchema,
  createBedSchema,
  idParamSchema,
  okSchema,
  saveWardSchema,
  updateBedSchema,
  wardListQuerySchema,
  wardPageSchema,
  wardSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as beds from './service';
import * as wards from './wards';

const tags = ['admin: beds'];
const wardTags = ['admin: wards'];
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

  app.get(
    '/api/admin/wards',
    {
      schema: { tags: wardTags, querystring: wardListQuerySchema, response: { 200: wardPageSchema } },
      config,
    },
    async (request) => wards.listWards(request.ctx, request.query),
  );

  app.post(
    '/api/admin/wards',
    { schema: { tags: wardTags, body: saveWardSchema, response: { 201: wardSchema } }, config },
    async (request, reply) => reply.code(201).send(await wards.createWard(request.ctx, request.body)),
  );

  app.put(
    '/api/admin/wards/:id',
    {
      schema: { tags: wardTags, params: idParamSchema, body: saveWardSchema, response: { 200: wardSchema } },
      config,
    },
    async (request) => wards.updateWard(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/wards/:id',
    { schema: { tags: wardTags, params: idParamSchema, response: { 200: okSchema } }, config },
    async (request) => wards.deleteWard(request.ctx, request.params.id),
  );
}
