import {
  MESSAGES,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MESSAGES,
  TOASTS,
  TRIAGE_MESSAGES,
  triage,
  WEEKDAYS,
} from '@carepoint/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  shot,
  signIn,
} from './helpers';

/*
 * The doctor's day: triage intake, the schedule editor and the settings pages, on the real
 * server with demo data. Each journey that changes a doctor uses a demo doctor no other spec
 * relies on, so the specs can run side by side.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

/** Waits until a screen has drawn its data: no skeletons or busy regions left. */
async function waitForScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** A local date `days` ahead that falls on `weekday` (0 Sunday ... 6 Saturday), as YYYY-MM-DD. */
function nextWeekday(weekday: number, days = 8): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  while (d.getDay() !== weekday) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('a High triage appears on the admin emergency-room board without a reload', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO.admin);
  await admin.goto('/admin/emergency-room');
  await waitForScreen(admin);
  await expect(admin.getByTestId('live-status')).toContainText(/live/i);

  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto('/doctor/triage');
  await waitForScreen(doctor);
  await expect(doctor.getByRole('table', { name: 'Today’s intakes' })).toContainText('Musa Danladi');

  const name = unique('Triage High');
  await doctor.getByLabel('Patient', { exact: true }).fill(name);
  await doctor.getByLabel('Chief complaint').fill('Crushing chest pain');
  const result = doctor.getByTestId('triage-result');
  await doctor.getByLabel('Heart rate (bpm)').fill('130');
  await doctor.getByLabel('Systolic blood pressure (mmHg)').fill('200');
  await expect(result).toContainText('Enter heart rate');
  await doctor.getByLabel('Temperature (°C)').fill('37');
  // The score follows the typing: 2 + 2 = 4, High, emergency room.
  await expect(result.getByText('4', { exact: true })).toBeVisible();
  await expect(result.getByText('High', { exact: true })).toBeVisible();
  await expect(result.getByText('Emergency room')).toBeVisible();
  await doctor.getByLabel('Temperature (°C)').fill('38.6');
  await expect(result.getByText('5', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);

  await doctor.getByRole('button', { name: 'Save triage' }).click();
  await expect(
    doctor.getByText(`${TRIAGE_MESSAGES.saved}: ${name} (High) sent to the emergency room`),
  ).toBeVisible();
  await expect(doctor.getByRole('table', { name: 'Today’s intakes' })).toContainText(name);
  await expect(doctor.getByLabel('Patient', { exact: true })).toHaveValue('');

  // The admin's board, open all along, lists the patient (no reload).
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('High');
  await expect(row).toContainText('Waiting');
});

test('routing elsewhere asks for a reason; a registered patient is found by name', async ({ browser }) => {
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto('/doctor/triage');
  await waitForScreen(doctor);

  await doctor.getByRole('button', { name: 'Save triage' }).click();
  await expect(doctor.getByText(TRIAGE_MESSAGES.patientRequired)).toBeVisible();
  await expect(doctor.getByText('Heart rate is required')).toBeVisible();

  await doctor.getByLabel('Patient', { exact: true }).fill('Zainab');
  await doctor.getByRole('option', { name: /Zainab Lawal/ }).click();
  await expect(doctor.getByText('Registered patient')).toBeVisible();
  await doctor.getByLabel('Heart rate (bpm)').fill('80');
  await doctor.getByLabel('Systolic blood pressure (mmHg)').fill('120');
  await doctor.getByLabel('Temperature (°C)').fill('37');
  await expect(doctor.getByTestId('triage-result').getByText('Low', { exact: true })).toBeVisible();
  await doctor.getByLabel('Department').selectOption('Orthopedics');
  await doctor.getByRole('button', { name: 'Save triage' }).click();
  await expect(doctor.getByText(TRIAGE_MESSAGES.reasonRequired)).toBeVisible();
  await doctor.getByLabel('Reason for routing elsewhere').fill('Known fracture, follow-up with orthopaedics');
  await doctor.getByRole('button', { name: 'Save triage' }).click();
  await expect(
    doctor.getByText(`${TRIAGE_MESSAGES.saved}: Zainab Lawal (Low) sent to the Orthopedics queue`),
  ).toBeVisible();
  await expect(doctor.getByRole('table', { name: 'Today’s intakes' })).toContainText(
    'Suggested General: Known fracture',
  );
});

test('at 390 px each of today’s intakes is a card showing its score, priority and where the patient went', async ({
  browser,
}) => {
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.setViewportSize({ width: 390, height: 844 });
  await doctor.goto('/doctor/triage');
  await waitForScreen(doctor);
  const intake = doctor
    .getByRole('table', { name: 'Today’s intakes' })
    .getByRole('row')
    .filter({ hasText: 'Musa Danladi' })
    .first();
  await intake.scrollIntoViewIfNeeded();
  // Every field of the intake on screen, none scrolled out of view to the right.
  for (const cell of await intake.getByRole('cell').all()) await expect(cell).toBeInViewport();
  for (const label of ['Score', 'Priority', 'Sent to']) {
    await expect(intake.locator(`td[data-label="${label}"]`)).toBeInViewport();
  }
  await expectNoSidewaysScroll(doctor, 'triage at 390 px');
  await shot(doctor, 'triage-intakes', { widths: [390, 1280] });
});

test("a schedule change moves the patient's free slots and lists the booking left outside", async ({
  browser,
}) => {
  const DOCTOR = 'fatima.bello@carepoint.example';
  const DOCTOR_OPTION = 'Dr Fatima Bello (Neurology)';
  // A Wednesday past the demo data's booked fortnight (days 7 to 14), so the demo patient is free at 09:00.
  const date = nextWeekday(3, 15);
  const patient = await signedInPage(browser, DEMO.patient);

  const openBooking = async () => {
    await patient.goto('/patient/appointments');
    await patient.getByRole('button', { name: 'Book Appointment' }).click();
    const dialog = patient.getByRole('dialog', { name: 'Book Appointment' });
    await dialog.getByLabel('Date').fill(date);
    await dialog.getByLabel('Doctor').selectOption({ label: DOCTOR_OPTION });
    await expect(dialog.getByLabel('Time')).toBeEnabled();
    return dialog;
  };
  const freeTimes = async (dialog: ReturnType<Page['getByRole']>) =>
    (await dialog.getByLabel('Time').locator('option').allTextContents()).slice(1);

  // Before: the default 09:00-16:00 in 45-minute slots. The patient books 09:00.
  let dialog = await openBooking();
  expect((await freeTimes(dialog)).slice(0, 3)).toEqual(['09:00', '09:45', '10:30']);
  await dialog.getByLabel('Title').fill('Headaches');
  await dialog.getByLabel('Priority').selectOption('Medium');
  await dialog.getByLabel('Time').selectOption('09:00');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(patient.getByText(TOASTS.appointmentCreated)).toBeVisible();

  // The doctor works Wednesdays 10:00-12:00 from now on, 30 minutes a patient.
  const doctor = await signedInPage(browser, DOCTOR);
  await doctor.goto('/doctor/schedule');
  await waitForScreen(doctor);
  await expectNoSeriousA11yViolations(doctor);
  const wednesday = doctor.getByTestId('schedule-Wednesday');
  await wednesday.getByLabel('From on Wednesday').fill('12:00');
  await wednesday.getByLabel('To on Wednesday').fill('10:00');
  await doctor.getByRole('button', { name: 'Save schedule' }).click();
  await expect(wednesday.getByText('From time must be before To time')).toBeVisible();
  await doctor.getByLabel('Per-patient time').fill('00:30:00');
  await wednesday.getByLabel('From on Wednesday').fill('10:00');
  await wednesday.getByLabel('To on Wednesday').fill('12:00');
  await doctor.getByRole('button', { name: 'Save schedule' }).click();
  await expect(doctor.getByText('Schedule saved')).toBeVisible();

  // The booking at 09:00 is kept, and listed for the doctor to deal with.
  const outside = doctor.getByTestId('outside-hours');
  await expect(outside).toContainText('1 booked appointment outside your hours');
  await expect(outside).toContainText('Grace Okonkwo');
  await expect(outside).toContainText('09:00');
  await expect(outside).toContainText('Pending');
  await doctor.reload();
  await expect(doctor.getByTestId('outside-hours')).toContainText('Grace Okonkwo');
  await expect(doctor.getByLabel('Per-patient time')).toHaveValue('00:30:00');
  await shot(doctor, 'schedule-outside-hours-1280');

  // The patient's free times follow at once.
  dialog = await openBooking();
  expect(await freeTimes(dialog)).toEqual(['10:00', '10:30', '11:00', '11:30']);
});

test('the profile page shows the doctor and leads to the settings forms', async ({ browser }) => {
  // Two accessibility scans and two password checks: past the default 30 s on a busy machine.
  const doctor = await signedInPage(browser, DEMO.doctor);
  await doctor.goto('/doctor/settings');
  await expect(doctor).toHaveURL(/\/doctor\/settings\/profile-page$/);
  await waitForScreen(doctor);
  const card = doctor.getByTestId('doctor-card');
  await expect(card).toContainText('Dr Daniel Adeyemi');
  await expect(card).toContainText('General Medicine');
  await expect(card).toContainText('12 years of experience');
  await expect(card).toContainText(DEMO.doctor);
  await expect(card.getByText('Triaged today').locator('xpath=../..')).toContainText(/\d+/);
  await expectNoSeriousA11yViolations(doctor);
  await expect(card.getByRole('link', { name: 'Make Appointments' })).toHaveAttribute(
    'href',
    '/doctor/appointments?add=1',
  );

  await card.getByRole('link', { name: 'Change Password' }).click();
  await expect(doctor.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
  await doctor.getByLabel('Current password').fill('not-the-password');
  await doctor.getByLabel('New password').fill('a-brand-new-pass');
  await doctor.getByLabel('Confirm password').fill('a-different-pass');
  await doctor.getByRole('button', { name: 'Change Password' }).click();
  await expect(doctor.getByText(MESSAGES.passwordsDiffer)).toBeVisible();
  await doctor.getByLabel('Confirm password').fill('a-brand-new-pass');
  await doctor.getByRole('button', { name: 'Change Password' }).click();
  await expect(doctor.getByText(MESSAGES.currentPasswordWrong).first()).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
});

test('edit profile saves the details and a picture; a fake or oversized picture is refused', async ({
  browser,
}) => {
  const doctor = await signedInPage(browser, 'kelechi.obi@carepoint.example');
  await doctor.goto('/doctor/settings/edit-profile');
  await waitForScreen(doctor);
  await expect(doctor.getByLabel('Email')).toHaveAttribute('readonly', '');

  const picture = doctor.getByLabel('Profile image');
  await picture.setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(doctor.getByText(PROFILE_IMAGE_MESSAGES.notAnImage)).toBeVisible();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgaPj/HwAE/wJ/qVjGUQAAAABJRU5ErkJggg==',
    'base64',
  );
  const huge = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]);
  await picture.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
  await expect(doctor.getByText(PROFILE_IMAGE_MESSAGES.tooLarge)).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
  // The server refuses them too, whatever the client does.
  const fake = await doctor.request.put('/api/user/profile/image', {
    headers: { 'content-type': 'image/jpeg', origin: new URL(doctor.url()).origin },
    data: Buffer.from('<html>not an image</html>'),
  });
  expect(fake.status()).toBe(400);
  expect((await fake.json()).error).toBe(PROFILE_IMAGE_MESSAGES.notAnImage);
  const tooBig = await doctor.request.put('/api/user/profile/image', {
    headers: { 'content-type': 'image/png', origin: new URL(doctor.url()).origin },
    data: huge,
  });
  expect(tooBig.status()).toBe(413);
  expect((await tooBig.json()).error).toBe(PROFILE_IMAGE_MESSAGES.tooLarge);

  // A real picture: the header's avatar shows it at once.
  const header = doctor.getByRole('banner');
  await expect(header.locator('img[src^="/api/users/"]')).toHaveCount(0);
  await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(doctor.getByText(PROFILE_IMAGE_MESSAGES.uploaded)).toBeVisible();
  await expect(header.locator('img[src^="/api/users/"]')).toHaveCount(1);

  await doctor.getByLabel('Phone').fill('+234 802 555 0100');
  await doctor.getByLabel('Experience (years)').fill('9');
  await doctor.getByLabel('Specialty').fill('Family Medicine');
  await doctor.getByRole('button', { name: 'Save changes' }).click();
  await expect(doctor.getByText(TOASTS.profileUpdated)).toBeVisible();
  await expect(doctor).toHaveURL(/\/doctor\/settings\/profile-page$/);
  const card = doctor.getByTestId('doctor-card');
  await expect(card).toContainText('Family Medicine');
  await expect(card).toContainText('9 years of experience');
  await expect(card).toContainText('+234 802 555 0100');
  await expect(card.locator('img[src^="/api/users/"]')).toHaveCount(1);
});

test('each doctor-day screen shows what it is for at 1280 and 390 px, without scrolling sideways', async ({
  browser,
}) => {
  const doctor = await signedInPage(browser, DEMO.doctor);
  const vitals = { heartRate: 118, systolic: 86, temperature: 37.2 };
  const expected = triage(vitals);
  const screens: ReadonlyArray<{
    name: string;
    path: string;
    title: string;
    shows: (page: Page) => Promise<void>;
  }> = [
    {
      name: 'triage',
      path: '/doctor/triage',
      title: 'Triage Intake',
      shows: async (page) => {
        for (const card of ['Patient', 'Vital signs', 'Triage result', 'Placement', 'Today’s intakes']) {
          await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
        }
        await page.getByLabel('Heart rate (bpm)').fill(String(vitals.heartRate));
        await page.getByLabel('Systolic blood pressure (mmHg)').fill(String(vitals.systolic));
        await page.getByLabel('Temperature (°C)').fill(String(vitals.temperature));
        // The contract's rule, shown as typed: 86 mmHg adds 2, so Medium, for the General queue.
        const result = page.getByTestId('triage-result');
        await expect(result.getByText(String(expected.score), { exact: true })).toBeVisible();
        await expect(result.getByText(expected.priority, { exact: true })).toBeVisible();
        await expect(result.getByText('General queue')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Save triage' })).toBeVisible();
      },
    },
    {
      name: 'schedule',
      path: '/doctor/schedule',
      title: 'Edit Schedule',
      shows: async (page) => {
        await expect(page.getByLabel('Per-patient time')).toHaveValue(/^\d\d:\d\d:\d\d$/);
        for (const day of WEEKDAYS) {
          const row = page.getByTestId(`schedule-${day}`);
          await expect(row).toContainText(day);
          await expect(row.getByLabel(`From on ${day}`)).toBeVisible();
          await expect(row.getByLabel(`To on ${day}`)).toBeVisible();
          await expect(row.getByLabel(`Day off on ${day}`)).toBeVisible();
        }
        await expect(page.getByRole('button', { name: 'Save schedule' })).toBeVisible();
      },
    },
    {
      name: 'profile',
      path: '/doctor/settings/profile-page',
      title: 'Profile',
      shows: async (page) => {
        const card = page.getByTestId('doctor-card');
        await expect(card.getByRole('heading', { name: 'Dr Daniel Adeyemi' })).toBeVisible();
        await expect(card).toContainText('General Medicine');
        await expect(card).toContainText(DEMO.doctor);
        for (const link of ['Make Appointments', 'Change Password']) {
          await expect(card.getByRole('link', { name: link })).toBeVisible();
        }
      },
    },
    {
      name: 'edit-profile',
      path: '/doctor/settings/edit-profile',
      title: 'Edit Profile',
      shows: async (page) => {
        await expect(page.getByLabel('Email')).toHaveValue(DEMO.doctor);
        await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
        await expect(page.getByLabel('First name')).toHaveValue('Daniel');
        await expect(page.getByLabel('Last name')).toHaveValue('Adeyemi');
        await expect(page.getByLabel('Specialty')).toHaveValue('General Medicine');
        await expect(page.getByLabel('Experience (years)')).toBeVisible();
        await expect(page.getByLabel('Profile image')).toBeAttached();
        await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
      },
    },
    {
      name: 'change-password',
      path: '/doctor/settings/change-password',
      title: 'Change Password',
      shows: async (page) => {
        for (const field of ['Current password', 'New password', 'Confirm password']) {
          await expect(page.getByLabel(field)).toHaveValue('');
        }
        await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
      },
    },
  ];
  for (const width of [1280, 390]) {
    await doctor.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    for (const screen of screens) {
      await doctor.goto(screen.path);
      await waitForScreen(doctor);
      await expect(doctor.getByRole('heading', { level: 1 })).toHaveText(screen.title);
      await screen.shows(doctor);
      await expectNoSidewaysScroll(doctor, `${screen.name} at ${width}px`);
      await shot(doctor, `${screen.name}-${width}`);
    }
  }
});
