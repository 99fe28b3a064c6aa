import {
  createNurseSchema,
  erListQuerySchema,
  erPageSchema,
  idParamSchema,
  NURSE_EVENTS_PATH,
  nurseListQuerySchema,
  nursePageSchema,
  nurseSchema,
  replaceNurseSchema,
  updateNurseSchema,
  wardListSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nursesBoards } from '../../plugins/events';
import { listErEntries } from '../emergency';
import * as nurses from './service';

const tags = ['admin: nurses'];
const config = { access: ['admin'] as const };
const nurseArea = { access: ['nurse'] as const };

export async function nurseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/nurses',
    { schema: { tags, querystring: nurseListQuerySchema, response: { 200: nursePageSchema } }, config },
    async (request) => nurses.listNurses(request.ctx, request.query),
  );

  app.post(
    '/api/admin/nurses',
    { schema: { tags, body: createNurseSchema, response: { 201: nurseSchema } }, config },
    async (request, reply) => reply.code(201).send(await nurses.createNurse(request.ctx, request.body)),
  );

  const response = { 200: nurseSchema };
  app.put(
    '/api/admin/nurses/:id',
    { schema: { tags, params: idParamSchema, body: replaceNurseSchema, response }, config },
    async (request) => nurses.updateNurse(request.ctx, request.params.id, request.body),
  );
  app.patch(
    '/api/admin/nurses/:id',
    { schema: { tags, params: idParamSchema, body: updateNurseSchema, response }, config },
    async (request) => nurses.updateNurse(request.ctx, request.params.id, request.body),
  );

  // The nurse's own area: their staff record, and the emergency room's list to read (triage
  // order first); changing entries stays with the admins' Manage Emergency Room for now.
  app.get(
    '/api/nurse/me',
    { schema: { tags: ['nurse'], response: { 200: nurseSchema } }, config: nurseArea },
    async (request) => nurses.ownNurseRecord(request.ctx),
  );
  app.get(
    '/api/nurse/wards',
    { schema: { tags: ['nurse'], response: { 200: wardListSchema } }, config: nurseArea },
    async (request) => nurses.ownWards(request.ctx),
  );
  app.get(
    NURSE_EVENTS_PATH,
    {
      schema: { tags: ['nurse'], summary: 'Server-Sent Events: ward and emergency-room changes' },
      config: nurseArea,
    },
    async (request, reply) => app.events.stream(request, reply, nursesBoards),
  );
  app.get(
    '/api/nurse/emergency-room',
    {
      schema: { tags: ['nurse'], querystring: erListQuerySchema, response: { 200: erPageSchema } },
      config: nurseArea,
    },
    async (request) => listErEntries(request.ctx, request.query),
  );
}
