import type { LabRequisition, LabTestOption } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Laboratory results (docs/areas/lab-results.md): the demo doctor orders a potassium for the demo
 * patient, the lab collects and receives it (through the API, as the worklist's buttons do); one
 * scientist enters a critical value, a second verifies it; the doctor's open dashboard shows the
 * critical result live, the doctor acknowledges and shares it, and the patient reads it on My Results.
 */

const SECOND_SCIENTIST = 'musa.danjuma@carepoint.example';

test('a critical value entered, verified by a second scientist, alerts the doctor live and reaches the patient once shared', async ({
  browser,
}) => {
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const [doctor, lab, second, patient] = await Promise.all(contexts.map((c) => c.newPage()));
  if (!doctor || !lab || !second || !patient) throw new Error('pages not opened');

  // A demo patient of their own: lab-orders.spec.ts orders for Grace Okonkwo at the same time,
  // and each test reads its patient's row on the shared worklist.
  await signIn(patient, 'olumide.ogunleye@carepoint.example', DEMO_PASSWORD);
  const me = (await (await patient.request.get('/api/auth/me')).json()) as {
    user: { id: string; firstName: string; lastName: string };
  };
  const patientName = `${me.user.firstName} ${me.user.lastName}`;

  // The doctor orders a STAT potassium (the shipped catalogue's K, LOINC 2823-3).
  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  const tests = (await (await doctor.request.get('/api/lab-tests?q=Potassium')).json()) as {
    data: LabTestOption[];
  };
  const potassium = tests.data.find((t) => t.code === 'K');
  if (!potassium) throw new Error('the catalogue has no potassium');
  const ordered = await doctor.request.post('/api/lab/orders', {
    data: { patientId: me.user.id, testIds: [potassium.id], priority: 'STAT', confirmDuplicates: true },
  });
  expect(ordered.status()).toBe(201);
  const orderId = ((await ordered.json()) as LabRequisition).orders[0]?.id ?? '';

  await signIn(lab, DEMO.lab, DEMO_PASSWORD);
  expect((await lab.request.post(`/api/lab/orders/${orderId}/collect`, { data: {} })).ok()).toBe(true);
  expect((await lab.request.post(`/api/lab/orders/${orderId}/receive`, { data: {} })).ok()).toBe(true);

  // The doctor's dashboard is open before the result exists.
  await doctor.goto('/doctor/dashboard');
  const panel = doctor.getByTestId('lab-critical-alerts');
  await expect(panel).toBeVisible();
  const alertRow = panel
    .getByRole('listitem')
    .filter({ hasText: patientName })
    .filter({ hasText: '6.8 mmol/L' });
  await expect(alertRow).toHaveCount(0);

  // The first scientist enters the value: the range for the patient and the flag show as it is typed.
  await lab.goto(`/lab/orders/${orderId}`);
  await expect(lab.getByText(patientName).first()).toBeVisible();
  await expect(lab.getByText('Reference 3.5–5.1 mmol/L')).toBeVisible();
  await lab.getByLabel('Potassium (mmol/L)').fill('6.8');
  await expect(lab.getByText('Critically high')).toBeVisible();
  await expectNoSeriousA11yViolations(lab);
  await shot(lab, 'lab-results-entry', { widths: [1280, 390] });
  await lab.setViewportSize({ width: 1280, height: 900 });
  await lab.getByRole('button', { name: 'Save results' }).click();
  await expect(lab.getByText('Results saved')).toBeVisible();
  await expect(lab.getByText('Preliminary')).toBeVisible();
  // The one who entered it may not verify it (the lab's default rule).
  await expect(lab.getByText('Another scientist must verify the values you entered')).toBeVisible();
  await expect(lab.getByRole('button', { name: 'Verify and release' })).toBeDisabled();

  // A second scientist verifies.
  await signIn(second, SECOND_SCIENTIST, DEMO_PASSWORD);
  await second.goto(`/lab/orders/${orderId}`);
  await second.getByRole('button', { name: 'Verify and release' }).click();
  await expect(second.getByText('Verified and released to the ordering doctor.')).toBeVisible();
  await expect(second.getByText('Final')).toBeVisible();
  await shot(second, 'lab-results-verified', { widths: [1280, 390] });
  await second.setViewportSize({ width: 1280, height: 900 });
  // The correction dialog (opened and left).
  await second.getByRole('button', { name: 'Correct Potassium' }).click();
  await expect(second.getByRole('dialog')).toBeVisible();
  await shot(second, 'lab-results-correction-dialog', { widths: [1280, 390] });
  await second.setViewportSize({ width: 1280, height: 900 });
  await second.getByRole('button', { name: 'Cancel' }).click();

  // The doctor's open dashboard shows the critical result without a reload, until acknowledged.
  await expect(alertRow).toBeVisible();
  await expect(alertRow).toContainText('Critically high');
  await shot(doctor, 'lab-results-doctor-alert', { widths: [1280, 390] });
  await doctor.setViewportSize({ width: 1280, height: 900 });
  await alertRow.getByRole('button', { name: `Acknowledge the critical result for ${patientName}` }).click();
  await expect(alertRow).toHaveCount(0);

  // Not shared yet: the patient does not see it; once the doctor shares it, they do.
  expect((await patient.request.get(`/api/patient/lab-results/${orderId}`)).status()).toBe(404);
  // The doctor shares it from the patient's chart.
  await doctor.goto('/doctor/patients');
  await doctor.getByRole('searchbox', { name: 'Search patients' }).fill(patientName);
  await doctor.getByRole('button', { name: `View Details of ${patientName}` }).click();
  const chartResults = doctor.getByRole('dialog', { name: patientName }).getByTestId('chart-lab-results');
  const share = chartResults.getByRole('checkbox', { name: 'Share with the patient' });
  await expect(share).toHaveCount(1);
  await share.check();
  await expect(doctor.getByText('Shared with the patient')).toBeVisible();
  await patient.goto('/patient/results');
  const report = patient.getByTestId('patient-lab-results');
  await expect(report).toContainText('Potassium');
  await expect(report).toContainText('6.8 mmol/L');
  await expect(report).toContainText('Critically high');
  await expectNoSeriousA11yViolations(patient);
  await shot(patient, 'lab-results-patient', { widths: [1280, 390] });

  await Promise.all(contexts.map((c) => c.close()));
});

test('the admin chooses who verifies and when critical results escalate', async ({ page }) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/facility');
  const minutes = page.getByLabel('Escalate an unacknowledged critical result after (minutes)');
  await expect(minutes).toHaveValue('30');
  await expect(page.getByLabel('Who verifies results')).toHaveValue('second-scientist');
  await expect(page.getByTestId('lab-critical-alerts')).toHaveCount(0);
  await minutes.fill('2');
  await page.getByRole('button', { name: 'Save laboratory settings' }).click();
  await expect(page.getByText('Between 5 and 1440 minutes')).toBeVisible();
  await shot(page, 'lab-settings', { widths: [1280, 390] });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: /Unacknowledged critical lab results/ })).toBeVisible();
  await shot(page, 'lab-escalated-admin', { widths: [1280, 390] });
});
