import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * "Who opened my record": the demo doctor opens Grace Okonkwo's chart; Grace then sees that read
 * on her own page, with the doctor's name, newest first.
 */

const GRACE = 'Grace Okonkwo';
/** The demo doctor (doctor@carepoint.example). */
const DOCTOR = 'Daniel Adeyemi';

async function doctorOpensGracesChart(page: Page) {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/patients');
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(GRACE);
  await page.getByRole('button', { name: `View Details of ${GRACE}` }).click();
  const drawer = page.getByRole('dialog', { name: GRACE });
  await expect(drawer.getByRole('region', { name: 'Personal details' })).toContainText(DEMO.patient);
  return (await page.request.get('/api/auth/me')).json() as Promise<{
    user: { firstName: string; lastName: string };
  }>;
}

/** A second browser, signed in as `email`, to see what the doctor's reads left behind. */
async function afterTheDoctor(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return { context, page };
}

test("a patient sees, on Who opened my record, the doctor's read of their chart", async ({
  page,
  browser,
}) => {
  await doctorOpensGracesChart(page);

  const { context: patientContext, page: patient } = await afterTheDoctor(browser, DEMO.patient);
  await patient.getByRole('link', { name: 'Who opened my record' }).click();
  await expect(patient).toHaveURL(/\/patient\/record-access/);
  await expect(patient.getByRole('heading', { level: 1 })).toHaveText('Who opened my record');

  const table = patient.getByRole('table', { name: 'Who opened my record' });
  // Opening a chart also reads its lab orders and results: the chart's own row among them.
  const newest = table.getByRole('row').filter({ hasText: 'Opened your chart' }).first();
  await expect(newest).toContainText(DOCTOR);
  await expect(newest).toContainText('Doctor');
  await expect(newest).toContainText('Opened your chart');
  await expect(newest).toContainText('Patient chart (doctor)');
  await expectNoSeriousA11yViolations(patient);
  await shot(patient, 'record-access', { widths: [1280, 390] });
  await patientContext.close();
});

test('an admin exports the audit trail of a date range as CSV', async ({ page }) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit Trail');
  // The export wants a date range first.
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(page.getByText('Choose a date range (From and To) to export')).toBeVisible();

  const today = new Date();
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await page.getByLabel('From').fill(day(new Date(today.getTime() - 86_400_000)));
  await page.getByLabel('To').fill(day(today));
  const link = page.getByRole('link', { name: 'Export CSV' });
  await expect(link).toHaveAttribute('href', /^\/api\/admin\/audit\/export\?from=.+&to=.+/);
  await shot(page, 'audit-trail-export', { widths: [1280, 390] });

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(
    /^carepoint-audit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    '\uFEFFid,seq,at (UTC),actor id,actor e-mail,actor role,action,record type,record id,patient id,address,details,prev_hash,hash',
  );
  // The admin's own sign-in today is in it.
  expect(text).toContain(`${DEMO.admin},admin,auth.login,`);
});

test('the audit trail shows identical reads that came together as one row, with how many', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/audit');
  const term = `zzrepeat${Date.now()}`;
  // Parallel reads of one page, as a script or a polling client sends them (here from the test
  // runner, with the admin's session cookie): the server writes those waiting for the same
  // statement as one row. Sent again until one row stands for several.
  await expect(async () => {
    await Promise.all(Array.from({ length: 30 }, () => page.request.get(`/api/admin/patients?q=${term}`)));
    const trail = await page.request.get('/api/admin/audit?action=patients.list&limit=50');
    const rows = ((await trail.json()) as { data: Array<{ details: Record<string, unknown> }> }).data;
    const times = rows
      .filter((e) => (e.details.query as { q?: string } | undefined)?.q === term)
      .map((e) => (e.details.repeated as { times: number } | undefined)?.times ?? 1);
    expect(Math.max(...times)).toBeGreaterThan(1);
  }).toPass();

  // The trail filtered by action, from the address (as typing it in Action leaves it).
  await page.goto('/admin/audit?action=patients.list');
  await expect(page.getByLabel('Action')).toHaveValue('patients.list');
  await expect(page.getByRole('row').filter({ hasText: term }).first()).toBeVisible();
  // The merged row may be on a later page: the round that made it wrote its other rows after it.
  const row = page
    .getByRole('row')
    .filter({ hasText: term })
    .filter({ hasText: /repeated:\s*\d+ times within/ });
  for (let shown = 1; shown < 6 && !(await row.first().isVisible()); shown++) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(new RegExp(`Page ${shown + 1} of`))).toBeVisible();
  }
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText(/repeated:\s*\d+ times within \d+(\.\d)? m?s/);
  // The merged row in view at each width (a full page of 20 cards at 390 px hides it).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await row.first().scrollIntoViewIfNeeded();
    await shot(page, `audit-trail-repeated-reads-${width}`, { fullPage: false });
  }
});

/** Text in the trail's action names and actor e-mails that a line break splits inside a word. */
function wordsSplitAcrossLines(page: Page) {
  return page.evaluate(() => {
    const split: string[] = [];
    for (const el of document.querySelectorAll('table code, table button[title]')) {
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(node.textContent);
      }
      // What would let a narrow cell break anywhere in a word.
      const style = getComputedStyle(el);
      if (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all')
        split.push(el.textContent ?? '');
    }
    return split;
  });
}

test('the audit trail names the patient, offers its actions to pick from, and breaks no word', async ({
  page,
  browser,
}) => {
  await doctorOpensGracesChart(page);

  const { context, page: admin } = await afterTheDoctor(browser, DEMO.admin);
  await admin.goto('/admin/audit');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Audit Trail');
  // The actions the trail holds, to pick from: no name to know by heart.
  const action = admin.getByRole('combobox', { name: 'Action' });
  await expect(action.locator('option', { hasText: /^chart\.read$/ })).toHaveCount(1);
  await expect(action.locator('option').first()).toHaveText('All actions');
  await action.selectOption('chart.read');
  await expect(admin).toHaveURL(/action=chart\.read/);
  // The filtered page has replaced the previous one (kept on screen while it loads): every row
  // but the header is a chart read.
  await expect(admin.getByRole('row').filter({ hasNotText: 'chart.read' })).toHaveCount(1);
  const row = admin.getByRole('row').filter({ hasText: DEMO.doctor }).first();
  // The patient by name, where a code stood.
  await expect(row.getByRole('cell', { name: GRACE, exact: true })).toBeVisible();

  // Words are measured on these rows (demo names and e-mails): with every action, the newest rows
  // are whatever the tests running beside this one just wrote, long generated e-mails included.
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await expect(admin.getByRole('row').nth(1)).toBeVisible();
    expect(await wordsSplitAcrossLines(admin), `words split at ${width} px`).toEqual([]);
    await shot(admin, `audit-trail-${width}`, { fullPage: width >= 600 });
  }
  await action.selectOption('');
  await expect(admin).not.toHaveURL(/action=/);
  await expectNoSeriousA11yViolations(admin);
  await context.close();
});
