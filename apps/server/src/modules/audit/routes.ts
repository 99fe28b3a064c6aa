import { Readable } from 'node:stream';
import {
  auditActionsSchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditPageSchema,
  outboxListQuerySchema,
  outboxPageSchema,
  recordAccessPageSchema,
  recordAccessQuerySchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import { listRecordAccess } from './record-access';
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
    '/api/admin/audit/actions',
    {
      schema: {
        tags: ['admin: audit'],
        summary: 'The action names the trail holds (the Action filter)',
        response: { 200: auditActionsSchema },
      },
      config,
    },
    async (request) => records.listAuditActions(request.ctx),
  );
  app.get(
    '/api/admin/audit/export',
    {
      schema: {
        tags: ['admin: audit'],
        summary: 'Export CSV of the audit trail for a date range (streamed; audited)',
        querystring: auditExportQuerySchema,
      },
      config,
    },
    async (request, reply) => {
      const { fileName, lines } = await records.exportAuditCsv(request.ctx, request.query);
      return asFile(reply, { fileName, type: 'text/csv; charset=utf-8' }).send(Readable.from(lines));
    },
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
  app.get(
    '/api/patient/record-access',
    {
      schema: {
        tags: ['patient: record access'],
        querystring: recordAccessQuerySchema,
        response: { 200: recordAccessPageSchema },
      },
      config: { access: ['patient'] },
    },
    async (request) => listRecordAccess(request.ctx, request.query),
  );
}
