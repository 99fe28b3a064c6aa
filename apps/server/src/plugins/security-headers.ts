import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from '../lib/api-paths';

type HeaderMap = Map<string, string | number | readonly string[]>;

/** The headers helmet sets with these options, as a map: they depend on nothing in the request. */
function helmetHeaders(options: HelmetOptions): HeaderMap {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => undefined);
  const headers: HeaderMap = new Map();
  for (const name of response.getHeaderNames()) {
    const value = response.getHeader(name);
    if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The headers of an API answer (JSON, CSV, PDF, files): OWASP's set for REST services. The
 * document headers (COOP, Origin-Agent-Cluster, DNS prefetch, X-XSS-Protection…) govern a page a
 * browser renders and runs, which an API answer is not; a file that is shown in a tab brings a
 * sandboxing CSP of its own (lib/file-types.ts). Half the headers, on the answers served most.
 */
function apiAnswerHeaders(documentHeaders: HeaderMap): HeaderMap {
  const hsts = documentHeaders.get('strict-transport-security');
  return new Map<string, string | number | readonly string[]>([
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ...(hsts === undefined ? [] : [['strict-transport-security', hsts] as const]),
  ]);
}

/** Sets a page's security headers, or an API answer's, on every answer. */
async function securityHeadersPlugin(app: FastifyInstance) {
  const { config } = app;
  // Helmet's headers, worked out once at start-up and then set as they are on every answer. Not
  // @fastify/helmet: it wraps this same helmet (the same headers), but its 13.2.0 still builds
  // the middleware and parses the CSP again on every request (measured: about 24 µs a request
  // against 3); nor helmet's middleware per request (a chain of twelve functions, 4.5% of a
  // profile of the patients list): the headers depend on the configuration only.
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure,
  });
  const apiHeaders = apiAnswerHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request.raw;
    const api = url !== undefined && isApiPath(url) && !url.startsWith('/api/docs');
    reply.raw.setHeaders(api ? apiHeaders : documentHeaders);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
