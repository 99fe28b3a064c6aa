// Starts the CarePoint API (serving the built web app) for the browser tests on a fresh,
// temporary data directory with demo data, and removes that directory when it exits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-e2e-'));
const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

// As `npm start` does (building what changed, then the built server in the same process),
// without npm in between, so the stop signal reaches the server itself.
const port = process.env.E2E_PORT ?? '4173';
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    // The relying party of passkeys (passkeys.spec.ts): browsers take no IP address as a
    // WebAuthn RP ID, so passkey tests open the app at localhost.
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    NODE_ENV: 'test',
    // Backups only when a test asks (backups.spec.ts), never on the schedule in the middle of others.
    BACKUP_EVERY_HOURS: '0',
    // Three days, so some doctor always has a free time inside the window, even over a weekend
    // (calendar.spec.ts books one there to see a patient's change refused).
    PATIENT_CHANGE_HOURS: '72',
    // The clinic's number: My Appointments gives it for a change the patient can no longer make
    // online (calendar.spec.ts).
    FACILITY_PHONE: '+234 1 280 0100',
    // The analysers' MLLP listener, 1000 above the web port (lab-inbox.spec.ts sends it a message).
    HL7_MLLP_PORT: String(Number(port) + 1000),
  },
});

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  // The server closes its database on SIGTERM; do not wait for ever.
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 10_000).unref();
};

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));

child.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
