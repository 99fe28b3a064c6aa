import { Readable } from 'node:stream';
import {
  consumptionQuerySchema,
  consumptionReportSchema,
  expiryQuerySchema,
  expiryReportSchema,
  type ReportFormat,
  valuationQuerySchema,
  valuationReportSchema,
} from '@carepoint/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context';
import { asFile } from '../../lib/downloads';
import { consumptionCsv, consumptionReport } from './consumption';
import type { ReportCsv } from './csv';
import { expiryCsv, expiryReport } from './expiry';
import { valuationCsv, valuationReport } from './valuation';

const tags = ['pharmacy: reports'];
/** The pharmacist and admins read the reports; nobody else (stock figures and costs). */
const config = { access: ['pharmacist', 'admin'] as const };

/**
 * A report's answer: its page as JSON, or with `format=csv` the whole report as a download.
 * The JSON response schema checks only objects; a file goes out as it is.
 */
async function answer<Q extends { format: ReportFormat }, T>(
  ctx: ServiceContext,
  reply: FastifyReply,
  query: Q,
  json: (ctx: ServiceContext, query: Q) => Promise<T>,
  csv: (ctx: ServiceContext, query: Q) => Promise<ReportCsv>,
) {
  if (query.format === 'json') return json(ctx, query);
  const { fileName, lines } = await csv(ctx, query);
  return asFile(reply, { fileName, type: 'text/csv; charset=utf-8' }).send(Readable.from(lines));
}

export async function pharmacyReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/pharmacy/reports/valuation',
    { schema: { tags, querystring: valuationQuerySchema, response: { 200: valuationReportSchema } }, config },
    async (request, reply) => answer(request.ctx, reply, request.query, valuationReport, valuationCsv),
  );

  app.get(
    '/api/pharmacy/reports/consumption',
    {
      schema: { tags, querystring: consumptionQuerySchema, response: { 200: consumptionReportSchema } },
      config,
    },
    async (request, reply) => answer(request.ctx, reply, request.query, consumptionReport, consumptionCsv),
  );

  app.get(
    '/api/pharmacy/reports/expiry',
    { schema: { tags, querystring: expiryQuerySchema, response: { 200: expiryReportSchema } }, config },
    async (request, reply) => answer(request.ctx, reply, request.query, expiryReport, expiryCsv),
  );
}
