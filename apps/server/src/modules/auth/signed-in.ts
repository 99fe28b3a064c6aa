import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../../plugins/auth';
import { mailNewBrowserSignIn } from '../sessions';
import { DEVICE_COOKIE_PATH, deviceCookieName, issueDevice, readDevice } from './device-cookies';
import type { openSession } from './service';

/** The device id of this browser's valid device cookie for the account, if it has one. */
export function knownDevice(app: FastifyInstance, request: FastifyRequest, email: string) {
  const secret = app.config.deviceCookieSecret;
  const normalised = email.toLowerCase();
  return readDevice(
    secret,
    normalised,
    request.cookies[deviceCookieName(secret, normalised)],
    request.ctx.now(),
  );
}

/**
 * The answer to every completed sign-in, whatever the method: the session cookie, and a device
 * cookie marking this browser as known for the account (its later wrong passwords then count
 * against it alone). From a browser the account was never signed in from (no `deviceId`), its
 * owner is mailed after the answer.
 */
export function replySignedIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  started: Awaited<ReturnType<typeof openSession>>,
  deviceId: string | undefined,
) {
  const { user, token, expiresAt, persistent } = started;
  if (deviceId === undefined) {
    const { ctx } = request;
    const signIn = { at: ctx.now(), userAgent: request.headers['user-agent'] };
    app.later.run(() => mailNewBrowserSignIn(ctx, user, signIn));
  }
  const device = issueDevice(
    app.config.deviceCookieSecret,
    user.email.toLowerCase(),
    request.ctx.now(),
    deviceId,
  );
  reply.setCookie(device.name, device.value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.cookieSecure,
    path: DEVICE_COOKIE_PATH,
    expires: device.expiresAt,
  });
  reply.setCookie(TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    path: '/',
    // Without Remember Me the cookie ends with the browser session.
    expires: persistent ? expiresAt : undefined,
  });
  return { user, token, timeZone: app.config.TIME_ZONE };
}
