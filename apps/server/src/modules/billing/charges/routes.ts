import {
  addChargeSchema,
  billPageSchema,
  billQuerySchema,
  chargeSchema,
  idParamSchema,
  visitChargesSchema,
  voidChargeSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../../lib/errors';
import { patientBill, visitCharges } from './bill';
import { addCharge, voidCharge } from './manual';

const tags = ['billing: charges'];
/**
 * The cashier keeps the bill (adds what the care did not charge, voids what it charged wrongly);
 * the administrator may too, as for every billing screen. Doctors, nurses and the laboratory make
 * charges only through the care itself.
 */
const billing = { access: ['admin', 'cashier'] as const };

export async function chargeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/billing/patients/:id/charges',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: billQuerySchema,
        response: { 200: billPageSchema },
      },
      config: billing,
    },
    async (request) => patientBill(request.ctx, request.params.id, request.query),
  );

  // The patient's own bill: their charges only (no id to name another's).
  app.get(
    '/api/patient/charges',
    {
      schema: { tags: ['patient: bill'], querystring: billQuerySchema, response: { 200: billPageSchema } },
      config: { access: ['patient'] as const },
    },
    async (request) => patientBill(request.ctx, signedIn(request.ctx.actor).id, request.query),
  );

  // A visit's charges beside the invoice of that visit: its doctor's and its patient's to read.
  for (const role of ['doctor', 'patient'] as const)
    app.get(
      `/api/${role}/appointments/:id/charges`,
      {
        schema: {
          tags: [`${role}: invoices`],
          params: idParamSchema,
          response: { 200: visitChargesSchema },
        },
        config: { access: [role] },
      },
      async (request) => visitCharges(request.ctx, request.params.id),
    );

  app.post(
    '/api/billing/patients/:id/charges',
    {
      schema: { tags, params: idParamSchema, body: addChargeSchema, response: { 201: chargeSchema } },
      config: billing,
    },
    async (request, reply) =>
      reply.code(201).send(await addCharge(request.ctx, request.params.id, request.body)),
  );

  app.post(
    '/api/billing/charges/:id/void',
    {
      schema: { tags, params: idParamSchema, body: voidChargeSchema, response: { 200: chargeSchema } },
      config: billing,
    },
    async (request) => voidCharge(request.ctx, request.params.id, request.body.reason),
  );
}
