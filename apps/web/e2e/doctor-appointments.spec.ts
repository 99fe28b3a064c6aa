import {
  APPOINTMENT_MESSAGES,
  DOCTOR_APPOINTMENT_MESSAGES,
  type DoctorAppointmentPage,
  TOASTS,
} from '@carepoint/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  shot,
  shownDate,
  signIn,
  uniqueEmail,
} from './helpers';

/*
 * The doctor's day on the real server and a fresh demo database: a patient books, the demo
 * doctor confirms it and the patient sees Confirmed; the doctor cancels with a reason and the
 * patient reads it; the doctor books for a new patient from Add new Appointment.
 */

const DEMO_DOCTOR = 'Dr Daniel Adeyemi';
const PASSWORD = 'a-good-password';

/** A weekday at least two weeks ahead, past the demo doctor's seeded bookings (Monday to Friday). */
function futureWeekday(days = 16): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 } });
  return context.newPage();
}

/** Signs a new patient up through the API and in through the form. */
async function newPatient(browser: Browser, firstName: string, lastName: string) {
  const page = await newPage(browser);
  const email = uniqueEmail('patient');
  const res = await page.request.post('/api/auth/register/patient', {
    data: {
      firstName,
      lastName,
      email,
      password: PASSWORD,
      phone: '+234 803 555 0142',
      address: 'Yaba, Lagos',
      gender: 'female',
    },
  });
  expect(res.status()).toBe(201);
  await signIn(page, email, PASSWORD);
  return page;
}

async function doctorPage(browser: Browser, width = 1280) {
  const page = await newPage(browser, width);
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/doctor\/dashboard$/);
  return page;
}

/** The demo doctor with Add new Appointment open (as the profile page's Make Appointments link opens it). */
async function addAppointmentDialog(browser: Browser) {
  const doctor = await doctorPage(browser);
  await doctor.goto('/doctor/appointments?add=1');
  const dialog = doctor.getByRole('dialog', { name: 'Add new Appointment' });
  await expect(dialog).toBeVisible();
  return { doctor, dialog };
}

/** The patient's row of their booking in My Appointments. */
const patientRow = (page: Page, date: string) => page.getByRole('row', { name: new RegExp(shownDate(date)) });

test('a patient books, the doctor confirms it and the patient sees Confirmed; a cancel reason reaches the patient', async ({
  browser,
}) => {
  const patient = await newPatient(browser, 'Ifeoma', 'Journey');
  const date = futureWeekday();

  // The patient books the demo doctor.
  await patient.goto('/patient/appointments?book=1');
  const book = patient.getByRole('dialog', { name: 'Book Appointment' });
  await book.getByLabel('Title').fill('Chest pain follow-up');
  await book.getByLabel('Priority').selectOption('High');
  await book.getByLabel('Date').fill(date);
  await book.getByLabel('Doctor').selectOption({ label: `${DEMO_DOCTOR} (General Medicine)` });
  const time = book.getByLabel('Time');
  await expect(time).toBeEnabled();
  const slot = (await time.locator('option').nth(1).getAttribute('value')) ?? '';
  await time.selectOption(slot);
  await book.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(patient.getByText(TOASTS.appointmentCreated)).toBeVisible();
  await expect(patientRow(patient, date)).toContainText('Pending');

  // The doctor finds it among the upcoming appointments and opens it.
  const doctor = await doctorPage(browser);
  await doctor.getByRole('link', { name: 'Appointments', exact: true }).click();
  await expect(doctor.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  await expect(doctor.getByLabel('Show period')).toHaveValue('');
  await expect(doctor.getByRole('button', { name: 'Reset' })).toHaveCount(0);
  await doctor.getByLabel('Show period').selectOption({ label: 'Upcoming' });
  await expect(doctor).toHaveURL(/period=upcoming/);
  await expect(doctor.getByRole('button', { name: 'Reset' })).toBeVisible();
  await doctor.getByPlaceholder('Search patients').fill('Ifeoma Journey');
  const row = doctor.getByRole('row', { name: /Ifeoma Journey/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(shownDate(date));
  await expect(row).toContainText(slot);
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Actions for the appointment of Ifeoma Journey' }).click();
  await doctor.getByRole('menuitem', { name: 'View' }).click();
  await expect(doctor).toHaveURL(/\/doctor\/appointment\/[0-9a-f-]{36}$/);
  await expect(doctor.getByRole('heading', { name: /Chest pain follow-up/ })).toBeVisible();
  await expect(doctor.getByText('+234 803 555 0142')).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'detail-pending-1280');

  // Confirm: the patient sees Confirmed.
  await doctor.getByRole('button', { name: /^Confirm the appointment of Ifeoma Journey/ }).click();
  await expect(doctor.getByText(DOCTOR_APPOINTMENT_MESSAGES.confirmed)).toBeVisible();
  await expect(doctor.getByText(new RegExp(`by ${DEMO_DOCTOR}$`))).toBeVisible();
  await patient.reload();
  await expect(patientRow(patient, date)).toContainText('Confirmed');

  // Cancel needs a reason, which the patient then reads.
  await doctor.getByRole('button', { name: /^Cancel the appointment of Ifeoma Journey/ }).click();
  const cancel = doctor.getByRole('dialog', { name: 'Cancel appointment?' });
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancel.getByText(APPOINTMENT_MESSAGES.reasonRequired)).toBeVisible();
  await cancel.getByLabel('Reason').fill('The clinic is closed for a public holiday.');
  await expect(cancel.getByText(APPOINTMENT_MESSAGES.reasonRequired)).toHaveCount(0);
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(doctor.getByText(APPOINTMENT_MESSAGES.cancelled)).toBeVisible();
  await expect(doctor.getByText('Reason: The clinic is closed for a public holiday.')).toBeVisible();
  await patient.reload();
  await expect(patientRow(patient, date)).toContainText('Cancelled');
  await expect(patientRow(patient, date)).toContainText('Reason: The clinic is closed for a public holiday.');
});

test('Complete appears by itself when a confirmed visit’s time comes, without a reload', async ({
  browser,
}) => {
  const page = await doctorPage(browser);
  const res = await page.request.get('/api/doctor/appointments?period=upcoming&limit=100');
  const visit = ((await res.json()) as DoctorAppointmentPage).data.find((a) => a.status === 'Confirmed');
  if (!visit) throw new Error('the demo doctor has no confirmed visit ahead');

  // The browser's clock a minute before the visit (what the screen offers follows the browser's time).
  await page.clock.install({ time: Date.parse(visit.startsAt) - 60_000 });
  await page.goto(`/doctor/appointment/${visit.id}`);
  const named = (verb: string) =>
    page.getByRole('button', { name: new RegExp(`^${verb} the appointment of ${visit.name}`) });
  await expect(named('Cancel')).toBeVisible();
  await expect(named('Complete')).toHaveCount(0);

  // Its time comes: Complete is offered with no reload and no refetch.
  await page.clock.fastForward('01:01');
  await expect(named('Complete')).toBeVisible();
  await expect(named('Cancel')).toBeVisible();
  await shot(page, 'detail-complete-offered', { widths: [1280, 390] });
});

test('Add new Appointment validates with the spec messages and books for a new patient', async ({
  browser,
}) => {
  const { doctor, dialog } = await addAppointmentDialog(browser);
  await expect(dialog.getByLabel('Age')).toHaveValue('10');
  await expect(dialog.getByLabel('Type')).toHaveValue('checkup');

  await dialog.getByRole('button', { name: 'Add' }).click();
  for (const message of [
    'Fullname is required',
    'Email is required',
    'Phone number is required',
    DOCTOR_APPOINTMENT_MESSAGES.genderRequired,
    'Date is required',
    'Time is required',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(doctor);

  // Re-validated on change after the first submit.
  await dialog.getByRole('combobox', { name: 'Fullname' }).fill('Ada O');
  await expect(dialog.getByText('Fullname is too short')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Fullname' }).fill('Adaobi Nwachukwu');
  await expect(dialog.getByText('Fullname is too short')).toHaveCount(0);
  await dialog.getByLabel('Phone').fill('0803');
  await expect(dialog.getByText('Phone is too short')).toBeVisible();
  await dialog.getByLabel('Age').fill('');
  await expect(dialog.getByText('Age is required')).toBeVisible();

  const email = uniqueEmail('new-patient');
  const date = futureWeekday(17);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('0803 555 0177');
  await dialog.getByLabel('Age').fill('47');
  await dialog.getByLabel('Gender').selectOption('female');
  await dialog.getByLabel('Date').fill(date);
  const time = dialog.getByLabel('Time');
  await expect(time).toBeEnabled();
  const slot = (await time.locator('option').nth(2).getAttribute('value')) ?? '';
  expect(slot).toMatch(/^\d{2}:\d{2}:00$/);
  await time.selectOption(slot);
  await dialog.getByLabel('Type').selectOption('surgery');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(doctor.getByText(TOASTS.appointmentCreated)).toBeVisible();
  await expect(doctor.getByText(`New patient account for ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await doctor.getByLabel('Show period').selectOption({ label: 'Upcoming' });
  await doctor.getByPlaceholder('Search patients').fill('Adaobi');
  const row = doctor.getByRole('row', { name: /Adaobi Nwachukwu/ });
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText(shownDate(date));
  await expect(row).toContainText(slot.slice(0, 5));
  await expect(row).toContainText(email);

  // Mobile and email can be hidden; Reset clears the search and the period.
  await doctor.getByRole('button', { name: 'Columns' }).click();
  await doctor.getByRole('menuitemcheckbox', { name: 'Email' }).click();
  await doctor.keyboard.press('Escape');
  await expect(row).not.toContainText(email);
  await doctor.getByRole('button', { name: 'Reset' }).click();
  await expect(doctor.getByLabel('Show period')).toHaveValue('');
  await expect(doctor.getByPlaceholder('Search patients')).toHaveValue('');
  await expect(doctor.getByRole('button', { name: 'Reset' })).toHaveCount(0);
});

test('Add new Appointment: choosing a registered patient fills their e-mail, phone, age and gender', async ({
  browser,
}) => {
  const { doctor, dialog } = await addAppointmentDialog(browser);
  await dialog.getByRole('combobox', { name: 'Fullname' }).fill('Grace Okon');
  await dialog.getByRole('option', { name: /Grace Okonkwo/ }).click();

  // The demo patient's record: born 12 April 1990, female, +234 801 000 0003.
  const today = new Date();
  const age =
    today.getFullYear() -
    1990 -
    (today.getMonth() < 3 || (today.getMonth() === 3 && today.getDate() < 12) ? 1 : 0);
  await expect(dialog.getByRole('combobox', { name: 'Fullname' })).toHaveValue('Grace Okonkwo');
  await expect(dialog.getByLabel('Email')).toHaveValue(DEMO.patient);
  await expect(dialog.getByLabel('Phone')).toHaveValue('+234 801 000 0003');
  await expect(dialog.getByLabel('Age')).toHaveValue(String(age));
  await expect(dialog.getByLabel('Gender')).toHaveValue('Female');
  // What the record has is not typed again, nor changed here.
  for (const field of ['Email', 'Phone', 'Age', 'Gender'])
    await expect(dialog.getByLabel(field)).toHaveAttribute('readonly', '');
  await expectNoSeriousA11yViolations(doctor);

  const date = futureWeekday(18);
  await dialog.getByLabel('Date').fill(date);
  const time = dialog.getByLabel('Time');
  await expect(time).toBeEnabled();
  await time.selectOption((await time.locator('option').nth(3).getAttribute('value')) ?? '');
  await shot(doctor, 'add-appointment-registered-patient', { widths: [1280, 390] });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(doctor.getByText(TOASTS.appointmentCreated)).toBeVisible();
  await expect(doctor.getByText(/New patient account/)).toHaveCount(0);
  await expect(dialog).toBeHidden();

  // Typing another name after choosing lets go of the patient: nothing of theirs stays.
  await doctor.goto('/doctor/appointments?add=1');
  await dialog.getByRole('combobox', { name: 'Fullname' }).fill('Grace Okon');
  await dialog.getByRole('option', { name: /Grace Okonkwo/ }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(DEMO.patient);
  await dialog.getByRole('combobox', { name: 'Fullname' }).fill('Someone Else Entirely');
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(dialog.getByLabel('Phone')).toHaveValue('');
  await expect(dialog.getByLabel('Email')).not.toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Gender')).toHaveValue('');
});

test('the dashboard shows the day, and every screen is accessible at 1280 and 390 px', async ({
  browser,
}) => {
  for (const width of [1280, 390]) {
    const doctor = await doctorPage(browser, width);
    await expect(doctor.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(doctor.getByText('Waiting for confirmation')).toBeVisible();
    await expect(doctor.getByRole('heading', { name: "Today's appointments" })).toBeVisible();
    await expect(doctor.getByRole('heading', { name: 'Next patient' })).toBeVisible();
    await expect(doctor.getByRole('heading', { name: /Emergency room/ })).toBeVisible();
    await expect(doctor.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(doctor);
    await shot(doctor, `dashboard-${width}`);
    const overflow = () => doctor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), 'the dashboard scrolls sideways').toBeLessThanOrEqual(0);

    await doctor.goto('/doctor/appointments?period=lastMonth');
    await expect(doctor.getByRole('row')).not.toHaveCount(0);
    await expect(doctor.getByText(/Showing 1–4 of/)).toBeVisible();
    await expectNoSeriousA11yViolations(doctor);
    await shot(doctor, `appointments-${width}`);
    expect(await overflow(), 'the list scrolls sideways').toBeLessThanOrEqual(0);

    await doctor.getByRole('button', { name: 'Add new Appointment' }).click();
    await expect(doctor.getByRole('dialog', { name: 'Add new Appointment' })).toBeVisible();
    await shot(doctor, `add-dialog-${width}`);
    await doctor.keyboard.press('Escape');

    await doctor
      .getByRole('button', { name: /^Actions for the appointment of/ })
      .first()
      .click();
    await doctor.getByRole('menuitem', { name: 'View' }).click();
    await expect(doctor.getByRole('heading', { name: 'Status history' })).toBeVisible();
    await expectNoSeriousA11yViolations(doctor);
    await shot(doctor, `detail-${width}`);
    expect(await overflow(), 'the detail scrolls sideways').toBeLessThanOrEqual(0);
    await doctor.context().close();
  }
});
