import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { auditEvents } from '../db/schema';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-audit-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run audit:verify` as an operator runs it, on the embedded database in dataDir. */
const verify = () =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'audit.ts'), 'verify'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

it('reports the chain intact, then names a changed row with exit code 1', async () => {
  const database = await openPglite(dataDir);
  const rows = await database.db
    .insert(auditEvents)
    .values([{ action: 'test.one' }, { action: 'test.two' }, { action: 'test.three' }])
    .returning();
  await database.close();

  const intact = verify();
  expect(intact.stderr).toBe('');
  expect(intact.status).toBe(0);
  expect(intact.stdout).toBe('Audit chain intact (3 rows).\n');

  const changed = rows[1];
  if (!changed) throw new Error('no row');
  const again = await openPglite(dataDir);
  await again.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger user`);
    await tx.update(auditEvents).set({ action: 'test.hidden' }).where(eq(auditEvents.id, changed.id));
    await tx.execute(sql`alter table audit_events enable trigger user`);
  });
  await again.close();

  const broken = verify();
  expect(broken.status).toBe(1);
  expect(broken.stdout).toBe(
    `Audit chain broken at row id ${changed.id} (seq ${changed.seq}, at ${changed.at.toISOString()}): ` +
      'its fields do not match its hash (changed); rows verified before it: 1.\n',
  );
}, 120_000);
