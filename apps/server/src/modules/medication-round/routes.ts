import {
  administrationInputSchema,
  administrationSchema,
  marQuerySchema,
  marSchema,
  medicationOrderIdParamSchema,
  medicationOrderInputSchema,
  medicationOrderSchema,
  stayIdParamSchema,
  stopMedicationOrderSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordDose } from './administrations';
import { readMar } from './mar';
import { createOrder, stopOrder } from './orders';

const tags = ['inpatient: medication round'];
const doctors = { access: ['doctor'] as const };
const nurses = { access: ['nurse'] as const };
const staff = { access: ['nurse', 'doctor', 'admin'] as const };

export async function medicationRoundRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/stays/:stayId/medication-orders',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        body: medicationOrderInputSchema,
        response: { 201: medicationOrderSchema },
      },
      config: doctors,
    },
    async (request, reply) =>
      reply.code(201).send(await createOrder(request.ctx, request.params.stayId, request.body)),
  );

  app.post(
    '/api/medication-orders/:id/stop',
    {
      schema: {
        tags,
        params: medicationOrderIdParamSchema,
        body: stopMedicationOrderSchema,
        response: { 200: medicationOrderSchema },
      },
      config: doctors,
    },
    async (request) => stopOrder(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/stays/:stayId/mar',
    {
      schema: { tags, params: stayIdParamSchema, querystring: marQuerySchema, response: { 200: marSchema } },
      config: staff,
    },
    async (request) => readMar(request.ctx, request.params.stayId, request.query.date),
  );

  app.post(
    '/api/medication-orders/:id/administrations',
    {
      schema: {
        tags,
        params: medicationOrderIdParamSchema,
        body: administrationInputSchema,
        response: { 201: administrationSchema },
      },
      config: nurses,
    },
    async (request, reply) =>
      reply.code(201).send(await recordDose(request.ctx, app.rateLimits, request.params.id, request.body)),
  );
}
