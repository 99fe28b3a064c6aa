import {
  FORGOT_PASSWORD_ANSWER,
  GENDER_MESSAGES,
  MESSAGES,
  ROLE_AREAS,
  ROLES,
  TOASTS,
} from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn, uniqueEmail } from './helpers';

test.describe('sign in', () => {
  for (const role of ROLES) {
    test(`the demo ${role} signs in and lands on the ${role} dashboard`, async ({ page }) => {
      await signIn(page, DEMO[role], DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${ROLE_AREAS[role].home}$`));
      await expect(page.getByTestId('sidebar')).toBeVisible();
    });
  }

  test('empty submit shows the field messages and sends nothing', async ({ page }) => {
    await page.goto('/login');
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) calls += 1;
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  test('a wrong password shows the server error toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.patient);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('the login page links to forgot password and sign up', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('sign up', () => {
  test('shows every required message (the six the spec names, and Gender)', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Phone is required',
      'Address is required',
      GENDER_MESSAGES.required,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
  });

  test('a new patient signs up, then logs in', async ({ page }) => {
    const email = uniqueEmail('patient');
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Chidi');
    await page.getByLabel('Last name').fill('Nwosu');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByLabel('Phone').fill('+234 802 555 0101');
    await page.getByLabel('Address').fill('15 Allen Avenue, Ikeja, Lagos');
    await page.getByLabel('Gender').selectOption('male');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(TOASTS.signupSuccess)).toBeVisible();
    await page.waitForURL(/\/login$/);
    // The login page has the new address filled in, and it is not in the address bar.
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(page.url()).not.toContain('@');

    await signIn(page, email, 'a-good-password');
    await expect(page).toHaveURL(/\/patient\/dashboard$/);
    await expect(page.getByText('Chidi Nwosu')).toBeVisible();
  });

  test('an e-mail already in use gets the same answer as a new one: sign-up does not tell who has an account', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email').fill(DEMO.patient);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByLabel('Phone').fill('+234 802 555 0102');
    await page.getByLabel('Address').fill('Lagos');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(TOASTS.signupSuccess)).toBeVisible();
    await expect(page.getByText(MESSAGES.emailTaken)).toHaveCount(0);
    await page.waitForURL(/\/login$/);
    // The existing account keeps its own password: the one typed at sign-up does not open it.
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.patient);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a common breached password is refused on the password field', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Bola');
    await page.getByLabel('Last name').fill('Common');
    await page.getByLabel('Email').fill(`bola.${Date.now()}@example.com`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Password123');
    await page.getByLabel('Phone').fill('+234 802 555 0103');
    await page.getByLabel('Address').fill('Lagos');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(password).toHaveAccessibleDescription(MESSAGES.passwordCommon);
    await expect(page).toHaveURL(/\/signup$/);
    await shot(page, 'signup-common-password', { widths: [1280, 390] });
    // A long passphrase is welcome.
    await password.fill('lagoon mango bicycle thunder');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(TOASTS.signupSuccess)).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('forgot password answers neutrally and stays on the page', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page.getByText(FORGOT_PASSWORD_ANSWER)).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('an invalid reset link shows the server message', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm new password').fill('another-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.resetTokenInvalid })).toBeVisible();
  });
});

test.describe('route protection', () => {
  test('a signed-out visit to /admin/dashboard goes to /login and back after signing in', async ({
    page,
  }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fdashboard$/);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('next= outside the role is ignored', async ({ page }) => {
    await page.goto('/login?next=%2Fadmin%2Fdashboard');
    await signIn(page, DEMO.patient, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/patient\/dashboard$/);
  });

  test('a patient visiting /admin/dashboard lands on /patient/dashboard', async ({ page }) => {
    await signIn(page, DEMO.patient, DEMO_PASSWORD);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/patient\/dashboard$/);
  });

  test('signing out after a full page load lands on /login, not /login?next=', async ({ page }) => {
    await signIn(page, DEMO.doctor, DEMO_PASSWORD);
    // A full load of a signed-in page (typed address, reload): the session is verified again.
    await page.goto('/doctor/patients');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a lost server session sends the user to /login', async ({ page, context }) => {
    await signIn(page, DEMO.doctor, DEMO_PASSWORD);
    await context.clearCookies();
    await page.goto('/doctor/patients');
    await expect(page).toHaveURL(/\/login\?next=%2Fdoctor%2Fpatients$/);
  });
});

test.describe('accessibility of the auth pages', () => {
  for (const path of ['/login', '/signup', '/forgot-password']) {
    test(`${path} has no serious violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('first sign-in with a one-time password', () => {
  test('a new doctor must set a password, then reaches the doctor dashboard', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    expect(
      (await admin.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } })).ok(),
    ).toBe(true);
    const email = uniqueEmail('doctor');
    const created = await admin.post('/api/admin/create/doctor', {
      data: {
        firstName: 'Amina',
        lastName: 'Bello',
        email,
        phone: '+234 803 555 0199',
        address: '3 Broad Street, Lagos',
        specialty: 'Cardiology',
      },
    });
    expect(created.status()).toBe(201);
    const { oneTimePassword } = (await created.json()) as { oneTimePassword: string };
    await admin.dispose();

    await signIn(page, email, oneTimePassword);
    await expect(page).toHaveURL(/\/set-password$/);
    // The signed-in areas stay closed until the password is changed.
    await page.goto('/doctor/dashboard');
    await expect(page).toHaveURL(/\/set-password$/);

    await page.getByLabel('Current password (the one-time password)').fill('wrong-one-time');
    await page.getByLabel('New password', { exact: true }).fill('my-own-password-1');
    await page.getByLabel('Confirm new password').fill('my-own-password-1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText(MESSAGES.currentPasswordWrong).first()).toBeVisible();

    await page.getByLabel('Current password (the one-time password)').fill(oneTimePassword);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page).toHaveURL(/\/doctor\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Amina Bello' })).toBeVisible();
  });
});
