import fs from 'node:fs';
import { BACKUP_FILE_NAME } from '@carepoint/contract';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './helpers';

/*
 * Backups on the real server's embedded database: an administrator opens Backups from the
 * sidebar, backs up now, sees the backup listed when it is done, and downloads it whole.
 */

test('an administrator backs up now, sees the backup listed and downloads it', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.admin, DEMO_PASSWORD);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Backups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Backups' });
  const before = await table.getByRole('link', { name: /^Download carepoint-/ }).count();

  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup started. It appears in the list when it is done.')).toBeVisible();
  await expect(page.getByText('A backup is running…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Backing up…' })).toBeDisabled();

  // Listed when done: one more download, the newest first, with its size, duration and who asked.
  // A backup takes what it takes on this machine: wait for the list, within the test's budget.
  const downloads = table.getByRole('link', { name: /^Download carepoint-/ });
  await expect(downloads).toHaveCount(before + 1, { timeout: 0 });
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  const newest = table.getByRole('row').nth(1);
  await expect(newest.getByText('Succeeded')).toBeVisible();
  await expect(newest.getByText(/^\d[\d,.]* (KB|MB)$/)).toBeVisible();
  await expect(newest.getByText(/^\d+\.\d s$/)).toBeVisible();
  await expect(newest.getByText(DEMO.admin)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('backups-1280.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), downloads.first().click()]);
  expect(download.suggestedFilename()).toMatch(BACKUP_FILE_NAME);
  const file = info.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  expect(text.startsWith('--\n-- PostgreSQL database dump\n--\n')).toBe(true);
  expect(text.trimEnd().endsWith('-- PostgreSQL database dump complete\n--')).toBe(true);
  expect(text).toContain('INSERT INTO public.users');
  fs.rmSync(file);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('backups-390.png'), fullPage: true });
});
