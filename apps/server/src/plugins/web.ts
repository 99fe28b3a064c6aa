import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const LANDING_HTML = 'landing.html';

/**
 * Serves the built web app; any other non-API GET falls back to index.html so client routes
 * load on a reload, and `/` gets the landing page's prerendered HTML (landing.html) when the
 * build made it. Unknown /api paths answer 404 in the error shape. The build writes brotli and
 * gzip copies next to each text file (apps/web/build/precompress.ts): the one the client
 * accepts is sent as it is (Content-Encoding, Vary: Accept-Encoding), else the file itself.
 */
async function webAppPlugin(app: FastifyInstance, { webDist }: { webDist: string }) {
  const hasBuild = fs.existsSync(path.join(webDist, 'index.html'));
  // The landing page prerendered by the build (apps/web/build/prerender.ts), sent for `/`.
  const hasLanding = fs.existsSync(path.join(webDist, LANDING_HTML));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are sent in their file's place, never at addresses of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        // Vite names assets by content hash, so they never change; index.html always revalidates.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || request.method !== 'GET' || !hasBuild) {
      return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    }
    const file = request.url.split('?')[0] ?? '/';
    if (path.extname(file) && file !== '/') {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const page = file === '/' && hasLanding ? LANDING_HTML : 'index.html';
    return reply.header('Cache-Control', 'no-cache').sendFile(page);
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
