import { APPOINTMENT_MESSAGES, TOASTS } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, shownDate, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'a-good-password';
const DEMO_DOCTOR = 'Dr Daniel Adeyemi';

/** A weekday at least a week ahead (the demo doctor works Monday to Friday). */
function futureWeekday(): string {
  const d = new Date();
  d.setDate(d.getDate() + 8);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Signs up a new patient through the form and signs them in: they land on their dashboard. */
async function newPatient(page: Page) {
  const email = uniqueEmail('patient');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ifeoma');
  await page.getByLabel('Last name').fill('Nnadi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Phone').fill('+234 803 555 0199');
  await page.getByLabel('Address').fill('7 Bode Thomas Street, Surulere, Lagos');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(TOASTS.signupSuccess)).toBeVisible();
  await page.waitForURL(/\/login/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/patient\/dashboard$/);
  return email;
}

const tile = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=../..');

test('a new patient books, sees, cancels an appointment and edits the profile', async ({ page }) => {
  await newPatient(page);

  // Dashboard of a patient with no history.
  await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
  await expect(tile(page, 'Upcoming Appointments')).toContainText('0');
  await expect(tile(page, 'Days Since Last Visit')).toContainText('No completed visit yet');
  await expect(page.getByText('No upcoming appointments')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // My Appointments: empty, then the booking form.
  await page.getByRole('link', { name: 'Appointments', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
  await expect(page.getByText('No appointments yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
  // Priority starts at Medium; the rest is empty.
  await expect(dialog.getByLabel('Priority')).toHaveValue('Medium');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(dialog.getByText(APPOINTMENT_MESSAGES.allFieldsRequired).first()).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  const date = futureWeekday();
  await dialog.getByLabel('Title').fill('Annual check-up');
  await dialog.getByLabel('Priority').selectOption('High');
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Doctor').selectOption({ label: `${DEMO_DOCTOR} (General Medicine)` });
  const time = dialog.getByLabel('Time');
  await expect(time).toBeEnabled();
  const firstSlot = (await time.locator('option').nth(1).getAttribute('value')) ?? '';
  expect(firstSlot).toMatch(/^\d{2}:\d{2}$/);
  await time.selectOption(firstSlot);
  await dialog.getByLabel('Notes (optional)').fill('Fasting since midnight');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText(TOASTS.appointmentCreated)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Dates read as everywhere in the app: "30 Nov 2026", and "30 Nov 2026, 10:30" with the time.
  const shown = shownDate(date);
  const row = page.getByRole('row', { name: new RegExp(`${shown}.*${firstSlot}`) });
  await expect(row).toContainText(DEMO_DOCTOR);
  await expect(row).toContainText('Pending');

  // The booking shows on the dashboard.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(tile(page, 'Upcoming Appointments')).toContainText('1');
  await expect(page.getByText(`${shown}, ${firstSlot}`)).toBeVisible();

  // Cancel it, after confirming.
  await page.getByRole('link', { name: 'Appointments', exact: true }).click();
  await row.getByRole('button', { name: /^Cancel/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel appointment?' });
  await expect(confirm).toContainText(DEMO_DOCTOR);
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(confirm.getByText(APPOINTMENT_MESSAGES.reasonRequired)).toBeVisible();
  await confirm.getByLabel('Reason').fill('Travelling that week');
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.cancelled)).toBeVisible();
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('Reason: Travelling that week');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

  // The profile: Cancel restores, Save stores, a reload shows the stored values.
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('7 Bode Thomas Street, Surulere, Lagos')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('First name').fill('Changed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('main').getByText('Ifeoma Nnadi')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Ifeoma');
  await page.getByLabel('Phone').fill('+234 809 111 2233');
  await page.getByLabel('Address').fill('22 Adeola Odeku Street, Victoria Island, Lagos');
  await page.getByLabel('Date of birth').fill('1992-06-30');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(TOASTS.profileUpdated)).toHaveCount(1);
  await page.reload();
  await expect(page.getByText('22 Adeola Odeku Street, Victoria Island, Lagos')).toBeVisible();
  await expect(page.getByText('+234 809 111 2233')).toBeVisible();
  await expect(page.getByText('30 Jun 1992')).toBeVisible();
});

test('the patient screens fit a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await newPatient(page);
  for (const path of ['/patient/dashboard', '/patient/appointments', '/patient/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.goto('/patient/appointments');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
  await expect(dialog.getByRole('button', { name: 'Book Appointment' })).toBeInViewport();
});
