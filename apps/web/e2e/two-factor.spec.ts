import { TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
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
 * Two-factor sign-in end to end, on an account the test makes (the demo accounts keep signing
 * in with a password alone): set up an authenticator app on the Security page from the key
 * shown as text, then sign in with a code, and with a recovery code.
 */

const PASSWORD = 'two-factor-pass-1';
const WIDTHS = [1280, 390];

/**
 * The code the app shows half a minute from now: the set-up's own code used the current step,
 * and a code works once, so the next step's code (accepted a step early) signs in without waiting.
 */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.codeStepTitle)).toBeVisible();
}

async function logout(page: Page) {
  const card = await openUserMenu(page, 'Tobi Adeyemi');
  await card.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test('a patient sets up two-factor sign-in, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  const email = uniqueEmail('two-factor');
  const created = await page.request.post('/api/auth/register/patient', {
    data: {
      firstName: 'Tobi',
      lastName: 'Adeyemi',
      email,
      password: PASSWORD,
      phone: '+234 803 555 0190',
      address: 'Surulere, Lagos',
      gender: 'female',
    },
  });
  expect(created.status()).toBe(201);
  await signIn(page, email, PASSWORD);
  await page.goto('/patient/security');

  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.locator('dd code').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'two-factor-setup', { widths: WIDTHS });

  // A wrong code is refused on its field.
  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('alert').filter({ hasText: TWO_FACTOR_MESSAGES.invalidCode })).toBeVisible();
  await section
    .getByLabel('Code from the app')
    .fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  await shot(page, 'two-factor-recovery-codes', { widths: WIDTHS });
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();
  await shot(page, 'two-factor-on', { widths: WIDTHS });

  // The password alone no longer signs in: the code step follows it.
  await page.reload();
  await logout(page);
  await passwordStep(page, email);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'two-factor-code-step', { widths: WIDTHS });
  await page.getByLabel('Code', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: TWO_FACTOR_MESSAGES.codeFormat })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.waitForURL(/\/patient\/dashboard$/);

  // A recovery code instead of a code, once.
  await logout(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.recoveryStepTitle)).toBeVisible();
  await shot(page, 'two-factor-recovery-step', { widths: WIDTHS });
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/patient\/dashboard$/);
  await page.goto('/patient/security');
  await expect(section.getByText('Recovery codes left: 9')).toBeVisible();
});

test("an administrator resets a patient's two-factor sign-in from the patient's page", async ({
  page,
  request,
}) => {
  // A patient with two-factor sign-in, set up through the API.
  const email = uniqueEmail('two-factor-reset');
  const created = await request.post('/api/auth/register/patient', {
    data: {
      firstName: 'Ada',
      lastName: 'Lost-Phone',
      email,
      password: PASSWORD,
      phone: '+234 803 555 0191',
      address: 'Ikeja',
      gender: 'female',
    },
  });
  expect(created.status()).toBe(201);
  const signedIn = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const patientId: string = (await signedIn.json()).user.id;
  const { secret } = await (await request.post('/api/two-factor/setup', { data: {} })).json();
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
  expect((await request.post('/api/two-factor/confirm', { data: { code } })).ok()).toBe(true);

  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/doctors');
  // Only an account with a second factor has the button: the demo doctors have none.
  await expect(page.getByRole('cell', { name: 'doctor@carepoint.example' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reset two-factor/ })).toHaveCount(0);
  await shot(page, 'two-factor-doctors-list', { widths: WIDTHS });
  await page.goto(`/admin/patients/${patientId}`);
  await page.getByRole('button', { name: 'Reset two-factor for Ada Lost-Phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await expect(dialog).toContainText('They will be told by e-mail.');
  await shot(page, 'two-factor-reset-confirm', { fullPage: false, widths: WIDTHS });
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.resetToast)).toBeVisible();
  // The password alone signs the patient in again.
  const after = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(await after.json()).toHaveProperty('token');
});
