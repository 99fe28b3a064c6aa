import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'carepoint-demo';
export const DEMO = {
  admin: 'admin@carepoint.example',
  doctor: 'doctor@carepoint.example',
  patient: 'patient@carepoint.example',
} as const;

/** Fills the login form and submits it; waits until the app has left /login. */
export async function signIn(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

/** Runs axe on the page and fails on any serious or critical violation (listing them). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/** A unique e-mail for an account a test creates. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A calendar date (YYYY-MM-DD) as the app shows it everywhere: "30 Nov 2026". */
export const shownDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
