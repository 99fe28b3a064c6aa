import {
  idParamSchema,
  patientDetailSchema,
  patientListQuerySchema,
  patientPageSchema,
  patientRecordSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as records from './records';
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

  // The front desk: register, edit and look up one patient.
  const tags = ['admin: patients'];
  const config = { access: ['admin'] as const };
  app.post(
    '/api/admin/patients',
    { schema: { tags, body: patientRecordSchema, response: { 201: patientDetailSchema } }, config },
    async (request, reply) => reply.code(201).send(await records.registerPatient(request.ctx, request.body)),
  );
  app.get(
    '/api/admin/patients/:id',
    { schema: { tags, params: idParamSchema, response: { 200: patientDetailSchema } }, config },
    async (request) => records.patientDetail(request.ctx, request.params.id),
  );
  app.put(
    '/api/admin/patients/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: patientRecordSchema,
        response: { 200: patientDetailSchema },
      },
      config,
    },
    async (request) => records.updatePatient(request.ctx, request.params.id, request.body),
  );
}
