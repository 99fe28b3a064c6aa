import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * SMART on FHIR with a real SMART client: a tiny app page served by the test itself (on its own
 * origin) loads fhirclient's browser bundle from node_modules, launches against CarePoint,
 * signs in on CarePoint's own page, consents, and reads Observations with its token.
 */

const PORT = Number(process.env.E2E_PORT ?? 4173);
// The server's PUBLIC_URL (start-server.mjs leaves the default): what discovery and `aud` name.
const CAREPOINT = `http://localhost:${PORT}`;
const ISS = `${CAREPOINT}/fhir/R4`;
// The test app's own origin: a small server on this machine (loopback, as CarePoint is, so the
// browser lets the app's page call CarePoint's address).
let APP = '';
let REDIRECT = '';
let appServer: http.Server;
// SMART's JavaScript client, its browser bundle as an app would load it.
const FHIRCLIENT = fs.readFileSync(
  createRequire(import.meta.url).resolve('fhirclient/build/fhir-client.js'),
  'utf8',
);

/** launch.html?client=…&scope=…: a standalone launch of that app. */
const LAUNCH = `<!doctype html><html lang="en"><title>Launch</title>
<script src="/fhir-client.js"></script>
<script>
const params = new URLSearchParams(location.search);
FHIR.oauth2.authorize({ clientId: params.get('client'), scope: params.get('scope'),
  redirectUri: 'callback.html', iss: ${JSON.stringify(ISS)}, pkceMode: 'required' });
</script></html>`;

const CALLBACK = `<!doctype html><html lang="en"><title>Callback</title><body><main id="out">waiting</main>
<script src="/fhir-client.js"></script>
<script>
FHIR.oauth2.ready()
  .then(async (client) => {
    const bundle = await client.request('Observation?patient=' + client.patient.id);
    const denied = await client.request('MedicationRequest').then(() => 'allowed', (e) => String(e.status || e.message));
    document.getElementById('out').textContent = JSON.stringify({
      patient: client.patient.id,
      fhirUser: client.getFhirUser(),
      observations: (bundle.entry || []).length,
      subjects: [...new Set((bundle.entry || []).map((e) => e.resource.subject.reference))],
      medicationRequest: denied,
    });
  })
  .catch((e) => { document.getElementById('out').textContent = 'error: ' + e.message; });
</script></body></html>`;

const PAGES: Record<string, { type: string; body: string }> = {
  '/fhir-client.js': { type: 'text/javascript', body: FHIRCLIENT },
  '/launch.html': { type: 'text/html', body: LAUNCH },
  '/callback.html': { type: 'text/html', body: CALLBACK },
};

test.beforeAll(async () => {
  appServer = http.createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' });
    res.end(page?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  APP = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
  REDIRECT = `${APP}/callback.html`;
});
test.afterAll(() => new Promise<void>((resolve) => appServer.close(() => resolve())));

const launchUrl = (clientId: string, scope: string) =>
  `${APP}/launch.html?${new URLSearchParams({ client: clientId, scope })}`;

/** Registers a public app through the admin API (a Bearer session: no cookie, no CSRF). */
async function registerApp(request: APIRequestContext, name: string, scopes: string[]) {
  const login = await request.post(`${CAREPOINT}/api/auth/login`, {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const res = await request.post(`${CAREPOINT}/api/admin/smart-apps`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name, kind: 'public', redirectUris: [REDIRECT], scopes },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { clientId: string }).clientId;
}

test('an admin registers apps: the confidential secret is shown once', async ({ page }) => {
  // Timed out at the 30 s default under a full run on a slow machine (two workers on two cores).
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.getByTestId('sidebar').getByRole('link', { name: 'SMART Apps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SMART Apps' })).toBeVisible();

  await page.getByRole('button', { name: 'Register App' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register App' });
  await dialog.getByLabel('Name').fill('Clinic Portal');
  await dialog.getByLabel('Kind').selectOption('confidential');
  await dialog.getByLabel('Redirect URIs').fill('not a url');
  await dialog.getByLabel('Allowed scopes').fill('openid fhirUser user/*.rs');
  await dialog.getByRole('button', { name: 'Register App' }).click();
  await expect(dialog.getByText('Each redirect URI must be an absolute http(s) URL')).toBeVisible();
  await dialog.getByLabel('Redirect URIs').fill('https://portal.example/callback');
  await shot(page, 'smart-register-dialog', { widths: [1280, 390], fullPage: false });
  await dialog.getByRole('button', { name: 'Register App' }).click();

  const created = page.getByRole('dialog', { name: 'Clinic Portal is registered' });
  await expect(created.getByTestId('client-secret')).toHaveText(/^[A-Za-z0-9_-]{40,}$/);
  await expect(created.getByText('it is shown only this once')).toBeVisible();
  await shot(page, 'smart-secret-once', { widths: [1280, 390], fullPage: false });
  await created.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'SMART Apps' });
  const row = table.getByRole('row').filter({ hasText: 'Clinic Portal' });
  await expect(row).toContainText('Enabled');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'smart-apps', { widths: [1280, 390] });
  await row.getByRole('button', { name: 'Disable Clinic Portal' }).click();
  await expect(row).toContainText('Disabled');
});

test('fhirclient completes a standalone patient launch and reads the patient’s Observations; the patient revokes it', async ({
  page,
  request,
}) => {
  const scope = 'launch/patient openid fhirUser patient/Observation.rs';
  const clientId = await registerApp(request, 'Vitals Viewer', scope.split(' '));
  await page.goto(launchUrl(clientId, scope));
  // CarePoint's own sign-in page, then back to the consent page.
  await page.waitForURL((url) => url.pathname === '/login');
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  await expect(
    page.getByRole('heading', { name: 'Allow Vitals Viewer to use your CarePoint account?' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'What the app asks for' })).toContainText(
    'vital signs and test values',
  );
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'smart-consent-patient', { widths: [1280, 390] });
  await page.getByRole('button', { name: 'Allow' }).click();

  await page.waitForURL((url) => url.origin === APP && url.pathname === '/callback.html');
  await expect(page.locator('#out')).not.toHaveText('waiting');
  const result = JSON.parse((await page.locator('#out').textContent()) ?? '{}') as {
    patient: string;
    fhirUser: string;
    observations: number;
    subjects: string[];
    medicationRequest: string;
  };
  expect(result.observations).toBeGreaterThan(0);
  expect(result.subjects).toEqual([`Patient/${result.patient}`]);
  expect(result.fhirUser).toBe(`Patient/${result.patient}`);
  expect(result.medicationRequest).toBe('403');

  // My Profile lists the app; Revoke ends its access.
  await page.goto(`${CAREPOINT}/patient/profile`);
  const connected = page.locator('section', { has: page.getByRole('heading', { name: 'Connected apps' }) });
  await expect(connected.getByText('Vitals Viewer')).toBeVisible();
  await shot(page, 'smart-connected-apps', { widths: [1280, 390] });
  await connected.getByRole('button', { name: 'Revoke Vitals Viewer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Access revoked')).toBeVisible();
  await expect(connected.getByText('Vitals Viewer')).toHaveCount(0);
});

test('a doctor chooses the patient of a launch, and the app gets that patient', async ({ page, request }) => {
  const scope = 'launch/patient openid fhirUser patient/Observation.rs';
  const clientId = await registerApp(request, 'Ward Charts', scope.split(' '));
  await page.goto(launchUrl(clientId, scope));
  await page.waitForURL((url) => url.pathname === '/login');
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await expect(
    page.getByRole('heading', { name: 'Allow Ward Charts to use your CarePoint account?' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Choose the patient this app may read')).toBeVisible();
  await page.getByLabel('Find patient').fill('patient@carepoint');
  const choice = page.getByRole('radiogroup', { name: 'Patients found' }).getByRole('radio').first();
  await choice.check();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'smart-consent-doctor', { widths: [1280, 390] });
  await page.getByRole('button', { name: 'Allow' }).click();

  await page.waitForURL((url) => url.origin === APP);
  await expect(page.locator('#out')).not.toHaveText('waiting');
  const result = JSON.parse((await page.locator('#out').textContent()) ?? '{}') as {
    patient: string;
    fhirUser: string;
    subjects: string[];
  };
  expect(result.fhirUser).toMatch(/^Practitioner\//);
  expect(result.subjects).toEqual([`Patient/${result.patient}`]);

  // The doctor's Security page lists the app with the patient it is for.
  await page.goto(`${CAREPOINT}/doctor/security`);
  const connected = page.locator('section', { has: page.getByRole('heading', { name: 'Connected apps' }) });
  await expect(connected.getByText('Ward Charts')).toBeVisible();
  await expect(connected.getByText('For Grace Okonkwo')).toBeVisible();
  await shot(page, 'smart-connected-apps-staff', { widths: [1280, 390] });
});
