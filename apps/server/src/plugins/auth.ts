import { type Role, TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, SAFE_METHODS } from '../lib/api-paths';
import { AppError, signedIn } from '../lib/errors';
import { mustSetUpSecondFactor } from '../lib/second-factor';
import {
  createSessionCache,
  type ResolvedSession,
  SESSIONS_CHANNEL,
  type SessionCache,
  type SessionUser,
} from '../lib/sessions';

/** Who may call a route: everyone, or signed-in users of these roles. */
type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user still has to replace a one-time password. */
    allowPendingPassword?: boolean;
    /**
     * Also open to SMART apps' access tokens (the FHIR API): a user's token is held to the user's
     * role like a session; a backend service's has no user, and the route checks its scopes
     * (modules/smart/fhir-access.ts).
     */
    appTokens?: boolean;
    /** Reachable while the user's role requires a second factor they have not set up (MFA_REQUIRED_ROLES). */
    allowPendingSecondFactor?: boolean;
  }
  interface FastifyInstance {
    /** This instance's sessions, kept current across instances by NOTIFY (plugins/sessions.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
}

export const TOKEN_COOKIE = 'token';

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};

/** The signed-in user, for handlers of routes whose access already requires one. */
export function currentUser(request: FastifyRequest): SessionUser {
  return signedIn(request.user);
}

/**
 * Resolves the session of every request and enforces each route's `access`.
 * Deny by default: an /api route that declares no access fails at start-up.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  const cache = createSessionCache(app.db, app.config);
  app.decorate('sessionCache', cache);
  const unlisten = await app.dbHandle.listen(SESSIONS_CHANNEL, (message) => cache.evict(message));
  // The subscription ends while its database connection is still open (as plugins/events.ts does).
  app.addHook('preClose', async () => {
    await unlisten().catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not stop listening for sessions'),
    );
  });
  // A change this instance made is seen by its next request at once, before its NOTIFY comes back.
  app.addHook('onSend', (request, _reply, _payload, done) => {
    if (!SAFE_METHODS.has(request.method)) cache.clear();
    done();
  });

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  const applySession = (request: FastifyRequest, session: ResolvedSession) => {
    if (session) {
      request.user = session.user;
      request.sessionTokenHash = session.tokenHash;
    }
  };
  // A cached session is applied at once; only a database read makes the request wait.
  app.addHook('onRequest', (request, _reply, done) => {
    // Only the APIs read the session: the web app's files and index.html need no database query.
    if (!isApiPath(request.url)) {
      done();
      return;
    }
    // An explicit Authorization header is what the client means; the cookie may be a stale one.
    const token = request.headers.authorization ? bearer(request) : request.cookies[TOKEN_COOKIE];
    if (!token || token.length > 200) {
      done();
      return;
    }
    const session = cache.resolve(token, app.now());
    if (!(session instanceof Promise)) {
      applySession(request, session);
      done();
      return;
    }
    session.then((loaded) => {
      applySession(request, loaded);
      done();
    }, done);
  });

  // Before validation: a caller without access learns nothing from the validation messages.
  // Synchronous (a throw refuses the request): no promise per request on the hot path.
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done) => {
    const { access, allowPendingPassword, allowPendingSecondFactor, appTokens } = request.routeOptions.config;
    if (!access || access === 'public' || (appTokens && !request.user && request.smartCaller)) {
      done();
      return;
    }
    const user = signedIn(request.user);
    if (!access.includes(user.role)) throw new AppError(403, 'FORBIDDEN', 'You do not have access to this');
    if (user.mustChangePassword && !allowPendingPassword) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Please choose a new password first');
    }
    if (
      !allowPendingSecondFactor &&
      mustSetUpSecondFactor(app.config.mfaRequiredRoles, user.role, user.hasSecondFactor)
    ) {
      throw new AppError(403, 'SECOND_FACTOR_REQUIRED', TWO_FACTOR_MESSAGES.required);
    }
    done();
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
