import { facilityInputSchema, facilitySchema, labSettingsSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readLabSettings, updateLabSettings } from './lab-settings';
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

  // The laboratory's settings: who verifies, and when an unacknowledged critical result escalates.
  const labTags = ['admin: facility'];
  app.get(
    '/api/admin/facility/lab',
    {
      schema: { tags: labTags, response: { 200: labSettingsSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => readLabSettings(request.ctx),
  );
  app.put(
    '/api/admin/facility/lab',
    {
      schema: { tags: labTags, body: labSettingsSchema, response: { 200: labSettingsSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => updateLabSettings(request.ctx, request.body),
  );
}
