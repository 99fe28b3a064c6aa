import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_FILE_NAME, BACKUP_MESSAGES, type Backup, type BackupsOverview } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, client } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { DUMP_COMPLETE_LINE } from './dump';
import { backupFileName, listBackups, pruneBackupFiles } from './folder';
import { createBackupManager } from './manager';

/*
 * The Backups API: an administrator backs up on demand, lists and downloads, each in the audit
 * trail; nobody else may. The embedded database only (on a PostgreSQL server backups are the
 * operator's job: backups-by-operator.postgres.test.ts).
 */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const overview = async () => {
  const res = await admin.get('/api/admin/backups');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupsOverview>();
};

describe('backups of the embedded database', () => {
  let backup: Backup;
  let backupDir: string;

  it('backs up on demand: running at once, then listed with its time, size and duration', async () => {
    const started = await admin.post('/api/admin/backups');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<Backup>()).toMatchObject({ result: 'running', trigger: 'manual', fileName: null });

    const during = await overview();
    expect(during).toMatchObject({ mode: 'embedded', running: true, keep: 7, everyHours: 0 });
    expect(during.mode === 'embedded' && during.backups[0]?.result).toBe('running');
    // One at a time.
    const second = await admin.post('/api/admin/backups');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'BACKUP_RUNNING', error: BACKUP_MESSAGES.running });

    await t.app.backups.whenIdle();
    const after = await overview();
    if (after.mode !== 'embedded') throw new Error('not embedded');
    expect(after.running).toBe(false);
    expect(after.backups).toHaveLength(1);
    backup = after.backups[0] as Backup;
    expect(backup).toMatchObject({
      result: 'succeeded',
      trigger: 'manual',
      requestedBy: admin.user.email,
      error: null,
    });
    expect(backup.fileName).toMatch(BACKUP_FILE_NAME);
    expect(backup.fileName).toBe(backupFileName(new Date(backup.startedAt)));
    expect(backup.bytes).toBeGreaterThan(10_000);
    expect(backup.durationMs).toBeGreaterThan(0);
    backupDir = after.directory;
    expect(backupDir).toBe(path.join(t.database.embedded?.dataDir ?? '', 'backups'));
  });

  it('reports the newest backup to the metrics: when it started, and that it succeeded', async () => {
    const text = await t.app.metrics.metrics();
    expect(text).toContain('carepoint_backup_last_result 1');
    const started = Number(/carepoint_backup_last_success_timestamp_seconds (\d+)/.exec(text)?.[1]);
    expect(started).toBe(Date.parse(backup.startedAt) / 1000);
  });

  it('keeps the file for the server user only, whole, with nothing left beside it', async () => {
    const file = path.join(backupDir, backup.fileName ?? '');
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(file).size).toBe(backup.bytes);
    expect(fs.readFileSync(file, 'utf8').trimEnd().endsWith(`${DUMP_COMPLETE_LINE}\n--`)).toBe(true);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['backups.json', backup.fileName]);
    expect(fs.existsSync(path.join(t.database.embedded?.dataDir ?? '', '.backup-copy'))).toBe(false);
  });

  it('downloads the file as it is on disk, and records the backup and the download in the audit trail', async () => {
    const res = await admin.get(`/api/admin/backups/${backup.fileName}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/sql; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="${backup.fileName}"`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(fs.readFileSync(path.join(backupDir, backup.fileName ?? '')))).toBe(true);

    const trail = await admin.get('/api/admin/audit?limit=100');
    const rows = trail.json<{
      data: Array<{ action: string; actorEmail: string; entityId: string; details: object }>;
    }>().data;
    const created = rows.filter((r) => r.action === 'backup.create');
    const downloaded = rows.filter((r) => r.action === 'backup.download');
    expect(created).toEqual([
      expect.objectContaining({
        actorEmail: admin.user.email,
        entityId: backup.fileName,
        details: expect.objectContaining({ result: 'succeeded', trigger: 'manual', bytes: backup.bytes }),
      }),
    ]);
    expect(downloaded).toEqual([
      expect.objectContaining({ actorEmail: admin.user.email, entityId: backup.fileName }),
    ]);
  });

  it('answers 404 for a backup that is not there, and 400 for a name that is not a backup', async () => {
    const missing = await admin.get('/api/admin/backups/carepoint-2001-01-01T00-00-00Z.sql/download');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(BACKUP_MESSAGES.notFound);
    expect((await admin.get('/api/admin/backups/..%2Fpg%2FPG_VERSION/download')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/backups/backups.json/download')).statusCode).toBe(400);
  });

  it('removes what a crash in the middle of a backup left, which never looks like a backup', async () => {
    const dataDir = t.database.embedded?.dataDir ?? '';
    const partial = path.join(backupDir, '.carepoint-2030-01-01T00-00-00Z.sql.partial');
    fs.writeFileSync(partial, '--\n-- PostgreSQL database dump\n--\n');
    fs.mkdirSync(path.join(dataDir, '.backup-copy/pg'), { recursive: true });
    expect((await listBackups(backupDir)).map((b) => b.fileName)).toEqual([backup.fileName]);
    // What the server does at its next start.
    const restarted = createBackupManager({ config: t.app.config, database: t.database, log: t.app.log });
    await restarted.close();
    expect(fs.existsSync(partial)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, '.backup-copy'))).toBe(false);
  });

  it('schedules the next backup a period after the last one, never sooner than 10 minutes after a start', async () => {
    const config = { ...t.app.config, BACKUP_EVERY_HOURS: 24 };
    const scheduled = createBackupManager({ config, database: t.database, log: t.app.log });
    const empty = createBackupManager({
      config: { ...config, BACKUP_DIR: fs.mkdtempSync(path.join(backupDir, '..', 'empty-')) },
      database: t.database,
      log: t.app.log,
    });
    try {
      expect(await scheduled.overview()).toMatchObject({ everyHours: 0, nextAt: null });
      scheduled.schedule();
      empty.schedule();
      const next = await scheduled.overview();
      expect(next).toMatchObject({ everyHours: 24 });
      expect(next.mode === 'embedded' && next.nextAt).toBe(
        new Date(Date.parse(backup.startedAt) + 24 * 3600_000).toISOString(),
      );
      const first = await empty.overview();
      const inTenMinutes = Date.parse((first.mode === 'embedded' && first.nextAt) || '') - Date.now();
      expect(inTenMinutes).toBeGreaterThan(9 * 60_000);
      expect(inTenMinutes).toBeLessThanOrEqual(10 * 60_000);
    } finally {
      await scheduled.close();
      await empty.close();
    }
  });

  it('keeps the newest BACKUP_KEEP files, and lists a file it has no record of', async () => {
    const dir = fs.mkdtempSync(path.join(t.database.embedded?.dataDir ?? '', 'prune-'));
    const names = ['2030-01-01T00-00-00Z', '2030-01-02T00-00-00Z', '2030-01-03T00-00-00Z'].map(
      (at) => `carepoint-${at}.sql`,
    );
    for (const name of names) fs.writeFileSync(path.join(dir, name), 'x');
    expect(await pruneBackupFiles(dir, 2)).toEqual([names[0]]);
    expect((await listBackups(dir)).map((b) => [b.fileName, b.startedAt, b.trigger])).toEqual([
      [names[2], '2030-01-03T00:00:00.000Z', null],
      [names[1], '2030-01-02T00:00:00.000Z', null],
    ]);
  });
});

describe('who may', () => {
  it.each(['doctor', 'patient'] as const)('a %s may not list, start or download backups', async (role) => {
    const { headers } = await signedIn(t, role);
    const as = client(t, headers);
    for (const res of [
      await as.get('/api/admin/backups'),
      await as.post('/api/admin/backups'),
      await as.get('/api/admin/backups/carepoint-2001-01-01T00-00-00Z.sql/download'),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await client(t).get('/api/admin/backups')).statusCode).toBe(401);
  });
});
