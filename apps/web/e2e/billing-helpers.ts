import { CLAIM_MESSAGES } from '@carepoint/contract';
import { expect, type Locator, type Page } from '@playwright/test';

/* What the billing office's walks share: a claim's coding and its remittance, as the cashier does them. */

/**
 * Waits for the claim's screen to be the one a user reads: a dialog still closing keeps the page
 * behind it out of the accessibility tree, where counting its rows would find none.
 */
async function claimInView(page: Page) {
  await expect(page.getByRole('heading', { name: /^Claim CLM-/ })).toBeVisible();
}

/** Codes every encounter the draft flags, through the ICD-10 picker. */
export async function codeFlaggedLines(page: Page) {
  await claimInView(page);
  const flagged = page.getByRole('row').filter({ hasText: 'Diagnosis not coded' });
  while ((await flagged.count()) > 0) {
    await flagged.first().getByRole('button', { name: 'Correct' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct Line' });
    await dialog.getByRole('combobox', { name: 'Diagnosis (ICD-10)' }).fill('malaria');
    await page
      .getByRole('listbox', { name: 'Diagnosis (ICD-10) suggestions' })
      .getByRole('option')
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Records the payer's answer to one line: paid, or denied with its reason. */
export async function remit(page: Page, row: Locator, outcome: 'paid' | 'denied') {
  await row.getByRole('button', { name: 'Record Remittance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Remittance' });
  await dialog.getByLabel('Outcome').selectOption(outcome);
  if (outcome === 'denied') {
    await dialog.getByRole('button', { name: 'Record' }).click();
    await expect(dialog.getByText(CLAIM_MESSAGES.reasonRequired)).toBeVisible();
    await dialog.getByLabel("Payer's reason").fill('No pre-authorisation code');
  }
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
}

/** Records every line still awaiting the payer's answer as paid, each time waiting for one fewer. */
export async function remitTheRestPaid(page: Page) {
  await claimInView(page);
  const awaiting = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Record Remittance' }) });
  for (let left = await awaiting.count(); left > 0; left -= 1) {
    await remit(page, awaiting.first(), 'paid');
    await expect(awaiting).toHaveCount(left - 1);
  }
}
