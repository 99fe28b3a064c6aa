import { FACILITY_MESSAGES, PHARMACY_STOCK_MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The facility's details (docs/configuration.md "Facility details"): an admin changes them on the
 * Facility page, and the public pages' footer shows them, with no vendor's details in the code.
 * The page's Pharmacy card sets the days before expiry the stock screen warns.
 */

test('an admin changes the facility phone on the Facility page, and the public footer shows it', async ({
  page,
}) => {
  const phone = `+234 700 ${String(Date.now()).slice(-3)} ${String(Date.now()).slice(-7, -3)}`;
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Facility' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Facility' })).toBeVisible();
  const name = page.getByLabel('Facility name');
  await expect(name).not.toHaveValue('');

  // The name is required; the message is under the field.
  const saved = await name.inputValue();
  await name.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(FACILITY_MESSAGES.nameRequired)).toBeVisible();
  await name.fill(saved);

  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Email').fill('frontdesk@clinic.example');
  await page.getByLabel('Address').fill('14 Adeola Odeku Street, Victoria Island, Lagos State');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(FACILITY_MESSAGES.saved)).toBeVisible();

  // The pharmacy's expiry warning: 1 to 365 days, the message under the field; then saved.
  const days = page.getByLabel('Warn of expiry this many days ahead');
  await expect(days).toHaveValue('90');
  const savePharmacy = page.getByRole('button', { name: 'Save pharmacy settings' });
  await days.fill('400');
  await savePharmacy.click();
  await expect(page.getByText(PHARMACY_STOCK_MESSAGES.expiryDays)).toBeVisible();
  await days.fill('120');
  await savePharmacy.click();
  await expect(page.getByText(PHARMACY_STOCK_MESSAGES.settingsSaved)).toBeVisible();
  await expect(savePharmacy).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'facility-page', { widths: [1280, 390] });
  // Back to the default, so the stock screen's alerts in other specs are as the demo data means them.
  const restored = await page.request.put('/api/admin/facility/pharmacy', {
    data: { expiryWarningDays: 90 },
  });
  expect(restored.status()).toBe(200);

  for (const path of ['/', '/about']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    const call = footer.getByRole('link', { name: phone });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', `tel:${phone.replace(/\s/g, '')}`);
    await expect(footer.getByRole('link', { name: 'frontdesk@clinic.example' })).toHaveAttribute(
      'href',
      'mailto:frontdesk@clinic.example',
    );
    await expect(footer).toContainText('14 Adeola Odeku Street, Victoria Island, Lagos State');
    await expect(footer).not.toContainText('hello@carepoint.example');
  }
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await shot(page, 'public-footer', { widths: [1280, 390], fullPage: false });
});
