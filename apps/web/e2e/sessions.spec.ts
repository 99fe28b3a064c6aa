import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn, uniqueEmail } from './helpers';

/*
 * Where a person is signed in (Security page): one browser signs another out, whose next
 * navigation lands on the login page; an administrator signs a patient out everywhere.
 */

const PASSWORD = 'sessions-password-1';
const WIDTHS = [1280, 390];

/** A new patient account (through sign-up), answering its e-mail. */
async function newPatient(request: APIRequestContext, firstName: string, lastName: string) {
  const email = uniqueEmail(`sessions-${firstName.toLowerCase()}`);
  const answer = await request.post('/api/auth/register/patient', {
    data: {
      firstName,
      lastName,
      email,
      password: PASSWORD,
      phone: '+234 803 555 0190',
      address: 'Lagos',
      gender: 'male',
    },
  });
  expect(answer.status()).toBe(201);
  return email;
}

test('a patient signs out their other browser from the Security page; its next navigation lands on login', async ({
  browser,
  request,
}) => {
  const email = await newPatient(request, 'Tolu', 'Adeyemi');

  const [first, second] = [await browser.newContext(), await browser.newContext()];
  const [laptop, phone] = [await first.newPage(), await second.newPage()];
  await signIn(laptop, email, PASSWORD);
  await signIn(phone, email, PASSWORD);

  await laptop.goto('/patient/security');
  const sessions = laptop.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const current = sessions.getByRole('listitem').filter({ hasText: 'This browser' });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('button', { name: /Sign out/ })).toHaveCount(0);
  await expect(current).toContainText(/Chrome \d+ on \w+/);
  await expectNoSeriousA11yViolations(laptop);
  await shot(laptop, 'security-sessions', { widths: WIDTHS });

  const other = sessions.getByRole('listitem').filter({ hasNotText: 'This browser' });
  await other.getByRole('button', { name: /Sign out/ }).click();
  await expect(laptop.getByText('Session signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(laptop.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  await phone.goto('/patient/appointments');
  await expect(phone).toHaveURL(/\/login/);
  await first.close();
  await second.close();
});

test('an administrator signs a patient out everywhere from the patient page, after confirming', async ({
  browser,
  page,
  request,
}) => {
  // Three screenshot sets at every width: 27 s alone on a slow machine, near the 30 s default.
  const email = await newPatient(request, 'Bisi', 'Okon');
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await signIn(patient, email, PASSWORD);

  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  const found = await page.request.get(`/api/admin/patients?q=${encodeURIComponent(email)}`);
  const id = (await found.json()).data[0].id as string;
  await page.goto(`/admin/patients/${id}`);
  await page.getByRole('button', { name: 'Sign out everywhere Bisi Okon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out Bisi Okon everywhere?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'admin-end-sessions-dialog', { widths: WIDTHS, fullPage: false });
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('Signed out everywhere (1 session)')).toBeVisible();
  await shot(page, 'admin-patient-detail', { widths: WIDTHS });

  await patient.goto('/patient/dashboard');
  await expect(patient).toHaveURL(/\/login/);
  await patientContext.close();

  // The same button on each row of the doctors list.
  await page.goto('/admin/doctors');
  await expect(page.getByRole('button', { name: /^Sign out everywhere Dr / }).first()).toBeVisible();
  await shot(page, 'admin-doctors', { widths: WIDTHS });
});
