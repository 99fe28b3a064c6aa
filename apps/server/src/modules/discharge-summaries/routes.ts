import {
  dischargeSummaryInputSchema,
  dischargeSummaryResponseSchema,
  followUpBookingSchema,
  idParamSchema,
  patientDischargeSummariesSchema,
  stayIdParamSchema,
} from '@carepoint/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asFile } from '../../lib/downloads';
import * as summaries from './service';

const tags = ['discharge summaries'];
const patientTags = ['patient: discharge summaries'];
const readers = { access: ['nurse', 'doctor', 'admin'] as const };
const doctors = { access: ['doctor'] as const };
const patients = { access: ['patient'] as const };

/** `?disposition=inline` opens the PDF in the browser instead of downloading it. */
const pdfQuerySchema = z.object({
  disposition: z
    .enum(['attachment', 'inline'], { error: 'Disposition must be attachment or inline' })
    .default('attachment'),
});

const sendPdf = (
  reply: FastifyReply,
  file: { fileName: string; bytes: Buffer },
  disposition: 'attachment' | 'inline',
) => asFile(reply, { fileName: file.fileName, type: 'application/pdf', disposition }).send(file.bytes);

/** A stay's discharge summary (staff) and the patient's own signed ones. */
export async function dischargeSummaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/stays/:stayId/discharge-summary',
    {
      schema: { tags, params: stayIdParamSchema, response: { 200: dischargeSummaryResponseSchema } },
      config: readers,
    },
    async (request) => summaries.readDischargeSummary(request.ctx, request.params.stayId),
  );

  app.put(
    '/api/stays/:stayId/discharge-summary',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        body: dischargeSummaryInputSchema,
        response: { 200: dischargeSummaryResponseSchema },
      },
      config: doctors,
    },
    async (request) => summaries.saveDischargeSummary(request.ctx, request.params.stayId, request.body),
  );

  app.post(
    '/api/stays/:stayId/discharge-summary/sign',
    {
      schema: { tags, params: stayIdParamSchema, response: { 200: dischargeSummaryResponseSchema } },
      config: doctors,
    },
    async (request) => summaries.signDischargeSummary(request.ctx, request.params.stayId),
  );

  app.post(
    '/api/stays/:stayId/discharge-summary/follow-up',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        body: followUpBookingSchema,
        response: { 200: dischargeSummaryResponseSchema },
      },
      config: doctors,
    },
    async (request) => summaries.bookFollowUp(request.ctx, request.params.stayId, request.body),
  );

  app.get(
    '/api/stays/:stayId/discharge-summary.pdf',
    { schema: { tags, params: stayIdParamSchema, querystring: pdfQuerySchema }, config: readers },
    async (request, reply) =>
      sendPdf(
        reply,
        await summaries.dischargeSummaryPdfOfStay(request.ctx, request.params.stayId),
        request.query.disposition,
      ),
  );

  app.get(
    '/api/patient/discharge-summaries',
    { schema: { tags: patientTags, response: { 200: patientDischargeSummariesSchema } }, config: patients },
    async (request) => ({ data: await summaries.listOwnDischargeSummaries(request.ctx) }),
  );

  app.get(
    '/api/patient/discharge-summaries/:id/pdf',
    { schema: { tags: patientTags, params: idParamSchema, querystring: pdfQuerySchema }, config: patients },
    async (request, reply) =>
      sendPdf(
        reply,
        await summaries.ownDischargeSummaryPdf(request.ctx, request.params.id),
        request.query.disposition,
      ),
  );
}
