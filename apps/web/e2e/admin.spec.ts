import {
  ADMIN_NAV,
  type AdminPatient,
  AMBULANCE_MESSAGES,
  BED_MESSAGES,
  DOCTOR_ALL_FIELDS,
  NURSE_MESSAGES,
  TOASTS,
  WARD_MESSAGES,
} from '@carepoint/contract';
import { type BrowserContextOptions, test as base, expect, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn, uniqueEmail } from './helpers';

/*
 * Admin area journeys on the real server and a fresh demo database. Each test makes its own
 * records with unique names, so the tests do not depend on one another or on their order.
 *
 * The admin signs in through the form once per worker and each test opens a new browser
 * context with that session: the server limits sign-ins per address, and the whole suite
 * shares one address.
 */

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const signInAdmin = (page: Page) => signIn(page, DEMO.admin, DEMO_PASSWORD);

const test = base.extend<{ adminPage: () => Promise<Page> }, { adminState: StorageState }>({
  adminState: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      await signInAdmin(await context.newPage());
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  /** Opens a page in a new context signed in as the demo admin (call it twice for two browsers). */
  adminPage: async ({ browser, adminState }, use) => {
    const contexts: Array<Awaited<ReturnType<typeof browser.newContext>>> = [];
    await use(async () => {
      const context = await browser.newContext({ storageState: adminState });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Waits until a screen has drawn its data: no skeletons, spinners or lazy graphs still loading. */
async function waitForScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main .animate-pulse:not([data-testid="live-status"] *)')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** A figure of the dashboard's Today Overview, e.g. "Beds free". */
function overviewValue(page: Page, label: string): Locator {
  return page
    .getByTestId('today-overview')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

async function readNumber(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/^\d+$/);
  return Number(await locator.textContent());
}

async function logout(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login(\?|$)/);
}

test('an admin adds a doctor, who signs in with the one-time password and must choose a new one', async ({
  page,
}) => {
  const email = uniqueEmail('new-doctor');
  await signInAdmin(page);
  await page.goto('/admin/doctors');
  await page.getByRole('button', { name: 'Add Doctor' }).click();
  const form = page.getByRole('dialog', { name: 'Add Doctor' });

  // Missing fields: the spec's one message.
  await form.getByRole('button', { name: 'Add Doctor' }).click();
  await expect(form.getByText(DOCTOR_ALL_FIELDS)).toBeVisible();

  await form.getByLabel('First name').fill('Ifeoma');
  await form.getByLabel('Last name').fill('Chukwu');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+234 802 555 0101');
  await form.getByLabel('Specialty').fill('Radiology');
  await form.getByLabel('Address').fill('7 Broad Street, Lagos');
  await form.getByRole('button', { name: 'Add Doctor' }).click();

  await expect(page.getByText(TOASTS.doctorAdded)).toBeVisible();
  const shown = page.getByRole('dialog', { name: 'One-time password' });
  await expect(shown.getByText('must change it at their first sign-in')).toBeVisible();
  const oneTimePassword = (await shown.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(oneTimePassword.length).toBeGreaterThanOrEqual(8);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The new doctor is in the table, Active.
  await page.getByRole('searchbox', { name: 'Search doctors' }).fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Ifeoma Chukwu');
  await expect(row).toContainText('Active');
  // At 1280 px the row's three buttons share one line: the table has room for them.
  const buttonRows = await row
    .getByRole('button')
    .evaluateAll((buttons) => new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size);
  expect(buttonRows).toBe(1);

  await logout(page);
  await signIn(page, email, oneTimePassword);
  await expect(page).toHaveURL(/\/set-password$/);
  await page.getByLabel('Current password (the one-time password)').fill(oneTimePassword);
  await page.getByLabel('New password', { exact: true }).fill('a-new-secret-42');
  await page.getByLabel('Confirm new password').fill('a-new-secret-42');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.waitForURL(/\/doctor\/dashboard$/);
});

test('a bed added and marked Occupied changes the dashboard and beds figures', async ({ adminPage }) => {
  // Two dialogs, five pages and the dashboard twice.
  const page = await adminPage();
  const label = unique('E2E bed').slice(0, 40);

  // A patient who is in no bed yet.
  const outpatients = (await (
    await page.request.get('/api/admin/patients?status=Outpatient&limit=1')
  ).json()) as {
    data: AdminPatient[];
  };
  const patient = outpatients.data[0];
  if (!patient) throw new Error('the demo data has no outpatient');

  await page.goto('/admin/dashboard');
  const free = await readNumber(overviewValue(page, 'Beds free'));
  const occupied = await readNumber(overviewValue(page, 'Beds occupied'));

  await page.goto('/admin/beds');
  await page.getByRole('button', { name: 'Add Bed' }).click();
  const add = page.getByRole('dialog', { name: 'Add Bed' });
  await add.getByLabel('Label').fill('   ');
  await add.getByRole('button', { name: 'Add Bed' }).click();
  await expect(add.getByText(BED_MESSAGES.labelRequired)).toBeVisible();
  await add.getByLabel('Label').fill(label);
  await add.getByRole('button', { name: 'Add Bed' }).click();
  await expect(page.getByText(TOASTS.bedAdded)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search beds' }).fill(label);
  const row = page.getByRole('row', { name: new RegExp(label) });
  await expect(row).toContainText('Free');

  await page.goto('/admin/dashboard');
  await expect(overviewValue(page, 'Beds free')).toHaveText(String(free + 1));
  await expect(overviewValue(page, 'Beds occupied')).toHaveText(String(occupied));

  await page.goto(`/admin/beds?q=${encodeURIComponent(label)}`);
  await page.getByRole('button', { name: `Edit ${label}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bed' });
  await edit.getByLabel('Status').selectOption('Occupied');
  await edit.getByRole('combobox', { name: 'Patient (optional)' }).fill(patient.fullName);
  await edit.getByRole('option', { name: new RegExp(patient.fullName) }).click();
  await expect(edit.getByText('Registered patient')).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(TOASTS.bedUpdated)).toBeVisible();
  await expect(row).toContainText('Occupied');
  await expect(row).toContainText(patient.fullName);

  await page.goto('/admin/dashboard');
  await expect(overviewValue(page, 'Beds free')).toHaveText(String(free));
  await expect(overviewValue(page, 'Beds occupied')).toHaveText(String(occupied + 1));

  // The patient now shows as Inpatient, in that bed.
  await page.goto(`/admin/patients?q=${encodeURIComponent(patient.email)}`);
  const patientRow = page.getByRole('row', { name: new RegExp(patient.email) });
  await expect(patientRow).toContainText('Inpatient');
  await expect(patientRow).toContainText(`Bed ${label}`);
});

test('an admin adds a ward, adds a bed in it and filters Manage Beds by that ward', async ({ adminPage }) => {
  const page = await adminPage();
  const ward = unique('E2E Ward').slice(0, 40);
  // Last by label: the emergency room's Admit tests take the first free bed, and this ward is
  // female-only.
  const label = unique('Z E2E ward bed').slice(0, 40);

  await page.goto('/admin/wards');
  await page.getByRole('button', { name: 'Add Ward' }).click();
  const add = page.getByRole('dialog', { name: 'Add Ward' });
  await add.getByRole('button', { name: 'Add Ward' }).click();
  await expect(add.getByText(WARD_MESSAGES.nameRequired)).toBeVisible();
  await add.getByLabel('Name').fill(ward);
  await add.getByLabel('Kind').selectOption('Maternity');
  await add.getByLabel('Sex rule').selectOption('Female only');
  await add.getByRole('button', { name: 'Add Ward' }).click();
  await expect(page.getByText(WARD_MESSAGES.added)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search wards' }).fill(ward);
  const wardRow = page.getByRole('row', { name: new RegExp(ward) });
  await expect(wardRow).toContainText('Maternity');
  await expect(wardRow).toContainText('Female only');
  await expect(wardRow).toContainText('0 free of 0');

  await page.goto('/admin/beds');
  await page.getByRole('button', { name: 'Add Bed' }).click();
  const addBed = page.getByRole('dialog', { name: 'Add Bed' });
  await addBed.getByLabel('Label').fill(label);
  await addBed.getByLabel('Ward').selectOption({ label: ward });
  await addBed.getByRole('button', { name: 'Add Bed' }).click();
  await expect(page.getByText(TOASTS.bedAdded)).toBeVisible();
  await expect(addBed).toBeHidden();

  // The ward filter leaves only the new ward's bed.
  await page.getByRole('combobox', { name: 'Ward' }).selectOption({ label: ward });
  await expect(page).toHaveURL(/wardId=/);
  const rows = page.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(label);
  await expect(rows.first()).toContainText(ward);
  await waitForScreen(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'manage-beds', { widths: [1280, 390] });

  await page.goto(`/admin/wards?q=${encodeURIComponent(ward)}`);
  await expect(page.getByRole('row', { name: new RegExp(ward) })).toContainText('1 free of 1');
  await page.goto('/admin/wards');
  await waitForScreen(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'manage-wards', { widths: [1280, 390] });
});

test('an admin adds a nurse and changes an ambulance status, both stored', async ({ adminPage }) => {
  const page = await adminPage();
  const name = unique('Nurse E2E');
  await page.goto('/admin/nurses');
  await page.getByRole('button', { name: 'Add Nurse' }).click();
  const add = page.getByRole('dialog', { name: 'Add Nurse' });
  await add.getByRole('button', { name: 'Add Nurse' }).click();
  await expect(add.getByText(NURSE_MESSAGES.fullNameRequired)).toBeVisible();
  await add.getByLabel('Full name').fill(name);
  await add.getByLabel('Email').fill(uniqueEmail('nurse'));
  await add.getByLabel('Department').fill('Maternity');
  await add.getByRole('button', { name: 'Add Nurse' }).click();
  await expect(page.getByText(NURSE_MESSAGES.added)).toBeVisible();
  await expect(add).toBeHidden();
  await page.getByRole('searchbox').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Active');

  await page.goto('/admin/ambulances');
  await waitForScreen(page);
  const first = page.getByRole('row').nth(1);
  const code = (await first.getByRole('cell').first().textContent())?.trim() ?? '';
  const next = (await first.textContent())?.includes('Maintenance') ? 'Available' : 'Maintenance';
  await first.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ambulance' });
  await edit.getByLabel('Status').selectOption(next);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(AMBULANCE_MESSAGES.updated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText(next);
});

test('sorting and paging a table of more than 20 rows, kept in the URL', async ({ adminPage }) => {
  const page = await adminPage();
  // 25 arrivals of our own, found by their common name, so other tests cannot change the count.
  const tag = unique('Pagecheck').replace(' ', '');
  for (let i = 0; i < 25; i += 1) {
    const created = await page.request.post('/api/admin/emergency-room', {
      data: { patientName: `${tag} ${String(i).padStart(2, '0')}`, triageLevel: 'Low' },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto(`/admin/emergency-room?q=${tag}`);
  const table = page.getByRole('table', { name: 'Emergency room' });
  const bodyRows = table.locator('tbody tr');
  const firstPatient = bodyRows.first().locator('td').first();
  // Arrivals typed at the desk are not linked to a registered patient, and say so beside the name.
  const walkIn = (n: string) => new RegExp(`^${tag} ${n}\\s*Not registered$`);
  await expect(bodyRows).toHaveCount(20);
  await expect(page.getByText('Showing 1–20 of 25')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // One click on a header sorts; the next reverses; the column menu offers Asc, Desc and Hide.
  await table.getByRole('button', { name: 'Patient', exact: true }).click();
  await expect(page).toHaveURL(/sort=patientName&order=asc/);
  await expect(firstPatient).toHaveText(walkIn('00'));
  await expect(table.getByRole('columnheader', { name: 'Patient' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  await table.getByRole('button', { name: 'Patient', exact: true }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(firstPatient).toHaveText(walkIn('24'));
  await table.getByRole('button', { name: 'Patient column options' }).click();
  await page.getByRole('menuitem', { name: 'Asc' }).click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(firstPatient).toHaveText(walkIn('00'));
  await table.getByRole('button', { name: 'Patient column options' }).click();
  await page.getByRole('menuitem', { name: 'Desc' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(firstPatient).toHaveText(walkIn('24'));
  // A column the server cannot sort is a plain header: no button, no chevron, no aria-sort.
  const waiting = table.getByRole('columnheader', { name: 'Waiting' });
  await expect(waiting.getByRole('button')).toHaveCount(0);
  await expect(waiting).not.toHaveAttribute('aria-sort', /.*/);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(bodyRows).toHaveCount(5);
  await expect(firstPatient).toHaveText(walkIn('04'));
  await expect(page.getByText('Showing 21–25 of 25')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A reload shows the same page in the same order.
  await page.reload();
  await expect(firstPatient).toHaveText(walkIn('04'));
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(firstPatient).toHaveText(walkIn('24'));
  await expect(bodyRows).toHaveCount(20);
});

test('a queue change made in one browser appears in another without a reload', async ({ adminPage }) => {
  // Two browsers, both on the queues board and both receiving live changes.
  const [a, b] = await Promise.all([adminPage(), adminPage()]);
  for (const page of [a, b]) {
    await page.goto('/admin/queues');
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
  }
  const patient = unique('Live patient');
  const radiologyOnB = b.getByRole('region', { name: 'Radiology queue' });
  const waitingOnB = radiologyOnB.getByText(/^\d+ waiting$/);
  const before = Number((await waitingOnB.textContent())?.split(' ')[0]);

  // A adds a patient to Radiology; B sees it arrive.
  await a.getByRole('button', { name: 'Add to Queue' }).click();
  const form = a.getByRole('dialog', { name: 'Add to Queue' });
  await form.getByRole('combobox', { name: 'Patient' }).fill(patient);
  await form.getByLabel('Department').selectOption('Radiology');
  await form.getByLabel('Triage').selectOption('Urgent');
  await form.getByLabel('ETA (minutes)').fill('12');
  await form.getByRole('button', { name: 'Add to Queue' }).click();
  await expect(a.getByText(`${patient} added to the Radiology queue`)).toBeVisible();

  await expect(radiologyOnB.getByRole('row', { name: new RegExp(patient) })).toContainText('12 min');
  await expect(waitingOnB).toHaveText(`${before + 1} waiting`);

  // A calls the next Radiology patient; B's count falls.
  await a.getByRole('button', { name: 'Call next in Radiology' }).click();
  await expect(a.getByText(/^Called .+ \(Radiology\)$/)).toBeVisible();
  await expect(waitingOnB).toHaveText(`${before} waiting`);
});

test('at 390 px the Wait Time Trend’s hour labels stand apart, none running into the next', async ({
  adminPage,
}) => {
  const page = await adminPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/dashboard');
  await waitForScreen(page);
  // The hour labels under the line (centred on their hour; the minutes' labels at the left end at it).
  const labels = page
    .getByRole('figure', { name: 'Wait Time Trend' })
    .locator('text.recharts-cartesian-axis-tick-value[text-anchor="middle"]');
  await expect(labels.first()).toBeVisible();
  const boxes = await labels.evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { text: n.textContent ?? '', left: r.left, right: r.right };
    }),
  );
  expect(boxes.length, 'at least the first and the last hour').toBeGreaterThanOrEqual(2);
  for (let i = 1; i < boxes.length; i++) {
    const [before, after] = [boxes[i - 1], boxes[i]];
    expect(after?.left, `${before?.text} runs into ${after?.text}`).toBeGreaterThanOrEqual(
      before?.right ?? 0,
    );
  }
  await shot(page, 'dashboard-wait-time-trend-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(labels.first()).toBeVisible();
  await shot(page, 'dashboard-wait-time-trend-1280');
});

test.describe('accessibility', () => {
  for (const entry of ADMIN_NAV) {
    test(`${entry.label} (${entry.to}) has no serious violations`, async ({ adminPage }) => {
      const page = await adminPage();
      await page.goto(entry.to);
      await waitForScreen(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('the audit outbox tab and the Add Doctor dialog have no serious violations', async ({ adminPage }) => {
    const page = await adminPage();
    await page.goto('/admin/audit?tab=outbox');
    await waitForScreen(page);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/admin/dashboard');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Add Doctor' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Doctor' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
