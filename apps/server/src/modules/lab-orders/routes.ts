import {
  cancelLabOrderSchema,
  LAB_EVENTS_PATH,
  labLabelQuerySchema,
  labOrderIdParamSchema,
  labOrderInputSchema,
  labOrderListSchema,
  labOrderSchema,
  labPatientIdParamSchema,
  labPatientOrdersQuerySchema,
  labRequisitionSchema,
  labTestOptionListSchema,
  labTestOptionsQuerySchema,
  labWorklistPageSchema,
  labWorklistQuerySchema,
  rejectSpecimenSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import { labsOwn } from '../../plugins/events';
import { activeTestOptions } from './catalogue-options';
import { specimenLabel } from './label';
import { patientOrders, recollections, worklist } from './lists';
import { placeOrder } from './ordering';
import { cancelOrder, collectSpecimen, receiveSpecimen, rejectSpecimen } from './specimens';

const tags = ['lab: orders'];
const lab = { access: ['lab'] as const };
const doctors = { access: ['doctor'] as const };
/** Who sees the worklist: the lab works it, admins may read it. */
const worklistReaders = { access: ['lab', 'admin'] as const };
/** A patient's orders: their doctors, the lab, admins, and nurses of the patient's ward (checked in the service). */
const orderReaders = { access: ['doctor', 'nurse', 'lab', 'admin'] as const };
/** Collecting and printing the label: the lab, or a nurse of the patient's ward. */
const collectors = { access: ['lab', 'nurse'] as const };

export async function labOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/lab/tests',
    {
      schema: { tags, querystring: labTestOptionsQuerySchema, response: { 200: labTestOptionListSchema } },
      config: { access: ['doctor', 'lab', 'admin'] as const },
    },
    async (request) => ({ data: await activeTestOptions(request.ctx, request.query.search) }),
  );

  app.post(
    '/api/lab/orders',
    { schema: { tags, body: labOrderInputSchema, response: { 201: labRequisitionSchema } }, config: doctors },
    async (request, reply) => reply.code(201).send(await placeOrder(request.ctx, request.body)),
  );

  app.get(
    '/api/lab/worklist',
    {
      schema: { tags, querystring: labWorklistQuerySchema, response: { 200: labWorklistPageSchema } },
      config: worklistReaders,
    },
    async (request) => worklist(request.ctx, request.query),
  );

  app.get(
    '/api/lab/patients/:patientId/orders',
    {
      schema: {
        tags,
        params: labPatientIdParamSchema,
        querystring: labPatientOrdersQuerySchema,
        response: { 200: labOrderListSchema },
      },
      config: orderReaders,
    },
    async (request) => patientOrders(request.ctx, request.params.patientId, request.query),
  );

  app.get(
    '/api/lab/recollections',
    { schema: { tags, response: { 200: labOrderListSchema } }, config: doctors },
    async (request) => recollections(request.ctx),
  );

  const orderStep = { tags, params: labOrderIdParamSchema, response: { 200: labOrderSchema } };
  app.post('/api/lab/orders/:id/collect', { schema: orderStep, config: collectors }, async (request) =>
    collectSpecimen(request.ctx, request.params.id),
  );
  app.post('/api/lab/orders/:id/receive', { schema: orderStep, config: lab }, async (request) =>
    receiveSpecimen(request.ctx, request.params.id),
  );
  app.post(
    '/api/lab/orders/:id/reject',
    { schema: { ...orderStep, body: rejectSpecimenSchema }, config: lab },
    async (request) => rejectSpecimen(request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/lab/orders/:id/cancel',
    { schema: { ...orderStep, body: cancelLabOrderSchema }, config: { access: ['doctor', 'lab'] as const } },
    async (request) => cancelOrder(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/lab/orders/:id/label.pdf',
    { schema: { tags, params: labOrderIdParamSchema, querystring: labLabelQuerySchema }, config: collectors },
    async (request, reply) => {
      const { bytes, fileName } = await specimenLabel(request.ctx, request.params.id);
      const { disposition } = request.query;
      return asFile(reply, { fileName, type: 'application/pdf', disposition }).send(bytes);
    },
  );

  app.get(
    LAB_EVENTS_PATH,
    { schema: { tags, summary: 'Server-Sent Events: lab order and specimen changes' }, config: lab },
    async (request, reply) => app.events.stream(request, reply, labsOwn),
  );
}
