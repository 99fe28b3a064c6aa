import type { DoctorAlertList, WardBoard } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Ward observations (docs/areas/observations-news2.md): a nurse records a set that scores high,
 * seeing NEWS2 and the RCP's response as she types; the doctor in charge, whose dashboard is open,
 * sees the alert arrive live and acknowledges it. The stay is a calm patient of the demo doctor,
 * found on the ward boards (the deteriorating patient's open alert is left for the demo).
 */

test('a high NEWS2 recorded by the nurse alerts the doctor in charge, who acknowledges it', async ({
  browser,
}) => {
  const doctorContext = await browser.newContext();
  const nurseContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  const nurse = await nurseContext.newPage();

  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  const me = (await (await doctor.request.get('/api/auth/me')).json()) as {
    user: { firstName: string; lastName: string };
  };
  const doctorName = `${me.user.firstName} ${me.user.lastName}`;
  const openAlerts = ((await (await doctor.request.get('/api/doctor/alerts')).json()) as DoctorAlertList)
    .data;

  // A patient of the demo doctor without an open alert, found on the ward boards.
  await signIn(nurse, DEMO.nurse, DEMO_PASSWORD);
  const wards = ((await (await nurse.request.get('/api/wards')).json()) as { data: Array<{ id: string }> })
    .data;
  let patient: { stayId: string; name: string } | undefined;
  for (const ward of wards) {
    const board = (await (await nurse.request.get(`/api/wards/${ward.id}/board`)).json()) as WardBoard;
    const bed = board.beds.find(
      (b) =>
        b.stay?.status === 'Admitted' &&
        b.stay.doctorName === doctorName &&
        !openAlerts.some((a) => a.stayId === b.stay?.id),
    );
    if (bed?.stay) {
      patient = { stayId: bed.stay.id, name: bed.stay.patientName };
      break;
    }
  }
  if (!patient) throw new Error('the demo data has no calm patient of the demo doctor');
  const patientName = patient.name;
  await doctor.goto('/doctor/dashboard');
  const panel = doctor.getByTestId('doctor-alerts');
  // Loaded: the deteriorating patient's alert of the demo data is there.
  await expect(panel.getByRole('listitem').first()).toContainText('NEWS2');
  const row = panel.getByRole('listitem').filter({ hasText: patientName });
  await expect(row).toHaveCount(0);

  // The nurse records a set: the score and the response show as the values are typed.
  await nurse.goto(`/nurse/stays/${patient.stayId}/observations`);
  await expect(nurse.getByRole('heading', { level: 2, name: 'Observations', exact: true })).toBeVisible();
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

  // The doctor's open dashboard follows live: the new alert arrives without a reload.
  await expect(row).toContainText('NEWS2 13');
  await expect(row).toContainText('High risk');
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'ward-observations-doctor-alerts', { widths: [1280, 390] });
  await doctor.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: `Acknowledge the alert for ${patientName}` }).click();
  await expect(row).toHaveCount(0);

  // The doctor reads the same sets on the stay's page.
  await doctor.goto(`/doctor/stays/${patient.stayId}/observations`);
  await expect(doctor.getByRole('table', { name: 'Observation sets' }).getByRole('row').nth(1)).toContainText(
    'NEWS2 13',
  );
  await Promise.all([doctorContext.close(), nurseContext.close()]);
});
