import {
  addPasskeySchema,
  idParamSchema,
  loginResponseSchema,
  okSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  passkeySignInSchema,
  ROLES,
  renamePasskeySchema,
  secondFactorPasskeyOptionsSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { knownDevice, loginWindowMs, replySignedIn } from '../auth';
import { passkeyStepOptionsFor } from '../two-factor';
import * as manage from './service';
import { signInOptions, signInWithPasskey } from './sign-in';

/** Sign-in ceremonies started per client address and window: a person needs a few, a script many. */
const SIGN_IN_OPTIONS_PER_ADDRESS = 60;

/**
 * Passkeys: signing in with one (public, under /api/auth/passkey), and each signed-in person's
 * own passkeys (/api/user/passkeys: add, list, rename, remove).
 */
export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = ['auth'];
  const tags = ['security'];

  app.post(
    '/api/auth/passkey/options',
    {
      schema: { tags: auth, response: { 200: passkeyOptionsSchema } },
      config: {
        access: 'public',
        rateLimit: { max: SIGN_IN_OPTIONS_PER_ADDRESS, timeWindow: () => loginWindowMs(app.config) },
      },
    },
    async (request) => signInOptions(request.ctx),
  );

  app.post(
    '/api/auth/passkey/verify',
    {
      schema: { tags: auth, body: passkeySignInSchema, response: { 200: loginResponseSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const started = await signInWithPasskey(request.ctx, app.rateLimits, request.body, {
        userAgent: request.headers['user-agent'],
      });
      return replySignedIn(app, request, reply, started, knownDevice(app, request, started.user.email));
    },
  );

  // The passkey step after a password (completed at /api/auth/login/second-factor): options
  // offering only the password step's account's passkeys.
  app.post(
    '/api/auth/login/second-factor/passkey-options',
    {
      schema: { tags: auth, body: secondFactorPasskeyOptionsSchema, response: { 200: passkeyOptionsSchema } },
      config: {
        access: 'public',
        rateLimit: { max: SIGN_IN_OPTIONS_PER_ADDRESS, timeWindow: () => loginWindowMs(app.config) },
      },
    },
    async (request) => passkeyStepOptionsFor(request.ctx, request.body.challenge),
  );

  app.get(
    '/api/user/passkeys',
    {
      schema: { tags, response: { 200: passkeyListSchema } },
      config: { access: ROLES, allowPendingSecondFactor: true },
    },
    async (request) => manage.listPasskeys(request.ctx),
  );

  app.post(
    '/api/user/passkeys/options',
    {
      schema: { tags, response: { 200: passkeyOptionsSchema } },
      config: { access: ROLES, allowPendingSecondFactor: true },
    },
    async (request) => manage.registrationOptions(request.ctx),
  );

  app.post(
    '/api/user/passkeys',
    {
      schema: { tags, body: addPasskeySchema, response: { 201: passkeySchema } },
      config: { access: ROLES, allowPendingSecondFactor: true },
    },
    async (request, reply) => {
      const added = await manage.addPasskey(request.ctx, request.body, {
        userAgent: request.headers['user-agent'],
      });
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/user/passkeys/:id',
    {
      schema: { tags, params: idParamSchema, body: renamePasskeySchema, response: { 200: passkeySchema } },
      config: { access: ROLES, allowPendingSecondFactor: true },
    },
    async (request) => manage.renamePasskey(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/user/passkeys/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
      config: { access: ROLES, allowPendingSecondFactor: true },
    },
    async (request) => manage.removePasskey(request.ctx, request.params.id),
  );
}
