import {
  admitErEntrySchema,
  createErEntrySchema,
  createQueueEntrySchema,
  departmentParamSchema,
  erEntrySchema,
  erListQuerySchema,
  erPageSchema,
  idParamSchema,
  LIVE_EVENTS_PATH,
  linkErEntrySchema,
  queueBoardSchema,
  queueEntrySchema,
  queueListQuerySchema,
  queuePageSchema,
  updateErEntrySchema,
  updateQueueEntrySchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as queues from './queues';
import * as er from './service';

const config = { access: ['admin'] as const };

/** Emergency room, department queues and the live event stream for their boards. */
export async function emergencyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const erTags = ['admin: emergency room'];
  const queueTags = ['admin: queues'];

  app.get(
    '/api/admin/emergency-room',
    { schema: { tags: erTags, querystring: erListQuerySchema, response: { 200: erPageSchema } }, config },
    async (request) => er.listErEntries(request.ctx, request.query),
  );
  app.post(
    '/api/admin/emergency-room',
    { schema: { tags: erTags, body: createErEntrySchema, response: { 201: erEntrySchema } }, config },
    async (request, reply) => reply.code(201).send(await er.createErEntry(request.ctx, request.body)),
  );
  app.patch(
    '/api/admin/emergency-room/:id',
    {
      schema: {
        tags: erTags,
        params: idParamSchema,
        body: updateErEntrySchema,
        response: { 200: erEntrySchema },
      },
      config,
    },
    async (request) => er.updateErEntry(request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/admin/emergency-room/:id/admit',
    {
      schema: {
        tags: erTags,
        params: idParamSchema,
        body: admitErEntrySchema,
        response: { 200: erEntrySchema },
      },
      config,
    },
    async (request) => er.admitErEntry(request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/admin/emergency-room/:id/link',
    {
      schema: {
        tags: erTags,
        params: idParamSchema,
        body: linkErEntrySchema,
        response: { 200: erEntrySchema },
      },
      config,
    },
    async (request) => er.linkErEntry(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/admin/queues',
    {
      schema: { tags: queueTags, querystring: queueListQuerySchema, response: { 200: queuePageSchema } },
      config,
    },
    async (request) => queues.listQueue(request.ctx, request.query),
  );
  app.get(
    '/api/admin/queues/board',
    { schema: { tags: queueTags, response: { 200: queueBoardSchema } }, config },
    async (request) => queues.queueBoard(request.ctx),
  );
  app.post(
    '/api/admin/queues',
    {
      schema: { tags: queueTags, body: createQueueEntrySchema, response: { 201: queueEntrySchema } },
      config,
    },
    async (request, reply) => reply.code(201).send(await queues.addToQueue(request.ctx, request.body)),
  );
  app.patch(
    '/api/admin/queues/:id',
    {
      schema: {
        tags: queueTags,
        params: idParamSchema,
        body: updateQueueEntrySchema,
        response: { 200: queueEntrySchema },
      },
      config,
    },
    async (request) => queues.updateQueueEntry(request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/admin/queues/:department/call-next',
    {
      schema: { tags: queueTags, params: departmentParamSchema, response: { 200: queueEntrySchema } },
      config,
    },
    async (request) => queues.callNext(request.ctx, request.params.department),
  );
  app.post(
    '/api/admin/queues/:id/seen',
    { schema: { tags: queueTags, params: idParamSchema, response: { 200: queueEntrySchema } }, config },
    async (request) => queues.markSeen(request.ctx, request.params.id),
  );

  app.get(
    LIVE_EVENTS_PATH,
    {
      schema: {
        tags: ['admin: live'],
        summary: 'Server-Sent Events: emergency, queues and appointments changes',
      },
      config,
    },
    async (request, reply) => app.events.stream(request, reply),
  );
}
