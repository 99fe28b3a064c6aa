import { ROLE_AREAS, ROLES, type Role, type User } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './helpers';

async function logout(page: Page, role: Role) {
  if (role === 'doctor') {
    // The doctor's Logout is in the sidebar and in the profile card; use the sidebar's.
    await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('button', { name: 'Logout' }).click();
  }
  await page.waitForURL(/\/login$/);
}

for (const role of ROLES) {
  test.describe(`${role} shell`, () => {
    test('shows every navigation entry and highlights the active one', async ({ page }) => {
      await signIn(page, DEMO[role], DEMO_PASSWORD);
      const nav = page.getByRole('navigation', {
        name: `${ROLE_AREAS[role].label} navigation`,
      });
      for (const entry of ROLE_AREAS[role].nav)
        await expect(nav.getByRole('link', { name: entry.label, exact: true })).toBeVisible();
      // Signing in lands on the area's home, whose entry is the active one.
      const home = ROLE_AREAS[role].nav.find((entry) => entry.to === ROLE_AREAS[role].home);
      if (!home) throw new Error(`${role}'s home is not in its navigation`);
      await expect(nav.getByRole('link', { name: home.label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );

      const last = ROLE_AREAS[role].nav.at(-1);
      if (!last) throw new Error('empty navigation');
      await nav.getByRole('link', { name: last.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${last.to}$`));
      await expect(nav.getByRole('link', { name: last.label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    test('logout ends the session', async ({ page }) => {
      await signIn(page, DEMO[role], DEMO_PASSWORD);
      await logout(page, role);
      const me = await page.request.get('/api/auth/me');
      expect(me.status()).toBe(401);
      await page.goto(ROLE_AREAS[role].home);
      await expect(page).toHaveURL(/\/login\?next=/);
    });

    test('dashboard has no serious accessibility violations', async ({ page }) => {
      await signIn(page, DEMO[role], DEMO_PASSWORD);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the sidebar collapses to icons with accessible names and expands again', async ({ page }) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  const wide = (await sidebar.boundingBox())?.width ?? 0;

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide);
  const doctors = sidebar.getByRole('link', { name: 'Doctors', exact: true });
  await expect(doctors).toHaveAttribute('title', 'Doctors');
  await expect(doctors.getByText('Doctors')).toHaveCount(0);

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await expect(doctors.getByText('Doctors')).toBeVisible();
});

test("the doctor's profile card shows the signed-in doctor", async ({ page }) => {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: User };
  const name = `${me.user.firstName} ${me.user.lastName}`;

  await page.getByRole('button', { name }).click();
  const card = page.getByTestId('profile-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText(name);
  await expect(card).toContainText(me.user.email);
  const box = await card.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(300);
  expect(Math.round(box?.height ?? 0)).toBe(400);

  await card.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/doctor\/settings\/change-password$/);
  await expect(card).toBeHidden();

  await page.getByRole('button', { name }).click();
  await card.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/doctor\/settings\/edit-profile$/);

  await page.getByRole('link', { name: 'Profile page' }).click();
  await expect(page).toHaveURL(/\/doctor\/settings\/profile-page$/);

  await page.getByRole('button', { name }).click();
  await card.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
});

test('the doctor routes resolve, including the spec aliases and redirects', async ({ page }) => {
  // A full page load per route: a minute on a busy machine.
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  const cases: Array<[string, RegExp, string]> = [
    ['/doctor', /\/doctor\/dashboard$/, 'Dashboard'],
    ['/doctor/Schedule', /\/doctor\/Schedule$/, 'Edit Schedule'],
    ['/doctor/settings', /\/doctor\/settings\/profile-page$/, 'Profile'],
    ['/doctor/prescription/demo', /\/doctor\/prescription$/, 'Prescription'],
    ['/doctor/prescription/prescriptionn-details', /\/doctor\/prescription$/, 'Prescription'],
    ['/doctor/prescription/create-prescription', /create-prescription$/, 'New Prescription'],
    ['/doctor/appointment/123', /\/doctor\/appointment\/123$/, 'Appointment'],
    ['/doctor/edit-diagnosis/7', /\/doctor\/edit-diagnosis\/7$/, 'Edit Patient Diagnosis Test'],
    ['/doctor/diagnosis-category', /diagnosis-category$/, 'Diagnosis Category'],
  ];
  for (const [path, url, title] of cases) {
    await page.goto(path);
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId('shell-title')).toHaveText(title);
  }
});

test('every admin route resolves, /admin included', async ({ page }) => {
  // Fourteen screens, each loaded in full: more than the default 30 s on a busy 2-core machine.
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByTestId('shell-title')).toHaveText('Admin Dashboard');
  for (const entry of ROLE_AREAS.admin.nav) {
    await page.goto(entry.to);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});
