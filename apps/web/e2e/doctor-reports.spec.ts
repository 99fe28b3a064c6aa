import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The doctor's Reports against the real server with demo data: a new investigation report
 * with an attachment, the same bytes downloaded from the patient drawer, and a birth report's
 * detail opened from its row. Screenshots at 1280 and 390 px go to the test's output.
 */

const GRACE = 'Grace Okonkwo';
/** A small file the server takes for a PDF (its first bytes say so), with bytes to compare. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function openReports(page: Page, tab: string) {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto(`/doctor/reports?tab=${tab}`);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
}

test('an investigation report with an attachment, downloaded again from the patient drawer', async ({
  page,
}) => {
  const title = `Lumbar MRI ${Date.now()}`;
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  await openReports(page, 'investigation');
  await expect(page.getByRole('tab', { name: 'Investigation Reports' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByRole('table', { name: 'Investigation Reports' }).getByRole('row').nth(1),
  ).toBeVisible();
  await shot(page, 'reports-investigation-1280');

  await page.getByRole('button', { name: 'New Investigation Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Investigation Report' });
  // The contract's messages show under the fields.
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(dialog.getByText('Choose a registered patient').first()).toBeVisible();
  await expect(dialog.getByText('Enter a title')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Patient' }).fill('Grace Okon');
  await dialog.getByRole('option', { name: new RegExp(GRACE) }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Date').fill(today);
  await dialog.getByLabel('Status').selectOption('In Progress');
  // A text file named .pdf is refused before it is sent.
  await dialog.getByLabel('Attachments').setInputFiles([
    { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') },
    { name: 'mri-report.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect(dialog.getByText('fake.pdf: Attachments must be PDF, PNG or JPEG files')).toBeVisible();
  await expect(dialog.getByText('mri-report.pdf')).toBeVisible();
  await shot(page, 'reports-new-investigation-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText(/Report saved: IR-\d{4}-\d{6} with 1 attachment/)).toBeVisible();

  // The new report's sheet opens with its file.
  const sheet = page.getByRole('dialog', { name: /Investigation Report IR-/ });
  await expect(sheet.getByText(title)).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Download mri-report.pdf' })).toBeVisible();
  const viewUrl = await sheet.getByRole('link', { name: 'View mri-report.pdf' }).getAttribute('href');
  const viewed = await page.request.get(viewUrl ?? '');
  expect(viewed.headers()['content-disposition']).toMatch(/^inline;/);
  expect(viewed.headers()['content-security-policy']).toMatch(/^sandbox/);
  expect(viewed.headers()['x-content-type-options']).toBe('nosniff');
  await shot(page, 'reports-sheet-1280', { fullPage: false });
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // The patient drawer's Medical reports list it; its download gives the same bytes.
  await page.goto(`/doctor/patients?scope=all&q=${encodeURIComponent(GRACE)}`);
  await page
    .getByRole('article')
    .filter({ hasText: GRACE })
    .getByRole('button', { name: 'View Details' })
    .click();
  const drawer = page.getByRole('dialog', { name: GRACE });
  const reports = drawer.getByRole('table', { name: 'Medical reports' });
  const row = reports.getByRole('row').filter({ hasText: title });
  for (let p = 0; p < 20 && !(await row.isVisible()); p += 1) {
    await expect(reports.getByRole('row').nth(1)).toBeVisible();
    if (await row.isVisible()) break;
    await drawer.getByRole('button', { name: /next/i }).click();
  }
  await expect(row).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Download mri-report.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mri-report.pdf');
  expect(fs.readFileSync(await download.path()).equals(PDF)).toBe(true);
  await shot(page, 'patient-drawer-reports-1280', { fullPage: false });
});

test("a birth report's row opens its detail, at 1280 and 390 px", async ({ page }) => {
  await openReports(page, 'birth');
  const table = page.getByRole('table', { name: 'Birth Reports' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(/BR-\d{4}-\d{6}/);
  const caseId = (await first.getByText(/BR-\d{4}-\d{6}/).textContent()) ?? '';
  await first.click();
  const sheet = page.getByRole('dialog', { name: `Birth Report ${caseId}` });
  await expect(sheet).toBeVisible();
  for (const label of ['Mother', "Child's name", 'Date and time', 'Sex', 'Weight', 'Delivery', 'Doctor']) {
    await expect(sheet.getByText(label, { exact: true })).toBeVisible();
  }
  // The demo doctor wrote it: Edit and Delete are offered.
  await expect(sheet.getByRole('button', { name: 'Edit' })).toBeVisible();
  await shot(page, 'reports-birth-sheet-1280', { fullPage: false });
  await page.keyboard.press('Escape');

  // Searching by name on the server.
  await page.getByRole('searchbox').fill('zzzz-no-such-name');
  await expect(table.getByText('No record found.')).toBeVisible();
  await page.getByRole('searchbox').fill('');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Death Reports' }).click();
  await expect(page).toHaveURL(/tab=death/);
  await expect(page.getByRole('table', { name: 'Death Reports' }).getByRole('row').nth(1)).toContainText(
    /DR-/,
  );
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await shot(page, 'reports-death-390');
  await page.getByRole('button', { name: 'New Death Report' }).click();
  await expect(
    page.getByRole('dialog', { name: 'New Death Report' }).getByLabel('Cause of death'),
  ).toBeVisible();
  await shot(page, 'reports-new-death-390', { fullPage: false });
});
