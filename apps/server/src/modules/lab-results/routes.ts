import {
  correctLabResultSchema,
  enterLabResultsSchema,
  idParamSchema,
  labCriticalAlertListSchema,
  labCriticalAlertSchema,
  labResultNoticeListSchema,
  labResultSheetSchema,
  okSchema,
  patientLabReportListSchema,
  patientLabReportSchema,
  patientLabResultsSchema,
  shareSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acknowledgeLabAlert, listDoctorLabAlerts, listEscalatedLabAlerts } from './alerts';
import { readPatientLabResults, shareLabOrder } from './chart';
import { correctResult } from './correct';
import { listLabNotices, markLabNoticeSeen } from './notices';
import { listOwnLabResults, readOwnLabResult } from './patient';
import { enterResults, readSheet } from './sheet';
import { verifyOrder } from './verify';

const tags = ['lab: results'];
/** The doctor's, admin's and patient's routes: tagged `<area>: lab results` in the API document. */
const areaTags = ['lab results'];

/**
 * Laboratory results (docs/areas/lab-results.md): the scientists enter, verify and correct; the
 * doctors read, share and acknowledge critical results; the administrators see escalated ones;
 * patients read what their doctor shared; every reader sees notices of corrections.
 */
export async function labResultRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const lab = { access: ['lab'] as const };
  const doctor = { access: ['doctor'] as const };

  app.get(
    '/api/lab/orders/:id/results',
    {
      schema: { tags, params: idParamSchema, response: { 200: labResultSheetSchema } },
      config: { access: ['lab', 'admin'] as const },
    },
    async (request) => readSheet(request.ctx, request.params.id),
  );
  app.put(
    '/api/lab/orders/:id/results',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: enterLabResultsSchema,
        response: { 200: labResultSheetSchema },
      },
      config: lab,
    },
    async (request) => enterResults(request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/lab/orders/:id/verify',
    { schema: { tags, params: idParamSchema, response: { 200: labResultSheetSchema } }, config: lab },
    async (request) => verifyOrder(request.ctx, request.params.id),
  );
  app.post(
    '/api/lab/results/:id/correct',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: correctLabResultSchema,
        response: { 200: labResultSheetSchema },
      },
      config: lab,
    },
    async (request) => correctResult(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/doctor/patients/:id/lab-results',
    {
      schema: { tags: areaTags, params: idParamSchema, response: { 200: patientLabResultsSchema } },
      config: doctor,
    },
    async (request) => readPatientLabResults(request.ctx, request.params.id),
  );
  app.put(
    '/api/doctor/lab-orders/:id/share',
    {
      schema: { tags: areaTags, params: idParamSchema, body: shareSchema, response: { 200: shareSchema } },
      config: doctor,
    },
    async (request) => shareLabOrder(request.ctx, request.params.id, request.body),
  );
  app.get(
    '/api/doctor/lab-alerts',
    { schema: { tags: areaTags, response: { 200: labCriticalAlertListSchema } }, config: doctor },
    async (request) => listDoctorLabAlerts(request.ctx),
  );
  app.post(
    '/api/doctor/lab-alerts/:id/acknowledge',
    {
      schema: { tags: areaTags, params: idParamSchema, response: { 200: labCriticalAlertSchema } },
      config: doctor,
    },
    async (request) => acknowledgeLabAlert(request.ctx, request.params.id),
  );
  app.get(
    '/api/admin/lab-alerts',
    {
      schema: { tags: areaTags, response: { 200: labCriticalAlertListSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => listEscalatedLabAlerts(request.ctx),
  );

  const patient = { access: ['patient'] as const };
  app.get(
    '/api/patient/lab-results',
    { schema: { tags: areaTags, response: { 200: patientLabReportListSchema } }, config: patient },
    async (request) => listOwnLabResults(request.ctx),
  );
  app.get(
    '/api/patient/lab-results/:id',
    {
      schema: { tags: areaTags, params: idParamSchema, response: { 200: patientLabReportSchema } },
      config: patient,
    },
    async (request) => readOwnLabResult(request.ctx, request.params.id),
  );

  const readers = { access: ['doctor', 'lab', 'admin', 'nurse', 'patient'] as const };
  app.get(
    '/api/lab-notices',
    { schema: { tags, response: { 200: labResultNoticeListSchema } }, config: readers },
    async (request) => listLabNotices(request.ctx),
  );
  app.post(
    '/api/lab-notices/:id/seen',
    { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config: readers },
    async (request) => markLabNoticeSeen(request.ctx, request.params.id),
  );
}
