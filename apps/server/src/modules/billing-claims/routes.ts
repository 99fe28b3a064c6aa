import { Readable } from 'node:stream';
import {
  ageingReportSchema,
  claimDetailSchema,
  claimLineParamsSchema,
  claimListQuerySchema,
  claimPageSchema,
  claimSummarySchema,
  correctLineSchema,
  generateClaimSchema,
  idParamSchema,
  remittanceSchema,
  resubmitSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import { ageingReport } from './ageing';
import { correctLine, recordRemittance, removeLine, resubmitLines, submitClaim } from './changes';
import { claimCsv, claimPdf } from './exports';
import { generateClaim } from './generate';
import { getClaim, listClaims } from './read';

const tags = ['billing: claims'];
/** The cashier makes and settles claims; the administrator may read them. */
const readers = { access: ['cashier', 'admin'] as const };
const cashier = { access: ['cashier'] as const };

/** Claims to NHIA and the HMOs, their remittance and ageing (docs/areas/billing-claims.md). */
export async function billingClaimRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/billing/claims',
    {
      schema: { tags, querystring: claimListQuerySchema, response: { 200: claimPageSchema } },
      config: readers,
    },
    async (request) => listClaims(request.ctx, request.query),
  );

  app.post(
    '/api/billing/claims',
    { schema: { tags, body: generateClaimSchema, response: { 201: claimSummarySchema } }, config: cashier },
    async (request, reply) => reply.code(201).send(await generateClaim(request.ctx, request.body)),
  );

  app.get(
    '/api/billing/claims/ageing',
    { schema: { tags, response: { 200: ageingReportSchema } }, config: readers },
    async (request) => ageingReport(request.ctx),
  );

  app.get(
    '/api/billing/claims/:id',
    { schema: { tags, params: idParamSchema, response: { 200: claimDetailSchema } }, config: readers },
    async (request) => getClaim(request.ctx, request.params.id),
  );

  app.put(
    '/api/billing/claims/:id/lines/:lineId',
    {
      schema: {
        tags,
        params: claimLineParamsSchema,
        body: correctLineSchema,
        response: { 200: claimDetailSchema },
      },
      config: cashier,
    },
    async (request) => correctLine(request.ctx, request.params.id, request.params.lineId, request.body),
  );

  app.delete(
    '/api/billing/claims/:id/lines/:lineId',
    {
      schema: { tags, params: claimLineParamsSchema, response: { 200: claimDetailSchema } },
      config: cashier,
    },
    async (request) => removeLine(request.ctx, request.params.id, request.params.lineId),
  );

  app.post(
    '/api/billing/claims/:id/submit',
    { schema: { tags, params: idParamSchema, response: { 200: claimDetailSchema } }, config: cashier },
    async (request) => submitClaim(request.ctx, request.params.id),
  );

  app.put(
    '/api/billing/claims/:id/lines/:lineId/remittance',
    {
      schema: {
        tags,
        params: claimLineParamsSchema,
        body: remittanceSchema,
        response: { 200: claimDetailSchema },
      },
      config: cashier,
    },
    async (request) => recordRemittance(request.ctx, request.params.id, request.params.lineId, request.body),
  );

  app.post(
    '/api/billing/claims/:id/resubmit',
    {
      schema: { tags, params: idParamSchema, body: resubmitSchema, response: { 201: claimDetailSchema } },
      config: cashier,
    },
    async (request, reply) =>
      reply.code(201).send(await resubmitLines(request.ctx, request.params.id, request.body)),
  );

  app.get(
    '/api/billing/claims/:id/export.csv',
    { schema: { tags, summary: 'The claim as CSV', params: idParamSchema }, config: readers },
    async (request, reply) => {
      const { fileName, lines } = await claimCsv(request.ctx, request.params.id);
      return asFile(reply, { fileName, type: 'text/csv; charset=utf-8' }).send(Readable.from(lines));
    },
  );

  app.get(
    '/api/billing/claims/:id/export.pdf',
    { schema: { tags, summary: 'The claim as a PDF', params: idParamSchema }, config: readers },
    async (request, reply) => {
      const { fileName, bytes } = await claimPdf(request.ctx, request.params.id);
      return asFile(reply, { fileName, type: 'application/pdf' }).send(bytes);
    },
  );
}
