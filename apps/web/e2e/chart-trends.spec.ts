import fs from 'node:fs';
import type { BillableAppointment, VitalsSeries } from '@carepoint/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The chart as a doctor looks at it, from an appointment: its vitals over time (small charts
 * with the usual ranges shaded, the latest value and date beside each), Create invoice with the
 * appointment chosen, the prescription form offering the latest triage vitals; and the patient's
 * My Results, holding what their doctors shared and nothing else.
 */

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

/** A completed appointment of the demo doctor, not yet billed, whose patient has triage vitals. */
async function billableWithVitals(page: Page) {
  const res = await page.request.get('/api/doctor/invoices/billable');
  const { data } = (await res.json()) as { data: BillableAppointment[] };
  for (const appointment of data) {
    const series = (await (
      await page.request.get(`/api/doctor/patients/${appointment.patientId}/vitals`)
    ).json()) as VitalsSeries;
    if (series.points.some((p) => p.source === 'triage')) return appointment;
  }
  throw new Error('no billable appointment of a patient with triage vitals in the demo data');
}

test('from an appointment the doctor opens the chart with its vitals over time, then bills it', async ({
  browser,
}) => {
  const page = await signedInPage(browser, DEMO.doctor);
  const visit = await billableWithVitals(page);
  await page.goto(`/doctor/appointment/${visit.id}`);
  await page.getByRole('button', { name: 'Open chart' }).click();
  const drawer = page.getByRole('dialog', { name: visit.patientName });
  const trends = drawer.getByRole('region', { name: 'Vitals over time' });
  await expect(trends).toBeVisible();
  for (const label of ['Blood pressure', 'Heart rate', 'Temperature', 'Weight', 'Blood glucose'])
    await expect(trends.getByRole('figure').filter({ hasText: label })).toHaveCount(1);
  // Each trend says its latest value and date in words, with the usual range for screen readers.
  const pressure = trends.getByRole('figure').filter({ hasText: 'Blood pressure' });
  await expect(pressure).toContainText(/\d{2,3}\/\d{2,3} mmHg/);
  await expect(pressure).toContainText('usual adult range 90–120 / 60–80 mmHg');
  await expect(trends.getByRole('figure').filter({ hasText: 'Heart rate' })).toContainText(/\d+ bpm/);
  // The charts themselves are drawn (recharts, loaded on demand), the ranges shaded behind: the
  // five above, and respiratory rate and oxygen saturation (the ward's observations add them).
  await expect(trends.locator('svg.recharts-surface')).toHaveCount(7);
  await expect(pressure.locator('.recharts-reference-area')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await trends.scrollIntoViewIfNeeded();
  await shot(page, 'chart-trends-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await pressure.scrollIntoViewIfNeeded();
  await shot(page, 'chart-trends-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await shot(page, 'appointment-actions', { widths: [1280, 390] });

  // Create invoice: the New Invoice form opens with this appointment chosen.
  await page.getByRole('link', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/doctor/transactions\\?new=${visit.id}$`));
  const form = page.getByRole('dialog', { name: 'New Invoice' });
  await expect(form.getByLabel('Appointment')).toHaveValue(visit.id);
  await expect(form.getByLabel('Appointment').locator('option:checked')).toContainText(visit.patientName);
  await shot(page, 'invoice-preselected-1280', { fullPage: false });
});

test('the prescription form offers the latest triage vitals and fills them in', async ({ browser }) => {
  const page = await signedInPage(browser, DEMO.doctor);
  const visit = await billableWithVitals(page);
  await page.goto(`/doctor/appointment/${visit.id}`);
  await page.getByRole('link', { name: 'Write prescription' }).click();
  const offer = page.getByRole('region', { name: 'Latest triage vitals' });
  await expect(offer).toContainText(/Blood pressure \d+\/\d+ mmHg/);
  const pressure = ((await offer.innerText()).match(/Blood pressure (\d+\/\d+) mmHg/) ?? [])[1] ?? '';
  const pulse = ((await offer.innerText()).match(/Pulse (\d+) bpm/) ?? [])[1] ?? '';
  await expect(page.getByLabel('Blood pressure (mmHg)')).toHaveValue('');
  await offer.getByRole('button', { name: 'Use these' }).click();
  await expect(page.getByLabel('Blood pressure (mmHg)')).toHaveValue(pressure);
  await expect(page.getByLabel('Pulse rate (bpm)')).toHaveValue(pulse);
  await expect(page.getByLabel('Temperature (°C)')).not.toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await offer.scrollIntoViewIfNeeded();
  await shot(page, 'prescription-triage', { widths: [1280, 390], fullPage: false });
});

test('the patient sees the results shared with them, with their files, and not the others', async ({
  browser,
}) => {
  const patient = await signedInPage(browser, DEMO.patient);
  await patient.getByRole('link', { name: 'Results', exact: true }).click();
  await expect(patient.getByRole('heading', { name: 'My Results', level: 1 })).toBeVisible();
  const card = (title: string) => patient.getByRole('article', { name: title });
  await expect(card('Fasting blood sugar and HbA1c')).toContainText('HbA1c');
  await expect(card('Fasting blood sugar and HbA1c')).toContainText('134/86 mmHg');
  await expect(card('Chest X-ray')).toContainText('Investigation report');
  // Not shared: the operation report, and the newest test still under review.
  await expect(patient.getByRole('article', { name: 'Inguinal hernia repair' })).toHaveCount(0);
  await expect(patient.getByRole('article', { name: 'Random blood sugar' })).toHaveCount(0);

  const fbc = card('Full blood count');
  const [download] = await Promise.all([
    patient.waitForEvent('download'),
    fbc.getByRole('link', { name: /^Download / }).click(),
  ]);
  expect(
    fs
      .readFileSync((await download.path()) ?? '')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expectNoSeriousA11yViolations(patient);
  await shot(patient, 'my-results', { widths: [1280, 390] });

  // The doctor shares the newest test: the patient sees it at once.
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto('/doctor/diagnosis?q=Random%20blood%20sugar');
  await doctor
    .getByRole('row')
    .filter({ hasText: 'Random blood sugar' })
    .filter({ hasText: 'Grace Okonkwo' })
    .getByRole('link', { name: /Edit/ })
    .click();
  const share = doctor.getByRole('checkbox', { name: 'Share with the patient' });
  await expect(share).not.toBeChecked();
  await shot(doctor, 'share-test-1280', { fullPage: false });
  await share.check();
  await expect(doctor.getByText('Shared with the patient', { exact: true })).toBeVisible();
  await patient.reload();
  await expect(card('Random blood sugar')).toContainText('118 mg/dL');

  // A report's sheet carries the same control: the demo X-ray is shared, the operation is not.
  await doctor.goto('/doctor/reports?tab=investigation');
  await doctor.getByRole('row').filter({ hasText: 'Chest X-ray' }).first().click();
  const sheet = doctor.getByRole('dialog', { name: /Investigation Report IR-/ });
  await expect(sheet.getByRole('checkbox', { name: 'Share with the patient' })).toBeChecked();
  await shot(doctor, 'share-report', { widths: [1280, 390], fullPage: false });
});
