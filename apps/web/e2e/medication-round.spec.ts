import { MEDICATION_ROUND_MESSAGES } from '@carepoint/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The medication round: the doctor orders a formulary medicine on an admitted demo stay, the
 * nurse gives one dose (which takes a vial from the ward's store) and holds the next with a
 * reason, on an admitted patient of the General Ward's board.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:MM' `minutes` before the wall clock of a datetime-local value ('YYYY-MM-DDTHH:MM'), not before midnight. */
function earlier(local: string, minutes: number) {
  const [h = 0, m = 0] = (local.split('T')[1] ?? '').split(':').map(Number);
  const at = Math.max(0, h * 60 + m - minutes);
  return `${pad(Math.floor(at / 60))}:${pad(at % 60)}`;
}

/** An admitted patient of the General Ward, from its ward board, and the ward. */
async function demoStay(page: Page) {
  const wards = (await (await page.request.get('/api/wards')).json()) as {
    data: Array<{ id: string; name: string }>;
  };
  const general = wards.data.find((w) => w.name === 'General Ward');
  expect(general).toBeTruthy();
  const board = (await (await page.request.get(`/api/wards/${general?.id}/board`)).json()) as {
    beds: Array<{ stay: { id: string; status: string } | null }>;
  };
  const stayId = board.beds.find((b) => b.stay?.status === 'Admitted')?.stay?.id;
  expect(stayId).toBeTruthy();
  return { stayId: stayId ?? '', wardId: general?.id ?? '' };
}

/** The pharmacist receives a batch of the medicine (found by its generic name) and sends five of it to the ward's store. */
async function stockWard(page: Page, generic: string, medicine: string, wardId: string) {
  const headers = { origin: new URL(page.url()).origin };
  const found = (await (
    await page.request.get(`/api/medicines?q=${encodeURIComponent(generic)}`)
  ).json()) as {
    data: Array<{ id: string; genericName: string; strength: string; form: string }>;
  };
  const medicineId = found.data.find((m) => `${m.genericName} ${m.strength} ${m.form}` === medicine)?.id;
  expect(medicineId).toBeTruthy();
  const received = await page.request.post('/api/pharmacy/stock/receipts', {
    headers,
    data: {
      medicineId,
      supplier: 'Emzor Pharmaceuticals',
      invoiceNumber: 'E2E-WARD-1',
      batchNumber: `E2E-${Date.now()}`,
      expiryDate: '2099-12-31',
      quantity: 10,
      unitCost: 150_000,
    },
  });
  expect(received.status(), await received.text()).toBe(201);
  const { batchId } = (await received.json()) as { batchId: string };
  const sent = await page.request.post('/api/pharmacy/stock/transfers', {
    headers,
    data: { batchId, wardId, quantity: 5 },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** The in-date vials the MAR shows in the ward's store for an order. */
async function wardVials(card: Locator) {
  const text = await card.getByText(/^Ward stock:/).textContent();
  return Number(/Ward stock: (\d+)/.exec(text ?? '')?.[1]);
}

test('the doctor orders, the nurse gives a dose and holds one with a reason', async ({ page, browser }) => {
  const pharmacy = await (await browser.newContext()).newPage();
  await signIn(pharmacy, DEMO.pharmacist, DEMO_PASSWORD);
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  const { stayId, wardId } = await demoStay(page);
  await stockWard(pharmacy, 'Ceftriaxone', 'Ceftriaxone 1 g Injection', wardId);
  await page.goto(`/doctor/stays/${stayId}/medication`);
  await expect(page.getByRole('heading', { level: 2, name: 'Medication' })).toBeVisible();

  await page.getByRole('button', { name: 'New order' }).click();
  const form = page.getByRole('dialog', { name: 'New order' });
  const start = await form.getByLabel('Start').inputValue();
  // Picked from the formulary: its route comes with it, and the units a dose takes are asked.
  await form.getByRole('combobox', { name: 'Medicine' }).fill('Ceftriaxone');
  await form.getByRole('option', { name: /Ceftriaxone 1 g Injection/ }).click();
  await expect(form.getByLabel('Route')).toHaveValue('Intravenous');
  await form.getByLabel('Units per dose').fill('1');
  await form.getByLabel('Dose', { exact: true }).fill('1 g');
  await form.getByLabel('Start').fill(`${start.slice(0, 10)}T00:00`);
  await form.getByLabel('Times of day').fill('');
  await form.getByRole('button', { name: 'Order' }).click();
  await expect(form.getByText(MEDICATION_ROUND_MESSAGES.times)).toBeVisible();
  await form.getByLabel('Times of day').fill(`${earlier(start, 20)}, ${earlier(start, 10)}`);
  await shot(page, 'medication-order-form', { widths: [1280, 390], fullPage: false });
  await form.getByRole('button', { name: 'Order' }).click();
  await expect(page.getByText(MEDICATION_ROUND_MESSAGES.ordered)).toBeVisible();
  const ordered = page.getByRole('region', { name: 'Ceftriaxone 1 g Injection order' });
  await expect(ordered.getByRole('button', { name: 'Stop order' })).toBeVisible();
  await expect(ordered.getByText('Due')).toHaveCount(2);

  const nursePage = await (await browser.newContext()).newPage();
  await signIn(nursePage, DEMO.nurse, DEMO_PASSWORD);
  await nursePage.goto(`/nurse/stays/${stayId}/medication`);
  const card = nursePage.getByRole('region', { name: 'Ceftriaxone 1 g Injection order' });
  const [first, second] = [card.getByRole('listitem').nth(0), card.getByRole('listitem').nth(1)];
  const vials = await wardVials(card);
  expect(vials).toBeGreaterThanOrEqual(5);
  await first.getByRole('button', { name: 'Give' }).click();
  const give = nursePage.getByRole('dialog', { name: 'Give dose' });
  await expect(give.getByText('Takes 1 vial from the ward store.')).toBeVisible();
  await give.getByRole('button', { name: 'Record as given' }).click();
  await expect(nursePage.getByText(MEDICATION_ROUND_MESSAGES.recorded)).toBeVisible();
  await expect(first).toContainText('Given');
  await expect(card.getByText(new RegExp(`^Ward stock: ${vials - 1} vials in date`))).toBeVisible();
  await expect(first).toContainText('by Adunni Bankole');

  await second.getByRole('button', { name: 'Hold' }).click();
  const hold = nursePage.getByRole('dialog', { name: 'Hold dose' });
  await hold.getByRole('button', { name: 'Record as held' }).click();
  await expect(hold.getByText(MEDICATION_ROUND_MESSAGES.reasonRequired)).toBeVisible();
  await hold.getByLabel('Reason').fill('Awaiting blood cultures');
  await hold.getByRole('button', { name: 'Record as held' }).click();
  await expect(second).toContainText('Held');
  await expect(second).toContainText('Reason: Awaiting blood cultures');
  await expect(card.getByRole('button', { name: 'Give' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(nursePage);
  await shot(nursePage, 'medication-mar-nurse', { widths: [1280, 390] });

  // The doctor sees the same record.
  await page.reload();
  await expect(ordered.getByText('Given', { exact: true })).toBeVisible();
  await expect(ordered.getByText('Held', { exact: true })).toBeVisible();
  await shot(page, 'medication-mar-doctor', { widths: [1280, 390] });
});
