import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-paths';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * JSON, plain text and XML/SVG only: Server-Sent Events are never compressed (a compressing
 * stream holds events back), nor binary downloads (PDF, images, octet-stream), which are
 * compressed already or gain nothing.
 */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml)|image\/svg\+xml)(?:;|$)/;

/**
 * Only API routes compress on the fly: the web app's files were compressed at build time (a file
 * without a compressed copy gained nothing from it). Nor /api/auth: the login answer carries
 * the session token, a secret (see BREACH in docs/security.md).
 */
const compressesOnTheFly = (url: string) => isApiPath(url) && !url.startsWith('/api/auth/');

/**
 * Compresses API answers above COMPRESS_THRESHOLD with brotli (quality 4, fast enough per
 * request) or gzip, as the client accepts. The web app's files are compressed once at build
 * time and sent as they are (plugins/web.ts); those answers already carry Content-Encoding,
 * which this leaves alone. Compressed request bodies are not accepted: nothing is inflated
 * on the way in.
 */
async function compressionPlugin(app: FastifyInstance) {
  // Runs before the compress plugin's own onRoute hook, which reads `compress: false`.
  app.addHook('onRoute', (route) => {
    if (!compressesOnTheFly(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
