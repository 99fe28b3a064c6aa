import { idParamSchema, profileResponseSchema, ROLES, updateProfileSchema } from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import * as profile from './service';

const tags = ['profile'];

/** GET/PUT /api/user/profile for the signed-in user of any role, and profile pictures. */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/user/profile',
    { schema: { tags, response: { 200: profileResponseSchema } }, config: { access: ROLES } },
    async (request) => ({ user: await profile.readProfile(request.ctx, currentUser(request)) }),
  );

  app.put(
    '/api/user/profile',
    {
      schema: { tags, body: updateProfileSchema, response: { 200: profileResponseSchema } },
      config: { access: ROLES },
    },
    async (request) => ({
      user: await profile.updateProfile(request.ctx, currentUser(request), request.body),
    }),
  );

  app.get(
    '/api/users/:id/image',
    { schema: { tags, params: idParamSchema }, config: { access: ROLES } },
    async (request, reply) => {
      const image = await profile.profileImage(request.ctx, request.params.id);
      // The URL carries ?v=<updatedAt>, so a changed picture gets a new URL and caching is safe.
      return reply
        .type(image.contentType)
        .header('Cache-Control', 'private, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Last-Modified', image.updatedAt.toUTCString())
        .send(image.body);
    },
  );
}
