import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * Wraps a serializer compiler so that each route serializes a frozen answer once: a frozen
 * object cannot change, so neither can its JSON. The read cache's answers are frozen and shared
 * (lib/read-cache.ts), so a page served thousands of times is checked against the route's
 * response schema and stringified once, not per request. Anything else is serialized as before.
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
