import { COVERAGE_MESSAGES } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, registerAtDesk, shot, signIn } from './helpers';

/*
 * A patient's coverage (docs/areas/billing-coverage.md): the desk sees the demo's expired
 * coverage warned about on the patient's page and in Book Appointment; registers a walk-in and
 * gives them NHIA cover with a pre-authorisation code; the cashier, in her own browser, changes
 * the share to a co-payment and ends it; the administrator switches a payer's pre-authorisation
 * rule on the prices page.
 */

/** The demo's expired coverage (db/seed/billing-coverage.ts, EXPIRED_PATIENT). */
const EXPIRED = 'Efe Okoro';
const WARNING = /AXA Mansard Health coverage expired on \d{1,2} \w{3} \d{4} — care is charged to self-pay/;

async function openPatient(page: Page, name: string) {
  await page.goto(`/admin/patients?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('the desk and the cashier manage a patient’s coverage; an expired one warns', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);

  // The demo's expired coverage: warned on the card and before booking care.
  await openPatient(page, EXPIRED);
  const card = page.getByRole('region', { name: 'Coverage' });
  await expect(card.getByRole('status').filter({ hasText: WARNING })).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'AXA Mansard Health coverage' })).toContainText('Expired');
  await shot(page, 'coverage-admin-expired', { widths: [1280, 390] });
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const book = page.getByRole('dialog', { name: 'Book Appointment' });
  await expect(book.getByText(WARNING)).toBeVisible();
  await shot(page, 'coverage-book-warning', { widths: [1280, 390], fullPage: false });
  await book.getByRole('button', { name: 'Cancel' }).click();

  // A walk-in gets NHIA cover: the share as typed, checked on its field.
  const last = `Cover${Date.now().toString(36)}`;
  await registerAtDesk(page, 'Ada', last);
  const patientUrl = new URL(page.url());
  const patientId = patientUrl.pathname.split('/').pop() ?? '';
  await expect(card.getByText(COVERAGE_MESSAGES.none)).toBeVisible();
  await card.getByRole('button', { name: 'Add Coverage' }).click();
  const add = page.getByRole('dialog', { name: 'Add Coverage' });
  await add.getByLabel('Payer').selectOption({ label: 'NHIA' });
  await add.getByLabel('Member number').fill(`NHIA/E2E/${last}`);
  await add.getByLabel('Plan (optional)').fill('Formal sector programme');
  await add.getByLabel('Patient’s share (%)').fill('120');
  await add.getByRole('button', { name: 'Add Coverage' }).click();
  await expect(add.getByText(COVERAGE_MESSAGES.percentRange)).toBeVisible();
  await add.getByLabel('Patient’s share (%)').fill('12.5');
  await shot(page, 'coverage-add-dialog', { widths: [1280, 390], fullPage: false });
  await add.getByRole('button', { name: 'Add Coverage' }).click();
  await expect(page.getByText(COVERAGE_MESSAGES.added)).toBeVisible();
  await expect(add).toBeHidden();
  const nhia = card.getByRole('listitem', { name: 'NHIA coverage' });
  await expect(nhia).toContainText('In force');
  await expect(nhia).toContainText('12.5 % of each charge');

  // NHIA requires pre-authorisation for an ICU bed-day: the code the payer gave.
  await nhia.getByRole('button', { name: 'Add Code' }).click();
  const code = page.getByRole('dialog', { name: 'Add Pre-authorisation Code' });
  const service = code.getByLabel('Service');
  const icu = await service.locator('option', { hasText: 'BED-INTENSIVE-CARE' }).textContent();
  await service.selectOption({ label: icu ?? '' });
  await code.getByLabel('Code').fill('NHIA-PA-E2E-1');
  await code.getByRole('button', { name: 'Add Code' }).click();
  await expect(page.getByText(COVERAGE_MESSAGES.preauthAdded)).toBeVisible();
  await expect(nhia.getByRole('list', { name: /Pre-authorisation codes/ })).toContainText('NHIA-PA-E2E-1');
  await shot(page, 'coverage-admin-card', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  // The cashier, in a browser of her own, on the patient's Coverage tab.
  const context = await browser.newContext();
  const cashier = await context.newPage();
  await signIn(cashier, DEMO.cashier, DEMO_PASSWORD);
  await cashier.goto(`/billing/patients/${patientId}/coverage`);
  await expect(cashier.getByRole('heading', { level: 1, name: `Ada ${last}` })).toBeVisible();
  const tab = cashier.getByRole('listitem', { name: 'NHIA coverage' });
  await expect(tab).toContainText(`NHIA/E2E/${last}`);
  await tab.getByRole('button', { name: 'Edit NHIA coverage' }).click();
  const edit = cashier.getByRole('dialog', { name: 'Edit Coverage' });
  await edit.getByLabel('The patient pays').selectOption('copay');
  await edit.getByLabel('Co-payment per visit (₦)').fill('1,000');
  await edit.getByRole('button', { name: 'Save Coverage' }).click();
  await expect(cashier.getByText(COVERAGE_MESSAGES.updated)).toBeVisible();
  await expect(tab).toContainText('₦1,000.00 co-payment per visit');
  await tab.getByRole('button', { name: 'Remove NHIA-PA-E2E-1' }).click();
  await cashier
    .getByRole('dialog', { name: 'Remove the code?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(cashier.getByText(COVERAGE_MESSAGES.preauthRemoved)).toBeVisible();
  await expect(tab).not.toContainText('NHIA-PA-E2E-1');
  await shot(cashier, 'coverage-cashier-tab', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(cashier);
  await context.close();

  // The administrator's rule: a payer's pre-authorisation per service, on its prices page.
  await page.goto('/admin/payers');
  await page.getByRole('link', { name: 'Hygeia HMO' }).click();
  await expect(page.getByRole('heading', { name: 'Hygeia HMO: prices' })).toBeVisible();
  await page.getByRole('searchbox').fill('RPT-FIT');
  const rule = page.getByRole('switch', { name: 'Pre-authorisation required for Fitness certificate' });
  await expect(rule).toHaveAttribute('aria-checked', 'false');
  await rule.click();
  await expect(rule).toHaveAttribute('aria-checked', 'true');
  await shot(page, 'coverage-preauth-switches', { widths: [1280, 390] });
  await rule.click();
  await expect(rule).toHaveAttribute('aria-checked', 'false');
});
