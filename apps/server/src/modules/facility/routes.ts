import { facilityInputSchema, facilitySchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readFacility, updateFacility } from './service';

/** The facility's name and contact details: read by anyone (the public pages), changed by an admin. */
export async function facilityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/public/facility',
    { schema: { tags: ['public'], response: { 200: facilitySchema } }, config: { access: 'public' } },
    async (request) => readFacility(request.ctx),
  );

  app.put(
    '/api/admin/facility',
    {
      schema: { tags: ['admin: facility'], body: facilityInputSchema, response: { 200: facilitySchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => updateFacility(request.ctx, request.body),
  );
}
