import {
  doctorAlertListSchema,
  doctorAlertSchema,
  idParamSchema,
  observationListQuerySchema,
  observationPageSchema,
  observationSetSchema,
  recordObservationsSchema,
  stayIdParamSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acknowledgeAlert, listDoctorAlerts } from './alerts';
import { listObservations } from './list';
import { recordObservations } from './record';

const tags = ['observations'];

/** Ward observations with their NEWS2 (nurses and doctors record; admins read too), and the doctor's alerts. */
export async function observationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/stays/:stayId/observations',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        body: recordObservationsSchema,
        response: { 201: observationSetSchema },
      },
      config: { access: ['nurse', 'doctor'] as const },
    },
    async (request, reply) =>
      reply.code(201).send(await recordObservations(request.ctx, request.params.stayId, request.body)),
  );

  app.get(
    '/api/stays/:stayId/observations',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        querystring: observationListQuerySchema,
        response: { 200: observationPageSchema },
      },
      config: { access: ['nurse', 'doctor', 'admin'] as const },
    },
    async (request) => listObservations(request.ctx, request.params.stayId, request.query),
  );

  const doctor = { access: ['doctor'] as const };
  app.get(
    '/api/doctor/alerts',
    { schema: { tags, response: { 200: doctorAlertListSchema } }, config: doctor },
    async (request) => listDoctorAlerts(request.ctx),
  );
  app.post(
    '/api/doctor/alerts/:id/acknowledge',
    { schema: { tags, params: idParamSchema, response: { 200: doctorAlertSchema } }, config: doctor },
    async (request) => acknowledgeAlert(request.ctx, request.params.id),
  );
}
