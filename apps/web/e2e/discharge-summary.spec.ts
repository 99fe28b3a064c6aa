import { DISCHARGE_SUMMARY_MESSAGES as M } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The discharge summary on the real server and a fresh demo database: the doctor writes the
 * summary of an admitted demo patient (a coded diagnosis from the picker, a medicine to continue),
 * saves a draft, books the follow-up from the doctor's free times, signs; the nurse reads it with
 * its PDF; the patient finds the PDF in My Hospital Stays.
 */

/** The next weekdays from tomorrow, as YYYY-MM-DD (the browser's calendar). */
function nextWeekdays(count: number): string[] {
  const days: string[] = [];
  const day = new Date();
  while (days.length < count) {
    day.setDate(day.getDate() + 1);
    if (day.getDay() !== 0 && day.getDay() !== 6)
      days.push(
        `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`,
      );
  }
  return days;
}

type Encounter = { id: string; subject: { reference: string } };
type Bundle = { entry?: Array<{ resource: Encounter }> };
type Patient = { telecom?: Array<{ system: string; value: string }> };

/** An admitted demo stay (read as FHIR, as the doctor) and its patient's e-mail. */
async function admittedStay(page: Page) {
  const found = await page.request.get('/fhir/R4/Encounter?class=IMP&status=in-progress&_count=1');
  expect(found.ok()).toBe(true);
  const encounter = ((await found.json()) as Bundle).entry?.[0]?.resource;
  const patientRef = encounter?.subject.reference ?? '';
  const patient = (await (await page.request.get(`/fhir/R4/${patientRef}`)).json()) as Patient;
  const email = patient.telecom?.find((t) => t.system === 'email')?.value ?? '';
  return { stayId: encounter?.id ?? '', email };
}

async function pdfOf(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

test('the doctor writes and signs a discharge summary with a follow-up; the patient gets its PDF', async ({
  browser,
}) => {
  const doctorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const doctor = await doctorContext.newPage();
  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  const { stayId, email } = await admittedStay(doctor);
  expect(email).toContain('@');

  await doctor.goto(`/doctor/stays/${stayId}/discharge`);
  await expect(doctor.getByRole('heading', { name: 'Discharge summary', level: 2 })).toBeVisible();
  await expect(doctor.getByText('Not started')).toBeVisible();

  const picker = doctor.getByRole('combobox', { name: 'Principal diagnosis (ICD-10-CM)' });
  await picker.fill('pneumonia unspecified');
  await doctor.getByRole('option', { name: /J18\.9/ }).click();
  await expect(picker).toHaveValue('J18.9 Pneumonia, unspecified organism');
  await doctor.getByLabel('Principal diagnosis, as you would write it').fill('Community-acquired pneumonia');
  await doctor.getByRole('button', { name: 'Add medicine' }).click();
  await doctor.getByLabel('Medicine', { exact: true }).fill('Paracetamol 500 mg');
  await doctor.getByLabel('Dose').fill('2 tablets');
  await doctor.getByLabel('How often').fill('Three times daily');
  await doctor.getByLabel('How long').fill('5 days');

  // Signing too early: the server names what is missing, under each field.
  await doctor.getByRole('button', { name: 'Sign', exact: true }).click();
  await doctor.getByRole('dialog').getByRole('button', { name: 'Sign' }).click();
  await expect(doctor.getByText(M.proceduresRequired)).toBeVisible();
  await expect(doctor.getByText(M.courseRequired)).toBeVisible();

  await doctor
    .getByLabel('What was done (procedures and treatment)')
    .fill('IV ceftriaxone for five days; oxygen for two.');
  await doctor.getByLabel('Course in hospital').fill('Fever settled on day 3; off oxygen on day 4.');
  await doctor
    .getByLabel('Instructions for the patient')
    .fill('Finish the antibiotics. Come back if breathless.');
  await doctor.getByRole('button', { name: 'Save draft' }).click();
  await expect(doctor.getByText(M.saved)).toBeVisible();
  await expect(doctor.getByText('Draft', { exact: true })).toBeVisible();

  // The follow-up: the doctor in charge's first free time on the next working day that has one.
  const booking = doctor.getByRole('form', { name: 'Follow-up appointment' });
  const time = booking.getByLabel('Time');
  for (const day of nextWeekdays(10)) {
    await booking.getByLabel('Date').fill(day);
    await expect(
      booking.getByText(/Free times of the chosen doctor|No free times|does not work/),
    ).toBeVisible();
    if ((await time.locator('option').count()) > 1) break;
  }
  await time.selectOption({ index: 1 });
  await shot(booking.page(), 'discharge-summary-booking', { widths: [1280, 390] });
  await booking.getByRole('button', { name: 'Book follow-up' }).click();
  await expect(doctor.getByText(M.followUpSaved)).toBeVisible();
  await expect(doctor.getByText('Confirmed')).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'discharge-summary-form', { widths: [1280, 390] });

  await doctor.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(doctor.getByRole('dialog')).toContainText(M.confirmSign);
  await doctor.getByRole('dialog').getByRole('button', { name: 'Sign' }).click();
  await expect(doctor.getByText(M.signed)).toBeVisible();
  await expect(doctor.getByText('Signed', { exact: true })).toBeVisible();
  // Signed is final: the page reads it, no form is left.
  await expect(doctor.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expect(doctor.getByText('Paracetamol 500 mg')).toBeVisible();
  await pdfOf(doctor, `/api/stays/${stayId}/discharge-summary.pdf?disposition=inline`);
  await shot(doctor, 'discharge-summary-signed', { widths: [1280, 390] });
  await doctorContext.close();

  // The nurse reads it, with the PDF.
  const nurseContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const nurse = await nurseContext.newPage();
  await signIn(nurse, DEMO.nurse, DEMO_PASSWORD);
  await nurse.goto(`/nurse/stays/${stayId}/discharge`);
  await expect(nurse.getByText('Signed', { exact: true })).toBeVisible();
  await expect(
    nurse.getByText('J18.9 Pneumonia, unspecified organism (Community-acquired pneumonia)'),
  ).toBeVisible();
  const link = nurse.getByRole('link', { name: 'PDF' });
  await expect(link).toHaveAttribute('href', `/api/stays/${stayId}/discharge-summary.pdf?disposition=inline`);
  await pdfOf(nurse, `/api/stays/${stayId}/discharge-summary.pdf?disposition=inline`);
  await nurseContext.close();

  // The patient finds it in My Hospital Stays.
  const patientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const patient = await patientContext.newPage();
  await signIn(patient, email, DEMO_PASSWORD);
  await patient.getByRole('link', { name: 'Hospital Stays' }).first().click();
  await expect(patient.getByRole('heading', { name: 'My Hospital Stays' })).toBeVisible();
  const card = patient.getByText('J18.9 Pneumonia, unspecified organism (Community-acquired pneumonia)');
  await expect(card).toBeVisible();
  const download = patient.getByRole('link', { name: /Download the discharge summary/ }).first();
  const href = (await download.getAttribute('href')) ?? '';
  await pdfOf(patient, href);
  await expectNoSeriousA11yViolations(patient);
  await shot(patient, 'patient-hospital-stays', { widths: [1280, 390] });
  // The PDF as a browser shows it, when this browser can show one.
  await patient.goto(href.replace('/pdf', '/pdf?disposition=inline')).catch(() => undefined);
  await patientContext.close();
});

test('the demo patient finds the seeded discharge summary of their stay', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  await page.goto('/patient/hospital-stays');
  await expect(page.getByText(/B50\.9 Plasmodium falciparum malaria, unspecified/)).toBeVisible();
  const href =
    (await page
      .getByRole('link', { name: /Download the discharge summary/ })
      .first()
      .getAttribute('href')) ?? '';
  await pdfOf(page, href);
  await context.close();
});
