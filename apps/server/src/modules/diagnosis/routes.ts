import {
  diagnosisCategoriesQuerySchema,
  diagnosisCategoryInputSchema,
  diagnosisCategoryOptionsSchema,
  diagnosisCategoryPageSchema,
  diagnosisCategorySchema,
  diagnosisTestInputSchema,
  diagnosisTestPageSchema,
  diagnosisTestSchema,
  diagnosisTestsQuerySchema,
  idParamSchema,
  okSchema,
  shareSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as diagnosis from './service';

const tags = ['doctor: diagnosis'];
const config = { access: ['doctor'] as const };

/** Diagnosis tests (clinical data; like every API answer, never cached) and their categories (reference data). */
export async function diagnosisRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/doctor/diagnosis-tests',
    {
      schema: { tags, querystring: diagnosisTestsQuerySchema, response: { 200: diagnosisTestPageSchema } },
      config,
    },
    async (request) => diagnosis.listTests(request.ctx, request.query),
  );

  app.post(
    '/api/doctor/diagnosis-tests',
    {
      schema: {
        tags,
        summary: 'Record a diagnosis test; the report number is assigned',
        body: diagnosisTestInputSchema,
        response: { 201: diagnosisTestSchema },
      },
      config,
    },
    async (request, reply) => reply.code(201).send(await diagnosis.createTest(request.ctx, request.body)),
  );

  app.get(
    '/api/doctor/diagnosis-tests/:id',
    { schema: { tags, params: idParamSchema, response: { 200: diagnosisTestSchema } }, config },
    async (request) => diagnosis.readTest(request.ctx, request.params.id),
  );

  app.put(
    '/api/doctor/diagnosis-tests/:id',
    {
      schema: {
        tags,
        summary: "Change one's own diagnosis test",
        params: idParamSchema,
        body: diagnosisTestInputSchema,
        response: { 200: diagnosisTestSchema },
      },
      config,
    },
    async (request) => diagnosis.updateTest(request.ctx, request.params.id, request.body),
  );

  app.put(
    '/api/doctor/diagnosis-tests/:id/share',
    {
      schema: {
        tags,
        summary: "Share one's own diagnosis test with its patient, or stop",
        params: idParamSchema,
        body: shareSchema,
        response: { 200: shareSchema },
      },
      config,
    },
    async (request) => diagnosis.shareTest(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/doctor/diagnosis-tests/:id',
    {
      schema: {
        tags,
        summary: "Delete one's own diagnosis test",
        params: idParamSchema,
        response: { 200: okSchema },
      },
      config,
    },
    async (request) => diagnosis.deleteTest(request.ctx, request.params.id),
  );

  app.get(
    '/api/doctor/diagnosis-categories',
    {
      schema: {
        tags,
        querystring: diagnosisCategoriesQuerySchema,
        response: { 200: diagnosisCategoryPageSchema },
      },
      config,
    },
    async (request) => diagnosis.listCategories(request.ctx, request.query),
  );

  app.get(
    '/api/doctor/diagnosis-categories/options',
    { schema: { tags, response: { 200: diagnosisCategoryOptionsSchema } }, config },
    async (request) => ({ data: await diagnosis.categoryOptions(request.ctx) }),
  );

  app.post(
    '/api/doctor/diagnosis-categories',
    {
      schema: { tags, body: diagnosisCategoryInputSchema, response: { 201: diagnosisCategorySchema } },
      config,
    },
    async (request, reply) => reply.code(201).send(await diagnosis.createCategory(request.ctx, request.body)),
  );

  app.put(
    '/api/doctor/diagnosis-categories/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: diagnosisCategoryInputSchema,
        response: { 200: diagnosisCategorySchema },
      },
      config,
    },
    async (request) => diagnosis.updateCategory(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/doctor/diagnosis-categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category that no diagnosis test uses',
        params: idParamSchema,
        response: { 200: okSchema },
      },
      config,
    },
    async (request) => diagnosis.deleteCategory(request.ctx, request.params.id),
  );
}
