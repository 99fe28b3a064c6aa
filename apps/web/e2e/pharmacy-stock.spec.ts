import { PHARMACY_STOCK_MESSAGES, STOCK_COUNT_MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The pharmacy's stock (docs/areas/pharmacy.md): the pharmacist receives a batch of folic acid
 * into the main store, finds it on the stock screen, transfers part of it to the Paediatric Ward
 * (whose store is made then), writes off what was damaged there, and reads the batch's ledger,
 * whose balances are those the batch shows per store. A second tab with the medicine's batches
 * open sees the receipt arrive without a reload (the `stock` topic). Then they count the ward's
 * store: one tablet short, whose variance (and its value) the preview shows before the count is
 * posted, and the ledger's count row leaves the balance counted.
 */

const MEDICINE = 'Folic acid 5 mg Tablet';

test('receive, transfer to a ward, adjust, count: the ledger and the balances agree', async ({ page }) => {
  const batchNumber = `FA-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, DEMO.pharmacist, DEMO_PASSWORD);
  await page.goto('/pharmacy/stock');
  await expect(page.getByRole('heading', { name: 'Stock' })).toBeVisible();
  await page.getByRole('searchbox').fill('Folic acid');
  const row = page.getByRole('row').filter({ hasText: MEDICINE });
  await expect(row).toBeVisible();

  // A second tab on the same screen, the medicine's batches open and its live stream connected.
  const watcher = await page.context().newPage();
  await watcher.goto('/pharmacy/stock?q=Folic%20acid');
  await expect(
    watcher.getByText("Every medicine on hand in the main store and the wards' stores, live."),
  ).toBeVisible();
  await watcher
    .getByRole('row')
    .filter({ hasText: MEDICINE })
    .getByRole('button', { name: `Batches of ${MEDICINE}` })
    .click();
  const watched = watcher.getByRole('dialog', { name: MEDICINE });
  await expect(watched).toBeVisible();
  await expect(watched.getByRole('row').filter({ hasText: batchNumber })).toHaveCount(0);

  await row.getByRole('button', { name: `Receive ${MEDICINE}` }).click();
  const receive = page.getByRole('dialog', { name: 'Receive goods' });
  await receive.getByLabel('Supplier').fill('Emzor Pharmaceuticals');
  await receive.getByLabel('Invoice number').fill('INV-E2E-1');
  await receive.getByLabel('Batch number').fill(batchNumber);
  await receive.getByLabel('Expiry date').fill('2029-12-31');
  await receive.getByLabel('Quantity').fill('200');
  await receive.getByLabel('Unit cost (₦)').fill('12.50x');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText(PHARMACY_STOCK_MESSAGES.unitCost)).toBeVisible();
  await shot(page, 'pharmacy-stock-receive', { widths: [1280, 390], fullPage: false });
  await receive.getByLabel('Unit cost (₦)').fill('12.50');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText(PHARMACY_STOCK_MESSAGES.received)).toBeVisible();
  await expect(receive).toBeHidden();
  await expect(row).toContainText('Main Pharmacy: ');
  await expect(watched.getByRole('row').filter({ hasText: batchNumber })).toContainText('Main Pharmacy: 200');
  await watcher.close();
  await shot(page, 'pharmacy-stock', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: `Batches of ${MEDICINE}` }).click();
  const sheet = page.getByRole('dialog', { name: MEDICINE });
  const batch = sheet.getByRole('row').filter({ hasText: batchNumber });
  await expect(batch).toContainText('Main Pharmacy: 200');
  await expect(batch).toContainText('₦12.50');

  await batch.getByRole('button', { name: `Transfer batch ${batchNumber}` }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer to a ward' });
  await transfer.getByLabel('Ward').selectOption({ label: 'Paediatric Ward store' });
  await transfer.getByLabel('Quantity').fill('50');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer).toBeHidden();
  await expect(batch).toContainText('Main Pharmacy: 150');
  await expect(batch).toContainText('Paediatric Ward store: 50');

  await batch.getByRole('button', { name: `Adjust batch ${batchNumber}` }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust stock' });
  await adjust.getByLabel('Store').selectOption({ label: 'Paediatric Ward store: 50' });
  await adjust.getByLabel('Why').selectOption('Damaged');
  await adjust.getByLabel('Quantity').fill('-5');
  await adjust.getByLabel('Note').fill('Bottle dropped on the ward');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust).toBeHidden();
  await expect(batch).toContainText('Paediatric Ward store: 45');

  await batch.getByRole('button', { name: `Ledger of batch ${batchNumber}` }).click();
  const ledger = sheet.getByRole('table', { name: 'Batch ledger' });
  const rows = ledger.getByRole('row');
  // Newest first; each row's balance is its store's after it, and the newest per store is what the batch shows.
  await expect(rows.filter({ hasText: 'Adjustment' })).toContainText('Damaged: Bottle dropped on the ward');
  await expect(rows.filter({ hasText: 'Adjustment' })).toContainText('-5');
  await expect(rows.filter({ hasText: 'Adjustment' })).toContainText('45');
  await expect(rows.filter({ hasText: 'Transfer in' })).toContainText('+50');
  await expect(rows.filter({ hasText: 'Transfer out' })).toContainText('150');
  await expect(rows.filter({ hasText: 'Receipt' })).toContainText('INV-E2E-1');
  await expect(rows.filter({ hasText: 'Receipt' })).toContainText('200');
  await shot(page, 'pharmacy-stock-ledger', { widths: [1280, 390], fullPage: false });
  await expectNoSeriousA11yViolations(page);

  // Count the ward's store: 44 on the shelf where the record says 45.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await page.getByRole('link', { name: 'Count stock' }).click();
  await expect(page.getByRole('heading', { name: 'Count stock' })).toBeVisible();
  await page.getByLabel('Store').selectOption({ label: 'Paediatric Ward store' });
  await page.getByRole('searchbox').fill(batchNumber);
  const counted = page.getByLabel(`Counted, ${MEDICINE} batch ${batchNumber}`);
  await expect(page.getByRole('row').filter({ hasText: batchNumber })).toHaveCount(1);
  await counted.fill('44');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'Count preview' });
  const line = preview.getByRole('row').filter({ hasText: batchNumber });
  // On record 45, counted 44: one tablet short, at ₦12.50.
  await expect(line).toContainText('45');
  await expect(line).toContainText('44');
  await expect(line).toContainText('-1');
  await expect(line).toContainText('-₦12.50');
  await shot(page, 'pharmacy-stock-count', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Note (optional)').fill('Ward shelf check');
  await page.getByRole('button', { name: 'Post count' }).click();
  await expect(page.getByText(STOCK_COUNT_MESSAGES.posted)).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(counted).toHaveValue('');

  await page.getByRole('link', { name: 'Back to stock' }).click();
  await page.getByRole('searchbox').fill('Folic acid');
  await row.getByRole('button', { name: `Batches of ${MEDICINE}` }).click();
  await expect(batch).toContainText('Paediatric Ward store: 44');
  await batch.getByRole('button', { name: `Ledger of batch ${batchNumber}` }).click();
  const countRow = rows.filter({ hasText: 'Stock count: Ward shelf check' });
  await expect(countRow).toContainText('-1');
  await expect(countRow).toContainText('44');
});
