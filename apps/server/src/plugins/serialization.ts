import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Wraps a serializer compiler so that each route serializes a frozen answer once: frozen to the
 * last nested value, an answer cannot change, so neither can its JSON. The read cache's answers
 * are frozen that way and shared (lib/read-cache.ts), so a page served thousands of times is
 * checked against the route's response schema and stringified once, not per request. Anything
 * not frozen is serialized as before. (Nothing else returns a frozen object; one frozen only at
 * the top must not be answered, as its inner values could still change.)
 */
export function serializingFrozenOnce<S>(
  compile: FastifySerializerCompiler<S>,
): FastifySerializerCompiler<S> {
  return (route) => {
    const serialize = compile(route);
    // Per route and status code: the same object may meet another schema elsewhere.
    const serialized = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
      let json = serialized.get(data);
      if (json === undefined) {
        json = serialize(data);
        serialized.set(data, json);
      }
      return json;
    };
  };
}

/** Every route's answers go through the contract's response schema, frozen answers once. */
async function serializationPlugin(app: FastifyInstance) {
  app.setSerializerCompiler(serializingFrozenOnce(serializerCompiler));
}

export default fp(serializationPlugin, { name: 'serialization' });
