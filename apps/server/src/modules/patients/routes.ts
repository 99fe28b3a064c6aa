import { patientListQuerySchema, patientPageSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as patients from './service';

export async function patientAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/patients',
    {
      schema: {
        tags: ['admin: patients'],
        querystring: patientListQuerySchema,
        response: { 200: patientPageSchema },
      },
      config: { access: ['admin'] },
    },
    async (request) => patients.listPatients(request.ctx, request.query),
  );
}
