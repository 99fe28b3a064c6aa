import type { CapabilityStatement, Group, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertCompletedVisit } from '../../../../test/appointments';
import { expectValidFhir, fhirGet, fhirProblems } from '../../../../test/fhir';
import {
  createTestApp,
  freshDatabase,
  signedIn,
  signIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../../test/helpers';
import type { DatabaseHandle } from '../../../db/client';
import { auditEvents, bulkExportFiles, bulkExports, users, vitalSigns } from '../../../db/schema';
import { FHIR_RESOURCE_TYPES } from '../resources';
import { claimExport, EXPORT_KEEP_MS, LEASE_MS, MAX_ATTEMPTS, MAX_KEPT_EXPORTS } from './jobs';

/*
 * Bulk Data export through the API, as a client runs it: kick-off, polling, the manifest, the
 * NDJSON files (each line valid R4), `_type`, `_since`, cancel, who may export what, and a job
 * that outlives the instance that started it. Batches of 2 patients, so every export has several.
 */

type Headers = Record<string, string>;
type Session = { user: TestUser; headers: Headers };

const BATCH_ENV = { BULK_EXPORT_BATCH: '2' };
let t: TestApp;
let admin: Session;
let otherAdmin: Session;
let doctor: Session;
let otherDoctor: Session;
let patients: Session[];

const ASYNC = { prefer: 'respond-async' };

async function kickOff(app: TestApp, path: string, headers: Headers) {
  const res = await app.app.inject({
    method: 'GET',
    url: `/fhir/R4${path}`,
    headers: { ...headers, ...ASYNC },
  });
  expect(res.statusCode, res.body).toBe(202);
  const location = String(res.headers['content-location']);
  expect(location).toMatch(/^http:\/\/localhost:\d+\/fhir\/R4\/\$export-status\/[0-9a-f-]{36}$/);
  return new URL(location).pathname;
}

const status = (app: TestApp, path: string, headers: Headers) =>
  app.app.inject({ method: 'GET', url: path, headers });

/** Runs the worker until no job is left. */
async function runAll(app: TestApp) {
  while ((await app.app.bulkExports.runOnce()) > 0);
}

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: Array<{ type: string; url: string; count: number }>;
  error: unknown[];
}

/** Every file of a complete export, parsed line by line and checked against R4: resources by type. */
async function download(app: TestApp, statusPath: string, headers: Headers) {
  const res = await status(app, statusPath, headers);
  expect(res.statusCode, res.body).toBe(200);
  const manifest = res.json<Manifest>();
  expect(manifest.requiresAccessToken).toBe(true);
  const byType = new Map<string, Resource[]>();
  for (const file of manifest.output) {
    const got = await app.app.inject({ method: 'GET', url: new URL(file.url).pathname, headers });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toContain('application/fhir+ndjson');
    expect(got.body.endsWith('\n')).toBe(true);
    const resources = got.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Resource);
    for (const resource of resources) {
      expect(resource.resourceType).toBe(file.type);
      expectValidFhir(resource);
    }
    expect(resources).toHaveLength(file.count);
    byType.set(file.type, resources);
  }
  return { manifest, byType };
}

const idsOf = (resources: Resource[] | undefined) => (resources ?? []).map((r) => r.id).sort();

beforeAll(async () => {
  // The R4 definitions load once (seconds): here, under the hook's longer timeout.
  fhirProblems({ resourceType: 'Patient' });
  t = await createTestApp({ env: BATCH_ENV });
  admin = await signedIn(t, 'admin');
  otherAdmin = await signedIn(t, 'admin');
  doctor = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' });
  otherDoctor = await signedIn(t, 'doctor');
  patients = [];
  for (let i = 0; i < 5; i++) patients.push(await signedIn(t, 'patient'));
  const [p0, p1, p2, p3] = patients.map((p) => p.user.id);
  // Ngozi's patients: the first three; the fourth is the other doctor's; the fifth nobody's.
  const visits = [
    [p0, doctor.user.id],
    [p1, doctor.user.id],
    [p2, doctor.user.id],
    [p3, otherDoctor.user.id],
  ] as const;
  for (const [patientId, doctorId] of visits) await insertCompletedVisit(t, patientId ?? '', doctorId);
  for (const patientId of [p0, p3]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/doctor/triage',
      headers: doctor.headers,
      payload: { patientId, heartRate: 88, systolic: 128, temperature: 37.1 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
});
afterAll(() => t.close());

describe('Bulk Data export', () => {
  it('kick-off, poll, download: every patient and their records, each line valid R4, audited', async () => {
    const statusPath = await kickOff(t, '/$export?_outputFormat=application/fhir+ndjson', admin.headers);
    const waiting = await status(t, statusPath, admin.headers);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.headers['retry-after']).toBe('5');
    expect(waiting.headers['x-progress']).toBe('Waiting to start');

    // One batch (2 of 5 patients), then the progress shows it.
    expect(await t.app.bulkExports.runOnce({ maxBatches: 2 })).toBe(2);
    const halfway = await status(t, statusPath, admin.headers);
    expect(halfway.statusCode).toBe(202);
    expect(halfway.headers['x-progress']).toBe('2 of 5 patients (40%)');
    await runAll(t);

    const { manifest, byType } = await download(t, statusPath, admin.headers);
    expect(manifest.request).toMatch(/\/fhir\/R4\/\$export\?_outputFormat=/);
    expect(manifest.output.map((o) => o.type)).toEqual([
      'Patient',
      'Practitioner',
      'Location',
      'Appointment',
      'Encounter',
      'Observation',
      'Medication',
      'Organization',
    ]);
    // The payers go whole into a system-level export: here the self-pay the migration made.
    expect(byType.get('Organization')).toEqual([expect.objectContaining({ name: 'Self-pay' })]);
    // The formulary goes whole into a system-level export: here the shipped medicines.
    expect(byType.get('Medication')?.length).toBeGreaterThan(0);
    // The wards and beds go whole into a system-level export: here the default General Ward.
    expect(byType.get('Location')).toEqual([expect.objectContaining({ name: 'General Ward' })]);
    expect(idsOf(byType.get('Patient'))).toEqual(patients.map((p) => p.user.id).sort());
    // Each exported Patient carries its record number, as a read answers it.
    const numbers = new Map(patients.map((p) => [p.user.id, p.user.recordNumber]));
    for (const exported of (byType.get('Patient') ?? []) as Patient[]) {
      expect(exported.identifier?.[0]?.value).toBe(numbers.get(exported.id ?? ''));
      expect(exported.identifier?.[0]?.value).toMatch(/^CP-\d{6}$/);
    }
    expect(idsOf(byType.get('Practitioner'))).toEqual([doctor.user.id, otherDoctor.user.id].sort());
    expect(byType.get('Appointment')).toHaveLength(4);
    expect(byType.get('Observation')).toHaveLength(6);

    const actions = (
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityType, 'BulkExport'))
    ).map((row) => row.action);
    for (const action of [
      'fhir.export',
      'fhir.export.status',
      'fhir.export.complete',
      'fhir.export.download',
    ]) {
      expect(actions).toContain(action);
    }
  });

  it("lets the instance's requests in between a batch's types", async () => {
    // On the embedded database a query answers as a microtask: without a turn of the event loop
    // between them, a batch's searches ran as one task that no request could enter. Each search
    // and each turn of the loop is noted in order; a search must never follow a search directly.
    const statusPath = await kickOff(t, '/$export', admin.headers);
    const events: string[] = [];
    const spies = FHIR_RESOURCE_TYPES.map((type) => {
      const search = type.search.bind(type);
      return vi.spyOn(type, 'search').mockImplementation((fhir, parsed) => {
        events.push(`search ${type.type}`);
        return search(fhir, parsed);
      });
    });
    let ticking = true;
    const turn = () => {
      events.push('turn');
      if (ticking) setImmediate(turn);
    };
    setImmediate(turn);
    try {
      // The first batch is the Practitioners, the second the first patients with every type of theirs.
      expect(await t.app.bulkExports.runOnce({ maxBatches: 2 })).toBe(2);
    } finally {
      ticking = false;
      for (const spy of spies) spy.mockRestore();
    }
    const searches = events.filter((event) => event.startsWith('search'));
    expect(searches).toEqual(expect.arrayContaining(['search Patient', 'search Observation']));
    // The first search may come before the loop's first turn (the worker may start at once);
    // from then on, a turn separates every search from the one before it.
    events.forEach((event, i) => {
      if (i > 0 && event.startsWith('search')) expect(events[i - 1], `before ${event}`).toBe('turn');
    });
    await runAll(t);
    await t.app.inject({ method: 'DELETE', url: statusPath, headers: admin.headers });
  });

  it('_type keeps the types asked for; _since the resources changed after it', async () => {
    const [first, ...others] = patients.map((p) => p.user.id);
    await t.database.db
      .update(users)
      .set({ updatedAt: new Date('2030-01-01T00:00:00Z') })
      .where(inArray(users.id, others));
    await t.database.db
      .update(users)
      .set({ updatedAt: new Date('2030-01-06T12:00:00Z') })
      .where(eq(users.id, first ?? ''));
    // Only the first patient's triage changed after `_since` (the other one's is as old as it was).
    await t.database.db
      .update(vitalSigns)
      .set({ updatedAt: new Date('2030-01-06T12:00:00Z') })
      .where(eq(vitalSigns.patientId, first ?? ''));
    const statusPath = await kickOff(
      t,
      '/Patient/$export?_type=Patient,Observation&_since=2030-01-05T00:00:00Z',
      admin.headers,
    );
    await runAll(t);
    const { manifest, byType } = await download(t, statusPath, admin.headers);
    expect(manifest.output.map((o) => o.type)).toEqual(['Patient', 'Observation']);
    expect(idsOf(byType.get('Patient'))).toEqual([first]);
    // Its heart rate, blood pressure panel and temperature; none of the older triage.
    const observations = (byType.get('Observation') ?? []).filter(
      (r): r is Observation => r.resourceType === 'Observation',
    );
    expect(observations).toHaveLength(3);
    expect(observations.every((o) => o.subject?.reference === `Patient/${first}`)).toBe(true);

    const wrong = await fhirGet(t, '/Patient/$export?_type=Practitioner', admin.headers);
    expect(wrong.status).toBe(400);
  });

  it('a doctor exports the Group of their own patients, and reads that Group', async () => {
    const [p0, p1, p2] = patients.map((p) => p.user.id);
    const group = await fhirGet<Group>(t, `/Group/${doctor.user.id}`, doctor.headers);
    expect(group.status).toBe(200);
    expectValidFhir(group.body);
    expect(group.body.quantity).toBe(3);
    expect(group.body.member?.map((m) => m.entity.reference).sort()).toEqual(
      [p0, p1, p2].map((id) => `Patient/${id}`).sort(),
    );

    const statusPath = await kickOff(t, `/Group/${doctor.user.id}/$export`, doctor.headers);
    await runAll(t);
    const { byType } = await download(t, statusPath, doctor.headers);
    expect(idsOf(byType.get('Patient'))).toEqual([p0, p1, p2].sort());
    expect(byType.has('Practitioner')).toBe(false);
    expect(byType.get('Appointment')).toHaveLength(3);
    // Only the triage of their patient (the other one's is the other doctor's patient's).
    expect(byType.get('Observation')?.every((o) => JSON.stringify(o).includes(`Patient/${p0}`))).toBe(true);
  });

  it('refuses what the caller may not export: 403 by level, 404 for a Group not theirs', async () => {
    const get = (path: string, headers: Headers) =>
      t.app.inject({ method: 'GET', url: `/fhir/R4${path}`, headers: { ...headers, ...ASYNC } });
    expect((await get('/$export', doctor.headers)).statusCode).toBe(403);
    expect((await get('/Patient/$export', doctor.headers)).statusCode).toBe(403);
    expect((await get(`/Group/${otherDoctor.user.id}/$export`, doctor.headers)).statusCode).toBe(404);
    expect((await get(`/Group/${patients[0]?.user.id}/$export`, admin.headers)).statusCode).toBe(404);
    for (const path of ['/$export', '/Patient/$export', `/Group/${doctor.user.id}/$export`]) {
      expect((await get(path, patients[0]?.headers ?? {})).statusCode).toBe(403);
    }
    expect((await get('/$export', {})).statusCode).toBe(401);
    // The Group itself: the doctor's own only; a patient none.
    expect((await fhirGet(t, `/Group/${otherDoctor.user.id}`, doctor.headers)).status).toBe(404);
    expect((await fhirGet(t, `/Group/${doctor.user.id}`, patients[0]?.headers)).status).toBe(404);
    // Without Prefer: respond-async; a _since or _outputFormat it cannot read.
    expect((await fhirGet(t, '/$export', admin.headers)).status).toBe(400);
    expect((await get('/$export?_since=yesterday', admin.headers)).statusCode).toBe(400);
    expect((await get('/$export?_outputFormat=text/csv', admin.headers)).statusCode).toBe(400);
  });

  it('is in the CapabilityStatement: export at system, Patient and Group level', async () => {
    const { body } = await fhirGet<CapabilityStatement>(t, '/metadata');
    expectValidFhir(body);
    const rest = body.rest?.[0];
    expect(rest?.operation?.map((o) => o.definition)).toContain(
      'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
    );
    const operations = (type: string) =>
      rest?.resource?.find((r) => r.type === type)?.operation?.map((o) => o.name) ?? [];
    expect(operations('Patient')).toContain('export');
    expect(operations('Group')).toEqual(['export']);
  });

  it("another user's export answers 404; one running export per person (429)", async () => {
    // Two kick-offs at once: the database lets one through.
    const both = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'GET', url: '/fhir/R4/$export', headers: { ...admin.headers, ...ASYNC } }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([202, 429]);
    const started = both.find((res) => res.statusCode === 202);
    const statusPath = new URL(String(started?.headers['content-location'])).pathname;
    expect((await status(t, statusPath, otherAdmin.headers)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: statusPath, headers: otherAdmin.headers })).statusCode,
    ).toBe(404);
    await runAll(t);
    const { manifest } = await download(t, statusPath, admin.headers);
    const file = new URL(manifest.output[0]?.url ?? '').pathname;
    expect((await status(t, file, otherAdmin.headers)).statusCode).toBe(404);
  });

  it('fails a job whose instances kept stopping: its status answers 500, and a new one may start', async () => {
    const statusPath = await kickOff(t, '/Patient/$export', admin.headers);
    // Claimed by instances that stopped, again and again.
    await claimExport(t.database.db, t.clock.now());
    await t.database.db.update(bulkExports).set({ attempts: MAX_ATTEMPTS });
    t.clock.advance(LEASE_MS + 1000);
    expect(await t.app.bulkExports.runOnce()).toBe(0);
    const failed = await status(t, statusPath, admin.headers);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'exception' }] });
    const again = await kickOff(t, '/Patient/$export?_type=Patient', admin.headers);
    await t.app.inject({ method: 'DELETE', url: again, headers: admin.headers });
  });

  it('cancels a running export (its files go), and expires a finished one after 24 hours', async () => {
    const statusPath = await kickOff(t, '/$export', admin.headers);
    await t.app.bulkExports.runOnce({ maxBatches: 2 });
    const id = statusPath.split('/').at(-1) ?? '';
    expect(
      (await t.database.db.select().from(bulkExportFiles).where(eq(bulkExportFiles.exportId, id))).length,
    ).toBeGreaterThan(0);
    const cancelled = await t.app.inject({ method: 'DELETE', url: statusPath, headers: admin.headers });
    expect(cancelled.statusCode).toBe(202);
    expect((await status(t, statusPath, admin.headers)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(bulkExportFiles).where(eq(bulkExportFiles.exportId, id)),
    ).toEqual([]);
    expect(await t.app.bulkExports.runOnce()).toBe(0);

    const finished = await kickOff(t, '/Patient/$export?_type=Patient', admin.headers);
    await runAll(t);
    expect((await status(t, finished, admin.headers)).statusCode).toBe(200);
    t.clock.advance(EXPORT_KEEP_MS + 1000);
    // (The session lapsed meanwhile too.)
    admin.headers = await signIn(t, admin.user);
    expect((await status(t, finished, admin.headers)).statusCode).toBe(404);
    await t.app.bulkExports.runOnce();
    expect(await t.database.db.select().from(bulkExports)).toEqual([]);
  });
});

describe('Bulk Data export limits a requester', () => {
  it(`keeps at most ${MAX_KEPT_EXPORTS} exports per requester, with a clear 429`, async () => {
    const keeper = await signedIn(t, 'admin');
    const someoneElse = await signedIn(t, 'admin');
    const kept: string[] = [];
    for (let i = 0; i < MAX_KEPT_EXPORTS; i++) {
      kept.push(await kickOff(t, '/Patient/$export?_type=Patient', keeper.headers));
      await runAll(t);
    }
    const over = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/Patient/$export?_type=Patient',
      headers: { ...keeper.headers, ...ASYNC },
    });
    expect(over.statusCode).toBe(429);
    expect(JSON.stringify(over.json())).toContain(`You already keep ${MAX_KEPT_EXPORTS} exports`);
    // Another requester is not held to this one's count; deleting one frees its place.
    const another = await kickOff(t, '/Patient/$export?_type=Patient', someoneElse.headers);
    await t.app.inject({ method: 'DELETE', url: another, headers: someoneElse.headers });
    await t.app.inject({ method: 'DELETE', url: kept[0] ?? '', headers: keeper.headers });
    const freed = await kickOff(t, '/Patient/$export?_type=Patient', keeper.headers);
    for (const path of [...kept.slice(1), freed]) {
      await t.app.inject({ method: 'DELETE', url: path, headers: keeper.headers });
    }
  });

  it('refuses a cookie-carrying DELETE of an export from another site', async () => {
    const statusPath = await kickOff(t, '/Patient/$export?_type=Patient', admin.headers);
    const forged = await t.app.inject({
      method: 'DELETE',
      url: statusPath,
      headers: { ...admin.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('Cross-site request refused');
    expect((await status(t, statusPath, admin.headers)).statusCode).toBe(202);
    const own = await t.app.inject({
      method: 'DELETE',
      url: statusPath,
      headers: { ...admin.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(202);
  });
});

describe('Bulk Data export across a restart', () => {
  let database: DatabaseHandle;
  afterAll(() => database?.close());

  it('a job whose instance stopped mid-way is finished by the next one, each patient once', async () => {
    database = await freshDatabase();
    const clock = testClock();
    const first = await createTestApp({ database, clock, env: BATCH_ENV });
    const exporter = await signedIn(first, 'admin');
    const everyone: string[] = [];
    for (let i = 0; i < 5; i++) everyone.push((await signedIn(first, 'patient')).user.id);
    const statusPath = await kickOff(first, '/Patient/$export', exporter.headers);
    // The first instance writes a batch, claims the job again and stops holding it (as if killed).
    expect(await first.app.bulkExports.runOnce({ maxBatches: 1 })).toBe(1);
    expect(await claimExport(database.db, clock.now())).toBeDefined();
    await first.close();

    const second = await createTestApp({ database, clock, env: BATCH_ENV });
    try {
      // Its claim holds until the lease lapses; then the new instance takes the job over.
      expect(await second.app.bulkExports.runOnce()).toBe(0);
      clock.advance(LEASE_MS + 1000);
      await runAll(second);
      const headers = await signIn(second, exporter.user);
      const { byType } = await download(second, statusPath, headers);
      expect(idsOf(byType.get('Patient'))).toEqual([...everyone].sort());
    } finally {
      await second.close();
    }
  });
});
