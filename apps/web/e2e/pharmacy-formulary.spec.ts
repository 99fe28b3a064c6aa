import { FORMULARY_MESSAGES, type PrescriptionResponse } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The formulary on the real server and a fresh demo database: the admin finds the shipped
 * medicines on /admin/formulary, adds one (the contract's ATC message first) and deactivates it;
 * the doctor's prescription picks a medicine from the formulary as the name is typed, and a
 * medicine outside it is written as typed, marked Not stocked, also on the prescription's sheet. (Its own demo patient, Halima
 * Sani, whom no other spec uses.)
 */

test('the admin finds the shipped formulary, adds a medicine and deactivates it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/formulary');
  await expect(page.getByRole('heading', { level: 1, name: 'Formulary' })).toBeVisible();

  const search = page.getByRole('searchbox');
  await search.fill('P01BF01');
  await expect(page.getByRole('row', { name: /Artemether\/lumefantrine 20\/120 mg/ }).first()).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('row', { name: /Acetylsalicylic acid 75 mg/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'formulary', { widths: [1280, 390] });

  const generic = `Cefixime ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Medicine' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medicine' });
  await dialog.getByLabel('Generic name').fill(generic);
  await dialog.getByLabel('Strength').fill('200 mg');
  await dialog.getByLabel('Form').selectOption('Tablet');
  await dialog.getByLabel('Route').selectOption('Oral');
  await dialog.getByLabel('Dispensing unit').fill('tablet');
  await dialog.getByLabel('Reorder level').fill('60');
  await dialog.getByLabel('ATC code').fill('J01D');
  await dialog.getByLabel('Price (₦)').fill('450');
  await dialog.getByRole('button', { name: 'Add Medicine' }).click();
  await expect(dialog.getByText(FORMULARY_MESSAGES.atcFormat)).toBeVisible();
  await dialog.getByLabel('ATC code').fill('j01dd08');
  await shot(page, 'formulary-dialog', { widths: [1280, 390] });
  await dialog.getByRole('button', { name: 'Add Medicine' }).click();
  await expect(page.getByText(FORMULARY_MESSAGES.added)).toBeVisible();
  await expect(dialog).toBeHidden();

  await search.fill(generic);
  const row = page.getByRole('row', { name: new RegExp(generic) });
  await expect(row).toContainText('J01DD08');
  await expect(row).toContainText('₦450');
  await row.getByRole('button', { name: `Deactivate ${generic} 200 mg Tablet` }).click();
  await expect(page.getByText(FORMULARY_MESSAGES.deactivated)).toBeVisible();
  await expect(row).toContainText('Inactive');
  await context.close();
});

test('the doctor picks a medicine from the formulary; one outside it is marked Not stocked', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/prescription/create-prescription');
  await page.getByRole('combobox', { name: 'Patient' }).fill('Halima Sani');
  await page.getByRole('option', { name: /Halima Sani/ }).click();

  const line = page.getByRole('listitem', { name: 'Medicine 1' });
  const name = line.getByRole('combobox', { name: 'Name' });
  await name.fill('artemether/lume');
  const option = line.getByRole('option', { name: /Artemether\/lumefantrine 20\/120 mg Tablet/ });
  await expect(option).toBeVisible();
  await shot(page, 'prescription-medicine-picker', { widths: [1280, 390] });
  await option.click();
  await expect(name).toHaveValue('Artemether/lumefantrine 20/120 mg Tablet');
  await expect(line.getByText('From the formulary')).toBeVisible();
  await line.getByLabel('Dosage').fill('4 tablets');
  await line.getByLabel('Duration').selectOption('3 Days');
  await line.getByLabel('Time').selectOption('After Meal');
  await line.getByLabel('Interval').selectOption('Morning and evening');

  await page.getByRole('button', { name: 'Add medicine' }).click();
  const second = page.getByRole('listitem', { name: 'Medicine 2' });
  await second.getByRole('combobox', { name: 'Name' }).fill('Moringa leaf powder');
  await expect(second.getByText('No formulary match', { exact: false })).toBeVisible();
  await expect(second.getByText(`${FORMULARY_MESSAGES.notStocked}: outside the formulary`)).toBeVisible();
  await second.getByLabel('Dosage').fill('1 spoon');
  await second.getByLabel('Duration').selectOption('7 Days');
  await second.getByLabel('Time').selectOption('After Meal');
  await second.getByLabel('Interval').selectOption('Daily morning');
  await expectNoSeriousA11yViolations(page);

  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/doctor/prescriptions') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save prescription' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  const { prescription } = (await response.json()) as PrescriptionResponse;
  expect(prescription.medicines.map((m) => [m.name, m.medicineId === null])).toEqual([
    ['Artemether/lumefantrine 20/120 mg Tablet', false],
    ['Moringa leaf powder', true],
  ]);
  // Prescription Details marks the medicine outside the formulary, the one from it not.
  await page.goto(`/doctor/prescription/${prescription.id}`);
  const sheet = page.getByRole('article', { name: 'Prescription' });
  await expect(sheet.getByRole('row').filter({ hasText: 'Moringa leaf powder' })).toContainText(
    FORMULARY_MESSAGES.notStocked,
  );
  await expect(sheet.getByRole('row').filter({ hasText: 'Artemether' })).not.toContainText(
    FORMULARY_MESSAGES.notStocked,
  );
  await shot(page, 'prescription-not-stocked', { widths: [1280, 390] });
  await context.close();
});
