import { messageListQuerySchema, messagePageSchema, reminderPreferenceSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as notifications from './service';

/** The admin's send log of appointment e-mails, and the patient's reminder switch (My Profile). */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/messages',
    {
      schema: {
        tags: ['admin: messages'],
        querystring: messageListQuerySchema,
        response: { 200: messagePageSchema },
      },
      config: { access: ['admin'] },
    },
    async (request) => notifications.listMessages(request.ctx, request.query),
  );

  app.get(
    '/api/patient/reminders',
    {
      schema: { tags: ['reminders'], response: { 200: reminderPreferenceSchema } },
      config: { access: ['patient'] },
    },
    async (request) => notifications.readReminderPreference(request.ctx),
  );

  app.put(
    '/api/patient/reminders',
    {
      schema: {
        tags: ['reminders'],
        body: reminderPreferenceSchema,
        response: { 200: reminderPreferenceSchema },
      },
      config: { access: ['patient'] },
    },
    async (request) => notifications.updateReminderPreference(request.ctx, request.body),
  );
}
