import { CLAIM_MESSAGES, formatNaira, PAYMENT_MESSAGES } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { codeFlaggedLines, remitTheRestPaid } from './billing-helpers';
import { DEMO, DEMO_PASSWORD, shot, signIn } from './helpers';

/*
 * The money following one covered patient's care, end to end (docs/areas/billing*.md): Babajide
 * Oladipo, covered by AXA Mansard Health (he pays 20 %), has a laboratory test ordered by his
 * doctor; the cashier finds it on his bill already split between AXA and him at AXA's price, takes
 * his share in cash with its numbered receipt, then claims the test from AXA for today and records
 * AXA's payment. Other tests share the demo database: only this walk's own line is asserted.
 */

const PATIENT = 'babajide.oladipo@carepoint.example';
const PAYER = 'AXA Mansard Health';
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });

interface Listed {
  id: string;
  name: string;
  code: string | null;
  current: { amount: number } | null;
}

/** The patient, the payer and one lab test AXA's own list prices, as the admin reads them. */
async function setting(page: Page) {
  const get = async <T>(url: string) => {
    const res = await page.request.get(url);
    expect(res.ok(), url).toBe(true);
    return (await res.json()) as T;
  };
  const [patient] = (await get<{ data: Array<{ id: string }> }>(`/api/admin/patients?q=${PATIENT}`)).data;
  const payer = (await get<Array<{ id: string; name: string; code: string | null }>>('/api/payers')).find(
    (p) => p.name === PAYER,
  );
  if (!patient || !payer) throw new Error('the demo patient or payer is missing');
  const listed = await get<{ data: Listed[] }>(`/api/payers/${payer.id}/prices?kind=lab-test&limit=100`);
  const priced = listed.data.find((row) => row.current && row.code);
  if (!priced?.current || !priced.code) throw new Error(`${PAYER} prices no lab test`);
  const tests = await get<{ data: Array<{ id: string; code: string }> }>(
    `/api/admin/lab-tests?q=${encodeURIComponent(priced.code)}`,
  );
  const test = tests.data.find((row) => row.code === priced.code);
  if (!test) throw new Error(`lab test ${priced.code} missing`);
  return { patient, payer, test: { id: test.id, name: priced.name, price: priced.current.amount } };
}

test('a covered patient’s care to the split bill, his share paid with a receipt, the claim to remittance', async ({
  page,
  browser,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, DEMO_PASSWORD);
  const { patient, payer, test: labTest } = await setting(admin);
  await admin.close();

  // The care: his doctor orders the test (the doctor's own screens are walked in lab-orders.spec).
  const doctor = await browser.newPage();
  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  const ordered = await doctor.request.post('/api/lab/orders', {
    data: { patientId: patient.id, testIds: [labTest.id], priority: 'Routine', confirmDuplicates: true },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  await doctor.close();

  // The bill: the line split at AXA's price, 20 % his (rounded half up to the kobo).
  const patientShare = Math.round(labTest.price * 0.2);
  await signIn(page, DEMO.cashier, DEMO_PASSWORD);
  await page.goto(`/billing/patients/${patient.id}`);
  await expect(page.getByRole('heading', { name: 'Bill' })).toBeVisible();
  await page.getByRole('searchbox').fill(labTest.name);
  const line = page
    .getByRole('table', { name: 'Charges' })
    .getByRole('row')
    .filter({ hasText: labTest.name })
    .filter({ hasText: 'Lab test' })
    .first();
  await expect(line).toContainText(PAYER);
  await expect(line).toContainText(formatNaira(labTest.price - patientShare));
  await expect(line).toContainText(formatNaira(patientShare));
  await shot(page, 'billing-walk-bill', { widths: [1280, 390] });

  // His share, in cash, with its numbered receipt.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('button', { name: 'Take Payment' }).click();
  const take = page.getByRole('dialog', { name: 'Take Payment' });
  await take.getByLabel('Amount (₦)').fill((patientShare / 100).toFixed(2));
  await take.getByLabel('Method').selectOption('cash');
  await take.getByRole('button', { name: 'Take Payment' }).click();
  await expect(page.getByText(PAYMENT_MESSAGES.paymentTaken)).toBeVisible();
  const taken = page.getByRole('status').filter({ hasText: /Payment RCT-\d{4}-\d{6}/ });
  await expect(taken).toContainText(`${formatNaira(patientShare)} by cash`);
  const href = await taken.getByRole('link', { name: 'Print Receipt' }).getAttribute('href');
  const receipt = await page.request.get(href ?? '');
  expect(receipt.headers()['content-type']).toBe('application/pdf');

  // AXA's part: today's claim, submitted, and AXA's payment recorded.
  await page.getByRole('link', { name: 'Claims' }).first().click();
  await page.getByRole('button', { name: 'New Claim' }).click();
  const create = page.getByRole('dialog', { name: 'New Claim' });
  await create
    .getByLabel('Payer')
    .selectOption({ label: payer.code ? `${payer.name} (${payer.code})` : payer.name });
  await create.getByLabel('From').fill(today());
  await create.getByLabel('To').fill(today());
  await create.getByRole('button', { name: 'Generate Claim' }).click();
  await expect(page.getByText(CLAIM_MESSAGES.generated)).toBeVisible();
  const claimed = page.getByRole('row').filter({ hasText: labTest.name }).first();
  await expect(claimed).toBeVisible();
  await codeFlaggedLines(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit this claim?' });
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await remitTheRestPaid(page);
  await expect(page.getByText('Settled', { exact: true }).first()).toBeVisible();
  await expect(claimed).toContainText(formatNaira(labTest.price - patientShare));
  await shot(page, 'billing-walk-claim', { widths: [1280, 390] });
});
