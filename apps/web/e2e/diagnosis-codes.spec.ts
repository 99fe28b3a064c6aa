import { TOASTS } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The diagnosis picker (ICD-10-CM) on a new prescription, on the real server and a fresh demo
 * database: the doctor searches by words, then by code, chooses with the keyboard, keeps their
 * own wording beside it, saves, and sees the code with its title on the prescription.
 */

test('the doctor codes a visit’s diagnosis from the searchable picker and sees it saved', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/prescription/create-prescription');

  const patient = page.getByRole('combobox', { name: 'Patient' });
  await patient.fill('Grace Okon');
  await page.getByRole('option', { name: /Grace Okonkwo/ }).click();

  const picker = page.getByRole('combobox', { name: 'Diagnosis (ICD-10-CM)' });
  await picker.fill('zzzz');
  await expect(page.getByRole('status').filter({ hasText: 'No codes found.' })).toBeAttached();
  // Words of the title, in any order.
  await picker.fill('apnea sleep');
  const list = page.getByRole('listbox', { name: 'Diagnosis (ICD-10-CM) suggestions' });
  await expect(list.getByRole('option')).toHaveText([
    /G47\.30\s*Sleep apnea, unspecified/,
    /G47\.33\s*Obstructive sleep apnea/,
  ]);
  await expect(page.getByRole('status').filter({ hasText: '2 codes found.' })).toBeAttached();
  // A code's start lists its codes in order; the exact code comes first.
  await picker.fill('e11.6');
  await expect(list.getByRole('option').first()).toContainText('E11.610');
  await picker.fill('g51');
  await expect(list.getByRole('option').first()).toContainText('G51.0');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await picker.fill('type 2 diabetes');
  await expect(list.getByRole('option').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/tmp/shots-h3/picker-open-1280.png', fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await picker.scrollIntoViewIfNeeded();
  await expect(list.getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-h3/picker-open-390.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Keyboard: down to the second suggestion, Enter chooses it.
  await picker.fill('bell');
  await expect(list.getByRole('option').first()).toContainText("Bell's palsy");
  await picker.fill('insomnia');
  await expect(list.getByRole('option')).toHaveCount(3);
  await picker.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(picker).toHaveValue('G47.01 Insomnia due to medical condition');
  await expect(list).toBeHidden();
  // Cleared, then chosen again with the mouse.
  await page.getByRole('button', { name: 'Clear Diagnosis (ICD-10-CM)' }).click();
  await expect(picker).toHaveValue('');
  await picker.fill('bell');
  await list.getByRole('option', { name: /G51\.0/ }).click();
  await expect(picker).toHaveValue("G51.0 Bell's palsy");
  await page.getByLabel('Problem description').fill('Sudden right facial droop since yesterday morning.');
  await shot(page, 'diagnosis-picker-chosen', { widths: [1280, 390] });
  await page.screenshot({ path: '/tmp/shots-h3/picker-chosen-1280.png', fullPage: true });

  const line = page.getByRole('listitem', { name: 'Medicine 1' });
  await line.getByRole('combobox', { name: 'Name' }).fill('Prednisolone 5 mg');
  await line.getByLabel('Dosage').fill('1 tablet');
  await line.getByLabel('Duration').selectOption('7 Days');
  await line.getByLabel('Time').selectOption('After Meal');
  await line.getByLabel('Interval').selectOption('Morning and evening');
  await page.getByRole('button', { name: 'Save prescription' }).click();
  await expect(page.getByText(TOASTS.prescriptionAdded)).toBeVisible();

  await page
    .getByRole('row')
    .filter({ hasText: 'Prednisolone 5 mg' })
    .getByRole('link', { name: /View prescription for/ })
    .click();
  const sheet = page.getByRole('article', { name: 'Prescription' });
  await expect(sheet).toContainText("G51.0 Bell's palsy");
  await expect(sheet).toContainText('Sudden right facial droop since yesterday morning.');
  await page.screenshot({ path: '/tmp/shots-h3/sheet-1280.png', fullPage: true });

  // Editing keeps the choice shown in the picker.
  const id = new URL(page.url()).pathname.split('/').at(-1);
  await page.goto(`/doctor/prescription/${id}/edit`);
  await expect(page.getByRole('combobox', { name: 'Diagnosis (ICD-10-CM)' })).toHaveValue(
    "G51.0 Bell's palsy",
  );
  await context.close();
});
