import { CLAIM_MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { codeFlaggedLines, remit, remitTheRestPaid } from './billing-helpers';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * A claim to remittance (docs/areas/billing-claims.md): the cashier finds the demo's remitted
 * NHIA claim, makes a claim for Hygeia's covered care of the last 120 days, codes what is not
 * coded, submits it, records the payer's answer (the first line denied with its reason, the rest
 * paid), resubmits the denied line with its pre-authorisation code on a new claim, and reads the
 * ageing. No demo figure is asserted: only what this walk itself made.
 */

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('a claim to Hygeia, from its covered care to the remittance and a resubmitted line', async ({
  page,
}) => {
  await signIn(page, DEMO.cashier, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Claims' }).first().click();
  await expect(page.getByRole('heading', { name: 'Claims', level: 1 })).toBeVisible();
  const nhia = page.getByRole('row').filter({ hasText: 'NHIA' }).first();
  await expect(nhia).toContainText('Settled');
  await shot(page, 'billing-claims-list', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'New Claim' }).click();
  const create = page.getByRole('dialog', { name: 'New Claim' });
  await create.getByLabel('Payer').selectOption({ label: 'Hygeia HMO (HYG-2231)' });
  await create.getByLabel('From').fill(isoDay(0));
  await create.getByLabel('To').fill(isoDay(120));
  await create.getByRole('button', { name: 'Generate Claim' }).click();
  await expect(create.getByText(CLAIM_MESSAGES.periodOrder)).toBeVisible();
  await create.getByLabel('From').fill(isoDay(120));
  await create.getByLabel('To').fill(isoDay(0));
  await shot(page, 'billing-claims-new', { widths: [1280, 390], fullPage: false });
  await create.getByRole('button', { name: 'Generate Claim' }).click();
  await expect(page.getByText(CLAIM_MESSAGES.generated)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Claim CLM-/ })).toBeVisible();
  const number = ((await page.getByRole('heading', { name: /^Claim CLM-/ }).textContent()) ?? '').replace(
    'Claim ',
    '',
  );
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
  await shot(page, 'billing-claim-draft', { widths: [1280, 390] });

  await codeFlaggedLines(page);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit this claim?' });
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', /export\.csv$/);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);

  const awaiting = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Record Remittance' }) });
  await remit(page, awaiting.first(), 'denied');
  await shot(page, 'billing-claim-remittance', { widths: [1280, 390] });
  await remitTheRestPaid(page);
  await expect(page.getByText('Settled', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const denied = page.getByRole('row').filter({ hasText: 'No pre-authorisation code' });
  await denied.getByRole('button', { name: 'Resubmit' }).click();
  const resubmit = page.getByRole('dialog', { name: 'Resubmit Line' });
  await resubmit.getByLabel('Pre-authorisation code').fill('PA-HYG-2026-0042');
  await resubmit.getByRole('button', { name: 'Resubmit' }).click();
  await expect(page.getByText(CLAIM_MESSAGES.resubmitted)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Claim CLM-/ })).not.toHaveText(`Claim ${number}`);
  await expect(page.getByRole('row').filter({ hasText: 'PA-HYG-2026-0042' })).toBeVisible();

  await page.goto('/billing/claims/ageing');
  await expect(page.getByRole('heading', { name: 'Claims Ageing' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'AXA Mansard Health' })).toBeVisible();
  await shot(page, 'billing-claims-ageing', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);
});
