import {
  APPOINTMENT_MESSAGES,
  FRONT_DESK_MESSAGES,
  GENDER_MESSAGES,
  RECORD_NUMBER_LABEL,
  TOASTS,
} from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  bedOfOption,
  completeAdmission,
  DEMO,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  registerAtDesk,
  shot,
  signIn,
} from './helpers';

/*
 * The front desk: an admin registers a walk-in, books and confirms an appointment for them and
 * admits them from the emergency room to a bed, all through the screens. Plus the patient
 * picker's one click and the booking form's field errors.
 */

/**
 * Screenshots of the screens this area touches, at the staff width and a phone's, each checked
 * not to scroll sideways: only when DESK_SHOTS is set (they resize the page mid-journey), into
 * the test's output folder.
 */
const shoot = async (page: Page, name: string) => {
  if (process.env.DESK_SHOTS) await shot(page, name, { widths: [1280, 390] });
};

function futureWeekday(): string {
  const d = new Date();
  d.setDate(d.getDate() + 9);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Letters only: a name a person could have, unique to this run. */
const surname = () => `Okon${unique().replace(/\d/g, (n) => 'abcdefghij'[Number(n)] ?? 'x')}`;

async function registerWalkIn(page: Page, firstName: string, lastName: string) {
  await registerAtDesk(page, firstName, lastName, () => shoot(page, 'register-patient-dialog'));
}

test('the front desk registers a walk-in, books and confirms their visit, and admits them to a bed', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  const last = surname();
  const name = `Amaka ${last}`;

  // A field left empty is marked under the field; then the walk-in is registered.
  await page.goto('/admin/patients');
  await shoot(page, 'patients');
  await page.getByRole('button', { name: 'Register Patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Patient' });
  await dialog.getByRole('button', { name: 'Register Patient' }).click();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Phone is required')).toBeVisible();
  await expect(dialog.getByText(GENDER_MESSAGES.required)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await registerWalkIn(page, 'Amaka', last);
  await expect(page.getByText('No appointments yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The database gave them a record number; the list finds them by it typed in lower case.
  const recordNumber = page.locator(`dt:text-is("${RECORD_NUMBER_LABEL}") + dd`);
  await expect(recordNumber).toHaveText(/^CP-\d{6,}$/);
  const number = (await recordNumber.textContent()) ?? '';
  const detailUrl = page.url();
  await page.goto(`/admin/patients?q=${encodeURIComponent(number.toLowerCase())}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(number);
  await page.goto(detailUrl);

  // Book for them at the desk, with any available doctor: the free times are offered.
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const book = page.getByRole('dialog', { name: 'Book Appointment' });
  await book.getByLabel('Title').fill('Walk-in consultation');
  await book.getByLabel('Date').fill(futureWeekday());
  const time = book.getByLabel('Time');
  await expect(time).toBeEnabled();
  const first = (await time.locator('option').nth(1).getAttribute('value')) ?? '';
  await time.selectOption(first);
  await shoot(page, 'desk-book-dialog');
  await book.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText(TOASTS.appointmentCreated)).toBeVisible();
  const visits = page.getByRole('table', { name: 'Appointments' });
  await expect(visits.getByRole('row', { name: new RegExp(first) })).toContainText('Pending');
  // A date for people ("4 Dec 2026"), as everywhere else on the page.
  await expect(
    visits
      .getByRole('row', { name: new RegExp(first) })
      .getByRole('cell')
      .first(),
  ).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await shoot(page, 'patient-detail');

  // The appointments desk, from the navigation: find them and confirm.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await page.getByPlaceholder('Search patients').fill(last);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Pending');
  await shoot(page, 'appointments-desk');
  await row.getByRole('button', { name: `Confirm ${name}` }).click();
  await expect(page.getByText(FRONT_DESK_MESSAGES.confirmed)).toBeVisible();
  await expect(row).toContainText('Confirmed');

  // Reassign offers the other doctor's free times on that date.
  await row.getByRole('button', { name: `Reassign ${name}` }).click();
  const reassign = page.getByRole('dialog', { name: 'Reassign appointment' });
  await reassign.getByLabel('Doctor').selectOption({ index: 1 });
  await expect(reassign.getByLabel('Time')).toBeEnabled();
  await shoot(page, 'reassign-dialog');
  await reassign.getByRole('button', { name: 'Cancel' }).click();
  await expectNoSeriousA11yViolations(page);

  // The emergency room: they arrive, are picked from the suggestions, and are admitted to a free bed.
  await page.goto('/admin/emergency-room');
  await page.getByRole('button', { name: 'Add Arrival' }).click();
  const arrival = page.getByRole('dialog', { name: 'Add Arrival' });
  await arrival.getByLabel('Patient', { exact: true }).fill(name);
  await arrival.getByRole('option', { name: new RegExp(name) }).click();
  await expect(arrival.getByText('Registered patient')).toBeVisible();
  await arrival.getByRole('button', { name: 'Add Arrival' }).click();
  await expect(page.getByText(`${name} added to the emergency room`)).toBeVisible();
  // The board lists the most severe first: other arrivals may fill its first page.
  await page.getByPlaceholder('Search patients').fill(name);
  const erRow = page.getByRole('row', { name: new RegExp(name) }).first();
  await erRow.getByRole('button', { name: `Admit ${name}` }).click();
  const admit = page.getByRole('dialog', { name: `Admit ${name}` });
  const bed = admit.getByLabel('Bed');
  await expect(bed).toBeEnabled();
  // The second free bed: patient-safety.spec takes the first and er-and-queues.spec the third, so
  // the journeys that run side by side never reach for the same bed.
  const bedOption = (await bed.locator('option').nth(2).textContent()) ?? '';
  const bedLabel = bedOfOption(bedOption);
  await bed.selectOption({ index: 2 });
  await completeAdmission(admit);
  await shoot(page, 'admit-dialog');
  await admit.getByRole('button', { name: 'Admit' }).click();
  await expect(page.getByText(FRONT_DESK_MESSAGES.admitted(name, bedOption))).toBeVisible();

  // The bed is theirs; their page says Inpatient.
  await page.goto(`/admin/beds?q=${encodeURIComponent(bedLabel)}`);
  await expect(page.getByRole('row', { name: new RegExp(bedLabel) })).toContainText(name);
  await shoot(page, 'beds');
  await page.goto(`/admin/patients?q=${encodeURIComponent(last)}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByText(`Bed ${bedLabel}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Emergency room visits' })).toContainText('Admitted');
});

test('the patient picker sends on the first click, and an exact unique name is accepted', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);

  // A name nobody has: "No names found." shows, and one click on Add Arrival sends it.
  await page.goto('/admin/emergency-room');
  await page.getByRole('button', { name: 'Add Arrival' }).click();
  const arrival = page.getByRole('dialog', { name: 'Add Arrival' });
  const walkIn = `Zainab ${surname()}`;
  await arrival.getByLabel('Patient', { exact: true }).fill(walkIn);
  await expect(arrival.getByText('No names found.')).toBeVisible();
  await arrival.getByRole('button', { name: 'Add Arrival' }).click();
  await expect(page.getByText(`${walkIn} added to the emergency room`)).toBeVisible();
  await expect(arrival).toBeHidden();

  // Edit Bed: the typed name is exactly the one suggestion's, so one click on Save links it.
  const last = surname();
  await registerWalkIn(page, 'Bola', last);
  await page.goto('/admin/beds');
  await page.getByRole('button', { name: 'Add Bed' }).click();
  const label = `Desk ${unique()}`;
  await page.getByRole('dialog', { name: 'Add Bed' }).getByLabel('Label').fill(label);
  await page.getByRole('dialog', { name: 'Add Bed' }).getByRole('button', { name: 'Add Bed' }).click();
  await expect(page.getByText(TOASTS.bedAdded)).toBeVisible();
  await page.getByPlaceholder('Search beds').fill(label);
  const bedRow = page.getByRole('row', { name: new RegExp(label) });
  await bedRow.getByRole('button', { name: `Edit ${label}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bed' });
  await edit.getByLabel('Status').selectOption('Occupied');
  await edit.getByRole('combobox', { name: 'Patient (optional)' }).fill(`bola ${last.toLowerCase()}`);
  await expect(edit.getByRole('option', { name: new RegExp(`Bola ${last}`) })).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(TOASTS.bedUpdated)).toBeVisible();
  await expect(bedRow).toContainText(`Bola ${last}`);

  // Delete, confirmed, is offered for Free beds only.
  await expect(bedRow.getByRole('button', { name: `Delete ${label}` })).toHaveCount(0);
});

test('Book Appointment marks each missing field, offers any doctor free times, and shows a refusal once', async ({
  page,
}) => {
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  await page.goto('/patient/appointments');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  // Priority starts at Medium; the three fields left empty are marked.
  await expect(dialog.getByLabel('Priority')).toHaveValue('Medium');
  for (const field of ['Title', 'Date', 'Time']) {
    await expect(dialog.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(dialog.getByText(APPOINTMENT_MESSAGES.allFieldsRequired)).toHaveCount(3);
  await shoot(page, 'patient-book-errors');
  await expectNoSeriousA11yViolations(page);

  // Any available doctor: the free times of all doctors, e.g. 10:30 beside 09:45.
  const date = futureWeekday();
  const fill = async (title: string) => {
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Priority').selectOption('Low');
    await dialog.getByLabel('Date').fill(date);
    await expect(dialog.getByLabel('Time')).toBeEnabled();
  };
  await fill('Follow-up');
  const times = (await dialog.getByLabel('Time').locator('option').allTextContents()).slice(1);
  expect(times.length).toBeGreaterThan(3);
  const chosen = times[2] ?? '';
  await dialog.getByLabel('Time').selectOption(chosen);
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText(TOASTS.appointmentCreated)).toBeVisible();

  // A refusal from the server (here: the patient was booked at that time meanwhile, from another
  // tab) is shown once, under Time, and not again as a toast.
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await fill('Second opinion');
  const later = (await dialog.getByLabel('Time').locator('option').nth(1).getAttribute('value')) ?? '';
  await dialog.getByLabel('Time').selectOption(later);
  const elsewhere = await page.request.post('/api/patient/appointments', {
    data: { title: 'Booked in another tab', priority: 'Low', date, time: later },
  });
  expect(elsewhere.status()).toBe(201);
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  const refusal = /already have an appointment at that time|No doctor is available at that time/;
  await expect(dialog.getByText(refusal)).toBeVisible();
  await expect(page.getByText(refusal)).toHaveCount(1);
  await expect(dialog.getByLabel('Time')).toHaveAttribute('aria-invalid', 'true');
});
