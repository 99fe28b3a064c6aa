import {
  createNursingNoteSchema,
  createWardRoundNoteSchema,
  handoverParamSchema,
  handoverQuerySchema,
  handoverSchema,
  stayIdParamSchema,
  WARD_ROLES,
  wardNoteListQuerySchema,
  wardNotePageSchema,
  wardNoteSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { wardHandover } from './handover';
import { listNotes, writeNursingNote, writeWardRoundNote } from './notes';

const tags = ['inpatient: notes and handover'];
const ward = { access: WARD_ROLES };

/** Nursing notes (nurses), ward round notes (doctors), a stay's notes and a ward's handover (both, and admins). */
export async function wardNoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/stays/:stayId/nursing-notes',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        body: createNursingNoteSchema,
        response: { 201: wardNoteSchema },
      },
      config: { access: ['nurse'] as const },
    },
    async (request, reply) =>
      reply.code(201).send(await writeNursingNote(request.ctx, request.params.stayId, request.body)),
  );

  app.post(
    '/api/stays/:stayId/ward-round-notes',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        body: createWardRoundNoteSchema,
        response: { 201: wardNoteSchema },
      },
      config: { access: ['doctor'] as const },
    },
    async (request, reply) =>
      reply.code(201).send(await writeWardRoundNote(request.ctx, request.params.stayId, request.body)),
  );

  app.get(
    '/api/stays/:stayId/notes',
    {
      schema: {
        tags,
        params: stayIdParamSchema,
        querystring: wardNoteListQuerySchema,
        response: { 200: wardNotePageSchema },
      },
      config: ward,
    },
    async (request) => listNotes(request.ctx, request.params.stayId, request.query),
  );

  app.get(
    '/api/wards/:wardId/handover',
    {
      schema: {
        tags,
        params: handoverParamSchema,
        querystring: handoverQuerySchema,
        response: { 200: handoverSchema },
      },
      config: ward,
    },
    async (request) => wardHandover(request.ctx, request.params.wardId, request.query),
  );
}
