import {
  type DoctorAppointmentPage,
  PRESCRIPTION_MESSAGES,
  type PrescriptionInput,
  type PrescriptionResponse,
  TOASTS,
} from '@carepoint/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Prescriptions on the real server and a fresh demo database: the demo doctor writes one from
 * an appointment and prints it; the allergy flag stops a penicillin for the demo patient (who
 * has a recorded penicillin allergy) until it is acknowledged; a prescription is deleted after
 * "Are you sure?"; the demo patient downloads theirs from My Prescriptions.
 */

const DEMO_PATIENT = 'Grace Okonkwo';

async function signedInPage(browser: Browser, email: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

/** Opens, from the list, the demo patient's prescription of `medicine`. */
const viewFromList = (page: Page, medicine: string) =>
  page
    .getByRole('row')
    .filter({ hasText: medicine })
    .getByRole('link', { name: `View prescription for ${DEMO_PATIENT}` })
    .click();

/** A PDF's text, its lines joined by single spaces (a sentence may wrap). */
async function pdfText(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await res.body()));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

/** Chooses a medicine line's fields (the line is the list item "Medicine n"). */
async function fillMedicine(page: Page, n: number, name: string, interval = 'Morning and evening') {
  const line = page.getByRole('listitem', { name: `Medicine ${n}` });
  await line.getByRole('combobox', { name: 'Name' }).fill(name);
  await line.getByLabel('Dosage').fill('1 tablet');
  await line.getByLabel('Duration').selectOption('7 Days');
  await line.getByLabel('Time').selectOption('After Meal');
  await line.getByLabel('Interval').selectOption(interval);
  return line;
}

test('the doctor writes a prescription from an appointment and prints it', async ({ browser }) => {
  const page = await signedInPage(browser, DEMO.doctor);
  const res = await page.request.get('/api/doctor/appointments?period=lastYear&limit=100');
  const visits = (await res.json()) as DoctorAppointmentPage;
  const visit = visits.data.find((a) => a.status !== 'Cancelled');
  if (!visit) throw new Error('the demo doctor has no past appointment');

  await page.goto(`/doctor/appointment/${visit.id}`);
  await page.getByRole('link', { name: 'Write prescription' }).click();
  await expect(page).toHaveURL(/\/doctor\/prescription\/create-prescription\?/);
  await expect(page.getByRole('combobox', { name: 'Patient' })).toHaveValue(visit.name);

  await page.getByLabel('Blood pressure (mmHg)').fill('128/84');
  await page.getByLabel('Pulse rate (bpm)').fill('78');
  await page.getByLabel('Temperature (°C)').fill('37.4');
  await page.getByLabel('Problem description').fill('Tension headaches for a week.');
  // A painkiller for headaches: taken when one comes, not on a schedule.
  await fillMedicine(page, 1, 'Paracetamol 500 mg', 'As needed');
  await page.getByRole('button', { name: 'Add medicine' }).click();
  await fillMedicine(page, 2, 'Vitamin B complex');
  await page.getByRole('button', { name: 'Remove medicine 2' }).click();
  await expect(page.getByRole('listitem', { name: 'Medicine 2' })).toHaveCount(0);
  await page.getByLabel('Advice').fill('Rest, fluids and less screen time.');
  await page.getByLabel('Next visit in').fill('2');
  await page.getByLabel('Unit').selectOption('Weeks');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save prescription' }).click();

  await expect(page.getByText(TOASTS.prescriptionAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/doctor\/prescription$/);
  const row = page.getByRole('row').filter({ hasText: visit.name }).first();
  await expect(row).toContainText('Paracetamol 500 mg');
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await row.getByRole('link', { name: `View prescription for ${visit.name}` }).click();

  const sheet = page.getByRole('article', { name: 'Prescription' });
  await expect(sheet).toContainText(visit.name);
  await expect(sheet).toContainText('Dr Daniel Adeyemi');
  await expect(sheet).toContainText('In 2 Weeks');
  await expect(sheet.getByRole('row').filter({ hasText: 'Paracetamol 500 mg' })).toContainText('As needed');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByTestId('shell-title')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // On a phone each medicine is a block of its own, and the sheet fits the screen.
  await shot(page, 'prescription-sheet', { widths: [1280, 390] });
  await page.setViewportSize({ width: 390, height: 844 });
  const card = sheet.getByRole('list', { name: 'Medicines' }).getByRole('listitem');
  await expect(card.filter({ hasText: 'Paracetamol 500 mg' })).toContainText('As needed');
  await expect(sheet.getByRole('table')).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });

  const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a medicine matching a recorded allergy is flagged and needs acknowledging', async ({ browser }) => {
  const page = await signedInPage(browser, DEMO.doctor);
  await page.goto('/doctor/prescription');
  await page.getByRole('link', { name: 'New Prescription' }).click();
  await expect(page).toHaveURL(/create-prescription$/);

  const picker = page.getByRole('combobox', { name: 'Patient' });
  await picker.fill('Nobody Byname Zz');
  await expect(page.getByText('No names found.')).toBeVisible();
  await picker.fill('Grace Okon');
  await page.getByRole('option', { name: new RegExp(DEMO_PATIENT) }).click();
  await expect(page.getByText('Recorded allergies:')).toContainText('Penicillin');

  const line = await fillMedicine(page, 1, 'Amoxicillin 500 mg');
  await expect(line.getByText('Allergy: the patient is allergic to Penicillin')).toBeVisible();
  await line.getByRole('combobox', { name: 'Name' }).fill('Azithromycin 500 mg');
  await expect(line.getByText(/Allergy:/)).toHaveCount(0);
  await line.getByRole('combobox', { name: 'Name' }).fill('Augmentin 625 mg');
  await expect(line.getByText('Allergy: the patient is allergic to Penicillin')).toBeVisible();

  // Saved without the acknowledgement, the server refuses with the same rule.
  await page.getByRole('button', { name: 'Save prescription' }).click();
  await expect(page.getByText(PRESCRIPTION_MESSAGES.acknowledgeAllergies)).toBeVisible();
  await expect(page).toHaveURL(/create-prescription$/);
  await page.getByLabel('I have checked the allergy and prescribe it anyway').check();
  await page.getByRole('button', { name: 'Save prescription' }).click();
  await expect(page.getByText(TOASTS.prescriptionAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/doctor\/prescription$/);

  // Every copy carries the override with who confirmed it: the sheet, the doctor's PDF, the patient's.
  await viewFromList(page, 'Augmentin 625 mg');
  const override = page.getByRole('note', { name: 'Allergy override' });
  const sentence =
    /Prescribed despite the recorded allergy to Penicillin: Dr Daniel Adeyemi was warned and confirmed on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./;
  await expect(override).toContainText(sentence);
  const shown = (await override.getByText(sentence).textContent()) ?? '';
  const sheet = page.getByRole('article', { name: 'Prescription' });
  await expect(sheet).toContainText('Date of birth');
  await shot(page, 'prescription-sheet-allergy-override', { widths: [1280, 390] });
  const id = new URL(page.url()).pathname.split('/').at(-1);
  const doctorsCopy = await pdfText(page, `/api/doctor/prescriptions/${id}/pdf`);
  expect(doctorsCopy).toContain(`ALLERGY OVERRIDE ${shown}`);
  expect(doctorsCopy).toContain('RECORDED ALLERGIES Penicillin');
  const patient = await signedInPage(browser, DEMO.patient);
  const patientsCopy = await pdfText(patient, `/api/patient/prescriptions/${id}/pdf`);
  expect(patientsCopy).toContain(`ALLERGY OVERRIDE ${shown}`);
  expect(patientsCopy).toContain('DOCTOR Dr Daniel Adeyemi');
});

test('the doctor writes "Every 8 hours" for 10 days, and a course of any number of days', async ({
  browser,
}) => {
  const page = await signedInPage(browser, DEMO.doctor);
  await page.goto('/doctor/prescription/create-prescription');
  await page.getByRole('combobox', { name: 'Patient' }).fill('Grace Okon');
  await page.getByRole('option', { name: new RegExp(DEMO_PATIENT) }).click();
  const first = await fillMedicine(page, 1, 'Ciprofloxacin 500 mg', 'Every 8 hours');
  await first.getByLabel('Duration').selectOption('10 Days');
  await expect(first.getByLabel('Number of days')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add medicine' }).click();
  const second = await fillMedicine(page, 2, 'Metronidazole 400 mg', 'Three times daily');
  await second.getByLabel('Duration').selectOption('Other number of days');
  await second.getByLabel('Number of days').fill('400');
  await page.getByRole('button', { name: 'Save prescription' }).click();
  await expect(second.getByText(PRESCRIPTION_MESSAGES.durationDays)).toBeVisible();
  await second.getByLabel('Number of days').fill('21');
  await shot(page, 'new-prescription-schedules', { widths: [1280, 390] });
  await page.getByRole('button', { name: 'Save prescription' }).click();
  await expect(page.getByText(TOASTS.prescriptionAdded)).toBeVisible();

  await viewFromList(page, 'Ciprofloxacin 500 mg');
  const sheet = page.getByRole('article', { name: 'Prescription' });
  await expect(sheet.getByRole('row').filter({ hasText: 'Ciprofloxacin 500 mg' })).toContainText(
    /10 Days.*Every 8 hours/,
  );
  await expect(sheet.getByRole('row').filter({ hasText: 'Metronidazole 400 mg' })).toContainText(
    /21 Days.*Three times daily/,
  );
  await shot(page, 'prescription-sheet-schedules', { widths: [1280, 390] });
});

test('deleting a prescription asks "Are you sure?" first', async ({ browser }) => {
  const page = await signedInPage(browser, DEMO.doctor);
  await page.goto('/doctor/prescription');
  const patients = (await (
    await page.request.get('/api/doctor/triage/patients?q=Okonkwo&limit=1')
  ).json()) as {
    data: Array<{ id: string }>;
  };
  const body: PrescriptionInput = {
    patientId: patients.data[0]?.id ?? '',
    medicines: [
      {
        name: 'Zinc sulphate 20 mg',
        dosage: '1 tablet',
        duration: '7 Days',
        time: 'After Meal',
        interval: 'Daily morning',
      },
    ],
  };
  const created = await page.request.post('/api/doctor/prescriptions', {
    data: body,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  const { prescription } = (await created.json()) as PrescriptionResponse;

  await page.getByRole('searchbox').fill('Okonkwo');
  const row = page.getByRole('row').filter({ hasText: 'Zinc sulphate 20 mg' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete prescription for ${DEMO_PATIENT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Delete prescription for ${DEMO_PATIENT}` }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, Delete' })
    .click();
  await expect(page.getByText(TOASTS.prescriptionDeleted)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/doctor/prescriptions/${prescription.id}`)).status()).toBe(404);
});

test('the patient downloads their prescriptions from My Prescriptions', async ({ browser }) => {
  const page = await signedInPage(browser, DEMO.patient);
  await page.getByRole('link', { name: 'Prescriptions' }).click();
  await expect(page).toHaveURL(/\/patient\/prescriptions$/);
  await expect(page.getByRole('heading', { name: 'My Prescriptions' })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /as PDF/ }) });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(2);

  const download = page.waitForEvent('download');
  await rows
    .first()
    .getByRole('link', { name: /as PDF/ })
    .click();
  expect((await download).suggestedFilename()).toMatch(/^prescription-\d{4}-\d{2}-\d{2}-grace-okonkwo\.pdf$/);

  const view = await rows
    .first()
    .getByRole('link', { name: /View the prescription/ })
    .getAttribute('href');
  const inline = await page.request.get(view ?? '');
  expect(inline.headers()['content-type']).toBe('application/pdf');
  expect(inline.headers()['content-disposition']).toMatch(/^inline;/);
  await expectNoSeriousA11yViolations(page);

  // On a phone the list fits the screen (rows become cards) and keeps its PDF links.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: /as PDF/ }).first()).toBeVisible();
  const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noScroll).toBe(true);
});
