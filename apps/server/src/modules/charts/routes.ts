import { Readable } from 'node:stream';
import {
  idParamSchema,
  medicalReportPageSchema,
  medicalReportsQuerySchema,
  patientCardPageSchema,
  patientCardsQuerySchema,
  patientChartSchema,
  patientFilterQuerySchema,
  updateMedicalDetailsSchema,
  vitalsSeriesSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asFile } from '../../lib/downloads';
import { listReports } from './medical-reports';
import { exportPatientsCsv } from './patient-csv';
import { listPatientCards } from './patient-list';
import { readChart, updateMedicalDetails } from './service';
import { readVitalsSeries } from './vitals';

const tags = ['doctor: patients'];
const access = ['doctor'] as const;

/** The doctor's Patient List, its CSV export and the patient chart. Answers carry patient data (never cached: see plugins/hygiene.ts). */
export async function chartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctor/patients',
    {
      schema: { tags, querystring: patientCardsQuerySchema, response: { 200: patientCardPageSchema } },
      config: { access },
    },
    async (request) => listPatientCards(request.ctx, request.query),
  );

  app.get(
    '/api/doctor/patients/export',
    {
      schema: {
        tags,
        summary: 'The list as filtered, as CSV (streamed; every matching row)',
        querystring: patientFilterQuerySchema,
      },
      config: { access },
    },
    async (request, reply) => {
      const { fileName, lines } = await exportPatientsCsv(request.ctx, request.query);
      return asFile(reply, { fileName, type: 'text/csv; charset=utf-8' }).send(Readable.from(lines));
    },
  );

  app.get(
    '/api/doctor/patients/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: patientChartSchema } },
      config: { access },
    },
    async (request) => readChart(request.ctx, request.params.id),
  );

  app.get(
    '/api/doctor/patients/:id/reports',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: medicalReportsQuerySchema,
        response: { 200: medicalReportPageSchema },
      },
      config: { access },
    },
    async (request) => listReports(request.ctx, request.params.id, request.query),
  );

  app.get(
    '/api/doctor/patients/:id/vitals',
    {
      schema: {
        tags,
        summary: "The patient's vitals over the last 12 months, oldest first (the chart's trends)",
        params: idParamSchema,
        response: { 200: vitalsSeriesSchema },
      },
      config: { access },
    },
    async (request) => readVitalsSeries(request.ctx, request.params.id),
  );

  app.put(
    '/api/doctor/patients/:id/medical-details',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: updateMedicalDetailsSchema,
        response: { 200: patientChartSchema },
      },
      config: { access },
    },
    async (request) => updateMedicalDetails(request.ctx, request.params.id, request.body),
  );
}
