import { EMPTY_TABLE } from '@carepoint/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, shot, signIn } from './helpers';

/*
 * Finding people fast: the patient search matches each typed word as the start of any part of
 * the name, in any order, with or without accents (one server helper, so the admin Patients list
 * and the doctor's Patient List behave alike). The demo data has Chioma Adeyemi and Tobi Adébáyọ̀.
 */

const rows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

test('an admin finds Chioma Adeyemi by "chi ade" and Tobi Adebayo, written with accents, by "adebayo"', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin/patients');
  const search = page.getByRole('searchbox', { name: 'Search patients' });

  await search.fill('chi ade');
  await expect(page).toHaveURL(/q=chi(\+|%20)ade/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Chioma Adeyemi');
  await shot(page, 'patient-search-words', { widths: [1280, 390] });

  await search.fill('ade chi');
  await expect(page).toHaveURL(/q=ade(\+|%20)chi/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Chioma Adeyemi');

  // Accents ignored both ways: typed without them, and typed with them.
  await search.fill('adebayo');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Tobi Adébáyọ̀');
  await search.fill('tobi adébáyọ̀');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Tobi Adébáyọ̀');
  await shot(page, 'patient-search-accents', { widths: [1280, 390] });

  // Words of two different people find no one.
  await search.fill('chi oko');
  await expect(rows(page)).toHaveText([EMPTY_TABLE]);
});

test('a doctor finds Chioma Adeyemi among all patients by "ade chi"', async ({ page }) => {
  await signIn(page, DEMO.doctor, DEMO_PASSWORD);
  await page.goto('/doctor/patients?scope=all');
  await expect(page.getByRole('heading', { name: 'Patient List', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('ade chi');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Chioma Adeyemi');
  await shot(page, 'patient-search-doctor', { widths: [1280, 390] });
});
