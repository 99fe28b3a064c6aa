import {
  createStaffAccountSchema,
  idParamSchema,
  staffAccountListQuerySchema,
  staffAccountPageSchema,
  staffAccountSchema,
  updateStaffAccountSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as staff from './service';

const tags = ['admin: staff'];
const config = { access: ['admin'] as const };

export async function staffAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/staff',
    {
      schema: { tags, querystring: staffAccountListQuerySchema, response: { 200: staffAccountPageSchema } },
      config,
    },
    async (request) => staff.listStaffAccounts(request.ctx, request.query),
  );

  app.post(
    '/api/admin/staff',
    { schema: { tags, body: createStaffAccountSchema, response: { 201: staffAccountSchema } }, config },
    async (request, reply) => reply.code(201).send(await staff.createStaffAccount(request.ctx, request.body)),
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: updateStaffAccountSchema,
        response: { 200: staffAccountSchema },
      },
      config,
    },
    async (request) => staff.updateStaffAccount(request.ctx, request.params.id, request.body),
  );
}
