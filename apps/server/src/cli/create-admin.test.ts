import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../lib/passwords';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-admin-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the command as an operator would, on the embedded database in dataDir. */
const createAdmin = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'create-admin.ts'), ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '', ...env },
      encoding: 'utf8',
    },
  );

it('creates the first admin with a one-time password, once', async () => {
  const first = createAdmin(['--email', 'Chief@Hospital.org', '--first-name', 'Ada', '--last-name', 'Obi']);
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toContain('Created admin chief@hospital.org.');
  const oneTime = /One-time password \(shown once, change it at first sign-in\): (\S+)/.exec(
    first.stdout,
  )?.[1];
  expect(oneTime).toMatch(/^\S{14}$/);

  const again = createAdmin(['--email', 'chief@hospital.org', '--first-name', 'Ada', '--last-name', 'Obi']);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('An account with the email chief@hospital.org already exists.');

  const chosen = createAdmin(
    ['--email', 'second@hospital.org', '--first-name', 'Ben', '--last-name', 'Eze'],
    {
      ADMIN_PASSWORD: 'chosen-password-1',
    },
  );
  expect(chosen.status, chosen.stderr).toBe(0);
  expect(chosen.stdout).not.toContain('One-time password');

  const bad = createAdmin(['--email', 'not-an-email']);
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('Usage: npm run create-admin');

  const database = await openPglite(dataDir);
  try {
    const [chief] = await database.db.select().from(users).where(eq(users.email, 'chief@hospital.org'));
    expect(chief).toMatchObject({ role: 'admin', firstName: 'Ada', mustChangePassword: true });
    expect(await verifyPassword(chief?.passwordHash ?? '', oneTime ?? '')).toBe(true);
    const [second] = await database.db.select().from(users).where(eq(users.email, 'second@hospital.org'));
    expect(second?.mustChangePassword).toBe(false);
    expect(await verifyPassword(second?.passwordHash ?? '', 'chosen-password-1')).toBe(true);
  } finally {
    await database.close();
  }
}, 60_000);
