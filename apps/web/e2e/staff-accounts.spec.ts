import { ROLE_AREAS, STAFF_ACCOUNT_MESSAGES } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn, uniqueEmail } from './helpers';
import { type MailingServer, startMailingServer } from './mail-server';

/*
 * Manage Staff: an admin adds a laboratory scientist, whose welcome e-mail (read from an SMTP
 * test server, mail-server.ts, E2E_PORT + 200) lets them choose a password and sign in to the
 * lab; deactivated, they can no longer sign in.
 */

let mailing: MailingServer;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mailing = await startMailingServer(200);
  base = mailing.base;
});

test.afterAll(async () => {
  await mailing?.stop();
});

const PASSWORD = 'pipette-harmattan-42';

test('an admin adds a lab scientist, who sets a password from the welcome link and reaches the worklist; deactivated, they cannot sign in', async ({
  page,
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, DEMO_PASSWORD, `${base}/login`);
  await admin
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Staff', exact: true })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Manage Staff' })).toBeVisible();
  // The demo data's scientist is listed, with the role as the role map names it.
  await expect(admin.getByRole('row', { name: new RegExp(DEMO.lab) })).toContainText(ROLE_AREAS.lab.label);

  const email = uniqueEmail('scientist');
  await admin.getByRole('button', { name: 'Add Staff' }).click();
  const add = admin.getByRole('dialog', { name: 'Add Staff' });
  await add.getByLabel('First name').fill('Temitope');
  await add.getByLabel('Last name').fill('Bamgbose');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Phone').fill('+234 803 555 0177');
  await expect(add.getByLabel('Role')).toHaveValue('lab');
  await expectNoSeriousA11yViolations(admin);
  await shot(admin, 'add-staff-dialog', { widths: [1280, 390], fullPage: false });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await add.getByRole('button', { name: 'Add Staff' }).click();
  await expect(admin.getByText(STAFF_ACCOUNT_MESSAGES.added)).toBeVisible();

  // The same address again: the patients' message under the field, nothing made.
  await admin.getByRole('button', { name: 'Add Staff' }).click();
  await add.getByLabel('First name').fill('Someone');
  await add.getByLabel('Last name').fill('Else');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Phone').fill('+234 803 555 0178');
  await add.getByRole('button', { name: 'Add Staff' }).click();
  await expect(add.getByText(STAFF_ACCOUNT_MESSAGES.emailTaken)).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();

  // The welcome e-mail's link: choose a password, then sign in to the lab's worklist.
  const welcome = () => mailing.received.find((m) => JSON.stringify(m.to).includes(email));
  // Mail leaves after the answer: wait for it to arrive, within the test's budget.
  await expect.poll(() => welcome()?.subject, { timeout: 0 }).toBe('Welcome to CarePoint: set your password');
  // A link to this server (start-server.mjs makes its PUBLIC_URL localhost and its port).
  const linkPattern = new RegExp(`http://localhost:${new URL(base).port}/reset-password\\?token=[\\w-]+`);
  const link = linkPattern.exec(welcome()?.text ?? '')?.[0] ?? '';
  expect(link, welcome()?.text).not.toBe('');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('You can now login with your new password.')).toBeVisible();
  await page.goto(`${base}/login`);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/lab\/worklist$/);
  await expect(page.getByRole('navigation', { name: `${ROLE_AREAS.lab.label} navigation` })).toBeVisible();

  // The admin finds them (search, role and account filters) and deactivates the account.
  await admin.getByRole('searchbox', { name: 'Search staff by name or email' }).fill(email);
  await admin.getByRole('combobox', { name: 'Role' }).selectOption('lab');
  await admin.getByRole('combobox', { name: 'Account' }).selectOption('Active');
  const row = admin.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Temitope Bamgbose');
  await expect(row).toContainText('+234 803 555 0177');
  await expectNoSeriousA11yViolations(admin);
  await shot(admin, 'manage-staff', { widths: [1280, 390] });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: /^Edit/ }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Staff' });
  await expect(edit.getByLabel('Account')).toHaveValue('Active');
  await edit.getByLabel('Account').selectOption('Inactive');
  await shot(admin, 'edit-staff-dialog', { widths: [1280, 390], fullPage: false });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(STAFF_ACCOUNT_MESSAGES.updated)).toBeVisible();
  // Filtered on Active accounts, the row is gone; on Inactive, it is back.
  await expect(row).toHaveCount(0);
  await admin.getByRole('combobox', { name: 'Account' }).selectOption('Inactive');
  await expect(row).toContainText('Inactive');
  await adminContext.close();

  // Their session has ended and a new sign-in is refused.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByText('This account has been deactivated. Please contact your administrator.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
