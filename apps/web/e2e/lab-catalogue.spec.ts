import { LAB_CATALOGUE_MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The laboratory catalogue on /admin/lab-tests, on the real server and a fresh demo database:
 * the shipped tests are there, the admin adds a test with a reference range, finds it by its
 * code on the server-paged table, and the dialog shows the contract's messages.
 */

test('the admin finds the shipped catalogue, adds a test with a range and finds it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/lab-tests');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Lab Tests' })).toBeVisible();

  const search = page.getByRole('searchbox');
  await search.fill('58410-2');
  await expect(page.getByRole('row', { name: /Full blood count/ })).toContainText('Panel of 10');
  await search.fill('');
  await expect(page.getByRole('row', { name: /Alanine aminotransferase/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'lab-tests', { widths: [1280, 390] });

  const code = `ZN${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: 'Add Lab Test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lab Test' });
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByLabel('LOINC code').fill('5763-9');
  await dialog.getByLabel('Name', { exact: true }).fill('Zinc');
  await dialog.getByLabel('Container').fill('Plain/SST (gold top)');
  await dialog.getByLabel('Turnaround (minutes)').fill('1440');
  await dialog.getByLabel('Price (₦)').fill('9500');
  await dialog.getByLabel('Unit (UCUM)').fill('ug/dL');
  await dialog.getByRole('button', { name: 'Add range' }).click();
  await dialog.getByLabel('Low', { exact: true }).fill('60');
  await dialog.getByLabel('High', { exact: true }).fill('120');
  await dialog.getByLabel('Critical low').fill('70');
  await dialog.getByRole('button', { name: 'Add Lab Test' }).click();
  // The contract's messages: the LOINC check digit, then a critical low above the low limit.
  await expect(dialog.getByText(LAB_CATALOGUE_MESSAGES.loincCheckDigit)).toBeVisible();
  await dialog.getByLabel('LOINC code').fill('5763-8');
  await dialog.getByRole('button', { name: 'Add Lab Test' }).click();
  await expect(dialog.getByText(LAB_CATALOGUE_MESSAGES.criticalLowAboveLow)).toBeVisible();
  await dialog.getByLabel('Critical low').fill('30');
  await shot(page, 'lab-test-dialog', { widths: [1280, 390] });
  await dialog.getByRole('button', { name: 'Add Lab Test' }).click();
  await expect(page.getByText(LAB_CATALOGUE_MESSAGES.added)).toBeVisible();
  await expect(dialog).toBeHidden();

  await search.fill(code.toLowerCase());
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Zinc');
  await expect(row).toContainText('ug/dL');
  await expect(row).toContainText('1 d');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Edit Zinc' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Zinc' });
  await expect(edit.getByLabel('Low', { exact: true })).toHaveValue('60');
  await expect(edit.getByLabel('Critical low')).toHaveValue('30');
  await context.close();
});
