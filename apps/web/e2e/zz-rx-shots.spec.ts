import { test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

for (const width of [1280, 390]) {
  test(`shots ${width}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, DEMO.doctor, DEMO_PASSWORD);
    const shot = async (name: string) => {
      await page.waitForTimeout(600);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(name, width, 'overflow', scroll);
      await page.screenshot({ path: `/tmp/rx-shots/${name}-${width}.png`, fullPage: true });
    };
    await page.goto('/doctor/dashboard'); await shot('dashboard');
    await page.goto('/doctor/prescription'); await shot('list');
    await page.goto('/doctor/prescription?scope=all'); await shot('list-all');
    await page.goto('/doctor/prescription/create-prescription');
    await page.getByRole('combobox', { name: 'Patient' }).fill('Grace Okon');
    await page.getByRole('option', { name: /Grace Okonkwo/ }).click();
    const line = page.getByRole('listitem', { name: 'Medicine 1' });
    await line.getByLabel('Name').fill('Amoxicillin 500 mg');
    await shot('new');
    await page.getByRole('button', { name: 'Save prescription' }).click();
    await shot('new-errors');
    await page.goto('/doctor/prescription');
    await page.getByRole('link', { name: /View prescription/ }).first().click();
    await page.getByRole('article').waitFor();
    await shot('detail');
    await page.emulateMedia({ media: 'print' }); await shot('detail-print'); await page.emulateMedia({ media: 'screen' });
    if (width === 1280) await page.pdf({ path: '/tmp/rx-shots/print.pdf', format: 'A4' }).catch(() => {});
    await page.goto(page.url() + '/edit'); await shot('edit');
    await page.goto('/doctor/prescription/00000000-0000-4000-8000-000000000000'); await shot('notfound');
    const patient = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(patient, DEMO.patient, DEMO_PASSWORD);
    await patient.goto('/patient/prescriptions'); await patient.waitForTimeout(800);
    console.log('patient overflow', await patient.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
    await patient.screenshot({ path: `/tmp/rx-shots/patient-${width}.png`, fullPage: true });
    await patient.goto('/patient/dashboard'); await patient.waitForTimeout(800);
    await patient.screenshot({ path: `/tmp/rx-shots/patient-dash-${width}.png`, fullPage: true });
  });
}
