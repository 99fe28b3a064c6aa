import fs from 'node:fs';
import { EXPIRY_CSV_COLUMNS } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The pharmacy's reports (docs/areas/pharmacy-reports.md): a batch of albendazole expiring in ten
 * days is received, the pharmacist opens Reports and finds it on the expiry list, downloads the
 * list as CSV, and sees the batch's worth in the stock valuation. Its own medicine (Albendazole),
 * so no other spec's stock meets it.
 */

const MEDICINE = 'Albendazole 400 mg Tablet';
const WIDTHS = [1280, 390];

/** A calendar date `days` from today (the facility is in Lagos; a day's margin either side is enough here). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the expiry list shows a batch about to expire, downloads as CSV, and the valuation counts it', async ({
  page,
}) => {
  await signIn(page, DEMO.pharmacist, DEMO_PASSWORD);
  const found = await (await page.request.get('/api/medicines?q=Albendazole')).json();
  const albendazole = found.data.find((m: { strength: string }) => m.strength === '400 mg');
  expect(albendazole).toBeTruthy();
  const batchNumber = `ALB-${Date.now().toString(36).toUpperCase()}`;
  const received = await page.request.post('/api/pharmacy/stock/receipts', {
    data: {
      medicineId: albendazole.id,
      supplier: 'Emzor Pharmaceuticals',
      invoiceNumber: `INV-${batchNumber}`,
      batchNumber,
      expiryDate: daysFromToday(10),
      quantity: 40,
      unitCost: 12_500,
    },
  });
  expect(received.status(), await received.text()).toBe(201);

  await page.goto('/pharmacy/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Expiry list', selected: true })).toBeVisible();
  await page.getByRole('searchbox').fill('Albendazole');
  const row = page.getByRole('row').filter({ hasText: batchNumber });
  await expect(row).toContainText(MEDICINE);
  await expect(row).toContainText('Expiring');
  await expect(row).toContainText('₦5,000.00');
  await shot(page, 'pharmacy-reports-expiry', { widths: WIDTHS });
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pharmacy-expiry-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = fs.readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
  expect(header).toBe(`\uFEFF${EXPIRY_CSV_COLUMNS.join(',')}`);
  // The file is the list as searched: the batch's line with its quantity and worth in naira.
  expect(lines.find((line) => line.includes(batchNumber))).toMatch(/,40,125\.00,5000\.00$/);

  await page.getByRole('tab', { name: 'Stock valuation' }).click();
  await page.getByRole('searchbox').fill('Albendazole');
  await expect(page.getByRole('row').filter({ hasText: MEDICINE }).first()).toContainText('Main Pharmacy');
  await expect(page.getByRole('region', { name: 'Stock value' })).toContainText('All stores');
  await shot(page, 'pharmacy-reports-valuation', { widths: WIDTHS });

  await page.getByRole('tab', { name: 'Consumption' }).click();
  // The months come with the answer: the last 12, this one last.
  await expect(page.getByText(/per calendar month \(\w{3} \d{4} to \w{3} \d{4}\)/)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Total' })).toBeVisible();
  await shot(page, 'pharmacy-reports-consumption', { widths: WIDTHS });
});
