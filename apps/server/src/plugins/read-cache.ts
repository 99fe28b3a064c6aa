import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SAFE_METHODS } from '../lib/api-paths';
import { createReadCache, READ_CACHE_CHANNEL, type ReadCache } from '../lib/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's cached reads, cleared by the tables' NOTIFY on every instance (lib/read-cache.ts). */
    readCache: ReadCache;
  }
}

/** Keeps the read cache current: cleared by any instance's committed change, and by this one's at once. */
async function readCachePlugin(app: FastifyInstance) {
  const cache = createReadCache(() => app.now().getTime());
  app.decorate('readCache', cache);
  // The payload names the changed table (migration 0018's trigger); a bare NOTIFY clears all.
  const unlisten = await app.dbHandle.listen(READ_CACHE_CHANNEL, (table) => cache.clear(table || undefined));
  app.addHook('preClose', async () => {
    await unlisten().catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not stop listening for table changes'),
    );
  });
  // A change this instance made is seen by its next request at once, before its NOTIFY comes back.
  app.addHook('onSend', (request, _reply, _payload, done) => {
    if (!SAFE_METHODS.has(request.method)) cache.clear();
    done();
  });
}

export default fp(readCachePlugin, { name: 'read-cache' });
