import { type Browser, expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The laboratory's demo data (apps/server/src/db/seed/lab.ts) as its users first see it: the
 * lab's worklist with orders waiting in each state (one for a new specimen after a haemolysed
 * one), the demo doctor's dashboard with a critical potassium to acknowledge, a patient's chart
 * with nine months of panels drawn as trends, and that patient's My Results. It only reads: the
 * alert stays for whoever demonstrates it.
 */

const REVIEWED = { email: 'segun.alabi@carepoint.example', name: 'Segun Alabi' };

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

test('the worklist holds the demo orders by priority, one waiting for a new specimen', async ({
  browser,
}) => {
  const lab = await signedInPage(browser, DEMO.lab);
  await lab.goto('/lab/worklist');
  const row = (name: string) => lab.getByRole('row').filter({ hasText: name });
  await expect(row('Ibrahim Musa')).toContainText('STAT');
  await expect(row('Ibrahim Musa')).toContainText('Random blood sugar');
  await expect(row('Ibrahim Musa')).toContainText(/LAB-\d{4}-\d{6}/);
  await expect(row('Nneka Obiora')).toContainText('Recollect: Haemolysed');
  await expect(row('Efe Okoro')).toContainText('Resulted');
  await expect(row('Kunle Afolabi')).toContainText('In Progress');
  await expectNoSeriousA11yViolations(lab);
  await shot(lab, 'lab-demo-worklist', { widths: [1280, 390] });
  await lab.context().close();
});

test('the demo doctor’s dashboard shows the critical potassium waiting for acknowledgement', async ({
  browser,
}) => {
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto('/doctor/dashboard');
  const alert = doctor
    .getByTestId('lab-critical-alerts')
    .getByRole('listitem')
    .filter({ hasText: 'Gbenga Ishola' });
  await expect(alert).toContainText('6.6 mmol/L');
  await expect(alert).toContainText('Critically high');
  await expect(
    alert.getByRole('button', { name: 'Acknowledge the critical result for Gbenga Ishola' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'lab-demo-doctor-dashboard', { widths: [1280, 390] });
  await doctor.context().close();
});

test('a patient’s chart draws nine months of panels, and the patient reads them on My Results', async ({
  browser,
}) => {
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto('/doctor/patients');
  await doctor.getByRole('searchbox', { name: 'Search patients' }).fill(REVIEWED.name);
  await doctor.getByRole('button', { name: `View Details of ${REVIEWED.name}` }).click();
  const results = doctor.getByRole('dialog', { name: REVIEWED.name }).getByTestId('chart-lab-results');
  const hba1c = results.getByRole('figure').filter({ hasText: 'HbA1c' });
  await expect(hba1c).toContainText('7.1 %');
  await expect(hba1c).toContainText('7 results in the last 12 months');
  await expect(hba1c.locator('svg.recharts-surface')).toBeVisible();
  await expect(results.getByRole('figure').filter({ hasText: 'Creatinine' })).toContainText('156 umol/L');
  await hba1c.scrollIntoViewIfNeeded();
  // The pointer off the graphs, so the screenshot shows no tooltip.
  await doctor.mouse.move(0, 0);
  await shot(doctor, 'lab-demo-chart-trends-1280', { fullPage: false });
  await doctor.setViewportSize({ width: 390, height: 844 });
  await hba1c.scrollIntoViewIfNeeded();
  await shot(doctor, 'lab-demo-chart-trends-390', { fullPage: false });
  await doctor.context().close();

  const patient = await signedInPage(browser, REVIEWED.email);
  await patient.goto('/patient/results');
  const mine = patient.getByTestId('patient-lab-results');
  // Each review is two tubes, two reports: the EDTA one carries the HbA1c with the blood count.
  await expect(mine.getByRole('article')).toHaveCount(14);
  await expect(mine.getByRole('article').filter({ hasText: 'HbA1c' })).toHaveCount(7);
  await expect(mine.getByRole('article').first()).toContainText('High');
  await expectNoSeriousA11yViolations(patient);
  await shot(patient, 'lab-demo-my-results', { widths: [1280, 390] });
  await patient.context().close();
});
