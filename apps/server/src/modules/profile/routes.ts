import {
  doctorActivitySchema,
  idParamSchema,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  profileResponseSchema,
  ROLES,
  updateProfileSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptRawUploads } from '../../lib/file-types';
import * as profile from './service';

const tags = ['profile'];

/** GET/PUT /api/user/profile for the signed-in user of any role, and profile pictures. */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/user/profile',
    { schema: { tags, response: { 200: profileResponseSchema } }, config: { access: ROLES } },
    async (request) => ({ user: await profile.readProfile(request.ctx) }),
  );

  app.put(
    '/api/user/profile',
    {
      schema: { tags, body: updateProfileSchema, response: { 200: profileResponseSchema } },
      config: { access: ROLES },
    },
    async (request) => ({
      user: await profile.updateProfile(request.ctx, request.body),
    }),
  );

  await app.register(profileImageRoutes);

  app.delete(
    '/api/user/profile/image',
    { schema: { tags, response: { 200: profileResponseSchema } }, config: { access: ROLES } },
    async (request) => ({ user: await profile.removeProfileImage(request.ctx) }),
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

  app.get(
    '/api/doctor/profile/activity',
    { schema: { tags, response: { 200: doctorActivitySchema } }, config: { access: ['doctor'] } },
    async (request) => profile.doctorActivity(request.ctx),
  );
}

/**
 * PUT /api/user/profile/image takes the picture's bytes as the body (Content-Type image/png,
 * image/jpeg or image/webp), at most 2 MB. Its own plugin, so the raw parser, the size limit and
 * the messages for an oversized or unsupported body apply to this route alone.
 */
async function profileImageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  acceptRawUploads(app, {
    declaredTypes: PROFILE_IMAGE_TYPES,
    allowed: PROFILE_IMAGE_TYPES,
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    tooLarge: profile.imageTooLarge,
    refused: profile.imageTypeRefused,
  });

  app.put(
    '/api/user/profile/image',
    {
      bodyLimit: PROFILE_IMAGE_MAX_BYTES,
      schema: { tags, response: { 200: profileResponseSchema } },
      config: {
        access: ROLES,
        contentTypes: PROFILE_IMAGE_TYPES,
        refuseContentType: profile.imageTypeRefused,
      },
    },
    async (request) => {
      // A JSON or form body reached the route through the app's other parsers: not a picture.
      if (!Buffer.isBuffer(request.body)) throw profile.imageTypeRefused();
      return { user: await profile.saveProfileImage(request.ctx, request.body) };
    },
  );
}
