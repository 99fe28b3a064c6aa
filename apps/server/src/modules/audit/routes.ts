import {
  auditListQuerySchema,
  auditPageSchema,
  outboxListQuerySchema,
  outboxPageSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as records from './service';

const config = { access: ['admin'] as const };

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin: audit'],
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema },
      },
      config,
    },
    async (request) => records.listAudit(request.ctx, request.query),
  );
  app.get(
    '/api/admin/outbox',
    {
      schema: {
        tags: ['admin: outbox'],
        querystring: outboxListQuerySchema,
        response: { 200: outboxPageSchema },
      },
      config,
    },
    async (request) => records.listOutbox(request.ctx, request.query),
  );
}
