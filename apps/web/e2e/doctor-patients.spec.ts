import fs from 'node:fs';
import { CHART_MESSAGES, PATIENT_CSV_COLUMNS, type PatientCard } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The doctor's Patient List and patient chart against the real server with demo data: paging,
 * the scope, search, Filter, Download Report (the CSV holds every matching row, not one page)
 * and the drawer in view and edit modes. Screenshots at 1280 and 390 px go to the test's output.
 */

const GRACE = 'Grace Okonkwo';

async function openPatients(page: Page) {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/patients');
  await expect(page.getByRole('heading', { name: 'Patient List', level: 1 })).toBeVisible();
}

const cards = (page: Page) => page.getByRole('article');
/** Grace's card, found by the search box: the demo doctor has more patients than a page holds. */
async function findGrace(page: Page) {
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(GRACE);
  await expect(page).toHaveURL(/q=Grace/);
  await expect(cards(page).filter({ hasText: GRACE })).toBeVisible();
}

/** Every matching patient as the API pages them (limit 100), for comparing with the CSV. */
async function allMatching(page: Page, query: string) {
  const found: PatientCard[] = [];
  for (let p = 1; ; p += 1) {
    const res = await page.request.get(`/api/doctor/patients?${query}&limit=100&page=${p}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: PatientCard[]; pagination: { nextPage: number | null } };
    found.push(...body.data);
    if (body.pagination.nextPage === null) return found;
  }
}

/** Clicks Download Report and reads the file the browser saved. */
async function downloadReport(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.trimEnd().split('\r\n');
  expect(header).toBe(PATIENT_CSV_COLUMNS.join(','));
  return rows.map((row) => row.split(',')[0] ?? '');
}

test('the doctor pages, searches, filters and exports the patient list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPatients(page);

  // My patients by default: those with an appointment with this doctor.
  await expect(page.getByRole('button', { name: 'My patients' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'list-1280');
  await findGrace(page);
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('');
  await expect(page).not.toHaveURL(/q=/);

  // All patients, 10 a page by default, every page number, Previous and Next from the server.
  await page.getByRole('button', { name: 'All patients' }).click();
  await expect(page).toHaveURL(/scope=all/);
  await expect(cards(page)).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await page.reload();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Count').selectOption('20');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(20);

  // Search across all patients, on the server.
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('okonkwo');
  await expect(page).toHaveURL(/q=okonkwo/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText(GRACE);
  const grace = cards(page).first();
  await expect(grace).toContainText('Weight');
  await expect(grace).toContainText(/\d+(\.\d)? kg/);
  await expect(grace).toContainText(/\d+\/\d+ mmHg/);
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('');
  await expect(page).not.toHaveURL(/q=/);

  // Filter: a blood group and a last visit; every card shown matches.
  await page.getByRole('button', { name: /^Filter/ }).click();
  const filter = page.getByRole('dialog', { name: 'Filter patients' });
  await filter.getByLabel('From').fill('60');
  await filter.getByLabel('To').fill('20');
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(filter.getByText(CHART_MESSAGES.ageRange)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'filter-1280');
  await filter.getByRole('button', { name: 'Clear all' }).click();
  await filter.getByLabel('Last visit').selectOption({ label: 'Within a year' });
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(filter).toBeHidden();
  await expect(page).toHaveURL(/lastVisit=365/);
  await expect(page.getByRole('button', { name: 'Remove filter: Last visit: within a year' })).toBeVisible();

  // Download Report holds every matching row, not only the page on screen.
  await page.getByLabel('Count').selectOption('10');
  await expect(cards(page)).toHaveCount(10);
  const expected = await allMatching(page, 'scope=all&lastVisit=365');
  expect(expected.length).toBeGreaterThan(10);
  const exported = await downloadReport(page);
  expect(exported.sort()).toEqual(expected.map((c) => c.fullName).sort());

  // A blood group narrows both.
  const bloodGroup = expected.find((c) => c.bloodGroup)?.bloodGroup ?? 'O+';
  const narrowed = await allMatching(
    page,
    `scope=all&lastVisit=365&bloodGroup=${encodeURIComponent(bloodGroup)}`,
  );
  expect(narrowed.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Filter/ }).click();
  await filter.getByLabel('Blood group').selectOption(bloodGroup);
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/bloodGroup=/);
  await expect(cards(page)).toHaveCount(Math.min(narrowed.length, 10));
  for (const card of await cards(page).all()) await expect(card).toContainText(bloodGroup);
  expect((await downloadReport(page)).sort()).toEqual(narrowed.map((c) => c.fullName).sort());
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/bloodGroup|lastVisit/);
});

test('View Details shows the real chart, and the doctor edits the medical details', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPatients(page);
  await findGrace(page);
  await page.getByRole('button', { name: `View Details of ${GRACE}` }).click();
  const drawer = page.getByRole('dialog', { name: GRACE });
  await expect(drawer.getByText('Patient', { exact: true })).toBeVisible();
  await expect(drawer.getByText(/^Record no\. CP-\d{6,}$/)).toBeVisible();
  const personal = drawer.getByRole('region', { name: 'Personal details' });
  await expect(personal).toContainText('Grace');
  await expect(personal).toContainText('Okonkwo');
  await expect(personal).toContainText(DEMO.patient);
  await expect(personal).toContainText('12 Apr 1990');
  const medical = drawer.getByRole('region', { name: 'Medical details' });
  for (const label of ['Treatment', 'Any ongoing surgeries', 'Blood group', 'Last visited'])
    await expect(medical.getByText(label, { exact: true })).toBeVisible();
  // Date of birth and age once, with the personal details.
  for (const label of ['Date of birth', 'Age']) {
    await expect(personal.getByText(label, { exact: true })).toBeVisible();
    await expect(medical.getByText(label, { exact: true })).toHaveCount(0);
  }
  const reports = drawer.getByRole('region', { name: 'Medical reports' });
  const reportsTable = reports.getByRole('table', { name: 'Medical reports' });
  await expect(reportsTable).toBeVisible();
  await expect(reports.getByRole('row')).not.toHaveCount(1);
  // Told by date, title and type: no column of internal codes, and a title under Title.
  await expect(reportsTable.getByRole('columnheader')).toHaveText([
    'Date',
    'Title',
    'Type',
    'Generated by',
    'Status',
    'Attachments',
  ]);
  await expect(reportsTable.getByRole('cell', { name: /^(Checkup|Surgery)$/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'drawer-1280', { fullPage: false });
  await reports.scrollIntoViewIfNeeded();
  await shot(page, 'drawer-reports-1280', { fullPage: false });

  // Edit: a measurement out of range is refused with its unit; a valid one is saved and shown.
  await medical.getByRole('button', { name: 'Edit' }).click();
  const form = medical.getByRole('form', { name: 'Edit medical details' });
  await form.getByLabel('Blood group').selectOption('B+');
  await form.getByLabel('Treatment').fill('Lisinopril 10 mg daily');
  await form.getByLabel('Allergies', { exact: true }).fill('Latex gloves');
  await form.getByLabel('Allergies', { exact: true }).press('Enter');
  await expect(form.getByRole('button', { name: 'Remove Latex gloves' })).toBeVisible();
  await form.getByLabel('Weight (kg)').fill('500');
  await form.getByLabel('Systolic (mmHg)').fill('126');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Weight must be between 0.3 and 400 kg')).toBeVisible();
  await expect(form.getByText(CHART_MESSAGES.bothPressures)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'drawer-edit-1280', { fullPage: false });
  await form.getByLabel('Weight (kg)').fill('71.2');
  await form.getByLabel('Diastolic (mmHg)').fill('81');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(CHART_MESSAGES.saved)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(medical).toContainText('Lisinopril 10 mg daily');
  await expect(medical).toContainText('B+');
  // A recorded allergy is an alert, not a plain fact among the others.
  await expect(medical.getByRole('alert')).toContainText('Latex gloves');
  await expect(medical).toContainText('71.2 kg');
  await expect(medical).toContainText('126/81 mmHg');
  await expect(medical).toContainText('by Dr Daniel Adeyemi');

  // The card shows the new latest values once the drawer is closed.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  const card = cards(page).filter({ hasText: GRACE });
  await expect(card).toContainText('71.2 kg');
  await expect(card).toContainText('126/81 mmHg');
  await expect(card).toContainText('B+');
});

test('the patient screens work on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPatients(page);
  await page.getByRole('button', { name: 'All patients' }).click();
  await expect(cards(page)).toHaveCount(10);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the list scrolls sideways').toBeLessThanOrEqual(0);
  await shot(page, 'list-390');

  await page.getByRole('button', { name: /^Filter/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Filter patients' }).getByRole('button', { name: 'Apply' }),
  ).toBeInViewport();
  await shot(page, 'filter-390', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'My patients' }).click();
  await findGrace(page);
  await page.getByRole('button', { name: `View Details of ${GRACE}` }).click();
  const drawer = page.getByRole('dialog', { name: GRACE });
  await expect(drawer.getByRole('region', { name: 'Medical reports' })).toBeVisible();
  await shot(page, 'drawer-390', { fullPage: false });
  await drawer.getByRole('region', { name: 'Medical details' }).getByRole('button', { name: 'Edit' }).click();
  await drawer.getByRole('group', { name: 'New measurement (optional)' }).scrollIntoViewIfNeeded();
  await expect(drawer.getByRole('button', { name: 'Save details' })).toBeVisible();
  await shot(page, 'drawer-edit-390', { fullPage: false });
  await expectNoSeriousA11yViolations(page);
});
