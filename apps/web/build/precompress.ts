import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images, fonts (woff2) and PDFs are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;

/** Writes `<file>.br` and `<file>.gz` at the highest levels (the build pays once, every visit saves). */
async function compressFile(file: string) {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller is left out: the server then sends the file as it is.
  await Promise.all([
    br.length < raw.length ? fs.writeFile(`${file}.br`, br) : undefined,
    gz.length < raw.length ? fs.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * Compresses the build's text files with brotli and gzip next to themselves, so the server
 * (plugins/web.ts, @fastify/static `preCompressed`) sends them without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'carepoint:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public folder are both written.
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(compressFile));
    },
  };
}
