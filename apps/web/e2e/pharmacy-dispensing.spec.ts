import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  registerPatient,
  shot,
  shownDate,
  signIn,
  uniqueEmail,
} from './helpers';

/*
 * Dispensing from real stock: stock received through the API, a prescription written by the
 * doctor appears live in the pharmacist's queue; the pharmacist dispenses part of it from the
 * batch expiring first (shown in the dialog), prints a label, and the rest shows as owed to the
 * doctor and to the patient. Its own patient and medicine (Cefuroxime), so no other spec's stock
 * or prescriptions meet it.
 */

const WIDTHS = [1280, 390];

/** A calendar date `days` from today (the facility is in Lagos; a day's margin either side is enough here). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signedInPage(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

test('receive, then dispense part of a prescription first-expiry-first, label it, and the rest is owed', async ({
  browser,
  page,
}) => {
  // The patient: a fresh account of this test's own.
  const patientEmail = uniqueEmail('dispensing');
  const password = 'dispensing-patient-1';
  await registerPatient(page.request, {
    firstName: 'Tolu',
    lastName: 'Bankole',
    email: patientEmail,
    password,
  });
  const patientPage = await signedInPage(browser, patientEmail, password);
  const me = await (await patientPage.request.get('/api/auth/me')).json();
  const patientId: string = me.user.id;

  // Stock: two batches of Cefuroxime 500 mg received into the main pharmacy through the API.
  await signIn(page, DEMO.pharmacist, DEMO_PASSWORD);
  const found = await (await page.request.get('/api/medicines?q=Cefuroxime')).json();
  const cefuroxime = found.data.find((m: { strength: string }) => m.strength === '500 mg');
  expect(cefuroxime).toBeTruthy();
  const stamp = Date.now().toString(36).toUpperCase();
  const sooner = { batchNumber: `CFX-S-${stamp}`, expiryDate: daysFromToday(3), quantity: 4 };
  const later = { batchNumber: `CFX-L-${stamp}`, expiryDate: daysFromToday(400), quantity: 60 };
  for (const batch of [later, sooner]) {
    const received = await page.request.post('/api/pharmacy/stock/receipts', {
      data: {
        medicineId: cefuroxime.id,
        supplier: 'Emzor Pharmaceuticals',
        invoiceNumber: `INV-${stamp}`,
        unitCost: 15_000,
        ...batch,
      },
    });
    expect(received.status(), await received.text()).toBeLessThan(300);
  }

  // The queue is open when the doctor writes the prescription: it appears without a reload.
  await page.goto('/pharmacy/dispensing');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispensing' })).toBeVisible();
  const doctorPage = await signedInPage(browser, DEMO.doctor);
  const written = await doctorPage.request.post('/api/doctor/prescriptions', {
    data: {
      patientId,
      medicines: [
        {
          name: 'Cefuroxime 500 mg Tablet',
          medicineId: cefuroxime.id,
          dosage: '1 tablet',
          duration: '10 Days',
          time: 'After Meal',
          interval: 'Morning and evening',
          comment: '',
        },
      ],
      status: true,
    },
  });
  expect(written.status(), await written.text()).toBe(201);
  const prescriptionId: string = (await written.json()).prescription.id;
  // The prescriber keeps the prescription open: the dispense will show there without a reload.
  const doctorStream = doctorPage.waitForResponse((res) => res.url().endsWith('/api/doctor/events'));
  await doctorPage.goto(`/doctor/prescription/${prescriptionId}`);
  await expect(doctorPage.getByRole('heading', { level: 1, name: 'Prescription Details' })).toBeVisible();
  await doctorStream;
  const entry = page
    .getByRole('button', { name: 'Dispense the prescription of Tolu Bankole' })
    .or(page.getByRole('link', { name: 'Dispense the prescription of Tolu Bankole' }));
  await expect(entry.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'dispensing-queue', { widths: WIDTHS });

  // Dispense 10 of the course of 20: the batch expiring first is offered, then the next.
  await entry.first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispense for Tolu Bankole' })).toBeVisible();
  await page.getByRole('button', { name: 'Dispense Cefuroxime 500 mg Tablet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispense Cefuroxime 500 mg Tablet' });
  await expect(dialog.getByRole('combobox', { name: 'Medicine from the formulary' })).toHaveValue(
    'Cefuroxime 500 mg Tablet',
  );
  await expect(dialog.getByLabel('Batch')).toContainText(
    `Expiring first: ${sooner.batchNumber} · expires ${shownDate(sooner.expiryDate)} · 4 on hand`,
  );
  await dialog.getByLabel('Whole course (units)').fill('20');
  await dialog.getByLabel('Hand over now').fill('10');
  await dialog.getByLabel('Patient counselled on how to take it').check();
  await shot(page, 'dispensing-dialog', { widths: WIDTHS, fullPage: false });
  await dialog.getByRole('button', { name: 'Dispense' }).click();
  await expect(page.getByText('Dispensed', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Dispensed 10 of 20 · 10 owed')).toBeVisible();
  await expect(page.getByText(new RegExp(`^4 from batch ${sooner.batchNumber}`))).toBeVisible();
  await expect(page.getByText(new RegExp(`^6 from batch ${later.batchNumber}`))).toBeVisible();
  await expect(page.getByText(/^Counselled /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'dispensing-prescription', { widths: WIDTHS });

  // The label of the first item: a PDF.
  const label = page.getByRole('link', { name: `Print the label of 4 from batch ${sooner.batchNumber}` });
  const href = await label.getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The rest is owed: the doctor's open prescription (live) and the patient's list say so; it stays queued.
  await expect(
    doctorPage.getByText('Pharmacy: Dispensed 10 of 20 · 10 owed (Cefuroxime 500 mg Tablet)').first(),
  ).toBeVisible();
  await shot(doctorPage, 'dispensing-doctor-owed', { widths: WIDTHS });
  await patientPage.goto('/patient/prescriptions');
  await expect(
    patientPage.getByText('Partly dispensed: 10 tablets of Cefuroxime 500 mg Tablet owed').first(),
  ).toBeVisible();
  await shot(patientPage, 'dispensing-patient-owed', { widths: WIDTHS });
  await page.goto('/pharmacy/dispensing');
  await expect(
    page.getByRole('link', { name: 'Dispense the prescription of Tolu Bankole' }).first(),
  ).toBeVisible();
  await expect(page.getByText('1 partly dispensed').first()).toBeVisible();
});
