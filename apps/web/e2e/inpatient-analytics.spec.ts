import type { LabAnalytics } from '@carepoint/contract';
import { expect, type Locator, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Inpatient figures on the demo data: the wards' beds (some occupied, one reserved, one being
 * cleaned), the admitted stays, and the stays discharged over the last two weeks. Laboratory
 * figures on whatever laboratory work the server holds (the demo data's and other specs'): the
 * screen says what the API computed, an empty period in words.
 */

test('Operational Analytics shows beds by ward, admissions and discharges per day and the average stay', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/analytics');
  const section = page.getByRole('region', { name: 'Inpatients' });
  await expect(section.getByLabel('Period')).toHaveValue('14');

  // Beds by ward: each ward's four counts and its percent occupied, and all wards' their sums. Other
  // specs move beds on the same server, so the figures are checked against one another.
  const table = section.getByTestId('ward-occupancy');
  await expect(table.getByRole('row', { name: /Maternity Ward/ })).toBeVisible();
  const cellsOf = async (row: Locator) =>
    (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
  const totals = [0, 0, 0, 0];
  for (const row of await table.locator('tbody tr').all()) {
    const cells = await cellsOf(row);
    const beds = cells.slice(0, 4).map(Number);
    beds.forEach((n, i) => {
      totals[i] = (totals[i] ?? 0) + n;
    });
    const all = beds.reduce((sum, n) => sum + n, 0);
    expect(cells[4]).toBe(all ? `${Math.round(((beds[0] ?? 0) * 100) / all)}%` : 'No beds');
  }
  const allWards = await cellsOf(table.getByRole('row', { name: /All wards/ }));
  expect(allWards.slice(0, 4).map(Number)).toEqual(totals);
  expect(allWards[4]).toMatch(/^\d+%$/);

  // Admissions and discharges over the last 14 days, drawn and given in words.
  const movements = section.getByRole('figure', { name: 'Admissions and discharges' });
  await expect(movements).toContainText(
    /Stays admitted and discharged per day from .+: \d+ admissions? and \d+ discharges?\./,
  );
  await expect(movements.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const los = section.getByText('Average length of stay').locator('..').locator('..');
  await expect(los).toContainText(/\d+(\.\d)? days/);
  await expect(los).toContainText(/Over \d+ stays discharged in the period/);

  await expectNoSeriousA11yViolations(page);
  await shot(page, 'inpatient-analytics', { widths: [1280, 390] });

  // Another period is read by the server: 7 days answer 7 days of figures.
  await section.getByLabel('Period').selectOption('7');
  await expect(page).toHaveURL(/days=7/);
  await expect(section.locator('p', { hasText: 'Last 7 days' }).first()).toBeVisible();
  await expect(
    section.getByRole('figure', { name: 'Admissions and discharges' }).locator('tbody tr'),
  ).toHaveCount(7);
});

test('the Admin Dashboard shows bed occupancy now and today’s admissions and discharges', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/dashboard');
  const cards = page.getByTestId('inpatient-cards');
  const card = (title: string) =>
    cards.locator('section').filter({ has: page.getByRole('heading', { name: title }) });
  const occupancy = card('Bed occupancy');
  await expect(occupancy).toContainText(/\d+% occupied now: \d+ of \d+ beds/);
  for (const state of ['Occupied', 'Reserved', 'Cleaning', 'Free'])
    await expect(occupancy.getByRole('listitem').filter({ hasText: state })).toContainText(/\d+/);
  const today = card('Inpatients today');
  for (const label of ['Admitted', 'Discharged', 'In beds now'])
    await expect(today.getByRole('term').filter({ hasText: label })).toBeVisible();
  // The demo data has a stay that ended today.
  await expect(today.getByRole('definition').nth(1)).not.toHaveText('0');
  await expect(page.locator('.recharts-surface')).toHaveCount(2);
  await shot(page, 'inpatient-dashboard', { widths: [1280, 390] });

  await occupancy.getByRole('link', { name: 'By ward' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
});

test('Operational Analytics shows the laboratory’s turnaround, rejected specimens and critical results', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/analytics');
  const section = page.getByRole('region', { name: 'Laboratory' });
  await expect(section.getByLabel('Period')).toHaveValue('14');
  for (const title of [
    'Turnaround by priority',
    'Turnaround by test',
    'Rejected specimens',
    'Critical results',
  ])
    await expect(section.getByRole('heading', { name: title })).toBeVisible();

  // The figures the screen shows are the server's (other specs may file laboratory work on this server).
  const figures: LabAnalytics = await (await page.request.get('/api/admin/analytics/lab?days=14')).json();
  const byPriority = section.getByRole('table', { name: 'Turnaround by priority' });
  const byTest = section.getByRole('table', { name: 'Turnaround by test' });
  const median = section.getByText('Median turnaround').locator('..').locator('..');
  if (figures.turnaround.all.count === 0) {
    await expect(byPriority).toContainText('No test was verified in the period.');
    await expect(byTest).toContainText('No test was verified in the period.');
    await expect(median).toContainText('–');
    await expect(median).toContainText('No test verified in the period');
  } else {
    await expect(byPriority.locator('tbody tr')).toHaveCount(3);
    await expect(byTest.locator('tbody tr')).toHaveCount(figures.turnaround.byTest.length);
  }
  const byReason = section.getByRole('table', { name: 'Rejected specimens by reason' });
  if (figures.rejections.specimens === 0) {
    await expect(byReason).toContainText('No specimen was collected in the period.');
    await expect(section.getByText('Specimens rejected').locator('..').locator('..')).toContainText(
      'No specimen collected in the period',
    );
  } else {
    await expect(byReason.locator('tbody tr')).toHaveCount(4);
  }
  const critical = section.getByTestId('critical-alerts');
  await expect(critical.getByRole('definition').first()).toHaveText(String(figures.critical.raised));
  if (figures.critical.raised === 0)
    await expect(section).toContainText('No critical result was raised in the period.');

  await expectNoSeriousA11yViolations(page);
  await shot(page, 'lab-analytics', { widths: [1280, 390] });

  // One period for the page: the laboratory's Period moves the inpatient figures too.
  await section.getByLabel('Period').selectOption('7');
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('region', { name: 'Inpatients' }).getByLabel('Period')).toHaveValue('7');
});
