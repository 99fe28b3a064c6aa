import fs from 'node:fs';
import { formatNaira, parseNaira, TRANSACTION_MESSAGES } from '@carepoint/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Transactions on the real server and a fresh demo database: the demo doctor bills a completed
 * appointment from New Invoice, marks it paid (the cards follow), downloads the PDF; the billed
 * patient (a seeded account, demo password) finds the invoice in My Invoices.
 */

async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 } });
  return context.newPage();
}

/** A summary card's amount in kobo ("₦1,234.50" -> 123450). */
async function cardKobo(page: Page, label: string) {
  const card = page
    .getByLabel('Summary')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .first();
  const value = card.locator('p.text-3xl');
  await expect(value).toHaveText(/₦/);
  return parseNaira((await value.innerText()).replace('₦', '')) ?? Number.NaN;
}

/** The value under a label of the invoice sheet. */
const field = (sheet: Locator, label: string) =>
  sheet.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

async function expectPdf(page: Page, button: Locator, number: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = fs.readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
}

test('the doctor bills a completed appointment, marks it paid and downloads the PDF; the patient sees it', async ({
  browser,
}) => {
  const doctor = await newPage(browser);
  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  await doctor.getByRole('link', { name: 'Transactions', exact: true }).click();
  await expect(doctor.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await expect(doctor.getByRole('row')).not.toHaveCount(1);
  const paidBefore = await cardKobo(doctor, 'Total paid');
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'transactions-1280');

  // New Invoice: a completed appointment, one line in naira, VAT 7.5%.
  await doctor.getByRole('button', { name: 'New Invoice' }).click();
  const form = doctor.getByRole('dialog', { name: 'New Invoice' });
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form.getByText(TRANSACTION_MESSAGES.appointmentRequired)).toBeVisible();
  await expect(form.getByText(TRANSACTION_MESSAGES.priceInvalid)).toBeVisible();
  const appointment = form.getByLabel('Appointment');
  await appointment.selectOption({ index: 1 });
  const patientName = ((await appointment.locator('option:checked').innerText()).split(':')[0] ?? '').trim();
  await form.getByLabel('Unit price (₦)').fill('12,500');
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Description').nth(1).fill('Malaria parasite test');
  await form.getByLabel('Qty').nth(1).fill('2');
  await form.getByLabel('Unit price (₦)').nth(1).fill('1750.25');
  // 12,500 + 2 x 1,750.25 = 16,000.50; 7.5% = 1,200.0375 -> 1,200.04
  await expect(form.getByLabel('Totals')).toContainText('₦17,200.54');
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'new-invoice-1280');
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(doctor.getByText(TRANSACTION_MESSAGES.created)).toBeVisible();

  // The new invoice opens in the side sheet.
  const sheet = doctor.getByRole('dialog', { name: /^Invoice INV-/ });
  await expect(sheet).toBeVisible();
  const number = ((await sheet.getByRole('heading').first().innerText()).match(/INV-\d{4}-\d{6}/) ?? [''])[0];
  await expect(field(sheet, 'Name')).toHaveText(patientName);
  await expect(sheet.getByLabel('Totals')).toContainText('₦16,000.50');
  await expect(sheet.getByLabel('Totals')).toContainText('₦1,200.04');
  await expect(sheet.getByLabel('Totals')).toContainText('₦17,200.54');
  // Beside the invoice's own lines, the charge its care made: the completed consultation.
  await expect(sheet.getByRole('region', { name: 'Charges of this visit' })).toContainText(/consultation/i);
  const patientEmail = await field(sheet, 'Email').innerText();

  // Mark paid: the method is required; the cards and the row follow.
  await sheet.getByRole('button', { name: 'Mark paid' }).click();
  const pay = doctor.getByRole('dialog', { name: 'Mark as paid' });
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(pay.getByText(TRANSACTION_MESSAGES.methodRequired)).toBeVisible();
  await pay.getByLabel('Payment method').selectOption('Bank transfer');
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(doctor.getByText(TRANSACTION_MESSAGES.paid)).toBeVisible();
  await expect(field(sheet, 'Payment method')).toHaveText('Bank transfer');
  await expect(sheet.getByRole('button', { name: 'Refund' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await shot(doctor, 'sheet-paid-1280');
  await expectPdf(doctor, sheet.getByRole('link', { name: 'Download PDF' }), number);
  await doctor.keyboard.press('Escape');
  await expect.poll(() => cardKobo(doctor, 'Total paid')).toBe(paidBefore + 1_720_054);
  await expect(doctor.getByLabel('Summary')).toContainText(formatNaira(paidBefore + 1_720_054));
  await doctor.getByPlaceholder('Search invoice no. or patient').fill(number);
  const row = doctor.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('₦17,200.54');

  // The patient reads it in My Invoices and downloads the same PDF.
  const patient = await newPage(browser, 390);
  await signIn(patient, patientEmail, DEMO_PASSWORD);
  await patient.goto('/patient/invoices');
  await expect(patient.getByRole('heading', { name: 'My Invoices', level: 1 })).toBeVisible();
  const mine = patient.getByRole('row', { name: new RegExp(number) });
  await expect(mine).toContainText('Paid');
  await mine.getByRole('button', { name: `View invoice ${number}` }).click();
  const detail = patient.getByRole('dialog', { name: new RegExp(number) });
  await expect(detail.getByText('Malaria parasite test')).toBeVisible();
  await expect(detail.getByLabel('Totals')).toContainText('₦17,200.54');
  await expectNoSeriousA11yViolations(patient);
  const width = await patient.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(patient, 'patient-invoice-390');
  await expectPdf(patient, detail.getByRole('link', { name: 'Download PDF' }), number);
});
