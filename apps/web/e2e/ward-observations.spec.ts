import type { DoctorAlertList } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Ward observations (docs/areas/observations-news2.md): a nurse records a set that scores high,
 * seeing NEWS2 and the RCP's response as she types; the doctor in charge, whose dashboard is open,
 * sees the alert arrive live and acknowledges it. The stay is the demo doctor's deteriorating
 * patient (the demo data's open alert names it).
 */

test('a high NEWS2 recorded by the nurse alerts the doctor in charge, who acknowledges it', async ({
  browser,
}) => {
  const doctorContext = await browser.newContext();
  const nurseContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  const nurse = await nurseContext.newPage();

  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  const alerts = await doctor.request.get('/api/doctor/alerts');
  expect(alerts.ok()).toBe(true);
  const seeded = (await alerts.json()) as DoctorAlertList;
  const deteriorating = seeded.data[0];
  if (!deteriorating) throw new Error('the demo data has no open alert for the demo doctor');
  const patientName = deteriorating.patient.name;
  await doctor.goto('/doctor/dashboard');
  const panel = doctor.getByTestId('doctor-alerts');
  const row = panel.getByRole('listitem').filter({ hasText: patientName });
  await expect(row).toContainText(`NEWS2 ${deteriorating.score}`);

  // The nurse records a set: the score and the response show as the values are typed.
  await signIn(nurse, DEMO.nurse, DEMO_PASSWORD);
  await nurse.goto(`/nurse/stays/${deteriorating.stayId}/observations`);
  await expect(nurse.getByRole('heading', { level: 1, name: 'Observations' })).toBeVisible();
  const form = nurse.getByRole('form', { name: 'Record observations' });
  await form.getByLabel('Respiration rate (breaths/min)').fill('27');
  await form.getByLabel('SpO2 (%)').fill('91');
  await form.getByLabel('Air or oxygen').selectOption('Oxygen');
  await form.getByLabel('Systolic blood pressure (mmHg)').fill('98');
  await form.getByLabel('Pulse (bpm)').fill('118');
  await form.getByLabel('Temperature (°C)').fill('38.4');
  const result = nurse.getByTestId('news2-result');
  await expect(result).toContainText('NEWS2 13');
  await expect(result).toContainText('High risk');
  await expect(result).toContainText('Continuous monitoring of vital signs');
  await expect(result).toContainText('Saving alerts the doctor in charge');
  await expectNoSeriousA11yViolations(nurse);
  await shot(nurse, 'ward-observations-form', { widths: [1280, 390] });
  await nurse.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Save observations' }).click();
  await expect(nurse.getByText('Observations saved: NEWS2 13 (High risk)')).toBeVisible();
  const sets = nurse.getByRole('table', { name: 'Observation sets' });
  await expect(sets.getByRole('row').nth(1)).toContainText('NEWS2 13');

  // The doctor's open dashboard follows live: the alert now carries the new score.
  await expect(row).toContainText('NEWS2 13');
  await expect(row).toContainText('High risk');
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'ward-observations-doctor-alerts', { widths: [1280, 390] });
  await doctor.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: `Acknowledge the alert for ${patientName}` }).click();
  await expect(row).toHaveCount(0);

  // The doctor reads the same sets on the stay's page.
  await doctor.goto(`/doctor/stays/${deteriorating.stayId}/observations`);
  await expect(doctor.getByRole('table', { name: 'Observation sets' }).getByRole('row').nth(1)).toContainText(
    'NEWS2 13',
  );
  await Promise.all([doctorContext.close(), nurseContext.close()]);
});
