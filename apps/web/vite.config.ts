import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { prerenderLanding } from './build/prerender.ts';

// The package's own entry (…/dist/development/index.mjs) tells where its files are.
const reactRouterDist = fileURLToPath(new URL('..', import.meta.resolve('react-router')));
const reactRouterProd = (file: string) => `${reactRouterDist}production/${file}`;

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), prerenderLanding(), precompress()],
  resolve: {
    // React Router's package exports always point at its development build (dev-only
    // checks and warnings left in); production bundles use its production build instead.
    alias: [
      // `@/` is apps/web/src: code outside a folder is imported by where it lives, not by climbing.
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src/', import.meta.url))}` },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProd('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProd('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/fhir': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser CarePoint supports has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and constants: a page that imports a
        // constant must not pull in every zod schema (and zod) with it.
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
