import {
  DIAGNOSIS_CODE_ROLES,
  diagnosisCodePageSchema,
  diagnosisCodeSearchSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchDiagnosisCodes } from './service';

const tags = ['diagnosis codes'];

/** The ICD-10-CM search behind the diagnosis picker, for the roles that record diagnoses. */
export async function diagnosisCodeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/diagnosis-codes',
    {
      schema: { tags, querystring: diagnosisCodeSearchSchema, response: { 200: diagnosisCodePageSchema } },
      config: { access: DIAGNOSIS_CODE_ROLES },
    },
    async (request) => searchDiagnosisCodes(request.ctx, request.query),
  );
}
