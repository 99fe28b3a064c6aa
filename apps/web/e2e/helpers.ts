import AxeBuilder from '@axe-core/playwright';
import { FRONT_DESK_MESSAGES, type Role } from '@carepoint/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

export const DEMO_PASSWORD = 'carepoint-demo';
export const DEMO = {
  admin: 'admin@carepoint.example',
  doctor: 'doctor@carepoint.example',
  patient: 'patient@carepoint.example',
  nurse: 'nurse@carepoint.example',
  lab: 'lab@carepoint.example',
  pharmacist: 'pharmacist@carepoint.example',
  cashier: 'cashier@carepoint.example',
} as const satisfies Record<Role, string>;

/** Fills the login form and submits it; waits until the app has left /login. */
export async function signIn(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Opens the header's user menu from the keyboard and answers the card. */
export async function openUserMenu(page: Page, name: string) {
  const trigger = page.getByRole('button', { name });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const card = page.getByTestId('profile-card');
  await expect(card).toBeVisible();
  return card;
}

/**
 * Runs axe on the page and fails on any serious or critical violation (listing them). In axe's
 * "legacy" mode: one run in the page itself, where the default runs each frame apart and joins
 * the results in a new blank page, about 2 s more a check (over a tenth of the browser suite).
 * What it leaves out, frames from another origin, the app does not have.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // What the user reads once it has settled: a toast or dialog still fading in or out is
  // part-transparent, and axe would measure its contrast mid-fade. Endless animations (a
  // skeleton's pulse, a spinner) never settle and are not waited for.
  const settled = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    );
  const seriousNow = async () => {
    await settled();
    const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  // A toast whose time ran out can start fading between the wait and the check: a violation is
  // measured again once that has settled, and only one still there is reported.
  let serious = await seriousNow();
  if (serious.length > 0) serious = await seriousNow();
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/** A unique e-mail for an account a test creates. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Registers a walk-in as the desk does (Manage Patients, Register Patient) with a unique e-mail;
 * `beforeSubmit` runs while the filled dialog is open (a screenshot). Ends on their record's page.
 */
export async function registerAtDesk(
  page: Page,
  firstName: string,
  lastName: string,
  beforeSubmit?: () => Promise<void>,
): Promise<void> {
  await page.goto('/admin/patients');
  await page.getByRole('button', { name: 'Register Patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Patient' });
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByLabel('Email').fill(uniqueEmail('walkin'));
  await dialog.getByLabel('Phone').fill('0803 555 0199');
  await dialog.getByLabel('Gender').selectOption('female');
  await beforeSubmit?.();
  await dialog.getByRole('button', { name: 'Register Patient' }).click();
  await expect(page.getByText(FRONT_DESK_MESSAGES.patientRegistered)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${firstName} ${lastName}` })).toBeVisible();
}

/** Signs a new patient up through the API (Lagos phone and address), for a test's own fresh account. */
export async function registerPatient(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  const res = await request.post('/api/auth/register/patient', {
    data: { ...person, phone: '+234 803 555 0190', address: 'Surulere, Lagos', gender: 'unknown' },
  });
  expect(res.status()).toBe(201);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD) as the app shows it everywhere: "30 Nov 2026", "4 Sep 2026". */
export function shownDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** Fails when the page is wider than the viewport (it would scroll sideways). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrolls, `${what} scrolls sideways`).toBe(false);
}

export interface ShotOptions {
  /** The whole page (the default), or only what is on screen: a drawer or dialog fixed to the viewport. */
  fullPage?: boolean;
  /**
   * One screenshot per width (`<name>-<width>.png`, 844 px high below 600 px wide, else 900), each
   * checked not to scroll sideways; the viewport's size is restored afterwards.
   */
  widths?: readonly number[];
}

/**
 * The e2e folder's one way to take a screenshot for a person to review: `<name>.png` in the
 * running test's output folder (playwright.config.ts outputDir: E2E_OUTPUT_DIR, else
 * test-results). A screenshot proves nothing by itself: the test around it asserts what the
 * screen must show.
 */
export async function shot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  const fullPage = options.fullPage ?? true;
  const path = (file: string) => test.info().outputPath(`${file}.png`);
  if (!options.widths) {
    await page.screenshot({ path: path(name), fullPage });
    return;
  }
  const size = page.viewportSize();
  for (const width of options.widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: path(`${name}-${width}`), fullPage });
    await expectNoSidewaysScroll(page, `${name} at ${width}px`);
  }
  if (size) await page.setViewportSize(size);
}

/**
 * Completes an admission dialog's own fields (the bed is the caller's): the first doctor in
 * charge, and a reason when the emergency room's complaint did not already give one.
 */
export async function completeAdmission(dialog: Locator): Promise<void> {
  await dialog.getByLabel('Doctor in charge').selectOption({ index: 1 });
  const reason = dialog.getByLabel('Reason for admission');
  if ((await reason.inputValue()) === '') await reason.fill('Observation after the emergency room');
}

/** The bed's own label in a free-bed option ("Ward A-01 (General Ward)" is bed "Ward A-01"). */
export const bedOfOption = (option: string) => option.replace(/ \([^)]*\)$/, '');
