import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../lib/context';

declare module 'fastify' {
  interface FastifyRequest {
    /** What services get of this request: routes pass `request.ctx`, never the request itself. */
    readonly ctx: ServiceContext;
  }
}

/**
 * The one place a request becomes a ServiceContext: the app's database, clock, configuration,
 * mailer, live events and read cache, with the request's signed-in user, address and logger.
 */
async function contextPlugin(app: FastifyInstance) {
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): ServiceContext {
      return {
        db: app.db,
        now: () => app.now(),
        actor: this.user,
        ip: this.ip,
        config: app.config,
        log: this.log,
        sendMail: app.sendMail,
        publish: (topic, audience) => app.events.publish(topic, audience),
        cache: app.readCache,
      };
    },
  });
}

export default fp(contextPlugin, { name: 'context', dependencies: ['auth', 'events', 'read-cache'] });
