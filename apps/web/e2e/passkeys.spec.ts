import { PASSKEY_MESSAGES, TOASTS, TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerPatient, shot, signIn, uniqueEmail } from './helpers';

/*
 * Passkeys with Chromium's virtual authenticator (a platform authenticator that keeps
 * discoverable credentials and verifies its user): added and renamed on the Security page,
 * signed in with from the login page without an e-mail, removed.
 */

const PASSWORD = 'passkey-password-1';
const WIDTHS = [1280, 390];

// Browsers take no IP address as a passkey's relying party: this spec opens the app at
// localhost, which is the e2e server's PUBLIC_URL (start-server.mjs).
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4173}` });

/** Gives the page a platform authenticator whose user is always verified (no prompt to answer). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const NAME = 'Tolu Adeyemi';

/** Opens the Security page as people do, from the user menu. */
async function openSecurity(page: Page) {
  await page.getByRole('button', { name: NAME }).click();
  await page.getByTestId('profile-card').getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/patient\/security$/);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: NAME }).click();
  await page.getByTestId('profile-card').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A new patient signed in with a password, in a browser with an authenticator, on their Security page. */
async function patientOnSecurityPage(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerPatient(page.request, { firstName: 'Tolu', lastName: 'Adeyemi', email, password: PASSWORD });
  await addVirtualAuthenticator(page);
  await signIn(page, email, PASSWORD);
  await openSecurity(page);
  return email;
}

test('a patient adds a passkey, names it, signs in with it and removes it', async ({ page }) => {
  // Add: the browser makes the passkey; it is named after the browser.
  await patientOnSecurityPage(page, 'passkey');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.added)).toBeVisible();
  await expect(section.getByText('Passkey on Chrome')).toBeVisible();
  await expect(section.getByText(/Not used yet/)).toBeVisible();

  // Name it.
  await section.getByRole('button', { name: 'Rename Passkey on Chrome' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
  await dialog.getByLabel('Name').fill('x'.repeat(61));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must be at most 60 characters')).toBeVisible();
  await dialog.getByLabel('Name').fill('Work laptop');
  await shot(page, 'passkey-rename-dialog', { widths: WIDTHS, fullPage: false });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.renamed)).toBeVisible();
  await expect(section.getByText('Work laptop')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'security-passkeys', { widths: WIDTHS });

  // Sign in with it: no e-mail, no password.
  await signOut(page);
  await shot(page, 'login-with-passkey', { widths: WIDTHS });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(TOASTS.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/patient\/dashboard$/);

  // Remove it, after confirming; it signs in no more.
  await openSecurity(page);
  await expect(section.getByText(/Last used/)).toBeVisible();
  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove passkey?' });
  await expect(confirm).toContainText('Work laptop');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.removed)).toBeVisible();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.signInFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a password sign-in of an account with a passkey asks for the passkey', async ({ page }) => {
  const email = await patientOnSecurityPage(page, 'passkey-step');
  await page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.added)).toBeVisible();
  await signOut(page);

  // The password alone opens nothing: the next step asks for the passkey, and says why.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.passkeyStepTitle)).toBeVisible();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.passkeyStepHint)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'login-passkey-step', { widths: WIDTHS });

  await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.passkeyStepButton }).click();
  await expect(page.getByText(TOASTS.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
});
