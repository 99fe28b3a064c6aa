import { APPOINTMENT_MESSAGES, type Appointment, type DoctorOption } from '@carepoint/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn, uniqueEmail } from './helpers';

/*
 * Calendars and moves: the doctor moves a booking on their calendar (the Move action, a drag
 * the server refuses and that snaps back with the reason, then a drag it accepts); a patient
 * moves and cancels inside the change window (PATIENT_CHANGE_HOURS, 72 on the test server) and
 * is refused within it.
 */

const PASSWORD = 'a-good-password';
const CHANGE_HOURS = 72;
/** FACILITY_PHONE on the test server (start-server.mjs). */
const CLINIC_PHONE = '+234 1 280 0100';
const DEMO_DOCTOR = 'Dr Daniel Adeyemi';

const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAhead = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return d;
};
/** A weekday at least `n` days ahead (the demo doctor works Monday to Friday). */
function weekdayAhead(n: number): string {
  const d = daysAhead(n);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return isoDate(d);
}

/** A new patient through the API, and a Bearer token to set up their bookings with. */
async function newPatient(request: APIRequestContext) {
  const email = uniqueEmail('calendar');
  const registered = await request.post('/api/auth/register/patient', {
    data: {
      firstName: 'Kemi',
      lastName: `Moves${Math.floor(Math.random() * 1e4)}`,
      email,
      password: PASSWORD,
      phone: '+234 803 555 0100',
      address: '3 Allen Avenue, Ikeja',
      gender: 'female',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const { token, user } = (await login.json()) as {
    token: string;
    user: { firstName: string; lastName: string };
  };
  const headers = { authorization: `Bearer ${token}` };
  return { email, headers, name: `${user.firstName} ${user.lastName}` };
}

type Headers = { authorization: string };

async function demoDoctorId(request: APIRequestContext, headers: Headers) {
  const res = await request.get('/api/doctors/available', { headers });
  const { data } = (await res.json()) as { data: DoctorOption[] };
  const doctor = data.find((d) => `Dr ${d.firstName} ${d.lastName}` === DEMO_DOCTOR);
  if (!doctor) throw new Error('no demo doctor');
  return doctor.id;
}

async function freeTimes(request: APIRequestContext, headers: Headers, doctorId: string, date: string) {
  const url = doctorId ? `/api/doctors/${doctorId}/slots?date=${date}` : `/api/doctors/slots?date=${date}`;
  const res = await request.get(url, { headers });
  // The machine's date can be a day behind the facility's (23:00 UTC is past midnight in Lagos):
  // the server refuses a day already gone for the facility, which has no free time to offer.
  if (res.status() === 400) return [];
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { slots: string[] }).slots;
}

async function book(
  request: APIRequestContext,
  headers: Headers,
  fields: { doctorId?: string; date: string; time: string; title: string },
) {
  const res = await request.post('/api/patient/appointments', {
    headers,
    data: { priority: 'Medium', ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { appointment: Appointment }).appointment;
}

/** A booking whose change window has already closed: the first free time of any doctor that is. */
async function bookInsideWindow(request: APIRequestContext, headers: Headers) {
  for (let day = 0; day <= 3; day++) {
    for (const time of await freeTimes(request, headers, '', isoDate(daysAhead(day)))) {
      const appointment = await book(request, headers, {
        date: isoDate(daysAhead(day)),
        time,
        title: 'Soon visit',
      });
      if (appointment.changeableUntil && Date.parse(appointment.changeableUntil) <= Date.now())
        return appointment;
      return undefined;
    }
  }
  return undefined;
}

/** The calendar's appointment, found by the patient's name (its tooltip starts with its time range). */
const eventOf = (page: Page, patient: string) => page.locator('.rbc-event', { hasText: patient });

/** Drags an appointment by its top edge so its start lands on the grid line labelled `time`. */
async function dragTo(page: Page, event: Locator, time: string) {
  const from = await event.boundingBox();
  const label = await page
    .locator('.rbc-time-gutter .rbc-label', { hasText: new RegExp(`^${time}$`) })
    .boundingBox();
  const column = await page.locator('.rbc-day-slot').first().boundingBox();
  if (!from || !label || !column) throw new Error('calendar not drawn');
  await page.mouse.move(from.x + from.width / 2, from.y + 4);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 30, { steps: 5 });
  await page.mouse.move(column.x + column.width / 2, label.y + 4, { steps: 12 });
  await page.mouse.up();
}

test('the doctor moves a booking on the calendar: Move, a refused drag that snaps back, a drag', async ({
  page,
  request,
}) => {
  const patient = await newPatient(request);
  const doctorId = await demoDoctorId(request, patient.headers);
  const date = weekdayAhead(15);
  const [first, second, third] = await freeTimes(request, patient.headers, doctorId, date);
  if (!first || !second || !third) throw new Error('the demo doctor has no free times that day');
  await book(request, patient.headers, { doctorId, date, time: first, title: 'Knee pain' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto(`/doctor/appointments?view=calendar&day=${date}`);
  const event = eventOf(page, patient.name);
  await expect(event).toHaveAttribute('title', new RegExp(`^${first}–`));
  // Free slots show; hours off are shaded.
  await expect(page.locator('.rbc-background-event', { hasText: 'Free' }).first()).toBeVisible();
  await expect(page.locator('.rbc-day-slot .cp-off').first()).toBeAttached();
  await shot(page, 'doctor-calendar-day', { widths: [1280] });

  // The explicit Move: a dialog of the doctor's free times, keyboard-usable.
  await event.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move appointment' });
  await expect(dialog).toContainText(patient.name);
  await dialog.getByLabel('Time').selectOption(second);
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.moved)).toBeVisible();
  await expect(event).toHaveAttribute('title', new RegExp(`^${second}–`));

  // A drag before the doctor's hours: the server refuses, the toast says why, it goes back.
  const labels = page.locator('.rbc-time-gutter .rbc-label');
  const early = (await labels.first().textContent()) ?? '';
  await dragTo(page, event, early);
  await expect(page.getByText(/Please choose a time between/)).toBeVisible();
  await expect(event).toHaveAttribute('title', new RegExp(`^${second}–`));

  // A drag to a free time: moved.
  await dragTo(page, event, third);
  await expect(event).toHaveAttribute('title', new RegExp(`^${third}–`));
  await page.goto(`/doctor/appointments?view=calendar&day=${date}&span=week`);
  await expect(eventOf(page, patient.name)).toHaveAttribute('title', new RegExp(`^${third}–`));
  await shot(page, 'doctor-calendar-week', { widths: [1280] });

  // On a phone the day is a list, each appointment with its Move.
  await page.goto(`/doctor/appointments?view=calendar&day=${date}`);
  await page.setViewportSize({ width: 390, height: 844 });
  const agenda = page.getByRole('region', { name: 'Day agenda' });
  await expect(agenda.getByRole('button', { name: `Move ${patient.name} at ${third}` })).toBeVisible();
  await shot(page, 'doctor-calendar-agenda', { widths: [390] });
});

test('the desk sees every doctor in a column of the day', async ({ page, request }) => {
  const patient = await newPatient(request);
  const doctorId = await demoDoctorId(request, patient.headers);
  const date = weekdayAhead(16);
  const [time] = await freeTimes(request, patient.headers, doctorId, date);
  if (!time) throw new Error('no free time');
  await book(request, patient.headers, { doctorId, date, time, title: 'Desk view' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/appointments');
  await page.getByRole('button', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/view=calendar/);
  await page.goto(`/admin/appointments?view=calendar&day=${date}`);
  await expect(page.locator('.rbc-row-resource', { hasText: DEMO_DOCTOR })).toBeVisible();
  expect(await page.locator('.rbc-row-resource').count()).toBeGreaterThan(1);
  await expect(eventOf(page, patient.name)).toHaveAttribute('title', new RegExp(`^${time}–`));
  await shot(page, 'desk-calendar-day', { widths: [1280] });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Day agenda' }).getByText(patient.name)).toBeVisible();
  await shot(page, 'desk-calendar-agenda', { widths: [390] });
  // Back to the table: the switch is in the URL.
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page).not.toHaveURL(/view=calendar/);
});

test('a patient moves and cancels ahead of the window, and cannot within it', async ({ page, request }) => {
  const patient = await newPatient(request);
  const doctorId = await demoDoctorId(request, patient.headers);
  const date = weekdayAhead(17);
  const [first, second] = await freeTimes(request, patient.headers, doctorId, date);
  if (!first || !second) throw new Error('no free times');
  const far = await book(request, patient.headers, { doctorId, date, time: first, title: 'Far visit' });
  const soon = await bookInsideWindow(request, patient.headers);
  if (!soon) throw new Error(`no free time within ${CHANGE_HOURS} hours`);

  // The server refuses a change within the window, naming the limit.
  const refused = await request.post(`/api/patient/appointments/${soon.id}/cancel`, {
    headers: patient.headers,
    data: { reason: 'Too late' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toBe(APPOINTMENT_MESSAGES.changeWindowClosed(CHANGE_HOURS));

  await signIn(page, patient.email, PASSWORD);
  await page.goto('/patient/appointments');
  const soonRow = page.getByRole('row', { name: /Soon visit/ });
  await expect(soonRow.getByRole('button', { name: /^Cancel/ })).toBeDisabled();
  await expect(soonRow.getByRole('button', { name: /^Move/ })).toBeDisabled();
  // Why, in plain words, and whom to call; no closing time (it may lie before the booking itself).
  await expect(soonRow).toContainText(
    `This visit is less than ${CHANGE_HOURS} hours away, so it can no longer be changed online. Please call the clinic on ${CLINIC_PHONE} to cancel or move it.`,
  );
  await expect(soonRow.getByRole('link', { name: CLINIC_PHONE })).toHaveAttribute('href', 'tel:+23412800100');
  // The visit coming soon is listed before the one weeks ahead.
  const rows = page.getByRole('table', { name: 'My appointments' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Soon visit');

  // Ahead of the window: Move to another free time...
  const farRow = page.getByRole('row', { name: /Far visit/ });
  await expect(farRow).toContainText(far.time);
  await farRow.getByRole('button', { name: /^Move/ }).click();
  const move = page.getByRole('dialog', { name: 'Move appointment' });
  await move.getByLabel('Time').selectOption(second);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.moved)).toBeVisible();
  await expect(farRow).toContainText(second);
  await shot(page, 'patient-appointments', { widths: [1280, 390] });

  // ...then Cancel, which needs a reason.
  await farRow.getByRole('button', { name: /^Cancel/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel appointment?' });
  await cancel.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(cancel.getByText(APPOINTMENT_MESSAGES.reasonRequired)).toBeVisible();
  await cancel.getByLabel('Reason').fill('Going abroad');
  await cancel.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.cancelled)).toBeVisible();
  await expect(farRow).toContainText('Cancelled');
  await expect(farRow).toContainText('Reason: Going abroad');
});
