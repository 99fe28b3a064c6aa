import { MESSAGE_MESSAGES, TOASTS } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn, uniqueEmail } from './helpers';
import { type MailingServer, startMailingServer } from './mail-server';

/*
 * Appointment e-mails reach a real SMTP server: this spec runs a CarePoint server of its own
 * (mail-server.ts), E2E_PORT + 100. REMINDER_HOUR=0 makes the reminder of an appointment
 * tomorrow due at once, and the worker looks every second.
 */

const PASSWORD = 'a-good-password';
const DEMO_DOCTOR = 'Dr Daniel Adeyemi';

let mailing: MailingServer;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mailing = await startMailingServer(100, {
    MAIL_FROM: 'CarePoint Clinic <appointments@carepoint.example>',
    TIME_ZONE: 'UTC',
    REMINDER_HOUR: '0',
    MESSAGE_POLL_SECONDS: '1',
  });
  base = mailing.base;
});

test.afterAll(async () => {
  await mailing?.stop();
});

/** Tomorrow (UTC, the server's facility time here) as YYYY-MM-DD. */
function tomorrow() {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return day.toISOString().slice(0, 10);
}

test('a patient gets the reminder e-mail with its calendar entry; the admin sees it sent; reminders turn off', async ({
  page,
  browser,
}) => {
  // The demo doctor works every day on this server, so tomorrow has free times whatever today is.
  const doctor = await page.request.post(`${base}/api/auth/login`, {
    data: { email: DEMO.doctor, password: DEMO_PASSWORD },
  });
  expect(doctor.ok()).toBe(true);
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
    (day) => ({
      day,
      off: false,
      from: '09:00',
      to: '16:00',
    }),
  );
  const schedule = await page.request.put(`${base}/api/doctor/schedule`, {
    data: { perPatientTime: '00:45', days: everyDay },
  });
  expect(schedule.ok()).toBe(true);
  await page.request.post(`${base}/api/auth/logout`);

  const email = uniqueEmail('reminded');
  const registered = await page.request.post(`${base}/api/auth/register/patient`, {
    data: {
      firstName: 'Chiamaka',
      lastName: 'Reminded',
      email,
      password: PASSWORD,
      phone: '+234 803 555 0142',
      address: '3 Awolowo Road, Ikoyi, Lagos',
      gender: 'female',
    },
  });
  expect(registered.ok()).toBe(true);
  await page.goto(`${base}/login`);
  await signIn(page, email, PASSWORD);

  // My Profile: reminders are on until the patient turns them off.
  await page.goto(`${base}/patient/profile`);
  const reminders = page.getByRole('switch', { name: 'Appointment reminders' });
  await expect(reminders).toHaveAttribute('aria-checked', 'true');

  // Book tomorrow's first free time with the demo doctor.
  await page.goto(`${base}/patient/appointments`);
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
  await dialog.getByLabel('Title').fill('Blood pressure review');
  await dialog.getByLabel('Priority').selectOption('Medium');
  await dialog.getByLabel('Date').fill(tomorrow());
  await dialog.getByLabel('Doctor').selectOption({ label: `${DEMO_DOCTOR} (General Medicine)` });
  const time = dialog.getByLabel('Time');
  await expect(time).toBeEnabled();
  const slot = (await time.locator('option').nth(1).getAttribute('value')) ?? '';
  expect(slot).toMatch(/^\d{2}:\d{2}$/);
  await time.selectOption(slot);
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText(TOASTS.appointmentCreated)).toBeVisible();

  // The SMTP server receives the booking and the reminder, each with a calendar entry.
  const mailTo = (subject: string) =>
    mailing.received.find((m) => m.subject?.startsWith(subject) && JSON.stringify(m.to).includes(email));
  // Mail leaves from a background worker: wait for it to arrive, within the test's budget.
  await expect.poll(() => mailTo('Appointment reminder:')?.subject, { timeout: 0 }).toBeTruthy();
  await expect.poll(() => mailTo('Appointment booked:')?.subject, { timeout: 0 }).toBeTruthy();
  const reminder = mailTo('Appointment reminder:');
  expect(reminder?.from?.text).toContain('appointments@carepoint.example');
  expect(reminder?.text).toContain(`your appointment with ${DEMO_DOCTOR} is on`);
  expect(reminder?.text).toContain(`at ${slot}`);
  const ics = reminder?.attachments.find((a) => a.contentType === 'text/calendar');
  expect(ics?.filename).toBe('appointment.ics');
  const calendar = ics?.content.toString('utf8') ?? '';
  const start = `${tomorrow().replace(/-/g, '')}T${slot.replace(':', '')}00Z`;
  expect(calendar).toContain('\r\nMETHOD:REQUEST\r\n');
  expect(calendar).toContain('\r\nBEGIN:VEVENT\r\n');
  expect(calendar).toMatch(/\r\nUID:appointment-[0-9a-f-]{36}@localhost\r\n/);
  expect(calendar).toContain(`\r\nDTSTART:${start}\r\n`);
  expect(calendar).toContain('\r\nSTATUS:TENTATIVE\r\n');
  expect(calendar).toContain(`SUMMARY:Blood pressure review with ${DEMO_DOCTOR}`);
  expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
  // The booking's entry and the reminder's are one calendar entry.
  const uid = /UID:(\S+)/.exec(calendar)?.[1];
  const bookedCalendar = mailTo('Appointment booked:')?.attachments[0]?.content.toString('utf8');
  expect(bookedCalendar).toContain(`UID:${uid}\r\n`);

  // The admin's send log: both sent once, filtered by result.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, DEMO_PASSWORD, `${base}/login`);
  await admin.goto(`${base}/admin/audit?tab=messages`);
  await expect(admin.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await admin.getByLabel('Result').selectOption('Sent');
  const rows = admin.getByRole('row', { name: /Chiamaka Reminded/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Reminder' })).toContainText('Sent');
  await expect(rows.filter({ hasText: 'Reminder' })).toContainText(email);
  await admin.getByLabel('Result').selectOption('Failed');
  await expect(rows).toHaveCount(0);
  await admin.getByLabel('Result').selectOption('Sent');
  await expect(rows).toHaveCount(2);
  await expectNoSeriousA11yViolations(admin);
  await shot(admin, 'admin-messages', { widths: [1280, 390] });
  await adminContext.close();

  // The patient turns reminders off; it stays off.
  await page.goto(`${base}/patient/profile`);
  await reminders.click();
  await expect(page.getByText(MESSAGE_MESSAGES.remindersOff)).toBeVisible();
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'patient-profile-reminders', { widths: [1280, 390] });
});
