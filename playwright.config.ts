import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive the built web app served by the real API on a fresh embedded database
 * with demo data (apps/web/e2e/start-server.mjs). Build first: `npm run build -w @carepoint/web`.
 *
 * In Debian's headless shell (package chromium-headless-shell, the browser Playwright itself runs
 * headless), without traces: on a 2-core machine the full browser through Debian's wrapper
 * (GPU rasterisation in software) and the traces' screencast took over half of the suite's CPU.
 * To keep a failing test's trace: `npx playwright test <file> --trace retain-on-failure`.
 */
// E2E_PORT lets two runs on one machine use different ports.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Another directory (with another E2E_PORT) keeps a second run on the machine from deleting this one's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Budgets, not speeds: a test's time-out only catches a hang, so it is one generous figure for
  // every test (specs set none of their own) that a machine twice as slow as the 2-core CI box
  // still fits; an assertion waits for what a user would wait for, up to 20 s of a slow screen.
  // Waits on background work (a backup, mail, a server starting) pass `timeout: 0`: they wait
  // within the test's budget, however long the work takes here.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node apps/web/e2e/start-server.mjs',
    env: { E2E_PORT: String(PORT) },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Building the embedded database and the demo data: a start-up hang, not a speed, is what fails here.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Give the server time to close its database and the script time to remove the data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
