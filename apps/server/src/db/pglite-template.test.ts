import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { hasMigratedTemplate } from './pglite-template';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the migrated template', () => {
  it('starts a new embedded database with every migration of this build already applied', async () => {
    expect(hasMigratedTemplate()).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-template-'));
    dirs.push(dir);
    const journal = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const database = await openPglite(dir);
    try {
      const applied = (await database.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )) as unknown as { rows: Array<{ n: number }> };
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      // The read cache's trigger (the latest migration) is there.
      const triggers = (await database.db.execute(
        "select tgname as name from pg_trigger where tgname = 'users_notify_tables'",
      )) as unknown as { rows: Array<{ name: string }> };
      expect(triggers.rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
