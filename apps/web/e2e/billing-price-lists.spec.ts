import { BILLING_MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Payers and price lists (docs/areas/billing.md): the administrator adds an HMO, sets its price
 * for a specialist consultation (a new row from today, in its history), and the cashier, signed
 * in on her own, opens Price Lists from her dashboard and finds that price on the HMO's list.
 */

const SERVICE = 'Specialist consultation';

test('an HMO and its price, set by the admin, are on the cashier’s Price Lists', async ({
  page,
  browser,
}) => {
  const name = `Leadway Health ${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/payers');
  await expect(page.getByRole('heading', { name: 'Payers' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Hygeia HMO' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Payer' }).click();
  const add = page.getByRole('dialog', { name: 'Add Payer' });
  await add.getByLabel('Kind').selectOption('hmo');
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Code').fill('LWH-E2E');
  await add.getByLabel('Medicine markup (%)').fill('abc');
  await add.getByRole('button', { name: 'Add Payer' }).click();
  await expect(add.getByText(BILLING_MESSAGES.markupRange)).toBeVisible();
  await add.getByLabel('Medicine markup (%)').fill('12.5');
  await add.getByRole('button', { name: 'Add Payer' }).click();
  await expect(page.getByText(BILLING_MESSAGES.payerAdded)).toBeVisible();
  await expect(add).toBeHidden();
  const payerRow = page.getByRole('row').filter({ hasText: name });
  await expect(payerRow).toContainText("12.5 % over the batch's unit cost");
  await shot(page, 'billing-admin-payers', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  await payerRow.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: `${name}: prices` })).toBeVisible();
  await page.getByRole('searchbox').fill('CONS-SPEC');
  const row = page.getByRole('row').filter({ hasText: SERVICE });
  await expect(row).toContainText(BILLING_MESSAGES.noPrice);
  await row.getByRole('button', { name: `Set Price of ${SERVICE}` }).click();
  const set = page.getByRole('dialog', { name: `Set price: ${SERVICE}` });
  await set.getByLabel('Price (₦)').fill('12,345');
  await shot(page, 'billing-admin-set-price', { widths: [1280, 390], fullPage: false });
  await set.getByRole('button', { name: 'Set Price' }).click();
  await expect(page.getByText(BILLING_MESSAGES.priceSet)).toBeVisible();
  await expect(set).toBeHidden();
  await expect(row).toContainText('₦12,345.00');
  await shot(page, 'billing-admin-prices', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: `History of ${SERVICE}` }).click();
  const history = page.getByRole('dialog', { name: `Price history: ${SERVICE}` });
  await expect(history.getByRole('row').filter({ hasText: '₦12,345.00' })).toBeVisible();

  // The cashier, in a browser of her own.
  const context = await browser.newContext();
  const cashier = await context.newPage();
  await signIn(cashier, DEMO.cashier, DEMO_PASSWORD);
  await expect(cashier).toHaveURL(/\/billing\/dashboard/);
  await cashier.getByRole('link', { name: 'Price Lists' }).click();
  await expect(cashier.getByRole('heading', { name: 'Price Lists' })).toBeVisible();
  await cashier.getByLabel('Payer').selectOption({ label: name });
  await cashier.getByRole('searchbox').fill('Specialist');
  await expect(cashier.getByRole('row').filter({ hasText: SERVICE })).toContainText('₦12,345.00');
  await cashier.getByLabel('Payer').selectOption({ label: 'Self-pay' });
  await cashier.getByRole('searchbox').fill('General consultation');
  await expect(cashier.getByRole('row').filter({ hasText: 'General consultation' })).toContainText(
    '₦10,000.00',
  );
  await shot(cashier, 'billing-price-lists', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(cashier);
  await context.close();
});
