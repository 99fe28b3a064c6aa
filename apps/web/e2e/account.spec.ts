import { MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  openUserMenu,
  shot,
  signIn,
  uniqueEmail,
} from './helpers';

/*
 * What every signed-in area shares: the user menu (profile, Change Password, Logout), the one
 * Change Password page, and "Page not found" inside the area's shell.
 */

const OLD_PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';
const WIDTHS = [1280, 390];

test('a patient changes their password from the user menu, and only the new one signs in', async ({
  page,
}) => {
  const email = uniqueEmail('patient-password');
  const created = await page.request.post('/api/auth/register/patient', {
    data: {
      firstName: 'Kemi',
      lastName: 'Balogun',
      email,
      password: OLD_PASSWORD,
      phone: '+234 803 555 0177',
      address: 'Yaba, Lagos',
      gender: 'female',
    },
  });
  expect(created.status()).toBe(201);
  await signIn(page, email, OLD_PASSWORD);
  await expect(page).toHaveURL(/\/patient\/dashboard$/);

  // The menu: the patient's name and e-mail, My Profile, Change Password, Logout.
  let card = await openUserMenu(page, 'Kemi Balogun');
  await expect(card).toContainText(email);
  await expect(card.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Logout' })).toBeVisible();
  await shot(page, 'patient-user-menu', { widths: WIDTHS, fullPage: false });
  await card.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/patient\/change-password$/);
  await expect(card).toBeHidden();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();

  // A wrong current password is refused on its field; nothing changes.
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.currentPasswordWrong })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Current password').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(/^Password changed\./)).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'patient-change-password', { widths: WIDTHS });

  // This session goes on; after Logout only the new password signs in.
  card = await openUserMenu(page, 'Kemi Balogun');
  await card.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
  const refused = await page.request.post('/api/auth/login', { data: { email, password: OLD_PASSWORD } });
  expect(refused.status()).toBe(401);
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
});

test("the admin's user menu leads to My Profile and Change Password inside the admin shell", async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  let card = await openUserMenu(page, 'Ada Admin');
  await expect(card).toContainText(DEMO.admin);
  await shot(page, 'admin-user-menu', { widths: WIDTHS, fullPage: false });
  await card.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(DEMO.admin);
  await shot(page, 'admin-profile', { widths: WIDTHS });

  card = await openUserMenu(page, 'Ada Admin');
  await card.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/admin\/change-password$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // The demo admin's password stays as it is (other tests sign in with it): the form's own
  // checks run, the server's are covered by the API tests for every role.
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill('something-else-3');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.passwordsDiffer })).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'admin-change-password', { widths: WIDTHS });
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('an unknown path inside an area shows Page not found in its shell; a public one keeps the public page', async ({
  page,
}) => {
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  await page.goto('/patient/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('shell-title')).toHaveText('Page not found');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await shot(page, 'patient-not-found', { widths: WIDTHS });
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/patient\/dashboard$/);

  // A known path of the area still opens its page (the area's routes come first).
  await page.goto('/patient/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'My Invoices' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('"Open in the desk" shows the patient filter as a chip that removes it', async ({ page }) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  const found = await page.request.get(`/api/admin/patients?q=${encodeURIComponent(DEMO.patient)}`);
  const [patient] = ((await found.json()) as { data: Array<{ id: string }> }).data;
  if (!patient) throw new Error('the demo patient is missing');
  await page.goto(`/admin/patients/${patient.id}`);
  await page.getByRole('link', { name: 'Open in the desk' }).click();
  await expect(page).toHaveURL(new RegExp(`patientId=${patient.id}`));

  const table = page.getByRole('table', { name: 'Appointments' });
  const remove = page.getByRole('button', { name: 'Remove filter Patient: Grace Okonkwo' });
  await expect(remove).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Grace Okonkwo');
  await shot(page, 'desk-patient-chip', { widths: WIDTHS });
  const filtered = await table.getByRole('row').count();

  await remove.click();
  await expect(remove).toBeHidden();
  await expect(page).not.toHaveURL(/patientId=/);
  // Every patient's appointments again: more rows than the one patient's.
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(filtered);
});
