import {
  changePasswordSchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  loginAnswerSchema,
  loginResponseSchema,
  loginSchema,
  meResponseSchema,
  okSchema,
  ROLES,
  registerPatientSchema,
  resetPasswordSchema,
  SIGNUP_ANSWER,
  secondFactorLoginSchema,
  signupAnswerSchema,
} from '@carepoint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secondFactorMethods } from '../../lib/second-factor';
import { TOKEN_COOKIE } from '../../plugins/auth';
import * as twoFactor from '../two-factor';
import * as auth from './service';
import { knownDevice, replySignedIn } from './signed-in';
import { signedInUser } from './users';

const tags = ['auth'];

/** Per client address and sign-in window: enough for a clinic's front desk, too few for a script. */
const REGISTRATIONS_PER_ADDRESS = 30;
const RESET_REQUESTS_PER_ADDRESS = 10;

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const timeWindow = () => auth.loginWindowMs(app.config);

  app.post(
    '/api/auth/register/patient',
    {
      schema: { tags, body: registerPatientSchema, response: { 201: signupAnswerSchema } },
      config: { access: 'public', rateLimit: { max: REGISTRATIONS_PER_ADDRESS, timeWindow } },
    },
    // The same answer whether or not the address was free; its owner is mailed after answering.
    async (request, reply) => {
      const { ctx } = request;
      const { existingUserId } = await auth.registerPatient(ctx, request.body);
      if (existingUserId) app.later.run(() => auth.warnAccountOwner(ctx, app.rateLimits, existingUserId));
      return reply.code(201).send({ message: SIGNUP_ANSWER });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { tags, body: loginSchema, response: { 200: loginAnswerSchema } },
      config: { access: 'public' },
    },
    // The password step. An account with a second factor (an authenticator app or a passkey)
    // gets no session here, but a challenge for the second step (/api/auth/login/second-factor,
    // modules/two-factor), which a code or one of its passkeys completes.
    async (request, reply) => {
      const { ctx, body } = request;
      const deviceId = knownDevice(app, request, body.email);
      const user = await auth.checkPassword(ctx, app.rateLimits, body, { deviceId });
      const methods = await secondFactorMethods(ctx.db, user.id);
      if (methods.length > 0) {
        return twoFactor.startChallenge(ctx, user.id, { persistent: body.rememberMe, deviceId, methods });
      }
      const started = await auth.openSession(ctx, user, {
        persistent: body.rememberMe,
        userAgent: request.headers['user-agent'],
        method: 'password',
      });
      return replySignedIn(app, request, reply, started, deviceId);
    },
  );

  app.post(
    '/api/auth/login/second-factor',
    {
      schema: { tags, body: secondFactorLoginSchema, response: { 200: loginResponseSchema } },
      config: { access: 'public' },
    },
    // The code step: a code of the app, or a recovery code, for the password step's challenge.
    async (request, reply) => {
      const { started, deviceId } = await twoFactor.completeSignIn(
        request.ctx,
        app.rateLimits,
        request.body,
        {
          userAgent: request.headers['user-agent'],
        },
      );
      return replySignedIn(app, request, reply, started, deviceId);
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, response: { 200: okSchema } }, config: { access: 'public' } },
    async (request, reply) => {
      await auth.logout(request.ctx, request.sessionTokenHash);
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: { tags, response: { 200: meResponseSchema } },
      config: { access: ROLES, allowPendingPassword: true, allowPendingSecondFactor: true },
    },
    async (request) => ({
      user: await signedInUser(request.ctx),
      timeZone: app.config.TIME_ZONE,
    }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { tags, body: forgotPasswordSchema, response: { 200: z.object({ message: z.string() }) } },
      config: { access: 'public', rateLimit: { max: RESET_REQUESTS_PER_ADDRESS, timeWindow } },
    },
    // The same answer at once for every e-mail; looking the account up and mailing come after it.
    async (request) => {
      const { ctx } = request;
      const { email } = request.body;
      app.later.run(() => auth.sendPasswordReset(ctx, app.rateLimits, email));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { tags, body: resetPasswordSchema, response: { 200: okSchema } },
      config: { access: 'public' },
    },
    async (request) => auth.resetPassword(request.ctx, request.body),
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: { tags, body: changePasswordSchema, response: { 200: okSchema } },
      config: { access: ROLES, allowPendingPassword: true, allowPendingSecondFactor: true },
    },
    async (request) =>
      auth.changePassword(request.ctx, app.rateLimits, request.body, request.sessionTokenHash ?? undefined),
  );
}
