import { idParamSchema, patientResultPageSchema, patientResultsQuerySchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStoredFile } from '../../lib/file-types';
import * as results from './service';

const tags = ['patient: results'];
const config = { access: ['patient'] as const };

/** My Results: what the patient's doctors shared with them, and the files of shared reports. Never cached (plugins/hygiene.ts). */
export async function resultRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/patient/results',
    {
      schema: {
        tags,
        summary: 'My diagnosis tests and reports that my doctors shared with me, newest first',
        querystring: patientResultsQuerySchema,
        response: { 200: patientResultPageSchema },
      },
      config,
    },
    async (request) => results.listPatientResults(request.ctx, request.query),
  );

  app.get(
    '/api/patient/results/attachments/:id',
    { schema: { tags, summary: "Downloads a shared report's file", params: idParamSchema }, config },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await results.readSharedAttachment(request.ctx, request.params.id, 'attachment'),
        'attachment',
      ),
  );

  app.get(
    '/api/patient/results/attachments/:id/view',
    {
      schema: { tags, summary: "Shows a shared report's file in the browser", params: idParamSchema },
      config,
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await results.readSharedAttachment(request.ctx, request.params.id, 'inline'),
        'inline',
      ),
  );
}
