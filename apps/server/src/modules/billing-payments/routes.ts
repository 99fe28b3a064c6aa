import {
  accountSchema,
  billingPatientPageSchema,
  billingPatientsQuerySchema,
  cashierDaySchema,
  closeDaySchema,
  drawDownSchema,
  IDEMPOTENCY_HEADER,
  idempotencyHeadersSchema,
  idParamSchema,
  pdfDispositionSchema,
  type ReceiptKind,
  receiptPageSchema,
  receiptSchema,
  receiptsQuerySchema,
  refundPageSchema,
  refundSchema,
  refundsQuerySchema,
  rejectRefundSchema,
  requestRefundSchema,
  takePaymentSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import { closeDay, readDay } from './day';
import { drawDown } from './drawdowns';
import { listBillingPatients, readPatientAccount } from './patients';
import { receiptPdf } from './pdf';
import { listReceipts, readReceipt, takeReceipt } from './receipts';
import { decideRefund, listRefunds, requestRefund } from './refunds';

const tags = ['billing: payments'];
const adminTags = ['admin: refunds'];
/** The cashier takes the money; the administrator may read everything they take. */
const readers = { access: ['cashier', 'admin'] as const };
const cashier = { access: ['cashier'] as const };
const admin = { access: ['admin'] as const };

/** The cashier's payments, deposits, refunds and day, and the administrator's refund approvals. */
export async function billingPaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/billing/patients',
    {
      schema: {
        tags,
        summary: 'Patients with their balance and deposits held (owing=true: those who owe, largest first)',
        querystring: billingPatientsQuerySchema,
        response: { 200: billingPatientPageSchema },
      },
      config: readers,
    },
    async (request) => listBillingPatients(request.ctx, request.query),
  );

  app.get(
    '/api/billing/patients/:id',
    {
      schema: {
        tags,
        summary: "A patient's account: charged, paid, deposits drawn down and held, the balance",
        params: idParamSchema,
        response: { 200: accountSchema },
      },
      config: readers,
    },
    async (request) => readPatientAccount(request.ctx, request.params.id),
  );

  app.get(
    '/api/billing/patients/:id/receipts',
    {
      schema: {
        tags,
        summary: "A patient's payments and deposits with their refunds, newest first",
        params: idParamSchema,
        querystring: receiptsQuerySchema,
        response: { 200: receiptPageSchema },
      },
      config: readers,
    },
    async (request) => listReceipts(request.ctx, request.params.id, request.query),
  );

  const receiptRoute = (kind: ReceiptKind, path: string, summary: string) =>
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          params: idParamSchema,
          headers: idempotencyHeadersSchema,
          body: takePaymentSchema,
          response: { 201: receiptSchema },
        },
        config: cashier,
      },
      async (request, reply) => {
        const { result, replayed } = await takeReceipt(
          request.ctx,
          kind,
          request.params.id,
          request.body,
          request.headers[IDEMPOTENCY_HEADER],
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(result);
      },
    );
  receiptRoute(
    'payment',
    '/api/billing/patients/:id/payments',
    'Take a payment against the balance (at most the balance), once per Idempotency-Key',
  );
  receiptRoute(
    'deposit',
    '/api/billing/patients/:id/deposits',
    'Record a deposit held for the patient, once per Idempotency-Key',
  );

  app.post(
    '/api/billing/patients/:id/drawdowns',
    {
      schema: {
        tags,
        summary: "Apply deposits held to the patient's balance, oldest deposit first",
        params: idParamSchema,
        body: drawDownSchema,
        response: { 200: accountSchema },
      },
      config: cashier,
    },
    async (request) => drawDown(request.ctx, request.params.id, request.body.amount),
  );

  app.post(
    '/api/billing/receipts/:id/refunds',
    {
      schema: {
        tags,
        summary: 'Ask for a refund from a receipt, with a reason (an administrator approves)',
        params: idParamSchema,
        body: requestRefundSchema,
        response: { 201: refundSchema },
      },
      config: cashier,
    },
    async (request, reply) =>
      reply.code(201).send(await requestRefund(request.ctx, request.params.id, request.body)),
  );

  app.get(
    '/api/billing/receipts/:id/pdf',
    {
      schema: {
        tags,
        summary: 'A receipt as a PDF',
        params: idParamSchema,
        querystring: pdfDispositionSchema,
      },
      config: readers,
    },
    async (request, reply) => {
      const { bytes, fileName } = await receiptPdf(
        request.ctx,
        await readReceipt(request.ctx, request.params.id),
      );
      return asFile(reply, {
        fileName,
        type: 'application/pdf',
        disposition: request.query.disposition,
      }).send(bytes);
    },
  );

  app.get(
    '/api/billing/day',
    {
      schema: {
        tags,
        summary: "My day: today's receipts by method, the cash expected, its close",
        response: { 200: cashierDaySchema },
      },
      config: cashier,
    },
    async (request) => readDay(request.ctx),
  );

  app.post(
    '/api/billing/day/close',
    {
      schema: {
        tags,
        summary: 'Close my day with the cash counted (final: no receipt or change after it)',
        body: closeDaySchema,
        response: { 200: cashierDaySchema },
      },
      config: cashier,
    },
    async (request) => closeDay(request.ctx, request.body),
  );

  app.get(
    '/api/admin/refunds',
    {
      schema: {
        tags: adminTags,
        summary: 'Refunds: those awaiting approval first',
        querystring: refundsQuerySchema,
        response: { 200: refundPageSchema },
      },
      config: admin,
    },
    async (request) => listRefunds(request.ctx, request.query),
  );

  app.post(
    '/api/admin/refunds/:id/approve',
    {
      schema: {
        tags: adminTags,
        summary: 'Approve a refund',
        params: idParamSchema,
        response: { 200: refundSchema },
      },
      config: admin,
    },
    async (request) => decideRefund(request.ctx, request.params.id, { status: 'approved' }),
  );

  app.post(
    '/api/admin/refunds/:id/reject',
    {
      schema: {
        tags: adminTags,
        summary: 'Reject a refund, saying why',
        params: idParamSchema,
        body: rejectRefundSchema,
        response: { 200: refundSchema },
      },
      config: admin,
    },
    async (request) => decideRefund(request.ctx, request.params.id, { status: 'rejected', ...request.body }),
  );
}
