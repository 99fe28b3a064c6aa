import {
  attachmentUploadQuerySchema,
  idParamSchema,
  okSchema,
  REPORT_ATTACHMENT_MAX_BYTES,
  reportAttachmentSchema,
  reportDoctorOptionsSchema,
  reportInputSchema,
  reportPageSchema,
  reportSchema,
  reportsQuerySchema,
  shareSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptRawUploads, sendStoredFile, uploadedFile } from '../../lib/file-types';
import * as attachments from './attachments';
import * as reports from './service';

const tags = ['doctor: reports'];
const config = { access: ['doctor'] as const };

/** The doctor's Reports: four kinds, their detail, and their attachments. Patient data (never cached: see plugins/hygiene.ts). */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctor/reports',
    { schema: { tags, querystring: reportsQuerySchema, response: { 200: reportPageSchema } }, config },
    async (request) => reports.listReports(request.ctx, request.query),
  );

  app.post(
    '/api/doctor/reports',
    { schema: { tags, body: reportInputSchema, response: { 201: reportSchema } }, config },
    async (request, reply) => reply.code(201).send(await reports.createReport(request.ctx, request.body)),
  );

  app.get(
    '/api/doctor/reports/doctors',
    { schema: { tags, response: { 200: reportDoctorOptionsSchema } }, config },
    async (request) => ({ data: await reports.doctorOptions(request.ctx) }),
  );

  app.get(
    '/api/doctor/reports/:id',
    { schema: { tags, params: idParamSchema, response: { 200: reportSchema } }, config },
    async (request) => reports.readReport(request.ctx, request.params.id),
  );

  app.put(
    '/api/doctor/reports/:id',
    {
      schema: { tags, params: idParamSchema, body: reportInputSchema, response: { 200: reportSchema } },
      config,
    },
    async (request) => reports.updateReport(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/doctor/reports/:id',
    { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config },
    async (request) => reports.deleteReport(request.ctx, request.params.id),
  );

  app.get(
    '/api/doctor/reports/attachments/:id',
    { schema: { tags, summary: 'Downloads the file', params: idParamSchema }, config },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await attachments.readAttachment(request.ctx, request.params.id, 'attachment'),
        'attachment',
      ),
  );

  app.put(
    '/api/doctor/reports/:id/share',
    {
      schema: {
        tags,
        summary: "Share one's own report with its patient, or stop",
        params: idParamSchema,
        body: shareSchema,
        response: { 200: shareSchema },
      },
      config,
    },
    async (request) => reports.shareReport(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/doctor/reports/attachments/:id/view',
    { schema: { tags, summary: 'Shows the file in the browser', params: idParamSchema }, config },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await attachments.readAttachment(request.ctx, request.params.id, 'inline'),
        'inline',
      ),
  );

  app.delete(
    '/api/doctor/reports/attachments/:id',
    { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config },
    async (request) => attachments.removeAttachment(request.ctx, request.params.id),
  );

  await app.register(attachmentUploadRoutes);
}

/**
 * POST /api/doctor/reports/:id/attachments?name=… takes the file's bytes as the body (declared
 * application/pdf, image/png, image/jpeg or application/octet-stream), at most 10 MB. Its own
 * plugin, so the raw parser and the upload's messages apply to this route alone.
 */
async function attachmentUploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const upload = attachments.ATTACHMENT_UPLOAD;
  acceptRawUploads(app, upload);

  app.post(
    '/api/doctor/reports/:id/attachments',
    {
      bodyLimit: REPORT_ATTACHMENT_MAX_BYTES,
      schema: {
        tags,
        params: idParamSchema,
        querystring: attachmentUploadQuerySchema,
        response: { 201: reportAttachmentSchema },
      },
      config: { ...config, contentTypes: upload.declaredTypes, refuseContentType: upload.refused },
    },
    async (request, reply) => {
      const { type, data } = uploadedFile(request.body, upload);
      const saved = await attachments.addAttachment(request.ctx, request.params.id, {
        name: request.query.name,
        contentType: type,
        data,
      });
      return reply.code(201).send(saved);
    },
  );
}
