import {
  confirmTwoFactorSchema,
  idParamSchema,
  okSchema,
  ROLES,
  reauthenticateSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as twoFactor from './service';

const tags = ['two-factor'];

/** Every role manages its own second factor, also while its role requires one it has not set up yet. */
const own = { access: ROLES, allowPendingSecondFactor: true } as const;

export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/two-factor',
    { schema: { tags, response: { 200: twoFactorStatusSchema } }, config: own },
    async (request) => twoFactor.twoFactorStatus(request.ctx),
  );

  app.post(
    '/api/two-factor/setup',
    { schema: { tags, response: { 200: twoFactorSetupSchema } }, config: own },
    async (request) => twoFactor.startSetup(request.ctx),
  );

  app.post(
    '/api/two-factor/confirm',
    { schema: { tags, body: confirmTwoFactorSchema, response: { 200: recoveryCodesSchema } }, config: own },
    async (request) => twoFactor.confirmSetup(request.ctx, app.rateLimits, request.body.code),
  );

  app.post(
    '/api/two-factor/recovery-codes',
    { schema: { tags, body: reauthenticateSchema, response: { 200: recoveryCodesSchema } }, config: own },
    async (request) => twoFactor.regenerateRecoveryCodes(request.ctx, app.rateLimits, request.body),
  );

  app.post(
    '/api/two-factor/disable',
    { schema: { tags, body: reauthenticateSchema, response: { 200: okSchema } }, config: own },
    async (request) => twoFactor.disable(request.ctx, app.rateLimits, request.body),
  );

  app.post(
    '/api/admin/users/:id/two-factor/reset',
    { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config: { access: ['admin'] } },
    async (request) => twoFactor.resetForUser(request.ctx, request.params.id),
  );
}
