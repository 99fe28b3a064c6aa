import {
  activeLabTestListQuerySchema,
  idParamSchema,
  labTestListQuerySchema,
  labTestPageSchema,
  labTestSchema,
  labTestStatusSchema,
  saveLabTestSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as catalogue from './service';

const adminTags = ['admin: lab tests'];
const tags = ['lab: catalogue'];
const admin = { access: ['admin'] as const };
/** Every member of staff reads the active catalogue: doctors order from it, the lab works from it. */
const staff = { access: ['admin', 'doctor', 'nurse', 'lab'] as const };

export async function labCatalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/lab-tests',
    {
      schema: { tags: adminTags, querystring: labTestListQuerySchema, response: { 200: labTestPageSchema } },
      config: admin,
    },
    async (request) => catalogue.listLabTests(request.ctx, request.query),
  );

  app.get(
    '/api/admin/lab-tests/:id',
    { schema: { tags: adminTags, params: idParamSchema, response: { 200: labTestSchema } }, config: admin },
    async (request) => catalogue.getLabTest(request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/lab-tests',
    { schema: { tags: adminTags, body: saveLabTestSchema, response: { 201: labTestSchema } }, config: admin },
    async (request, reply) => reply.code(201).send(await catalogue.createLabTest(request.ctx, request.body)),
  );

  app.put(
    '/api/admin/lab-tests/:id',
    {
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: saveLabTestSchema,
        response: { 200: labTestSchema },
      },
      config: admin,
    },
    async (request) => catalogue.updateLabTest(request.ctx, request.params.id, request.body),
  );

  app.put(
    '/api/admin/lab-tests/:id/status',
    {
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: labTestStatusSchema,
        response: { 200: labTestSchema },
      },
      config: admin,
    },
    async (request) => catalogue.setLabTestActive(request.ctx, request.params.id, request.body.active),
  );

  app.get(
    '/api/lab-tests',
    {
      schema: { tags, querystring: activeLabTestListQuerySchema, response: { 200: labTestPageSchema } },
      config: staff,
    },
    async (request) => catalogue.listActiveLabTests(request.ctx, request.query),
  );

  app.get(
    '/api/lab-tests/:id',
    { schema: { tags, params: idParamSchema, response: { 200: labTestSchema } }, config: staff },
    async (request) => catalogue.getActiveLabTest(request.ctx, request.params.id),
  );
}
