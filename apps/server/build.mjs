// Compiles the server to JavaScript for `node`: one ES module per entry point in dist/.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverDir = import.meta.dirname;
export const serverEntries = {
  main: 'src/main.ts',
  'prepare-embedded': 'src/cli/prepare-embedded.ts',
  // A backup's worker thread; main.js finds it beside itself (modules/backups/dump.ts).
  'dump-worker': 'src/modules/backups/dump-worker.js',
};

/**
 * Packages from node_modules stay external: they are already JavaScript, and PGlite loads its
 * wasm and data files relative to its own module. The workspace's packages (@carepoint/contract)
 * export TypeScript source, which node cannot run, so they are bundled in.
 */
const externalNodeModules = {
  name: 'external-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@carepoint/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const esbuild = await import('esbuild');
  const outdir = path.join(serverDir, 'dist');
  fs.rmSync(outdir, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: serverDir,
      entryPoints: serverEntries,
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      // Readable stack traces in production logs without source maps.
      minify: false,
      legalComments: 'none',
      logLevel: 'warning',
      plugins: [externalNodeModules],
    });
  } finally {
    // esbuild's service process would otherwise live as long as the server started after the build.
    await esbuild.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
