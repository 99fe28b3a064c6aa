import {
  facilityInputSchema,
  facilitySchema,
  labSettingsSchema,
  pharmacySettingsSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readLabSettings, updateLabSettings } from './lab-settings';
import { readPharmacySettings, updatePharmacySettings } from './pharmacy-settings';
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
  const settingTags = ['admin: facility'];
  app.get(
    '/api/admin/facility/lab',
    {
      schema: { tags: settingTags, response: { 200: labSettingsSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => readLabSettings(request.ctx),
  );
  app.put(
    '/api/admin/facility/lab',
    {
      schema: { tags: settingTags, body: labSettingsSchema, response: { 200: labSettingsSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => updateLabSettings(request.ctx, request.body),
  );

  // The pharmacy's settings: how many days before expiry the stock screen warns.
  app.get(
    '/api/admin/facility/pharmacy',
    {
      schema: { tags: settingTags, response: { 200: pharmacySettingsSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => readPharmacySettings(request.ctx),
  );
  app.put(
    '/api/admin/facility/pharmacy',
    {
      schema: { tags: settingTags, body: pharmacySettingsSchema, response: { 200: pharmacySettingsSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => updatePharmacySettings(request.ctx, request.body),
  );
}
