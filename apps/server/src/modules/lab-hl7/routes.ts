import {
  hl7DiscardSchema,
  hl7InboxQuerySchema,
  hl7MatchSchema,
  hl7MessageDetailSchema,
  hl7MessagePageSchema,
  idParamSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { discardMessage, listInbox, matchMessage, readInboxMessage } from './inbox';

const tags = ['lab: analyser inbox'];
const lab = { access: ['lab'] as const };

/** The analyser inbox: the HL7 messages CarePoint could not file, for lab scientists to match or discard. */
export async function labHl7Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/lab/hl7/messages',
    {
      schema: { tags, querystring: hl7InboxQuerySchema, response: { 200: hl7MessagePageSchema } },
      config: lab,
    },
    async (request) => listInbox(request.ctx, request.query),
  );
  app.get(
    '/api/lab/hl7/messages/:id',
    { schema: { tags, params: idParamSchema, response: { 200: hl7MessageDetailSchema } }, config: lab },
    async (request) => readInboxMessage(request.ctx, request.params.id),
  );
  app.post(
    '/api/lab/hl7/messages/:id/match',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: hl7MatchSchema,
        response: { 200: hl7MessageDetailSchema },
      },
      config: lab,
    },
    async (request) => matchMessage(request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/lab/hl7/messages/:id/discard',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: hl7DiscardSchema,
        response: { 200: hl7MessageDetailSchema },
      },
      config: lab,
    },
    async (request) => discardMessage(request.ctx, request.params.id, request.body),
  );
}
