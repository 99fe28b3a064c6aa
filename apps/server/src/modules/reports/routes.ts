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
} from '@carepoint/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptRawUploads, downloadName, uploadedFile } from '../../lib/file-types';
import { attachmentDisposition } from '../../lib/pdf';
import * as reports from './service';

const tags = ['doctor: reports'];
const config = { access: ['doctor'] as const };

/** The doctor's Reports: four kinds, their detail, and their attachments. Patient data: never cached. */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

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

  const sendFile = async (
    reply: FastifyReply,
    file: { name: string; contentType: string; data: Buffer },
    disposition: 'attachment' | 'inline',
  ) =>
    reply
      .type(file.contentType)
      .header(
        'Content-Disposition',
        attachmentDisposition(downloadName(file.name, file.contentType), disposition),
      )
      .header('X-Content-Type-Options', 'nosniff')
      // Shown in a tab of its own: no script, no forms, no same-origin access, whatever the file holds.
      .header(
        'Content-Security-Policy',
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      )
      .header('Content-Length', file.data.length)
      .send(file.data);

  app.get(
    '/api/doctor/reports/attachments/:id',
    { schema: { tags, summary: 'Downloads the file', params: idParamSchema }, config },
    async (request, reply) =>
      sendFile(
        reply,
        await reports.readAttachment(request.ctx, request.params.id, 'attachment'),
        'attachment',
      ),
  );

  app.get(
    '/api/doctor/reports/attachments/:id/view',
    { schema: { tags, summary: 'Shows the file in the browser', params: idParamSchema }, config },
    async (request, reply) =>
      sendFile(reply, await reports.readAttachment(request.ctx, request.params.id, 'inline'), 'inline'),
  );

  app.delete(
    '/api/doctor/reports/attachments/:id',
    { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config },
    async (request) => reports.removeAttachment(request.ctx, request.params.id),
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
  const upload = reports.ATTACHMENT_UPLOAD;
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
      const saved = await reports.addAttachment(request.ctx, request.params.id, {
        name: request.query.name,
        contentType: type,
        data,
      });
      return reply.code(201).send(saved);
    },
  );
}
