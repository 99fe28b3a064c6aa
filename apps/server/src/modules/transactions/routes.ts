import {
  billableAppointmentsSchema,
  billableQuerySchema,
  createInvoiceSchema,
  idParamSchema,
  invoiceDetailSchema,
  invoiceInputSchema,
  invoicePageSchema,
  invoiceSummarySchema,
  invoicesQuerySchema,
  payInvoiceSchema,
  refundInvoiceSchema,
} from '@carepoint/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import { invoicePdf } from './pdf';
import * as invoices from './service';

const doctorTags = ['doctor: transactions'];
const patientTags = ['patient: invoices'];
const doctor = { access: ['doctor'] as const };
const patient = { access: ['patient'] as const };

async function sendPdf(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
  const { fileName, bytes } = await invoicePdf(request.ctx, request.params.id);
  return asFile(reply, { fileName, type: 'application/pdf' }).send(bytes);
}

/**
 * The doctor's Transactions (their own invoices: list, cards, detail, create, edit, status moves,
 * PDF) and the patient's own invoices. Answers carry patients' invoices: never cached.
 */
export async function transactionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctor/invoices',
    {
      schema: { tags: doctorTags, querystring: invoicesQuerySchema, response: { 200: invoicePageSchema } },
      config: doctor,
    },
    async (request) => invoices.listInvoices(request.ctx, request.query),
  );

  app.get(
    '/api/doctor/invoices/summary',
    { schema: { tags: doctorTags, response: { 200: invoiceSummarySchema } }, config: doctor },
    async (request) => invoices.invoiceSummary(request.ctx),
  );

  app.get(
    '/api/doctor/invoices/billable',
    {
      schema: {
        tags: doctorTags,
        summary: 'Completed appointments of the doctor without an active invoice',
        querystring: billableQuerySchema,
        response: { 200: billableAppointmentsSchema },
      },
      config: doctor,
    },
    async (request) => invoices.billableAppointments(request.ctx, request.query.q),
  );

  app.post(
    '/api/doctor/invoices',
    {
      schema: { tags: doctorTags, body: createInvoiceSchema, response: { 201: invoiceDetailSchema } },
      config: doctor,
    },
    async (request, reply) => reply.code(201).send(await invoices.createInvoice(request.ctx, request.body)),
  );

  app.get(
    '/api/doctor/invoices/:id',
    {
      schema: { tags: doctorTags, params: idParamSchema, response: { 200: invoiceDetailSchema } },
      config: doctor,
    },
    async (request) => invoices.getInvoice(request.ctx, request.params.id),
  );

  app.put(
    '/api/doctor/invoices/:id',
    {
      schema: {
        tags: doctorTags,
        summary: 'Lines, tax rate and notes of a Pending invoice',
        params: idParamSchema,
        body: invoiceInputSchema,
        response: { 200: invoiceDetailSchema },
      },
      config: doctor,
    },
    async (request) => invoices.updateInvoice(request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/doctor/invoices/:id/pay',
    {
      schema: {
        tags: doctorTags,
        summary: 'Pending -> Paid',
        params: idParamSchema,
        body: payInvoiceSchema,
        response: { 200: invoiceDetailSchema },
      },
      config: doctor,
    },
    async (request) => invoices.payInvoice(request.ctx, request.params.id, request.body.method),
  );

  app.post(
    '/api/doctor/invoices/:id/cancel',
    {
      schema: {
        tags: doctorTags,
        summary: 'Pending -> Cancelled',
        params: idParamSchema,
        response: { 200: invoiceDetailSchema },
      },
      config: doctor,
    },
    async (request) => invoices.cancelInvoice(request.ctx, request.params.id),
  );

  app.post(
    '/api/doctor/invoices/:id/refund',
    {
      schema: {
        tags: doctorTags,
        summary: 'Paid -> Refunded',
        params: idParamSchema,
        body: refundInvoiceSchema,
        response: { 200: invoiceDetailSchema },
      },
      config: doctor,
    },
    async (request) => invoices.refundInvoice(request.ctx, request.params.id, request.body.reason),
  );

  app.get(
    '/api/doctor/invoices/:id/pdf',
    { schema: { tags: doctorTags, summary: 'The invoice as a PDF', params: idParamSchema }, config: doctor },
    sendPdf,
  );

  app.get(
    '/api/patient/invoices',
    {
      schema: { tags: patientTags, querystring: invoicesQuerySchema, response: { 200: invoicePageSchema } },
      config: patient,
    },
    async (request) => invoices.listInvoices(request.ctx, request.query),
  );

  app.get(
    '/api/patient/invoices/:id',
    {
      schema: { tags: patientTags, params: idParamSchema, response: { 200: invoiceDetailSchema } },
      config: patient,
    },
    async (request) => invoices.getInvoice(request.ctx, request.params.id),
  );

  app.get(
    '/api/patient/invoices/:id/pdf',
    {
      schema: { tags: patientTags, summary: 'The invoice as a PDF', params: idParamSchema },
      config: patient,
    },
    sendPdf,
  );
}
