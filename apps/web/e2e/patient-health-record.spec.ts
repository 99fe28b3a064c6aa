import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSidewaysScroll, shot, signIn } from './helpers';

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

test('My Profile shows the details and the download at 1280 and 390 px, without scrolling sideways', async ({
  page,
}) => {
  await signIn(page, DEMO.patient, DEMO_PASSWORD);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto('/patient/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    // The demo patient's details, each under its label.
    const details = page.getByRole('main').locator('dl > div');
    for (const [label, value] of [
      ['First name', 'Grace'],
      ['Last name', 'Okonkwo'],
      ['Email', DEMO.patient],
    ]) {
      await expect(details.filter({ hasText: label }).getByRole('definition')).toHaveText(value);
    }
    // The download: a plain link to the patient's own FHIR record, saved as a file.
    await expect(page.getByRole('heading', { name: 'Your health record' })).toBeVisible();
    await expect(page.getByText('FHIR R4 JSON')).toBeVisible();
    const link = page.getByRole('link', { name: 'Download my health record (FHIR)' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute(
      'href',
      /^\/fhir\/R4\/Patient\/[0-9a-f-]{36}\/\$everything\?download=1$/,
    );
    await expect(link).toHaveAttribute('download', '');
    await expectNoSidewaysScroll(page, `My Profile at ${width}px`);
    await shot(page, `my-profile-${width}`);
  }
});
