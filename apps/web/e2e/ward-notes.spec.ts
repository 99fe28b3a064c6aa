import { WARD_NOTE_MESSAGES, type Ward, type WardBoard } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Notes on the ward: a nurse writes a nursing note (and corrects it), a doctor writes a ward round
 * note in SOAP parts, and the nurse's shift handover of the ward shows both, on screen and on paper.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The demo nurse's General Ward and an admitted patient's stay on its board, as the nurse's screens read them. */
async function generalWardStay(page: Page) {
  const wards = await page.request.get('/api/nurse/wards');
  expect(wards.ok()).toBe(true);
  const ward = ((await wards.json()) as { data: Ward[] }).data.find((w) => w.name === 'General Ward');
  if (!ward) throw new Error('the demo nurse is not on the General Ward');
  const board = await page.request.get(`/api/wards/${ward.id}/board`);
  expect(board.ok()).toBe(true);
  const stay = ((await board.json()) as WardBoard).beds.find((bed) => bed.stay?.status === 'Admitted')?.stay;
  if (!stay) throw new Error('the General Ward has no admitted patient');
  return { wardId: ward.id, stayId: stay.id, patientName: stay.patientName };
}

test('a nursing note and a ward round note reach the ward handover, which prints as a clean page', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.nurse, DEMO_PASSWORD);
  const { wardId, stayId, patientName } = await generalWardStay(page);
  const nursingText = unique('Settled after evening analgesia; pain 2/10');
  const correctedText = `${nursingText} (corrected: pain 3/10)`;
  const planText = unique('Continue current treatment, review bloods in the morning');

  // The nurse writes a nursing note, then corrects it: the original stays, marked as corrected.
  await page.goto(`/nurse/stays/${stayId}/notes`);
  await expect(page.getByRole('heading', { level: 1, name: `Notes: ${patientName}` })).toBeVisible();
  const nursingForm = page.getByRole('form', { name: 'Nursing note' });
  await nursingForm.getByRole('button', { name: 'Save note' }).click();
  await expect(nursingForm.getByText(WARD_NOTE_MESSAGES.textRequired)).toBeVisible();
  await nursingForm.getByLabel('Category').selectOption('Care given');
  await nursingForm.getByLabel('Note').fill(nursingText);
  await nursingForm.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText(WARD_NOTE_MESSAGES.nursingSaved)).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Notes' });
  const written = timeline.getByRole('article').filter({ hasText: nursingText }).first();
  await expect(written).toContainText('Care given');
  await expect(nursingForm.getByLabel('Note')).toHaveValue('');
  await written.getByRole('button', { name: 'Correct' }).click();
  const correcting = page.getByRole('form', { name: 'Nursing note' });
  await expect(correcting.getByLabel('Note')).toHaveValue(nursingText);
  await correcting.getByLabel('Note').fill(correctedText);
  await correcting.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByText(WARD_NOTE_MESSAGES.correctionSaved)).toBeVisible();
  await expect(timeline.getByRole('article').filter({ hasText: correctedText })).toContainText('Correction');
  await expect(
    timeline.getByRole('article').filter({ hasText: nursingText }).filter({ hasNotText: 'corrected: pain' }),
  ).toContainText('Corrected');
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'ward-notes-nurse', { widths: [1280, 390] });

  // A doctor, in another browser, writes a ward round note in SOAP parts.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await doctor.setViewportSize({ width: 1280, height: 900 });
  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  await doctor.goto(`/doctor/stays/${stayId}/notes`);
  const soap = doctor.getByRole('form', { name: 'Ward round note' });
  await soap.getByRole('button', { name: 'Save ward round note' }).click();
  await expect(soap.getByText(WARD_NOTE_MESSAGES.soapRequired)).toBeVisible();
  await soap.getByLabel('Subjective').fill('Feels better, slept well');
  await soap.getByLabel('Assessment').fill('Improving steadily');
  await soap.getByLabel('Plan').fill(planText);
  await soap.getByRole('button', { name: 'Save ward round note' }).click();
  await expect(doctor.getByText(WARD_NOTE_MESSAGES.wardRoundSaved)).toBeVisible();
  const round = doctor
    .getByRole('list', { name: 'Notes' })
    .getByRole('article')
    .filter({ hasText: planText });
  await expect(round).toContainText('Improving steadily');
  // The nurse's note is there too; the doctor may not correct it.
  const nurseNote = doctor.getByRole('article').filter({ hasText: correctedText });
  await expect(nurseNote).toBeVisible();
  await expect(nurseNote.getByRole('button', { name: 'Correct' })).toHaveCount(0);
  await doctor.getByRole('button', { name: 'Ward round', exact: true }).click();
  await expect(doctor.getByRole('article').filter({ hasText: correctedText })).toHaveCount(0);
  await expect(round).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'ward-notes-doctor', { widths: [1280, 390] });
  await doctorContext.close();

  // The nurse's handover of the ward shows both notes, under the patient.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/nurse/wards/${wardId}/handover`);
  await expect(page.getByRole('heading', { level: 1, name: 'Handover: General Ward' })).toBeVisible();
  const onWard = page.getByRole('region', { name: /^On the ward/ });
  await expect(onWard.getByRole('row').filter({ hasText: patientName })).toContainText(/Day \d+/);
  const notes = page.getByRole('region', { name: /^Notes/ });
  await expect(notes.getByText(correctedText)).toBeVisible();
  await expect(notes.getByText(planText)).toBeVisible();
  await expect(page.getByRole('region', { name: 'What changed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'ward-handover', { widths: [1280, 390] });

  // A longer period is a choice away; on paper the page stands alone, without the app around it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Period').selectOption('24');
  await expect(page).toHaveURL(/hours=24/);
  await expect(notes.getByText(planText)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  // A4's width at 96 dpi, less its margins (styles.css @page: 15 mm each side): the printed sheet's width.
  await page.setViewportSize({ width: 680, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Shift handover: General Ward' })).toBeVisible();
  await shot(page, 'ward-handover-print');
  await page.emulateMedia({ media: 'screen' });
});
