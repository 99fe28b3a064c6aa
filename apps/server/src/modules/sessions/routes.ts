import { idParamSchema, okSchema, ROLES, sessionListSchema, sessionsEndedSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as sessions from './service';

/** The caller's own sessions (the Security page), and an administrator's "sign out everywhere". */
export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Open to a user who must still set up a second factor: where they are signed in is theirs to see.
  const own = { access: ROLES, allowPendingSecondFactor: true };

  app.get(
    '/api/auth/sessions',
    { schema: { tags, response: { 200: sessionListSchema } }, config: own },
    async (request) => sessions.listSessions(request.ctx, request.sessionTokenHash),
  );

  app.delete(
    '/api/auth/sessions',
    { schema: { tags, response: { 200: sessionsEndedSchema } }, config: own },
    async (request) => sessions.endOtherSessions(request.ctx, request.sessionTokenHash),
  );

  app.delete(
    '/api/auth/sessions/:id',
    { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config: own },
    async (request) => sessions.endSession(request.ctx, request.params.id),
  );

  app.delete(
    '/api/admin/users/:id/sessions',
    {
      schema: { tags: ['admin: users'], params: idParamSchema, response: { 200: sessionsEndedSchema } },
      config: { access: ['admin'] as const },
    },
    async (request) => sessions.endAllSessionsOf(request.ctx, request.params.id),
  );
}
