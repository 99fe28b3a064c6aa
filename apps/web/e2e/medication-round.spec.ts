import { MEDICATION_ROUND_MESSAGES } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The medication round: the doctor orders a medicine on an admitted demo stay, the nurse gives
 * one dose and holds the next with a reason, on an admitted patient of the General Ward's board.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:MM' `minutes` before the wall clock of a datetime-local value ('YYYY-MM-DDTHH:MM'), not before midnight. */
function earlier(local: string, minutes: number) {
  const [h = 0, m = 0] = (local.split('T')[1] ?? '').split(':').map(Number);
  const at = Math.max(0, h * 60 + m - minutes);
  return `${pad(Math.floor(at / 60))}:${pad(at % 60)}`;
}

/** An admitted patient of the General Ward, from its ward board. */
async function demoStayId(page: Page) {
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
  return stayId ?? '';
}

test('the doctor orders, the nurse gives a dose and holds one with a reason', async ({ page, browser }) => {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  const stayId = await demoStayId(page);
  await page.goto(`/doctor/stays/${stayId}/medication`);
  await expect(page.getByRole('heading', { level: 2, name: 'Medication' })).toBeVisible();

  await page.getByRole('button', { name: 'New order' }).click();
  const form = page.getByRole('dialog', { name: 'New order' });
  const start = await form.getByLabel('Start').inputValue();
  await form.getByLabel('Medicine', { exact: true }).fill('Ceftriaxone');
  await form.getByLabel('Dose', { exact: true }).fill('1 g');
  await form.getByLabel('Route').selectOption('Intravenous');
  await form.getByLabel('Start').fill(`${start.slice(0, 10)}T00:00`);
  await form.getByLabel('Times of day').fill('');
  await form.getByRole('button', { name: 'Order' }).click();
  await expect(form.getByText(MEDICATION_ROUND_MESSAGES.times)).toBeVisible();
  await form.getByLabel('Times of day').fill(`${earlier(start, 20)}, ${earlier(start, 10)}`);
  await shot(page, 'medication-order-form', { widths: [1280, 390], fullPage: false });
  await form.getByRole('button', { name: 'Order' }).click();
  await expect(page.getByText(MEDICATION_ROUND_MESSAGES.ordered)).toBeVisible();
  const ordered = page.getByRole('region', { name: 'Ceftriaxone order' });
  await expect(ordered.getByRole('button', { name: 'Stop order' })).toBeVisible();
  await expect(ordered.getByText('Due')).toHaveCount(2);

  const nursePage = await (await browser.newContext()).newPage();
  await signIn(nursePage, DEMO.nurse, DEMO_PASSWORD);
  await nursePage.goto(`/nurse/stays/${stayId}/medication`);
  const card = nursePage.getByRole('region', { name: 'Ceftriaxone order' });
  const [first, second] = [card.getByRole('listitem').nth(0), card.getByRole('listitem').nth(1)];
  await first.getByRole('button', { name: 'Give' }).click();
  const give = nursePage.getByRole('dialog', { name: 'Give dose' });
  await give.getByRole('button', { name: 'Record as given' }).click();
  await expect(nursePage.getByText(MEDICATION_ROUND_MESSAGES.recorded)).toBeVisible();
  await expect(first).toContainText('Given');
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
