import {
  adjustmentInputSchema,
  batchIdParamSchema,
  countPostedSchema,
  countPostInputSchema,
  countPreviewInputSchema,
  countPreviewSchema,
  countSheetQuerySchema,
  countSheetSchema,
  ledgerQuerySchema,
  ledgerSchema,
  medicineIdParamSchema,
  movedSchema,
  receiptInputSchema,
  returnInputSchema,
  stockPageSchema,
  stockQuerySchema,
  stockRowSchema,
  stockTransferInputSchema,
  storeListSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countSheet, postCount, previewCount } from './counts';
import { adjust, receive, returnStock, transfer } from './goods';
import { batchLedger } from './ledger-read';
import { stockPage, stockRow } from './stock-list';
import { listStores } from './stores';

const tags = ['pharmacy: stock'];
/** The pharmacist keeps the stock; admins may read it (never change it). */
const pharmacist = { access: ['pharmacist'] as const };
const readers = { access: ['pharmacist', 'admin'] as const };

export async function pharmacyStockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/pharmacy/stores',
    { schema: { tags, response: { 200: storeListSchema } }, config: readers },
    async (request) => listStores(request.ctx),
  );

  app.get(
    '/api/pharmacy/stock',
    { schema: { tags, querystring: stockQuerySchema, response: { 200: stockPageSchema } }, config: readers },
    async (request) => stockPage(request.ctx, request.query),
  );

  app.get(
    '/api/pharmacy/stock/:medicineId',
    { schema: { tags, params: medicineIdParamSchema, response: { 200: stockRowSchema } }, config: readers },
    async (request) => stockRow(request.ctx, request.params.medicineId),
  );

  app.get(
    '/api/pharmacy/stock/batches/:batchId/ledger',
    {
      schema: {
        tags,
        params: batchIdParamSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerSchema },
      },
      config: readers,
    },
    async (request) => batchLedger(request.ctx, request.params.batchId, request.query.storeId),
  );

  const movement = { tags, response: { 201: movedSchema } };
  app.post(
    '/api/pharmacy/stock/receipts',
    { schema: { ...movement, body: receiptInputSchema }, config: pharmacist },
    async (request, reply) => reply.code(201).send(await receive(request.ctx, request.body)),
  );
  app.post(
    '/api/pharmacy/stock/transfers',
    { schema: { ...movement, body: stockTransferInputSchema }, config: pharmacist },
    async (request, reply) => reply.code(201).send(await transfer(request.ctx, request.body)),
  );
  app.post(
    '/api/pharmacy/stock/returns',
    { schema: { ...movement, body: returnInputSchema }, config: pharmacist },
    async (request, reply) => reply.code(201).send(await returnStock(request.ctx, request.body)),
  );
  app.post(
    '/api/pharmacy/stock/adjustments',
    { schema: { ...movement, body: adjustmentInputSchema }, config: pharmacist },
    async (request, reply) => reply.code(201).send(await adjust(request.ctx, request.body)),
  );

  // Stock counts are the pharmacist's: admins read the stock, and never count or post it.
  app.get(
    '/api/pharmacy/stock/counts/sheet',
    {
      schema: { tags, querystring: countSheetQuerySchema, response: { 200: countSheetSchema } },
      config: pharmacist,
    },
    async (request) => countSheet(request.ctx, request.query),
  );
  app.post(
    '/api/pharmacy/stock/counts/preview',
    {
      schema: { tags, body: countPreviewInputSchema, response: { 200: countPreviewSchema } },
      config: pharmacist,
    },
    async (request) => previewCount(request.ctx, request.body),
  );
  app.post(
    '/api/pharmacy/stock/counts',
    {
      schema: { tags, body: countPostInputSchema, response: { 201: countPostedSchema } },
      config: pharmacist,
    },
    async (request, reply) => reply.code(201).send(await postCount(request.ctx, request.body)),
  );
}
