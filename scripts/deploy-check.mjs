// The production recipe, checked for real on this machine (npm run test:deploy, after the build):
//  1. the built app behind Caddy (Debian's package) with the shipped deploy/Caddyfile, over HTTPS
//     with Caddy's internal certificate: sign-in works, the session cookie is Secure, and the
//     address the app records for the session is the client's (127.0.0.2), not Caddy's;
//  2. the built app on Node 24 (from the npm registry: npx -p node@24): sign-in, a booking, a FHIR read.
// Everything runs on loopback, in temporary folders removed at the end. Prints "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'apps/server/dist/main.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-deploy-'));
const children = [];
const results = [];

const check = async (name, run) => {
  try {
    await run();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✗ ${name}\n    ${error instanceof Error ? error.message : String(error)}`);
  }
};
const expect = (condition, message) => {
  if (!condition) throw new Error(message);
};

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a process in its own group (killed with it at the end); resolves once `ready` matches its output. */
function start(command, args, env, ready) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, detached: true });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} did not start:\n${output.slice(-2000)}`)),
      180_000,
    );
    const onData = (chunk) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output.slice(-2000)}`)));
  });
}

const serverEnv = (port, dataDir, extra = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  // What an operator puts in /etc/carepoint/carepoint.env: production refuses to start without it.
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
  DEMO_DATA: 'true',
  LOG_LEVEL: 'info',
  WEB_DIST: path.join(root, 'apps/web/dist'),
  DATABASE_URL: '',
  ...extra,
});

/** An HTTPS request through Caddy from 127.0.0.2, trusting Caddy's local CA. */
function viaCaddy(port, ca, method, urlPath, { body, cookie } = {}) {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port,
        method,
        path: urlPath,
        ca,
        localAddress: '127.0.0.2',
        headers: {
          host: `localhost:${port}`,
          origin: `https://localhost:${port}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text }));
      },
    );
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

async function behindCaddy() {
  const appPort = await freePort();
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const site = `localhost:${httpsPort}`;
  await start(
    process.execPath,
    [main],
    serverEnv(appPort, path.join(scratch, 'caddy-data'), {
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: `https://${site}`,
    }),
    /CarePoint ready/,
  );
  // The shipped site block, imported by a test wrapper: local certificates, ports of our own, no admin API.
  const caddyfile = path.join(scratch, 'Caddyfile');
  fs.writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\nimport ${path.join(root, 'deploy/Caddyfile')}\n`,
  );
  const caddyHome = path.join(scratch, 'caddy-home');
  await start(
    'caddy',
    ['run', '--config', caddyfile, '--adapter', 'caddyfile'],
    {
      CAREPOINT_SITE: site,
      CAREPOINT_UPSTREAM: `127.0.0.1:${appPort}`,
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
      HOME: caddyHome,
    },
    /serving initial configuration/,
  );
  const rootCert = path.join(caddyHome, 'caddy/pki/authorities/local/root.crt');
  for (let i = 0; i < 50 && !fs.existsSync(rootCert); i++) await new Promise((r) => setTimeout(r, 200));
  const ca = fs.readFileSync(rootCert);

  let cookie = '';
  await check(
    'HTTPS through Caddy: sign-in works and the session cookie is Secure and HttpOnly',
    async () => {
      const login = await viaCaddy(httpsPort, ca, 'POST', '/api/auth/login', {
        body: { email: 'admin@carepoint.example', password: 'carepoint-demo' },
      });
      expect(login.status === 200, `sign-in answered ${login.status}: ${login.text}`);
      const setCookie = [login.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('token='));
      expect(setCookie, 'no session cookie');
      expect(/;\s*Secure/i.test(setCookie), `cookie not Secure: ${setCookie}`);
      expect(/;\s*HttpOnly/i.test(setCookie), `cookie not HttpOnly: ${setCookie}`);
      cookie = setCookie.split(';')[0];
      const me = await viaCaddy(httpsPort, ca, 'GET', '/api/auth/me', { cookie });
      expect(me.status === 200, `/api/auth/me answered ${me.status}`);
    },
  );
  await check('the app sees the client address (127.0.0.2) behind Caddy, not the proxy', async () => {
    // The session's own record of where it signed in from (Security → Sessions): open to an
    // administrator who has yet to set up the second factor production asks of them.
    const sessions = await viaCaddy(httpsPort, ca, 'GET', '/api/auth/sessions', { cookie });
    expect(sessions.status === 200, `sessions answered ${sessions.status}`);
    const ips = JSON.parse(sessions.text)
      .sessions.filter((s) => s.current)
      .map((s) => s.ip);
    expect(ips.includes('127.0.0.2'), `sign-in recorded from ${ips.join(', ')}`);
  });
}

/** Node 24 from the npm registry runs the same build: sign-in, a booking, a FHIR read. */
async function onNode24() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const node24 = spawnSync('npx', ['-y', '-p', 'node@24', 'node', '--version'], { encoding: 'utf8' });
  const version = node24.stdout.trim();
  await check(`Node 24 from the npm registry (${version || 'not found'})`, async () => {
    expect(version.startsWith('v24.'), `npx -p node@24 answered ${version} ${node24.stderr}`);
  });
  if (!version.startsWith('v24.')) return;
  await start(
    'npx',
    ['-y', '-p', 'node@24', 'node', main],
    serverEnv(port, path.join(scratch, 'node24-data'), { NODE_ENV: 'test' }),
    /CarePoint ready/,
  );
  const json = async (response) => ({ status: response.status, body: await response.json() });
  const call = async (method, urlPath, cookie, body) =>
    json(
      await fetch(`${base}${urlPath}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
  await check('on Node 24: a patient signs in, books a free slot and reads their FHIR record', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'patient@carepoint.example', password: 'carepoint-demo' }),
    });
    expect(login.status === 200, `sign-in answered ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // The first day within three weeks with a free slot at any doctor.
    let booked;
    for (let day = 1; day <= 21 && !booked; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const slots = await call('GET', `/api/doctors/slots?date=${date}`, cookie);
      const time = slots.body.slots?.[0];
      if (!time) continue;
      const created = await call('POST', '/api/patient/appointments', cookie, {
        title: 'Check-up on Node 24',
        priority: 'Medium',
        date,
        time,
        doctorId: '',
      });
      if (created.status === 201) booked = created.body;
    }
    expect(booked, 'no booking could be made in three weeks');
    const me = await call('GET', '/api/auth/me', cookie);
    const patient = await call('GET', `/fhir/R4/Patient/${me.body.user.id}`, cookie);
    expect(
      patient.status === 200 && patient.body.resourceType === 'Patient',
      `FHIR read answered ${patient.status}`,
    );
  });
}

try {
  expect(fs.existsSync(main), 'build first: npm run build');
  console.log('Deployment check');
  await behindCaddy().catch((error) => check('start the app behind Caddy', () => Promise.reject(error)));
  await onNode24().catch((error) => check('start the app on Node 24', () => Promise.reject(error)));
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
