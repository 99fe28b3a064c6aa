import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompletedVisit } from '../../../../test/appointments';
import { createTestApp, signedIn, type TestApp, type TestUser } from '../../../../test/helpers';
import { backendToken, bearer, launchApp, registerPublicApp } from '../../../../test/smart';
import { auditEvents, bulkExports } from '../../../db/schema';

/*
 * Bulk export for SMART apps: a backend service exports with system/ scopes, a user's token with
 * user/ scopes inside its user's role, patient/ scopes never; an app's export is its own.
 */

type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
let doctor: { user: TestUser; headers: Headers };
let patient: TestUser;

const kickOff = (path: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/fhir/R4${path}`, headers: { ...headers, prefer: 'respond-async' } });
const get = (path: string, headers: Headers) => t.app.inject({ method: 'GET', url: path, headers });
const statusPathOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers['content-location'])).pathname;

async function runAll() {
  while ((await t.app.bulkExports.runOnce()) > 0);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
  doctor = await signedIn(t, 'doctor');
  patient = (await signedIn(t, 'patient')).user;
  await insertCompletedVisit(t, patient.id, doctor.user.id);
});
afterAll(() => t.close());

describe('Bulk Data export with SMART tokens', () => {
  it('a backend service with system/*.rs exports at system level, one at a time; only it sees the export; audited with the app', async () => {
    const service = await backendToken(t, admin, ['system/*.rs'], 'system/*.rs');
    const headers = bearer(service.accessToken);
    const started = await kickOff('/$export?_type=Patient,Appointment', headers);
    expect(started.statusCode, started.body).toBe(202);
    const statusPath = statusPathOf(started);
    expect((await kickOff('/Patient/$export', headers)).statusCode).toBe(429);

    // Another app, and a signed-in admin, are answered as if there were no such export.
    const other = await backendToken(t, admin, ['system/*.rs'], 'system/*.rs');
    expect((await get(statusPath, bearer(other.accessToken))).statusCode).toBe(404);
    expect((await get(statusPath, admin)).statusCode).toBe(404);

    await runAll();
    const done = await get(statusPath, headers);
    expect(done.statusCode, done.body).toBe(200);
    const output = done.json<{ output: Array<{ type: string; url: string; count: number }> }>().output;
    expect(output.map((o) => o.type)).toEqual(['Patient', 'Appointment']);
    const file = new URL(output[0]?.url ?? '').pathname;
    const ndjson = await get(file, headers);
    expect(ndjson.statusCode).toBe(200);
    expect(ndjson.headers['content-type']).toContain('application/fhir+ndjson');
    expect(
      ndjson.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toContain(patient.id);
    expect((await get(file, bearer(other.accessToken))).statusCode).toBe(404);
    expect((await get(file, admin)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: statusPath, headers: bearer(other.accessToken) }))
        .statusCode,
    ).toBe(404);

    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'BulkExport'),
          eq(auditEvents.entityId, statusPath.split('/').at(-1) ?? ''),
        ),
      );
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set(['fhir.export', 'fhir.export.status', 'fhir.export.complete', 'fhir.export.download']),
    );
    for (const row of rows) {
      expect(row.actorId).toBeNull();
      expect(row.details).toMatchObject({ app: service.clientId });
    }
  });

  it('a backend service exports only the types its system/ scopes allow: else 403 insufficient_scope', async () => {
    const service = await backendToken(t, admin, ['system/Patient.rs'], 'system/Patient.rs');
    const headers = bearer(service.accessToken);
    const refused = await kickOff('/Patient/$export?_type=Observation', headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer realm="CarePoint FHIR", error="insufficient_scope", scope="system/Observation.s"',
    );
    // No _type: every type of the level, which its scopes do not all allow.
    expect((await kickOff('/$export', headers)).statusCode).toBe(403);
    const allowed = await kickOff('/Patient/$export?_type=Patient', headers);
    expect(allowed.statusCode, allowed.body).toBe(202);
  });

  it("a doctor's user/ token exports their Group (not another level); a patient/ token exports nothing", async () => {
    const app = await registerPublicApp(t, admin, ['user/*.rs', 'patient/*.rs']);
    const user = await launchApp(t, { clientId: app.clientId, scope: 'user/*.rs', as: doctor.headers });
    const headers = bearer(user.access_token);
    expect((await kickOff('/$export', headers)).statusCode).toBe(403);
    const started = await kickOff(`/Group/${doctor.user.id}/$export`, headers);
    expect(started.statusCode, started.body).toBe(202);
    await runAll();
    expect((await get(statusPathOf(started), headers)).statusCode).toBe(200);
    const [job] = await t.database.db
      .select()
      .from(bulkExports)
      .where(eq(bulkExports.requesterId, doctor.user.id));
    expect(job?.requesterAppId).toBeNull();

    const launched = await launchApp(t, {
      clientId: app.clientId,
      scope: 'patient/*.rs',
      as: doctor.headers,
      patientId: patient.id,
    });
    const patientScoped = await kickOff(`/Group/${doctor.user.id}/$export`, bearer(launched.access_token));
    expect(patientScoped.statusCode).toBe(403);
    expect(patientScoped.headers['www-authenticate']).toContain('error="insufficient_scope"');
  });

  it('an export belongs to exactly one requester, a user or an app (the database holds it)', async () => {
    const row = { level: 'system', types: ['Patient'], requestUrl: 'x', expiresAt: new Date('2031-01-01') };
    await expect(t.database.db.insert(bulkExports).values(row)).rejects.toThrow();
    const service = await backendToken(t, admin, ['system/*.rs'], 'system/*.rs');
    await expect(
      t.database.db
        .insert(bulkExports)
        .values({ ...row, requesterId: doctor.user.id, requesterAppId: service.clientId }),
    ).rejects.toThrow();
  });
});
