import { CHART_MESSAGES, FRONT_DESK_MESSAGES } from '@carepoint/contract';
import { type Browser, expect, test } from '@playwright/test';
import {
  bedOfOption,
  completeAdmission,
  DEMO,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  shot,
  signIn,
} from './helpers';

/**
 * The two patient-safety defects found in a clinical day: an allergy typed but not "Add"ed was
 * dropped on save (so the prescription's allergy check never fired), and an emergency admit put
 * someone other than the person on the board into the bed.
 */

/** A new patient account (its own browser context: signing up signs that context in). */
async function registeredPatient(browser: Browser, firstName: string) {
  const context = await browser.newContext();
  // Letters only: a search term with digits is read as a phone or e-mail fragment, not a name.
  const unique = Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
  const lastName = `Safety${unique}`;
  const res = await context.request.post('/api/auth/register/patient', {
    data: {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      password: 'a long safety passphrase',
      phone: '+234 803 555 0101',
      address: '4 Marina Road, Lagos',
      gender: 'female',
    },
  });
  expect(res.status()).toBe(201);
  await context.close();
  return { firstName, lastName, name: `${firstName} ${lastName}` };
}

test('an allergy typed but not added is saved with the details, and the prescription check fires', async ({
  page,
  browser,
}) => {
  const patient = await registeredPatient(browser, 'Adaku');
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/patients');
  await page.getByRole('button', { name: 'All patients' }).click();
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(patient.name);
  await page.getByRole('button', { name: `View Details of ${patient.name}` }).click();
  const drawer = page.getByRole('dialog', { name: patient.name });
  const medical = drawer.getByRole('region', { name: 'Medical details' });
  await expect(medical).toContainText('None recorded');

  await medical.getByRole('button', { name: 'Edit' }).click();
  const form = medical.getByRole('form', { name: 'Edit medical details' });
  // Typed, and Save pressed straight away: no Enter, no Add.
  await form.getByLabel('Allergies', { exact: true }).fill('Penicillin');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(CHART_MESSAGES.saved)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(medical).toContainText('Penicillin');
  await expect(medical).not.toContainText('None recorded');

  // The check the lost allergy used to defeat: amoxicillin for a penicillin allergy is flagged.
  await page.goto('/doctor/prescription');
  await page.getByRole('link', { name: 'New Prescription' }).click();
  await page.getByRole('combobox', { name: 'Patient' }).fill(patient.name);
  await page.getByRole('option', { name: new RegExp(patient.name) }).click();
  await expect(page.getByText('Recorded allergies:')).toContainText('Penicillin');
  const line = page.getByRole('listitem', { name: 'Medicine 1' });
  await line.getByRole('combobox', { name: 'Name' }).fill('Amoxicillin 500 mg');
  await expect(line.getByText('Allergy: the patient is allergic to Penicillin')).toBeVisible();
});

test('a walk-in is matched to their record before a bed; board, bed and record name one person', async ({
  page,
  browser,
}) => {
  const patient = await registeredPatient(browser, 'Mercy');
  const typed = `Mercy walk-in ${patient.lastName.slice(-4)}`;
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/emergency-room');
  await page.getByRole('button', { name: 'Add Arrival' }).click();
  const arrival = page.getByRole('dialog', { name: 'Add Arrival' });
  await arrival.getByLabel('Patient', { exact: true }).fill(typed);
  await arrival.getByLabel('Triage level').selectOption('High');
  await arrival.getByRole('button', { name: 'Add Arrival' }).click();
  await expect(page.getByText(`${typed} added to the emergency room`)).toBeVisible();

  // On the board the walk-in is marked as not registered.
  await page.getByPlaceholder('Search patients').fill(typed);
  const walkInRow = page.getByRole('row', { name: new RegExp(typed) }).first();
  await expect(walkInRow).toContainText('Not registered');
  await shot(page, 'er-not-registered-1280', { fullPage: false });

  // Admit asks for the record first: the match is checked on name, date of birth and phone.
  await walkInRow.getByRole('button', { name: `Admit ${typed}` }).click();
  const match = page.getByRole('dialog', { name: `Find ${typed}'s record` });
  const picker = match.getByRole('combobox', { name: 'Registered patient' });
  await picker.fill(patient.name);
  await match.getByRole('option', { name: new RegExp(patient.name) }).click();
  const facts = match.getByRole('definition');
  await expect(facts.filter({ hasText: patient.name })).toBeVisible();
  await expect(facts.filter({ hasText: '+234 803 555 0101' })).toBeVisible();
  await match.getByRole('button', { name: 'Link patient' }).click();
  await expect(match.getByText(FRONT_DESK_MESSAGES.confirmMatch)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'er-link-dialog-1280', { fullPage: false });
  await match.getByLabel('I have checked the name, date of birth and phone: this is the same person').check();
  await match.getByRole('button', { name: 'Link patient' }).click();
  await expect(page.getByText(FRONT_DESK_MESSAGES.linked(typed, patient.name))).toBeVisible();

  const admit = page.getByRole('dialog', { name: `Admit ${patient.name}` });
  const bed = admit.getByLabel('Bed');
  await expect(bed).toBeEnabled();
  const bedOption = (await bed.locator('option').nth(1).textContent()) ?? '';
  const bedLabel = bedOfOption(bedOption);
  await bed.selectOption({ index: 1 });
  await completeAdmission(admit);
  await admit.getByRole('button', { name: 'Admit' }).click();
  await expect(page.getByText(FRONT_DESK_MESSAGES.admitted(patient.name, bedOption))).toBeVisible();

  // The board, the bed and the record all name the patient; the typed name is gone from the board.
  await page.getByPlaceholder('Search patients').fill(patient.name);
  const row = page.getByRole('row', { name: new RegExp(patient.name) }).first();
  await expect(row).toContainText('Admitted');
  await expect(row).not.toContainText('Not registered');
  await page.getByPlaceholder('Search patients').fill(typed);
  await expect(page.getByRole('row', { name: new RegExp(typed) })).toHaveCount(0);
  await page.goto(`/admin/beds?q=${encodeURIComponent(bedLabel)}`);
  await expect(page.getByRole('row', { name: new RegExp(bedLabel) })).toContainText(patient.name);
  await page.goto(`/admin/patients?q=${encodeURIComponent(patient.lastName)}`);
  await page.getByRole('link', { name: patient.name }).click();
  await expect(page.getByText(`Bed ${bedLabel}`)).toBeVisible();
});
