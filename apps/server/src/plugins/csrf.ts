import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SAFE_METHODS } from '../lib/api-paths';
import { AppError } from '../lib/errors';
import { NOT_JSON } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The media types the route's body may have: JSON unless the route says otherwise (a raw image upload). */
    contentTypes?: readonly string[];
    /** The refusal of a body of another type, in the route's own words (else "send JSON"). */
    refuseContentType?: () => Error;
  }
}

const JSON_ONLY = ['application/json'] as const;

const isBearer = (request: FastifyRequest) => request.headers.authorization?.startsWith('Bearer ') ?? false;

/** The FHIR API takes the session cookie too (a bulk export's DELETE): its changes are checked alike. */
const isFhir = (url: string) => url === '/fhir' || url.startsWith('/fhir/') || url.startsWith('/fhir?');

/** The origin the request was addressed to, as the browser saw it (the Host header). */
function addressedOrigin(request: FastifyRequest) {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser sent this from one of the app's own pages. Sec-Fetch-Site says so directly
 * ("same-site" is not enough: another port of the same host is same-site); without it, Origin
 * must be the app's. A request with neither comes from no browser, so no cookie rode along unasked.
 */
function fromOwnPage(request: FastifyRequest, publicOrigin: string) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicOrigin || origin === addressedOrigin(request);
}

/** The body's media type, if the request has a body or says it has one. */
function bodyType(request: FastifyRequest) {
  const type = request.headers['content-type'];
  const length = Number(request.headers['content-length'] ?? 0);
  const hasBody = length > 0 || request.headers['transfer-encoding'] !== undefined;
  if (type === undefined) return hasBody ? '' : undefined;
  return type.split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Cross-site request forgery: a browser attaches the session cookie to a request any page
 * starts, and SameSite=Lax does not stop a page on another port of the same host. So a state
 * change by cookie must come from the app's own pages, and its body must be JSON (which no
 * HTML form can send) unless the route declares other types. The same origin rule covers the
 * FHIR API (/fhir), which the session cookie opens too. A Bearer token is never attached
 * by the browser on its own: such API clients may call from anywhere.
 */
async function csrfPlugin(app: FastifyInstance) {
  const publicOrigin = new URL(app.config.publicUrl).origin;

  // Synchronous (a throw refuses the request): no promise per request on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    const api = request.url.startsWith('/api/');
    if (SAFE_METHODS.has(request.method) || !(api || isFhir(request.url))) {
      done();
      return;
    }
    if (!isBearer(request) && !fromOwnPage(request, publicOrigin)) {
      throw new AppError(403, 'CROSS_SITE_REQUEST', 'Cross-site request refused');
    }
    // FHIR bodies are FHIR's own JSON types, which its routes check.
    if (!api) {
      done();
      return;
    }
    const type = bodyType(request);
    const { contentTypes = JSON_ONLY, refuseContentType } = request.routeOptions.config ?? {};
    if (type !== undefined && !contentTypes.includes(type)) {
      throw refuseContentType?.() ?? new AppError(415, NOT_JSON.code, NOT_JSON.error);
    }
    done();
  });
}

export default fp(csrfPlugin, { name: 'csrf' });
