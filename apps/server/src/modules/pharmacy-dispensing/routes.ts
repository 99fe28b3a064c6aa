import {
  batchOptionListSchema,
  dispenseInputSchema,
  dispensingPrescriptionSchema,
  dispensingQueueSchema,
  idParamSchema,
  labLabelQuerySchema,
  PHARMACY_EVENTS_PATH,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import { pharmacyOwn } from '../../plugins/events';
import { dispensePrescription } from './dispense';
import { dispenseLabel } from './label';
import { dispensingQueue, medicineBatches, readForDispensing } from './queue';

const tags = ['pharmacy: dispensing'];
/** Dispensing is the pharmacist's alone. */
const pharmacist = { access: ['pharmacist'] as const };

export async function dispensingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/pharmacy/dispensing/queue',
    { schema: { tags, response: { 200: dispensingQueueSchema } }, config: pharmacist },
    async (request) => dispensingQueue(request.ctx),
  );

  app.get(
    '/api/pharmacy/dispensing/prescriptions/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: dispensingPrescriptionSchema } },
      config: pharmacist,
    },
    async (request) => readForDispensing(request.ctx, request.params.id),
  );

  app.post(
    '/api/pharmacy/dispensing/prescriptions/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: dispenseInputSchema,
        response: { 200: dispensingPrescriptionSchema },
      },
      config: pharmacist,
    },
    async (request) => dispensePrescription(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/pharmacy/dispensing/medicines/:id/batches',
    { schema: { tags, params: idParamSchema, response: { 200: batchOptionListSchema } }, config: pharmacist },
    async (request) => medicineBatches(request.ctx, request.params.id),
  );

  app.get(
    '/api/pharmacy/dispensing/items/:id/label.pdf',
    { schema: { tags, params: idParamSchema, querystring: labLabelQuerySchema }, config: pharmacist },
    async (request, reply) => {
      const { bytes, fileName } = await dispenseLabel(request.ctx, request.params.id);
      const { disposition } = request.query;
      return asFile(reply, { fileName, type: 'application/pdf', disposition }).send(bytes);
    },
  );

  app.get(
    PHARMACY_EVENTS_PATH,
    {
      schema: { tags, summary: 'Server-Sent Events: prescriptions to dispense and stock changes' },
      config: pharmacist,
    },
    async (request, reply) => app.events.stream(request, reply, pharmacyOwn),
  );
}
