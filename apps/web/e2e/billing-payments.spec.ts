import { PAYMENT_MESSAGES as M } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The cashier's day (docs/areas/billing-payments.md), as the demo's second cashier, Kemi Adewale,
 * walks it: she finds a patient who owes, takes a bank transfer against the balance (the
 * reference is asked for), prints its receipt (the PDF's text checked), sees it in her day's totals and closes the
 * day with the difference shown as she types; a closed day takes no more payments. The
 * administrator's Refunds shows what waits for approval. Her day is her own: the demo cashier's
 * stays open for everyone else.
 */

const KEMI = 'cashier2@carepoint.example';

/** A PDF's text, its lines joined by single spaces. */
async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes);
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

test('a cashier takes a transfer, opens its receipt and closes her day', async ({ page, browser }) => {
  await signIn(page, KEMI, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/billing\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const owing = page.getByRole('table', { name: 'Patients with an outstanding balance' });
  await expect(owing.getByRole('row').filter({ hasText: 'Ibrahim Musa' })).toBeVisible();
  await shot(page, 'billing-dashboard', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Patients' }).click();
  // The dashboard has a heading with "Patients" in it and a search box too: wait for the page itself.
  await expect(page).toHaveURL(/\/billing\/patients$/);
  await expect(page.getByRole('heading', { name: 'Patients', exact: true, level: 1 })).toBeVisible();
  await page.getByRole('searchbox').fill('Ibrahim');
  const row = page.getByRole('row').filter({ hasText: 'Ibrahim Musa' });
  await expect(row).toBeVisible();
  await shot(page, 'billing-patients', { widths: [1280, 390] });
  await row.click();

  await expect(page.getByRole('heading', { name: 'Ibrahim Musa' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('table', { name: 'Payments and deposits' })).toBeVisible();
  await page.getByRole('button', { name: 'Take Payment' }).click();
  const take = page.getByRole('dialog', { name: 'Take Payment' });
  await take.getByLabel('Amount (₦)').fill('1,000');
  await take.getByLabel('Method').selectOption('transfer');
  await take.getByRole('button', { name: 'Take Payment' }).click();
  await expect(take.getByText(M.referenceRequired)).toBeVisible();
  await take.getByLabel('Reference').fill('TRF-E2E-1000');
  await shot(page, 'billing-take-payment', { widths: [1280, 390], fullPage: false });
  await take.getByRole('button', { name: 'Take Payment' }).click();
  await expect(page.getByText(M.paymentTaken)).toBeVisible();
  const taken = page.getByRole('status').filter({ hasText: /Payment RCT-\d{4}-\d{6}/ });
  await expect(taken).toContainText('₦1,000.00 by bank transfer');
  const number = /RCT-\d{4}-\d{6}/.exec((await taken.textContent()) ?? '')?.[0] ?? '';
  const href = await taken.getByRole('link', { name: 'Print Receipt' }).getAttribute('href');
  expect(href).toMatch(/\/api\/billing\/receipts\/[0-9a-f-]+\/pdf\?disposition=inline$/);
  const pdf = await page.request.get(href ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(new Uint8Array(await pdf.body()));
  for (const expected of [
    number,
    'Ibrahim Musa',
    'Bank transfer',
    'TRF-E2E-1000',
    'NGN 1,000.00',
    'Kemi Adewale',
  ])
    expect(text).toContain(expected);

  const receipt = page.getByRole('row').filter({ hasText: 'TRF-E2E-1000' });
  await expect(receipt).toContainText('₦1,000.00');
  await expect(receipt).toContainText(number);
  await expect(receipt.getByRole('link', { name: /^Receipt RCT-/ })).toHaveAttribute(
    'href',
    /\/pdf\?disposition=inline$/,
  );
  await shot(page, 'billing-account-payments', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('₦1,000.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Close Day' }).click();
  const close = page.getByRole('dialog', { name: 'Close Day' });
  await close.getByLabel('Cash counted (₦)').fill('250');
  await expect(close.getByTestId('close-day-difference')).toHaveText('₦250.00 over');
  await shot(page, 'billing-close-day', { widths: [1280, 390], fullPage: false });
  await close.getByRole('button', { name: 'Close Day' }).click();
  await expect(page.getByText(M.dayClosedToast)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Day closed' })).toBeVisible();
  await expect(page.getByText('₦250.00 over')).toBeVisible();
  await shot(page, 'billing-dashboard-closed', { widths: [1280, 390] });

  // A closed day takes no more payments.
  await page.getByRole('link', { name: 'Patients' }).click();
  await page.getByRole('searchbox').fill('Ibrahim');
  await page.getByRole('row').filter({ hasText: 'Ibrahim Musa' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('button', { name: 'Take Payment' }).click();
  const again = page.getByRole('dialog', { name: 'Take Payment' });
  await again.getByLabel('Amount (₦)').fill('100');
  await again.getByRole('button', { name: 'Take Payment' }).click();
  await expect(page.getByText(M.dayClosed).first()).toBeVisible();

  // The administrator's Refunds: the demo's refund waiting for approval.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, DEMO.admin, DEMO_PASSWORD);
  await admin.goto('/admin/refunds');
  await expect(admin.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Awaiting approval' }).first()).toBeVisible();
  await shot(admin, 'billing-admin-refunds', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(admin);
  await context.close();
});
