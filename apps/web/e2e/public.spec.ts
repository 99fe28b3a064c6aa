import {
  DEMO_REQUEST_THANKS,
  HEADER_SOLID_AFTER_PX,
  HEADER_TRANSPARENT_BELOW_PX,
  MARKETING,
} from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

test.describe('landing page', () => {
  test('header turns solid after scrolling past 50px and transparent again under 10px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header[data-solid]');
    await expect(header).toHaveAttribute('data-solid', 'false');

    await page.evaluate((y) => window.scrollTo(0, y), HEADER_SOLID_AFTER_PX + 150);
    await expect(header).toHaveAttribute('data-solid', 'true');

    // Between the thresholds the header keeps its state.
    await page.evaluate((y) => window.scrollTo(0, y), HEADER_TRANSPARENT_BELOW_PX + 20);
    await expect(header).toHaveAttribute('data-solid', 'true');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-solid', 'false');
  });

  test('shows the services, figures, reasons and contact details', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Patient Management' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Appointment Scheduling' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Analytics & Reports' })).toBeVisible();
    for (const figure of [MARKETING.facilities, MARKETING.patients, MARKETING.satisfaction]) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }
    for (const reason of ['Secure & Compliant', 'Easy Integration', '24/7 Support']) {
      await expect(page.getByRole('heading', { name: reason })).toBeVisible();
    }
    const footer = page.locator('footer');
    await expect(footer).toContainText(MARKETING.openingHours);
    // The facility's own details, as an admin saved them (facility.spec.ts changes them): no
    // vendor's address written into the page.
    await expect(footer).toContainText('Contact Information');
    const { address } = (await (await page.request.get('/api/public/facility')).json()) as {
      address: string | null;
    };
    if (address) await expect(footer).toContainText(address);
    await expect(footer).not.toContainText('Lagos State, Nigeria');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} CarePoint`);
  });

  test('Services link scrolls to the services section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await expect(page.locator('#services')).toBeInViewport();
    await expect(page).toHaveURL(/\/#services$/);
  });

  test('Get Started reaches /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('Register goes to /signup', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('Schedule Demo request submits and shows the thanks toast', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Schedule Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Demo' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Organisation is required')).toBeVisible();

    await dialog.getByLabel('Name').fill('Amaka Obi');
    await dialog.getByLabel('Email').fill(uniqueEmail('demo'));
    await dialog.getByLabel('Organisation').fill('Lekki General Hospital');
    await dialog.getByLabel('Message (optional)').fill('We run 120 beds and two theatres.');
    await dialog.getByRole('button', { name: 'Send request' }).click();

    await expect(page.getByText(DEMO_REQUEST_THANKS)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('works on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('comes alive over its prerendered HTML without an error', async ({ page }) => {
    // A hydration mismatch would be reported as an error.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(page.getByRole('dialog', { name: 'Schedule Demo' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('landing page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is there from its HTML alone (it paints before any script)', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Better care starts with a calmer hospital.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
    await expect(page).toHaveTitle('CarePoint: hospital and clinic management');
  });
});

test.describe('other public pages', () => {
  test('/about is a page about the product', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About CarePoint', level: 1 })).toBeVisible();
    await expect(page.getByText('hospital and clinic management application').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown path shows Page not found with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('was not found')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
