import fs from 'node:fs';
import { backupFileParamSchema, backupSchema, backupsOverviewSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import * as backups from './service';

const tags = ['admin: backups'];
const config = { access: ['admin'] as const };

/** The Backups screen's API (admin only); the manager is the app's (`app.backups`, app.ts). */
export async function backupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/backups',
    { schema: { tags, response: { 200: backupsOverviewSchema } }, config },
    async (request) => backups.backupsOverview(request.ctx, request.server.backups),
  );

  app.post(
    '/api/admin/backups',
    { schema: { tags, response: { 202: backupSchema } }, config },
    async (request, reply) => reply.code(202).send(backups.backUpNow(request.ctx, request.server.backups)),
  );

  app.get(
    '/api/admin/backups/:name/download',
    { schema: { tags, params: backupFileParamSchema }, config },
    async (request, reply) => {
      const { name } = request.params;
      const file = await backups.backupForDownload(request.ctx, request.server.backups, name);
      return asFile(reply, { fileName: name, type: 'application/sql; charset=utf-8' })
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', file.bytes)
        .send(fs.createReadStream(file.path));
    },
  );
}
