import { DIAGNOSIS_CATEGORY_MESSAGES, DIAGNOSIS_MESSAGES } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './helpers';

/*
 * Diagnosis tests and categories on the real server with demo data: a test is recorded, found
 * by its generated report number, edited and deleted; categories are added, renamed, and
 * refused deletion while tests use them.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SEARCH = 'Patient, report no., category, test';

async function waitForTable(page: Page) {
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
}

test('a diagnosis test is recorded, found by its report number, edited and deleted', async ({ page }) => {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/diagnosis');
  const table = page.getByRole('table', { name: 'Patient diagnosis tests' });
  await expect(table).toContainText('Full blood count');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'New Patient Diagnosis Test' }).click();
  await expect(page).toHaveURL(/\/doctor\/new-diagnosis$/);
  await expect(page.getByLabel('Report number')).toHaveAttribute('placeholder', 'Assigned on save');

  const name = unique('Fasting glucose');
  await page.getByLabel('Patient', { exact: true }).fill('Grace');
  await page.getByRole('option', { name: /Grace Okonkwo/ }).click();
  await page.getByLabel('Test name').fill(name);
  await page.getByLabel('Diagnosis category').selectOption({ label: 'Clinical Chemistry' });
  await page.getByLabel('Blood sugar (mg/dL)').fill('5000');
  await page.getByLabel('Systolic blood pressure (mmHg)').fill('124');
  await page.getByLabel('Diastolic blood pressure (mmHg)').fill('82');
  await page.getByRole('button', { name: 'Add property' }).click();
  await page.getByLabel('Property 1 name').fill('HbA1c');
  await page.getByLabel('Property 1 value').fill('6.1 %');
  await page.getByRole('button', { name: 'Save test' }).click();
  await expect(page.getByText('Blood sugar must be between 10 and 1000 mg/dL')).toBeVisible();
  await page.getByLabel('Blood sugar (mg/dL)').fill('104');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save test' }).click();

  const saved = page.getByText(new RegExp(`${DIAGNOSIS_MESSAGES.created}: DX-\\d{4}-\\d{6}`));
  await expect(saved).toBeVisible();
  const reportNumber = ((await saved.textContent()) ?? '').match(/DX-\d{4}-\d{6}/)?.[0] ?? '';
  await expect(page).toHaveURL(/\/doctor\/diagnosis$/);

  await page.getByPlaceholder(SEARCH).fill(reportNumber);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(reportNumber) });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Grace Okonkwo');
  await expect(row).toContainText('Clinical Chemistry');

  await row.getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(/\/doctor\/edit-diagnosis\//);
  // Opened afresh, the stored category shows before the list of categories arrives.
  await page.reload();
  await expect(page.getByLabel('Report number')).toHaveValue(reportNumber);
  await expect(page.getByLabel('Diagnosis category').locator('option:checked')).toHaveText(
    'Clinical Chemistry',
  );
  await expect(page.getByLabel('Blood sugar (mg/dL)')).toHaveValue('104');
  await expect(page.getByLabel('Property 1 value')).toHaveValue('6.1 %');
  const renamed = `${name} (repeat)`;
  await page.getByLabel('Test name').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(DIAGNOSIS_MESSAGES.updated)).toBeVisible();
  await expect(page).toHaveURL(/\/doctor\/diagnosis$/);

  await page.getByPlaceholder(SEARCH).fill(reportNumber);
  const edited = table.getByRole('row', { name: new RegExp(reportNumber) });
  await expect(edited).toContainText(renamed);
  await edited.getByRole('button', { name: /Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(dialog).toContainText('Are you sure you want to delete this patient?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByText(`${DIAGNOSIS_MESSAGES.deleted}: ${reportNumber}`)).toBeVisible();
  await expect(page.getByText('No patient diagnosis')).toBeVisible();
});

test('categories are added, renamed, kept unique, and not deleted while tests use them', async ({ page }) => {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/diagnosis');
  await page.getByRole('link', { name: 'Diagnosis Category' }).click();
  await expect(page).toHaveURL(/\/doctor\/diagnosis-category$/);
  const table = page.getByRole('table', { name: 'Diagnosis categories' });
  await expect(table).toContainText('Blood Transfusion');
  await waitForTable(page);
  await expectNoSeriousA11yViolations(page);

  const name = unique('Audiology');
  await page.getByRole('button', { name: 'New Diagnosis Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Diagnosis Category' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Hearing tests');
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText(DIAGNOSIS_CATEGORY_MESSAGES.created)).toBeVisible();

  await page.getByRole('button', { name: 'New Diagnosis Category' }).click();
  dialog = page.getByRole('dialog', { name: 'New Diagnosis Category' });
  await dialog.getByLabel('Name').fill('haematology');
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog.getByText(DIAGNOSIS_CATEGORY_MESSAGES.nameTaken)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByPlaceholder('Search categories').fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Diagnosis Category' });
  await dialog.getByLabel('Name').fill(`${name} and Balance`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(DIAGNOSIS_CATEGORY_MESSAGES.updated)).toBeVisible();

  await page.getByPlaceholder('Search categories').fill('Haematology');
  await table.getByRole('button', { name: 'Delete Haematology' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Delete' })
    .getByRole('button', { name: 'Yes, Delete' })
    .click();
  await expect(
    page.getByText(/This category is used by \d+ diagnosis tests? and cannot be deleted/),
  ).toBeVisible();
  await expect(table).toContainText('Haematology');

  await page.getByPlaceholder('Search categories').fill(`${name} and Balance`);
  await table.getByRole('button', { name: `Delete ${name} and Balance` }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Delete' })
    .getByRole('button', { name: 'Yes, Delete' })
    .click();
  await expect(page.getByText(DIAGNOSIS_CATEGORY_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByText('No record found.')).toBeVisible();
});
