import { LAB_ORDER_MESSAGES, type LabTestOption } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * Order to specimen in two browsers at once: the doctor orders a test from a patient's chart, the
 * lab scientist's open worklist shows it without a reload, the scientist collects it (the
 * accession number and its label PDF) and receives it. Screenshots at 1280 and 390 px of the
 * order dialog and the worklist go to the test's output.
 */

const GRACE = 'Grace Okonkwo';

test('a doctor orders from the chart; the worklist shows it live; the lab collects, prints and receives', async ({
  browser,
}) => {
  const labContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const lab = await labContext.newPage();
  await signIn(lab, DEMO.lab, DEMO_PASSWORD);
  await lab.goto('/lab/worklist');
  await expect(lab.getByRole('heading', { name: 'Worklist', level: 1 })).toBeVisible();
  await expect(lab.getByText('Orders by priority and age, live.')).toBeVisible();
  const row = lab.getByRole('row').filter({ hasText: GRACE });
  await expect(row).toHaveCount(0);

  const doctorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const doctor = await doctorContext.newPage();
  await signIn(doctor, DEMO.doctor, DEMO_PASSWORD);
  await doctor.goto('/doctor/patients');
  await doctor.getByRole('searchbox', { name: 'Search patients' }).fill(GRACE);
  await doctor.getByRole('button', { name: `View Details of ${GRACE}` }).click();
  const drawer = doctor.getByRole('dialog', { name: GRACE });
  const orders = drawer.getByRole('region', { name: 'Lab orders' });
  await expect(orders.getByText('No lab orders yet.')).toBeVisible();
  await orders.getByRole('button', { name: 'Order lab tests' }).click();

  const dialog = doctor.getByRole('dialog', { name: 'Order lab tests' });
  // Nothing chosen: the contract's message under the search.
  await dialog.getByRole('button', { name: 'Order tests' }).click();
  await expect(dialog.getByText(LAB_ORDER_MESSAGES.tests)).toBeVisible();
  await dialog.getByLabel('Find tests').fill('potass');
  await dialog.getByRole('checkbox', { name: /Potassium/ }).check();
  await expect(dialog.getByRole('list', { name: 'Chosen tests' })).toContainText('Potassium');
  await dialog.getByLabel('Priority').selectOption('STAT');
  await dialog.getByLabel('Clinical note').fill('Weakness, on furosemide');
  await expectNoSeriousA11yViolations(doctor);
  await shot(doctor, 'order-dialog', { widths: [1280, 390], fullPage: false });
  await dialog.getByRole('button', { name: 'Order tests' }).click();
  await expect(doctor.getByText(LAB_ORDER_MESSAGES.ordered)).toBeVisible();
  await expect(orders.getByRole('list', { name: 'Lab orders' })).toContainText('Potassium');
  await expect(orders.getByText('Ordered', { exact: true })).toBeVisible();

  // The lab's open worklist hears of it on its stream.
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('STAT');
  // The shipped catalogue's potassium: its container, and its turnaround target (hours and minutes).
  const catalogue = (await (await lab.request.get('/api/lab-tests?q=Potassium')).json()) as {
    data: LabTestOption[];
  };
  const potassium = catalogue.data.find((t) => t.code === 'K');
  if (!potassium) throw new Error('the catalogue has no potassium');
  await expect(row).toContainText(potassium.container);
  const target = potassium.turnaroundMinutes;
  await expect(row).toContainText(`of ${Math.floor(target / 60)} h ${String(target % 60).padStart(2, '0')}`);
  await expectNoSeriousA11yViolations(lab);
  await shot(lab, 'worklist', { widths: [1280, 390] });

  await row.getByRole('button', { name: `Collect the specimen of ${GRACE}` }).click();
  const collected = lab.getByRole('dialog', { name: 'Specimen collected' });
  const accession = (await collected.getByTestId('accession').textContent()) ?? '';
  expect(accession).toMatch(/^LAB-\d{4}-\d{6}$/);
  const print = collected.getByRole('link', { name: 'Print label' });
  const href = (await print.getAttribute('href')) ?? '';
  const label = await lab.request.get(href.replace('disposition=inline', 'disposition=attachment'));
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toBe('application/pdf');
  expect(label.headers()['content-disposition']).toContain(`label-${accession}.pdf`);
  expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await shot(lab, 'collected', { fullPage: false });
  await collected.getByRole('button', { name: 'Close' }).first().click();
  await expect(row).toContainText(accession);
  await expect(row).toContainText('Collected');

  await row.getByRole('button', { name: `Receive the specimen of ${GRACE}` }).click();
  await expect(lab.getByText(LAB_ORDER_MESSAGES.received)).toBeVisible();
  await expect(row).toContainText('Received');
  // The doctor's chart follows on their own stream.
  await expect(orders.getByText('Received', { exact: true })).toBeVisible();

  await labContext.close();
  await doctorContext.close();
});
