import { FRONT_DESK_MESSAGES, STAY_MESSAGES, type Ward } from '@carepoint/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  completeAdmission,
  DEMO,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  shot,
  signIn,
  uniqueEmail,
} from './helpers';

/*
 * The inpatient loop on the wards: the emergency room admits a patient, the nurse's open ward
 * board shows them without a reload, the nurse transfers them (the old bed goes to Cleaning and
 * is made ready), and completes the discharge.
 */

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

/** A new registered patient and their arrival in the emergency room, through the desk's API. */
async function arrivalOfNewPatient(desk: Page) {
  const lastName = `Ward${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')}`;
  const registered = await desk.request.post('/api/admin/patients', {
    data: {
      firstName: 'Bose',
      lastName,
      email: uniqueEmail('ward'),
      phone: '+234 803 555 0142',
      gender: 'female',
      dateOfBirth: '1984-05-02',
    },
  });
  expect(registered.status()).toBe(201);
  const { patient } = (await registered.json()) as { patient: { id: string } };
  const arrival = await desk.request.post('/api/admin/emergency-room', {
    data: { patientName: '', patientId: patient.id, triageLevel: 'High', complaint: 'Shortness of breath' },
  });
  expect(arrival.status()).toBe(201);
  return `Bose ${lastName}`;
}

test('admitted in the emergency room, the patient appears on the open ward board, is transferred and discharged', async ({
  browser,
}) => {
  const nurse = await signedInPage(browser, DEMO.nurse);
  const wards = (await (await nurse.request.get('/api/nurse/wards')).json()) as { data: Ward[] };
  const surgical = wards.data.find((w) => w.name === 'Surgical Ward');
  if (!surgical) throw new Error('the demo nurse is not on the Surgical Ward');
  await nurse.goto(`/nurse/ward?ward=${surgical.id}`);
  const board = nurse.getByRole('list', { name: 'Beds of Surgical Ward' });
  await expect(board).toBeVisible();

  // The desk admits from the emergency room into a free bed of the Surgical Ward.
  const desk = await signedInPage(browser, DEMO.admin);
  const name = await arrivalOfNewPatient(desk);
  await desk.goto('/admin/emergency-room');
  await desk.getByPlaceholder('Search patients').fill(name);
  await desk
    .getByRole('row', { name: new RegExp(name) })
    .first()
    .getByRole('button', { name: `Admit ${name}` })
    .click();
  const admit = desk.getByRole('dialog', { name: `Admit ${name}` });
  await expect(admit.getByLabel('Reason for admission')).toHaveValue('Shortness of breath');
  const bed = admit.getByLabel('Bed');
  await expect(bed).toBeEnabled();
  const surgicalBeds = bed.locator('option', { hasText: '(Surgical Ward)' });
  const option = (await surgicalBeds.last().textContent()) ?? '';
  await bed.selectOption({ label: option });
  await completeAdmission(admit);
  await admit.getByRole('button', { name: 'Admit' }).click();
  await expect(desk.getByText(FRONT_DESK_MESSAGES.admitted(name, option))).toBeVisible();

  // The nurse's board shows them at once, on the bed the desk chose.
  const bedLabel = option.replace(/ \([^)]*\)$/, '');
  const card = board.getByRole('listitem', { name: `Bed ${bedLabel}` });
  await expect(card).toContainText(name);
  await expect(card).toContainText('Day 1');
  await shot(nurse, 'ward-board', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(nurse);

  // The stay's page: who, where, under whom; transfer to another free bed.
  await card.getByRole('link', { name }).click();
  await expect(nurse.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(nurse.getByText('Shortness of breath').first()).toBeVisible();
  await shot(nurse, 'stay-overview', { widths: [1280, 390] });
  await nurse.getByRole('button', { name: 'Transfer' }).click();
  const transfer = nurse.getByRole('dialog', { name: `Transfer ${name}` });
  const newBed = transfer.getByLabel('New bed');
  await expect(newBed).toBeEnabled();
  const target = (await newBed.locator('option').last().textContent()) ?? '';
  await newBed.selectOption({ label: target });
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(nurse.getByText(STAY_MESSAGES.transferred)).toBeVisible();
  const history = nurse.locator('section', {
    has: nurse.getByRole('heading', { name: 'Where the patient lay' }),
  });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText(bedLabel);

  // The doctor writes and signs the discharge summary on the stay's Discharge tab.
  const stayPath = new URL(nurse.url()).pathname.replace('/nurse/', '/doctor/');
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto(`${stayPath}/discharge`);
  const principal = doctor.getByRole('combobox', { name: 'Principal diagnosis (ICD-10-CM)' });
  await principal.fill('pneumonia unspecified');
  await doctor.getByRole('option', { name: /J18\.9/ }).click();
  await doctor.getByLabel('Principal diagnosis, as you would write it').fill('Community-acquired pneumonia');
  await doctor.getByLabel('What was done (procedures and treatment)').fill('IV antibiotics and oxygen.');
  await doctor.getByLabel('Course in hospital').fill('Settled by day 3.');
  await doctor
    .getByLabel('Instructions for the patient')
    .fill('Finish the antibiotics; come back if breathless.');
  await doctor.getByRole('button', { name: 'Save draft' }).click();
  await expect(doctor.getByText('Draft', { exact: true })).toBeVisible();
  await doctor.getByRole('button', { name: 'Sign', exact: true }).click();
  await doctor.getByRole('dialog').getByRole('button', { name: 'Sign' }).click();
  await expect(doctor.getByText('Signed', { exact: true })).toBeVisible();

  // The discharge: the nurse completes it; the bed goes to Cleaning.
  await nurse.getByRole('button', { name: 'Complete discharge' }).click();
  const discharge = nurse.getByRole('dialog', { name: `Complete the discharge of ${name}` });
  await discharge.getByLabel('How the stay ended').selectOption('Home');
  await shot(nurse, 'discharge-dialog', { fullPage: false });
  await discharge.getByRole('button', { name: 'Complete discharge' }).click();
  await expect(nurse.getByText(STAY_MESSAGES.discharged)).toBeVisible();
  await expect(nurse.getByText('Discharged', { exact: true }).first()).toBeVisible();

  // Back on the board, the first bed was cleaned after the transfer: the nurse makes it ready.
  await nurse.goto(`/nurse/ward?ward=${surgical.id}`);
  const leftBehind = board.getByRole('listitem', { name: `Bed ${bedLabel}` });
  await expect(leftBehind).toContainText('Being cleaned');
  await leftBehind.getByRole('button', { name: `Make ${bedLabel} ready` }).click();
  await expect(leftBehind).toContainText('Ready for a patient');
  await nurse.context().close();
  await desk.context().close();
  await doctor.context().close();
});
