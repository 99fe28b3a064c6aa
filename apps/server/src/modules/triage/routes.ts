import {
  triageAssessmentSchema,
  triageIntakeSchema,
  triageListSchema,
  triagePatientOptionsSchema,
  triagePatientQuerySchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as triage from './service';

const tags = ['doctor: triage'];
const config = { access: ['doctor'] as const };

/** The doctor's Triage Intake: record an intake, today's intakes, and the patient picker's search. */
export async function triageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/doctor/triage',
    { schema: { tags, body: triageIntakeSchema, response: { 201: triageAssessmentSchema } }, config },
    async (request, reply) => reply.code(201).send(await triage.recordTriage(request.ctx, request.body)),
  );

  app.get(
    '/api/doctor/triage',
    { schema: { tags, response: { 200: triageListSchema } }, config },
    async (request) => ({ data: await triage.todaysIntakes(request.ctx) }),
  );

  app.get(
    '/api/doctor/triage/patients',
    {
      schema: { tags, querystring: triagePatientQuerySchema, response: { 200: triagePatientOptionsSchema } },
      config,
    },
    async (request) => ({
      data: await triage.findPatients(request.ctx, request.query.q, request.query.limit),
    }),
  );
}
