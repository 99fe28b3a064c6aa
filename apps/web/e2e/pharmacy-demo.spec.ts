import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The pharmacy's demo data (apps/server/src/db/seed/pharmacy.ts) as the demo pharmacist first
 * sees it: the queue with prescriptions waiting (the demo patient's part-dispensed, her penicillin
 * allergy beside it), and the stock screen's three alerts, each found with the Alert filter, the
 * expired batch still on two shelves. It only reads: the demo stays for whoever demonstrates it.
 */

const WIDTHS = [1280, 390];

test('the demo pharmacist finds prescriptions waiting and the stock alerts', async ({ page }) => {
  await signIn(page, DEMO.pharmacist, DEMO_PASSWORD);
  await page.goto('/pharmacy/dispensing');
  const queue = page.getByRole('table', { name: 'Prescriptions waiting' });
  // Other tests write prescriptions for the demo patient too: hers of the demo data is the one
  // partly dispensed.
  const grace = queue
    .getByRole('row')
    .filter({ hasText: 'Grace Okonkwo' })
    .filter({ hasText: '1 partly dispensed' })
    .first();
  await expect(grace).toContainText('Penicillin');
  await expect
    .poll(() => queue.getByRole('link', { name: /^Dispense the prescription of / }).count())
    .toBeGreaterThanOrEqual(3);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'pharmacy-demo-queue', { widths: WIDTHS });

  await page.goto('/pharmacy/stock');
  const alert = page.getByRole('combobox', { name: 'Alert' });
  const row = (medicine: string) => page.getByRole('row').filter({ hasText: medicine });
  for (const [filter, medicine] of [
    ['Expired', 'Metronidazole 400 mg Tablet'],
    ['Expiring', 'Paracetamol 500 mg Tablet'],
    ['Below reorder level', 'Ceftriaxone 1 g Injection'],
  ] as const) {
    await alert.selectOption({ label: filter });
    await expect(row(medicine)).toContainText(filter);
    await shot(page, `pharmacy-demo-stock-${filter.toLowerCase().replaceAll(' ', '-')}`, { widths: WIDTHS });
  }
  // The ward round's browser test stocks the General Ward with ceftriaxone too: a figure, not the 40.
  await expect(row('Ceftriaxone 1 g Injection')).toContainText(/General Ward store: \d+/);

  await alert.selectOption({ label: 'Expired' });
  await row('Metronidazole 400 mg Tablet')
    .getByRole('button', { name: 'Batches of Metronidazole 400 mg Tablet' })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Metronidazole 400 mg Tablet' });
  const expired = sheet.getByRole('row').filter({ hasText: 'FHC22874' });
  await expect(expired).toContainText('Expired');
  await expect(expired).toContainText('Main Pharmacy: 60');
  await expect(expired).toContainText('Surgical Ward store: 40');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'pharmacy-demo-expired-batch', { widths: WIDTHS, fullPage: false });
});
