import { NURSE_MESSAGES, ROLE_AREAS } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn, uniqueEmail } from './helpers';

/* The nurse's area: signing in lands there, with the shell every area has; an admin's Add Nurse mails the invitation. */

test('the demo nurse lands on the nurse dashboard, with its shell and user menu', async ({ page }) => {
  await signIn(page, DEMO.nurse, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/nurse\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Nurse navigation' });
  for (const entry of ROLE_AREAS.nurse.nav)
    await expect(nav.getByRole('link', { name: entry.label, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The demo nurse is in the ER, on duty; the demo data has patients waiting there.
  await expect(page.getByText('ER', { exact: true })).toBeVisible();
  await expect(page.getByText('Duty status: On Duty')).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  // Their wards come first, each with its free beds.
  const myWards = page.getByRole('region', { name: 'My wards' });
  for (const ward of ['General Ward', 'Surgical Ward'])
    await expect(myWards.getByRole('listitem').filter({ hasText: ward })).toContainText(
      /\d+ free of \d+ beds/,
    );
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'nurse-dashboard', { widths: [1280, 390] });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: /Adunni Bankole/ }).click();
  const card = page.getByTestId('profile-card');
  await expect(card).toContainText('nurse@carepoint.example');
  for (const link of ['My Profile', 'Change Password', 'Security'])
    await expect(card.getByRole('link', { name: link })).toBeVisible();
  await shot(page, 'nurse-user-menu', { fullPage: false });
  await card.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/nurse\/profile$/);
  await expect(page.getByText('Duty status')).toBeVisible();

  // Another area's page sends the nurse back to their own.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/nurse\/dashboard$/);
});

test("an admin's Add Nurse puts the invitation in the outbox; Edit Nurse deactivates the account", async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  const email = uniqueEmail('invited-nurse');
  await page.goto('/admin/nurses');
  await page.getByRole('button', { name: 'Add Nurse' }).click();
  const add = page.getByRole('dialog', { name: 'Add Nurse' });
  await add.getByLabel('Full name').fill('Invited Nurse');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Department').fill('ICU');
  await add.getByRole('group', { name: 'Wards' }).getByLabel('Intensive Care Unit').check();
  await add.getByRole('button', { name: 'Add Nurse' }).click();
  await expect(page.getByText(NURSE_MESSAGES.added)).toBeVisible();

  // Edit Nurse sets the account Inactive (the nurse can no longer sign in); the duty status stays.
  await page.getByRole('searchbox').fill(email);
  await page
    .getByRole('row', { name: new RegExp(email) })
    .getByRole('button', { name: /^Edit/ })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Nurse' });
  await expect(edit.getByLabel('Account')).toHaveValue('Active');
  await expect(edit.getByRole('group', { name: 'Wards' }).getByLabel('Intensive Care Unit')).toBeChecked();
  await expect(edit.getByRole('group', { name: 'Wards' }).getByLabel('Maternity Ward')).not.toBeChecked();
  await shot(page, 'edit-nurse-dialog', { widths: [1280, 390], fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await edit.getByLabel('Account').selectOption('Inactive');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(NURSE_MESSAGES.updated)).toBeVisible();
  await page.reload();
  await page.getByRole('searchbox').fill(email);
  await page
    .getByRole('row', { name: new RegExp(email) })
    .getByRole('button', { name: /^Edit/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit Nurse' }).getByLabel('Account')).toHaveValue(
    'Inactive',
  );

  await page.goto('/admin/audit?tab=outbox');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText(
    'Welcome to CarePoint: set your password',
  );
});
