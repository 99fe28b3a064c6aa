import {
  type Facility,
  idParamSchema,
  okSchema,
  patientPrescriptionsQuerySchema,
  prescriptionInputSchema,
  prescriptionPageSchema,
  prescriptionPatientSchema,
  prescriptionResponseSchema,
  prescriptionStatusSchema,
  prescriptionsQuerySchema,
} from '@carepoint/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context';
import { asFile } from '../../lib/downloads';
import { readFacility } from '../facility';
import { prescriptionPdf } from './pdf';
import * as rx from './service';

const doctorTags = ['doctor: prescriptions'];
const patientTags = ['patient: prescriptions'];
const doctorOnly = { access: ['doctor'] as const };
const patientOnly = { access: ['patient'] as const };

/** The letterhead of the printable page, as the PDF has it (the facility's saved details). */
const facilityOf = async (ctx: ServiceContext): Promise<Facility> => {
  const { name, address, phone } = await readFacility(ctx);
  return { name, address, phone };
};

/** `?disposition=inline` opens the PDF in the browser (View) instead of downloading it. */
const pdfQuerySchema = z.object({
  disposition: z
    .enum(['attachment', 'inline'], { error: 'Disposition must be attachment or inline' })
    .default('attachment'),
});

async function sendPdf(
  ctx: ServiceContext,
  id: string,
  disposition: 'attachment' | 'inline',
  reply: FastifyReply,
) {
  const prescription = await rx.readPrescription(ctx, id, 'prescription.pdf');
  const { bytes, fileName } = await prescriptionPdf(prescription, ctx);
  return asFile(reply, { fileName, type: 'application/pdf', disposition }).send(bytes);
}

/** The doctor's prescriptions and the patient's own (My Prescriptions). Answers carry clinical data (never cached: see plugins/hygiene.ts). */
export async function prescriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctor/prescriptions',
    {
      schema: {
        tags: doctorTags,
        querystring: prescriptionsQuerySchema,
        response: { 200: prescriptionPageSchema },
      },
      config: doctorOnly,
    },
    async (request) => rx.listPrescriptions(request.ctx, request.query),
  );

  app.post(
    '/api/doctor/prescriptions',
    {
      schema: {
        tags: doctorTags,
        body: prescriptionInputSchema,
        response: { 201: prescriptionResponseSchema },
      },
      config: doctorOnly,
    },
    async (request, reply) =>
      reply.code(201).send({
        prescription: await rx.createPrescription(request.ctx, request.body),
        facility: await facilityOf(request.ctx),
      }),
  );

  app.get(
    '/api/doctor/prescriptions/patients/:id',
    {
      schema: {
        tags: doctorTags,
        summary: "The form's patient: name and recorded allergies",
        params: idParamSchema,
        response: { 200: prescriptionPatientSchema },
      },
      config: doctorOnly,
    },
    async (request) => rx.prescriptionPatient(request.ctx, request.params.id),
  );

  app.get(
    '/api/doctor/prescriptions/:id',
    {
      schema: { tags: doctorTags, params: idParamSchema, response: { 200: prescriptionResponseSchema } },
      config: doctorOnly,
    },
    async (request) => ({
      prescription: await rx.readPrescription(request.ctx, request.params.id),
      facility: await facilityOf(request.ctx),
    }),
  );

  app.put(
    '/api/doctor/prescriptions/:id',
    {
      schema: {
        tags: doctorTags,
        params: idParamSchema,
        body: prescriptionInputSchema,
        response: { 200: prescriptionResponseSchema },
      },
      config: doctorOnly,
    },
    async (request) => ({
      prescription: await rx.updatePrescription(request.ctx, request.params.id, request.body),
      facility: await facilityOf(request.ctx),
    }),
  );

  app.patch(
    '/api/doctor/prescriptions/:id/status',
    {
      schema: {
        tags: doctorTags,
        params: idParamSchema,
        body: prescriptionStatusSchema,
        response: { 200: prescriptionResponseSchema },
      },
      config: doctorOnly,
    },
    async (request) => ({
      prescription: await rx.setPrescriptionStatus(request.ctx, request.params.id, request.body.status),
      facility: await facilityOf(request.ctx),
    }),
  );

  app.delete(
    '/api/doctor/prescriptions/:id',
    { schema: { tags: doctorTags, params: idParamSchema, response: { 200: okSchema } }, config: doctorOnly },
    async (request) => {
      await rx.deletePrescription(request.ctx, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/doctor/prescriptions/:id/pdf',
    {
      schema: {
        tags: doctorTags,
        summary: 'The prescription as a PDF',
        params: idParamSchema,
        querystring: pdfQuerySchema,
      },
      config: doctorOnly,
    },
    async (request, reply) => sendPdf(request.ctx, request.params.id, request.query.disposition, reply),
  );

  app.get(
    '/api/patient/prescriptions',
    {
      schema: {
        tags: patientTags,
        querystring: patientPrescriptionsQuerySchema,
        response: { 200: prescriptionPageSchema },
      },
      config: patientOnly,
    },
    async (request) => rx.listOwnPrescriptions(request.ctx, request.query),
  );

  app.get(
    '/api/patient/prescriptions/:id/pdf',
    {
      schema: {
        tags: patientTags,
        summary: 'One of my prescriptions as a PDF',
        params: idParamSchema,
        querystring: pdfQuerySchema,
      },
      config: patientOnly,
    },
    async (request, reply) => sendPdf(request.ctx, request.params.id, request.query.disposition, reply),
  );
}
