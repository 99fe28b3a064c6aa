import {
  billableServiceSchema,
  createPayerSchema,
  createServiceSchema,
  idParamSchema,
  payerListSchema,
  payerSchema,
  payerStatusSchema,
  priceHistorySchema,
  priceListPageSchema,
  priceListQuerySchema,
  savePayerSchema,
  servicePriceParamsSchema,
  setPriceSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as payers from './payers';
import * as prices from './prices';
import * as services from './services';

const adminTags = ['admin: payers'];
const tags = ['billing: price lists'];
const admin = { access: ['admin'] as const };
/** The administrator manages the lists; the cashier reads them (the Price Lists screen). */
const readers = { access: ['admin', 'cashier'] as const };

export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/payers',
    { schema: { tags, response: { 200: payerListSchema } }, config: readers },
    async (request) => payers.listPayers(request.ctx),
  );

  app.get(
    '/api/payers/:id',
    { schema: { tags, params: idParamSchema, response: { 200: payerSchema } }, config: readers },
    async (request) => payers.getPayer(request.ctx, request.params.id),
  );

  app.get(
    '/api/payers/:id/prices',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: priceListQuerySchema,
        response: { 200: priceListPageSchema },
      },
      config: readers,
    },
    async (request) => prices.listPrices(request.ctx, request.params.id, request.query),
  );

  app.get(
    '/api/payers/:id/prices/:serviceId',
    {
      schema: { tags, params: servicePriceParamsSchema, response: { 200: priceHistorySchema } },
      config: readers,
    },
    async (request) => prices.priceHistory(request.ctx, request.params.id, request.params.serviceId),
  );

  app.post(
    '/api/admin/payers',
    { schema: { tags: adminTags, body: createPayerSchema, response: { 201: payerSchema } }, config: admin },
    async (request, reply) => reply.code(201).send(await payers.createPayer(request.ctx, request.body)),
  );

  app.put(
    '/api/admin/payers/:id',
    {
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: savePayerSchema,
        response: { 200: payerSchema },
      },
      config: admin,
    },
    async (request) => payers.updatePayer(request.ctx, request.params.id, request.body),
  );

  app.put(
    '/api/admin/payers/:id/status',
    {
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: payerStatusSchema,
        response: { 200: payerSchema },
      },
      config: admin,
    },
    async (request) => payers.setPayerActive(request.ctx, request.params.id, request.body.active),
  );

  app.post(
    '/api/admin/payers/:id/prices',
    {
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: setPriceSchema,
        response: { 201: priceHistorySchema },
      },
      config: admin,
    },
    async (request, reply) =>
      reply.code(201).send(await prices.setPrice(request.ctx, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/billable-services',
    {
      schema: { tags: adminTags, body: createServiceSchema, response: { 201: billableServiceSchema } },
      config: admin,
    },
    async (request, reply) => reply.code(201).send(await services.createService(request.ctx, request.body)),
  );
}
