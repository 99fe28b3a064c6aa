import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../lib/errors';
import type { RateLimits } from '../lib/rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in attempts and other counted events (lib/rate-limits.ts). */
    rateLimits: RateLimits;
  }
}

type RouteInfo = { method?: unknown; url?: unknown };

/**
 * @fastify/rate-limit keeps its per-route request counts in the app's RateLimits, so they are
 * shared through Redis like the sign-in limits, and follow the app's clock.
 */
class RouteLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly limits: RateLimits,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ) {
    this.limits.hit(`${this.prefix}:${key}`, max, timeWindow).then(
      ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
      (error: Error) => callback(error),
    );
  }

  // Each route counts on its own. The plugin passes the route as `routeInfo` (its types say otherwise).
  child(options: RouteInfo & { routeInfo?: RouteInfo }) {
    const route = options.routeInfo ?? options;
    return new RouteLimitStore(this.limits, `route:${String(route.method)}:${String(route.url)}`);
  }
}

const storeOver = (limits: RateLimits): FastifyRateLimitStoreCtor =>
  class extends RouteLimitStore {
    constructor() {
      super(limits, 'route');
    }
  };

/**
 * Routes opt in with `config: { rateLimit: { max, timeWindow } }` (per client address); over
 * the limit they answer like the sign-in limits: 429, a text body and Retry-After.
 */
async function rateLimitsPlugin(app: FastifyInstance, options: { limits: RateLimits }) {
  app.decorate('rateLimits', options.limits);
  await app.register(rateLimit, {
    global: false,
    store: storeOver(options.limits),
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.ceil(context.ttl / 1000)),
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits' });
