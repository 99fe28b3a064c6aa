import { BACKUP_MESSAGES, type BackupsOverview } from '@carepoint/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/helpers';

/* On a PostgreSQL server the app backs nothing up: the database's operator does (docs/operations.md). */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

it("says backups are the database operator's job, and starts none", async () => {
  const overview = await admin.get('/api/admin/backups');
  expect(overview.statusCode).toBe(200);
  expect(overview.json<BackupsOverview>()).toEqual({ mode: 'server', message: BACKUP_MESSAGES.byOperator });
  const res = await admin.post('/api/admin/backups');
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ code: 'BACKUPS_BY_OPERATOR', error: BACKUP_MESSAGES.byOperator });
  expect((await admin.get('/api/admin/backups/carepoint-2001-01-01T00-00-00Z.sql/download')).statusCode).toBe(
    404,
  );
});
