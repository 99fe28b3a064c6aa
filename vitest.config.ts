import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The API suite runs on the embedded database (PGlite) always, and a second time on a
 * PostgreSQL server when TEST_DATABASE_URL is set (as CI sets it).
 */
const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    // Configuration, process and command tests use the embedded database or none: one run is enough.
    // Tests named *.postgres.test.ts need a PostgreSQL server itself (not through the app).
    exclude:
      database === 'postgres'
        ? [
            'apps/server/src/config.test.ts',
            'apps/server/src/main.test.ts',
            'apps/server/src/db/durability.test.ts',
            'apps/server/src/db/pglite-snapshot.test.ts',
            'apps/server/src/cli/*.test.ts',
            // The embedded database's backups (on a server: backups-by-operator.postgres.test.ts).
            'apps/server/src/modules/backups/backups.test.ts',
            // Backs up the embedded database and restores it into both kinds of target itself.
            'apps/server/src/modules/backups/restore.test.ts',
          ]
        : ['apps/server/src/**/*.postgres.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TEST_DATABASE: database },
    // Each file opens its own database and app, so the app's modules can be loaded once per worker:
    // isolated, every file spent about 3 s importing them again (over half of the suite's time).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one, so every file
    // waited for the last. Two: a file on PostgreSQL mostly waits for the server's process, a
    // PGlite file works in its own, and the two overlap.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      // The web app's own logic and rules: pure modules, and hooks rendered in happy-dom (a DOM in
      // Node, no browser); the browser suite drives the screens.
      {
        extends: true,
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
