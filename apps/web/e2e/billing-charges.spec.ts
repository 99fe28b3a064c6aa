import { CHARGE_MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The cashier's Bill (docs/areas/billing-charges.md): the demo patient's charges that followed the
 * care, with the demo's voided line struck through; the cashier adds a charge for a service the
 * price list lacks (the reason is required first), then voids it with a reason. Other tests share
 * the demo database: the figures asserted are this test's own lines.
 */

test('the cashier reads a bill, adds a charge with its reason and voids it', async ({ page, browser }) => {
  // The demo patient's id, as the admin's patient list answers it.
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, DEMO_PASSWORD);
  const found = await admin.request.get(`/api/admin/patients?q=${encodeURIComponent(DEMO.patient)}`);
  const [patient] = ((await found.json()) as { data: Array<{ id: string }> }).data;
  if (!patient) throw new Error('the demo patient is missing');
  await admin.close();

  await signIn(page, DEMO.cashier, DEMO_PASSWORD);
  await page.goto(`/billing/patients/${patient.id}`);
  await expect(page.getByRole('heading', { name: 'Bill' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Charges' });
  // The demo's consultations, and its manual charge entered twice, the second voided.
  await expect(table.getByRole('row').filter({ hasText: 'Consultation' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Voided: Entered twice' })).toBeVisible();
  await shot(page, 'billing-bill', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  const description = `Arm splint ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Charge' }).click();
  const add = page.getByRole('dialog', { name: 'Add Charge' });
  await add.getByLabel('Charge for').selectOption('described');
  await add.getByLabel('Description').fill(description);
  await add.getByLabel('Unit price (₦)').fill('1,500');
  await add.getByLabel('Quantity').fill('2');
  await add.getByRole('button', { name: 'Add Charge' }).click();
  await expect(add.getByText(CHARGE_MESSAGES.reasonRequired)).toBeVisible();
  await add.getByLabel('Reason').fill('Applied in the emergency room; not on the price list');
  await shot(page, 'billing-add-charge', { widths: [1280, 390], fullPage: false });
  await add.getByRole('button', { name: 'Add Charge' }).click();
  await expect(page.getByText(CHARGE_MESSAGES.chargeAdded)).toBeVisible();
  await expect(add).toBeHidden();

  await page.getByRole('searchbox').fill(description);
  const line = table.getByRole('row').filter({ hasText: description });
  await expect(line).toContainText('₦3,000.00');
  await expect(line).toContainText('Added by hand');
  await line.getByRole('button', { name: `Void ${description}` }).click();
  const voiding = page.getByRole('dialog', { name: `Void: ${description}` });
  await voiding.getByRole('button', { name: 'Void Charge' }).click();
  await expect(voiding.getByText(CHARGE_MESSAGES.voidReasonRequired)).toBeVisible();
  await voiding.getByLabel('Reason').fill('Splint not used');
  await shot(page, 'billing-void-charge', { widths: [1280, 390], fullPage: false });
  await voiding.getByRole('button', { name: 'Void Charge' }).click();
  await expect(page.getByText(CHARGE_MESSAGES.chargeVoided)).toBeVisible();
  await expect(line).toContainText('Voided: Splint not used');
  await expect(line.getByRole('button', { name: `Void ${description}` })).toHaveCount(0);
});
