import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

interface FhirBundle {
  resourceType: string;
  type: string;
  entry?: Array<{ resource: { resourceType: string; id: string; telecom?: Array<{ value: string }> } }>;
}

test('a patient downloads their health record from My Profile as a FHIR Bundle', async ({ page }) => {
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  await page.goto('/patient/profile');
  await expect(page.getByRole('heading', { name: 'Your health record' })).toBeVisible();
  await expect(page.getByText('FHIR R4 JSON')).toBeVisible();

  const link = page.getByRole('link', { name: 'Download my health record (FHIR)' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^carepoint-record-[0-9a-f-]{36}\.json$/);
  const file = await download.path();
  const bundle = JSON.parse(fs.readFileSync(file, 'utf8')) as FhirBundle;
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('searchset');
  const patients = (bundle.entry ?? []).map((e) => e.resource).filter((r) => r.resourceType === 'Patient');
  expect(patients).toHaveLength(1);
  expect(patients[0]?.telecom?.map((t) => t.value)).toContain(DEMO.patient);
  // The file's name carries the same id as the Patient in it.
  expect(download.suggestedFilename()).toBe(`carepoint-record-${patients[0]?.id}.json`);
});

test('screenshots of My Profile with the download at 1280 and 390 px', async ({ page }, testInfo) => {
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/patient/profile');
    await expect(page.getByRole('link', { name: 'Download my health record (FHIR)' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`my-profile-${width}.png`), fullPage: true });
  }
});
