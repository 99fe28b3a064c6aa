import { CHART_MESSAGES, FRONT_DESK_MESSAGES, TRIAGE_MESSAGES } from '@carepoint/contract';
import { type Browser, expect, test } from '@playwright/test';
import { completeAdmission, DEMO, DEMO_PASSWORD, registerAtDesk, shot, signIn } from './helpers';

/*
 * A walk-in from the door to a bed: triaged by a doctor, registered and matched at the desk,
 * admitted; what the triage recorded follows them into their chart.
 */

/** Letters only (a search term with digits reads as a phone or e-mail fragment), unique to this run. */
const letters = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(
    /\d/g,
    (digit) => 'abcdefghij'[Number(digit)] ?? 'x',
  );

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

test("a walk-in's triage vitals, complaint and score follow them into their chart once linked and admitted", async ({
  browser,
}) => {
  const lastName = `Triaged${letters()}`;
  const patientName = `Amaka ${lastName}`;
  const typed = `Amaka at the door ${lastName.slice(-5)}`;

  // The doctor triages someone with no record yet: heart rate 130, BP 85/50, 39 °C.
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto('/doctor/triage');
  await doctor.getByLabel('Patient', { exact: true }).fill(typed);
  await doctor.getByLabel('Chief complaint').fill('Fever and fainting');
  await doctor.getByLabel('Heart rate (bpm)').fill('130');
  await doctor.getByLabel('Systolic blood pressure (mmHg)').fill('85');
  await doctor.getByLabel('Diastolic blood pressure (mmHg)').fill('50');
  await doctor.getByLabel('Temperature (°C)').fill('39');
  await doctor.getByRole('button', { name: 'Save triage' }).click();
  await expect(
    doctor.getByText(`${TRIAGE_MESSAGES.saved}: ${typed} (High) sent to the emergency room`),
  ).toBeVisible();

  // The desk registers them, matches the arrival to the new record and admits them to a bed.
  const desk = await signedInPage(browser, DEMO.admin);
  await registerAtDesk(desk, 'Amaka', lastName);
  await desk.goto('/admin/emergency-room');
  await desk.getByPlaceholder('Search patients').fill(typed);
  const walkIn = desk.getByRole('row', { name: new RegExp(typed) });
  await expect(walkIn).toContainText('Not registered');
  await walkIn.getByRole('button', { name: `Admit ${typed}` }).click();
  const match = desk.getByRole('dialog', { name: `Find ${typed}'s record` });
  await match.getByRole('combobox', { name: 'Registered patient' }).fill(patientName);
  await match.getByRole('option', { name: new RegExp(patientName) }).click();
  await match.getByLabel('I have checked the name, date of birth and phone: this is the same person').check();
  await match.getByRole('button', { name: 'Link patient' }).click();
  await expect(desk.getByText(FRONT_DESK_MESSAGES.linked(typed, patientName))).toBeVisible();
  const admit = desk.getByRole('dialog', { name: `Admit ${patientName}` });
  const bed = admit.getByLabel('Bed');
  await expect(bed).toBeEnabled();
  // The third free bed: the other admitting journeys take the first and second, and whichever of
  // them runs beside this one never reaches for the same bed.
  const bedOption = (await bed.locator('option').nth(3).textContent()) ?? '';
  await bed.selectOption({ index: 3 });
  await completeAdmission(admit);
  await admit.getByRole('button', { name: 'Admit' }).click();
  await expect(desk.getByText(FRONT_DESK_MESSAGES.admitted(patientName, bedOption))).toBeVisible();

  // The doctor opens the chart: the triage's vitals, trends, complaint and score are there.
  await doctor.goto('/doctor/patients');
  await doctor.getByRole('button', { name: 'All patients' }).click();
  await doctor.getByRole('searchbox', { name: 'Search patients' }).fill(patientName);
  await doctor.getByRole('button', { name: `View Details of ${patientName}` }).click();
  const drawer = doctor.getByRole('dialog', { name: patientName });
  const medical = drawer.getByRole('region', { name: 'Medical details' });
  await expect(medical.getByRole('definition').filter({ hasText: '130 bpm' })).toBeVisible();
  await expect(medical.getByRole('definition').filter({ hasText: '85/50 mmHg' })).toBeVisible();
  await expect(medical.getByRole('definition').filter({ hasText: '39 °C' })).toBeVisible();
  const trends = drawer.getByRole('region', { name: 'Vitals over time' });
  await expect(trends.getByText('130 bpm')).toBeVisible();
  await expect(trends.getByText('85/50 mmHg')).toBeVisible();
  await expect(trends).not.toContainText(CHART_MESSAGES.noVitals);
  const history = drawer.getByRole('region', { name: 'Medical reports' });
  const intake = history.getByRole('row', { name: /Fever and fainting/ });
  await expect(intake).toContainText('Triage score 5, sent to ER');
  await expect(intake).toContainText('High');
  await shot(doctor, 'chart-walk-in-vitals', { widths: [1280, 390], fullPage: false });
  await intake.scrollIntoViewIfNeeded();
  await shot(doctor, 'chart-walk-in-history', { widths: [1280, 390], fullPage: false });
});

test('the ER board lists, within a level, those waiting before those in treatment', async ({ browser }) => {
  const desk = await signedInPage(browser, DEMO.admin);
  const tag = `Levelorder${letters()}`;
  const arrive = async (name: string, minutesAgo: number) => {
    const res = await desk.request.post('/api/admin/emergency-room', {
      data: {
        patientName: `${tag} ${name}`,
        triageLevel: 'Urgent',
        arrivedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      },
    });
    expect(res.status()).toBe(201);
    return res.json() as Promise<{ id: string }>;
  };
  // The one in treatment arrived first: by wait alone they would head the level.
  const treated = await arrive('treated', 50);
  await arrive('waiting', 20);
  const moved = await desk.request.patch(`/api/admin/emergency-room/${treated.id}`, {
    data: { status: 'In Treatment' },
  });
  expect(moved.status()).toBe(200);

  await desk.goto(`/admin/emergency-room?q=${tag}`);
  const names = desk.getByRole('table', { name: 'Emergency room' }).locator('tbody tr td:first-child');
  await expect(names).toHaveText([new RegExp(`${tag} waiting`), new RegExp(`${tag} treated`)]);
  await shot(desk, 'er-board-order', { widths: [1280, 390] });
});

test('Call next shows the called patient on every desk until they are marked seen', async ({ browser }) => {
  const [a, b] = [await signedInPage(browser, DEMO.admin), await signedInPage(browser, DEMO.admin)];
  const added = await a.request.post('/api/admin/queues', {
    data: { patient: `Queue ${letters()}`, department: 'Cardiology', triage: 'Low', etaMinutes: 5 },
  });
  expect(added.status()).toBe(201);
  for (const page of [a, b]) {
    await page.goto('/admin/queues');
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
  }

  await a.getByRole('button', { name: 'Call next in Cardiology' }).click();
  const toast = a.getByText(/^Called .+ \(Cardiology\)$/);
  await expect(toast).toBeVisible();
  const calledName = ((await toast.textContent()) ?? '')
    .replace(/^Called /, '')
    .replace(/ \(Cardiology\)$/, '');

  // B, open all along, shows who was called, when and by whom.
  const calledOnB = b
    .getByRole('list', { name: 'Called in Cardiology' })
    .getByRole('listitem')
    .filter({
      hasText: `Called: ${calledName}`,
    });
  await expect(calledOnB).toBeVisible();
  await expect(calledOnB).toContainText(/at \d{1,2}:\d{2}.* by /);
  await shot(b, 'queues-called', { widths: [1280, 390] });

  // Marked seen on A, the call leaves both boards.
  await a
    .getByRole('list', { name: 'Called in Cardiology' })
    .getByRole('button', { name: `Mark seen ${calledName}` })
    .first()
    .click();
  await expect(a.getByText(`${calledName} seen (Cardiology)`)).toBeVisible();
  await expect(calledOnB).toHaveCount(0);
});
