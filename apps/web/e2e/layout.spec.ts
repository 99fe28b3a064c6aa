import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './helpers';

/*
 * Every screen of every role, at a phone's width: no horizontal page scroll and no serious axe
 * violation. One list, so new screens are added in one place (path and the role that sees it).
 */
type Role = 'public' | 'admin' | 'doctor' | 'patient' | 'nurse' | 'lab' | 'pharmacist' | 'cashier';
export const SCREENS: ReadonlyArray<{ role: Role; path: string }> = [
  { role: 'public', path: '/' },
  { role: 'public', path: '/about' },
  { role: 'public', path: '/login' },
  { role: 'public', path: '/signup' },
  { role: 'public', path: '/forgot-password' },
  { role: 'public', path: '/no-such-page' },
  { role: 'admin', path: '/admin/dashboard' },
  { role: 'admin', path: '/admin/doctors' },
  { role: 'admin', path: '/admin/beds' },
  { role: 'admin', path: '/admin/nurses' },
  { role: 'admin', path: '/admin/staff' },
  { role: 'admin', path: '/admin/ambulances' },
  { role: 'admin', path: '/admin/patients' },
  { role: 'admin', path: '/admin/queues' },
  { role: 'admin', path: '/admin/analytics' },
  { role: 'admin', path: '/admin/emergency-room' },
  { role: 'admin', path: '/admin/stats' },
  { role: 'admin', path: '/admin/demo-requests' },
  { role: 'admin', path: '/admin/audit' },
  { role: 'admin', path: '/admin/audit?tab=messages' },
  { role: 'admin', path: '/admin/appointments' },
  { role: 'admin', path: '/admin/appointments?view=calendar' },
  { role: 'admin', path: '/admin/backups' },
  { role: 'admin', path: '/admin/smart-apps' },
  { role: 'admin', path: '/admin/facility' },
  { role: 'admin', path: '/admin/lab-tests' },
  { role: 'admin', path: '/admin/formulary' },
  { role: 'admin', path: '/admin/payers' },
  { role: 'admin', path: '/admin/refunds' },
  { role: 'admin', path: '/admin/profile' },
  { role: 'admin', path: '/admin/change-password' },
  { role: 'admin', path: '/admin/no-such-page' },
  { role: 'doctor', path: '/doctor/dashboard' },
  { role: 'doctor', path: '/doctor/patients' },
  { role: 'doctor', path: '/doctor/appointments' },
  { role: 'doctor', path: '/doctor/appointments?view=calendar' },
  { role: 'doctor', path: '/doctor/diagnosis' },
  { role: 'doctor', path: '/doctor/diagnosis-category' },
  { role: 'doctor', path: '/doctor/new-diagnosis' },
  { role: 'doctor', path: '/doctor/transactions' },
  { role: 'doctor', path: '/doctor/reports' },
  { role: 'doctor', path: '/doctor/reports?tab=investigation' },
  { role: 'doctor', path: '/doctor/triage' },
  { role: 'doctor', path: '/doctor/schedule' },
  { role: 'doctor', path: '/doctor/prescription' },
  { role: 'doctor', path: '/doctor/prescription/create-prescription' },
  { role: 'doctor', path: '/doctor/settings/profile-page' },
  { role: 'doctor', path: '/doctor/settings/edit-profile' },
  { role: 'doctor', path: '/doctor/settings/change-password' },
  { role: 'doctor', path: '/doctor/no-such-page' },
  { role: 'patient', path: '/patient/dashboard' },
  { role: 'patient', path: '/patient/appointments' },
  { role: 'patient', path: '/patient/profile' },
  { role: 'patient', path: '/patient/prescriptions' },
  { role: 'patient', path: '/patient/invoices' },
  { role: 'patient', path: '/patient/change-password' },
  { role: 'patient', path: '/patient/no-such-page' },
  { role: 'patient', path: '/patient/results' },
  { role: 'patient', path: '/patient/hospital-stays' },
  { role: 'nurse', path: '/nurse/dashboard' },
  { role: 'nurse', path: '/nurse/profile' },
  { role: 'nurse', path: '/nurse/change-password' },
  { role: 'nurse', path: '/nurse/security' },
  { role: 'nurse', path: '/nurse/no-such-page' },
  { role: 'lab', path: '/lab/worklist' },
  { role: 'lab', path: '/lab/inbox' },
  { role: 'lab', path: '/lab/profile' },
  { role: 'lab', path: '/lab/no-such-page' },
  { role: 'pharmacist', path: '/pharmacy/dispensing' },
  { role: 'pharmacist', path: '/pharmacy/stock' },
  { role: 'pharmacist', path: '/pharmacy/reports' },
  { role: 'pharmacist', path: '/pharmacy/stock/count' },
  { role: 'pharmacist', path: '/pharmacy/profile' },
  { role: 'pharmacist', path: '/pharmacy/no-such-page' },
  { role: 'cashier', path: '/billing/dashboard' },
  { role: 'cashier', path: '/billing/patients' },
  { role: 'cashier', path: '/billing/price-lists' },
  { role: 'cashier', path: '/billing/profile' },
  { role: 'cashier', path: '/billing/no-such-page' },
];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The page has drawn its data: a heading, and no skeleton or busy table left. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function expectNoHorizontalScroll(page: Page, path: string) {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(sizes.scroll, `${path} scrolls sideways (${sizes.scroll} > ${sizes.inner})`).toBeLessThanOrEqual(
    sizes.inner,
  );
}

for (const role of [
  'public',
  'admin',
  'doctor',
  'patient',
  'nurse',
  'lab',
  'pharmacist',
  'cashier',
] as const) {
  test(`every ${role} screen fits a 390 px phone and passes axe`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    if (role !== 'public') await signIn(page, DEMO[role], DEMO_PASSWORD);
    for (const { path } of SCREENS.filter((s) => s.role === role)) {
      await test.step(path, async () => {
        await page.goto(path);
        if (path.endsWith('/no-such-page'))
          await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        else await settled(page);
        await expectNoHorizontalScroll(page, path);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('a skip link leads past the navigation to the content', async ({ page }) => {
      await signIn(page, DEMO.admin, DEMO_PASSWORD);
      await settled(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main')).toBeFocused();
    });

    test('a dialog opens on its first field and gives focus back to its opener', async ({ page }) => {
      await signIn(page, DEMO.admin, DEMO_PASSWORD);
      await page.goto('/admin/doctors');
      await settled(page);
      const opener = page.getByRole('button', { name: 'Add Doctor' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Add Doctor' });
      await expect(dialog.getByLabel('First name')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('a confirmation opens on Cancel and returns to the row action', async ({ page }) => {
      // A patient's Cancel now asks for a reason (a form that opens on its field): a doctor's
      // Delete is the plain confirmation.
      await signIn(page, DEMO.doctor, DEMO_PASSWORD);
      await page.goto('/doctor/prescription');
      await settled(page);
      const cancel = page.getByRole('button', { name: /^Delete prescription for / }).first();
      await cancel.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: /^(Cancel|Keep)/ }).first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(cancel).toBeFocused();
    });

    test('navigation: a rail on a desktop, an overlay drawer on a phone', async ({ page }) => {
      await signIn(page, DEMO.doctor, DEMO_PASSWORD);
      await settled(page);
      const menu = page.getByRole('button', { name: 'Open navigation' });
      const title = page.getByTestId('shell-title');
      // The header's title is whole, never cut to "Dashbo…".
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      if (name === 'desktop') {
        await expect(menu).toBeHidden();
        await expect(page.getByTestId('sidebar')).toBeVisible();
        return;
      }
      await expect(page.getByTestId('sidebar')).toBeHidden();
      await menu.click();
      const drawer = page.getByRole('dialog', { name: 'Doctor navigation' });
      await expect(drawer).toBeVisible();
      // Focus stays inside while it is open.
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press('Tab');
        expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(menu).toBeFocused();
      // Choosing a page closes it.
      await menu.click();
      await drawer.getByRole('link', { name: 'Patients', exact: true }).click();
      await expect(page).toHaveURL(/\/doctor\/patients$/);
      await expect(drawer).toBeHidden();
      await expectNoHorizontalScroll(page, '/doctor/patients');
    });

    test("a patient's Cancel action stays on screen", async ({ page }) => {
      await signIn(page, DEMO.patient, DEMO_PASSWORD);
      await page.goto('/patient/appointments');
      await settled(page);
      await expect(page.getByRole('button', { name: /^Cancel / }).first()).toBeInViewport();
      await expectNoHorizontalScroll(page, '/patient/appointments');
    });
  });
}

test('one click on a header sorts; hidden columns stay hidden after a reload', async ({ page }) => {
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  await page.goto('/patient/appointments');
  await settled(page);
  const table = page.getByRole('table', { name: 'My appointments' });
  const date = table.getByRole('columnheader', { name: /Date/ });
  // At first today's and upcoming visits lead, then past ones: no plain sort by one column.
  await expect(date).toHaveAttribute('aria-sort', 'none');
  await table.getByRole('button', { name: 'Date', exact: true }).click();
  await expect(page).toHaveURL(/sort=date&order=asc/);
  await expect(date).toHaveAttribute('aria-sort', 'ascending');
  // The header turns at once; the rows follow when the server's sorted page arrives.
  const shownDays = async () =>
    (await table.locator('tbody tr td:first-child').allTextContents()).map((d) => Date.parse(d));
  await expect
    .poll(async () => {
      const parsed = await shownDays();
      return parsed.length > 1 && parsed.every((day, i) => i === 0 || (parsed[i - 1] ?? day) <= day);
    })
    .toBe(true);
  // Columns the server cannot sort have no sort control.
  await expect(table.getByRole('columnheader', { name: 'Time' }).getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Title' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveCount(0);
  await page.reload();
  await settled(page);
  await expect(table.getByRole('columnheader', { name: 'Priority' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveCount(0);
});

test('signed-in users are sent from /login and /signup to their area; auth tabs are named', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login · CarePoint');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign up · CarePoint');
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page).toHaveTitle('Admin Dashboard · CarePoint');
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a lazily loaded page paints a skeleton, never a blank page, and the router does not warn', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('HydrateFallback')) warnings.push(message.text());
  });
  // Hold the page's own code back: until it arrives, the skeleton is what shows.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/about-page[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeAttached();
  release();
  await expect(page.getByText('About', { exact: true })).toBeVisible();
  expect(warnings).toEqual([]);
});

test('at 1280 px the widest tables fit their box: no column lies under the row actions', async ({
  browser,
}) => {
  const cases: Array<[keyof typeof DEMO, string, string]> = [
    ['admin', '/admin/emergency-room', 'Waiting'],
    ['admin', '/admin/audit', 'Details'],
    ['doctor', '/doctor/diagnosis', 'Created on'],
  ];
  for (const role of ['admin', 'doctor'] as const) {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, DEMO[role], DEMO_PASSWORD);
    for (const [, path, shown] of cases.filter(([r]) => r === role)) {
      await test.step(path, async () => {
        await page.goto(path);
        const table = page.getByRole('table').first();
        await expect(table.locator('tbody tr').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // The table's scroll box does not scroll: every column, actions included, is in sight.
        const overflow = await table.evaluate((t) => {
          const box = t.parentElement as HTMLElement;
          return box.scrollWidth - box.clientWidth;
        });
        expect(overflow, `${path} scrolls sideways inside its box`).toBeLessThanOrEqual(0);
        await expect(table.getByRole('columnheader', { name: shown })).toBeInViewport({ ratio: 1 });
        await page.screenshot({
          path: test.info().outputPath(`wide${path.replaceAll('/', '-')}.png`),
          fullPage: true,
        });
      });
    }
    await context.close();
  }
});
