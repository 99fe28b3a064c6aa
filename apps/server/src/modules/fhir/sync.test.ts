import type { Bundle, CapabilityStatement, Patient, Resource } from '@medplum/fhirtypes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompletedVisit } from '../../../test/appointments';
import { entries, expectValidFhir, fhirGet, follow, recordPrescriptionAndTest } from '../../../test/fhir';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { appointments, diagnosisTests, users, vitalSigns } from '../../db/schema';

/*
 * Incremental sync (docs/fhir.md, decision 0021): meta.versionId and meta.lastUpdated on every
 * type, ETag / Last-Modified and conditional reads, `_lastUpdated` on every type, and
 * $everything's `_since` and `_type`.
 */

type Headers = Record<string, string>;
type Session = { user: TestUser; headers: Headers };

let t: TestApp;
let doctor: Session;
let ada: Session;

const send = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
  const res = await t.app.inject({ method, url, headers: doctor.headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
};

const everything = async (query = '') => {
  const res = await fhirGet<Bundle>(t, `/Patient/${ada.user.id}/$everything${query}`, doctor.headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return entries<Resource>(res.body);
};

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' });
  ada = await signedIn(t, 'patient', { firstName: 'Ada', lastName: 'Okafor' });
  await insertCompletedVisit(t, ada.user.id, doctor.user.id);
  await send('/api/doctor/triage', {
    patientId: ada.user.id,
    heartRate: 88,
    systolic: 128,
    temperature: 37.1,
  });
  await send(`/api/doctor/patients/${ada.user.id}/medical-details`, { allergies: ['Penicillin'] }, 'PUT');
  await recordPrescriptionAndTest(t, doctor.headers, ada.user.id);
});
afterAll(() => t.close());

describe('versions', () => {
  it('gives every resource of every type a versionId and lastUpdated; $everything brings the doctors it names', async () => {
    const resources = await everything();
    expect(new Set(resources.map((r) => r.resourceType))).toEqual(
      new Set([
        'Patient',
        'Practitioner',
        'Appointment',
        'Encounter',
        'Observation',
        'AllergyIntolerance',
        'MedicationRequest',
        'DiagnosticReport',
      ]),
    );
    for (const resource of resources) {
      expectValidFhir(resource);
      expect(resource.meta?.versionId, `${resource.resourceType}/${resource.id}`).toMatch(/^\d+$/);
      expect(Date.parse(resource.meta?.lastUpdated ?? '')).toBe(Number(resource.meta?.versionId));
    }
    expect(resources.filter((r) => r.resourceType === 'Practitioner').map((r) => r.id)).toEqual([
      doctor.user.id,
    ]);
  });

  it('answers reads with ETag and Last-Modified, 304 to a matching If-None-Match, and a new version after a change', async () => {
    const url = `/fhir/R4/Patient/${ada.user.id}`;
    const first = await t.app.inject({ method: 'GET', url, headers: doctor.headers });
    const patient = first.json<Patient>();
    expect(first.headers.etag).toBe(`W/"${patient.meta?.versionId}"`);
    expect(first.headers['last-modified']).toBe(new Date(patient.meta?.lastUpdated ?? '').toUTCString());
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...doctor.headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A strong form of the same tag, in a list, also matches; another does not.
    const listed = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...doctor.headers, 'if-none-match': `"1", ${etag.replace('W/', '')}` },
    });
    expect(listed.statusCode).toBe(304);
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...doctor.headers, 'if-none-match': '"1"' },
    });
    expect(other.statusCode).toBe(200);
    const since = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...doctor.headers, 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);

    // Two changes in a row, neither saying when: each is a new version (the database keeps updated_at).
    await t.database.db.update(users).set({ phone: '+234 803 000 0001' }).where(eq(users.id, ada.user.id));
    await t.database.db.execute(sql`update users set phone = '+234 803 000 0002' where id = ${ada.user.id}`);
    const changed = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...doctor.headers, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    const version = Number(changed.json<Patient>().meta?.versionId);
    expect(version).toBeGreaterThan(Number(patient.meta?.versionId));
    expect(changed.headers.etag).toBe(`W/"${version}"`);
  });
});

describe('_lastUpdated and _since', () => {
  it('finds on every type what changed in the window, and nothing after it', async () => {
    const resources = await everything();
    for (const resource of resources) {
      const stamp = resource.meta?.lastUpdated ?? '';
      const path = `/${resource.resourceType}?_id=${resource.id}`;
      const ids = async (query: string) =>
        entries((await fhirGet<Bundle>(t, `${path}&${query}`, doctor.headers)).body).map((r) => r.id);
      expect(await ids(`_lastUpdated=ge${stamp}`), `${path} ge`).toEqual([resource.id]);
      expect(await ids(`_lastUpdated=le${stamp}`), `${path} le`).toEqual([resource.id]);
      expect(await ids(`_lastUpdated=gt${stamp}`), `${path} gt`).toEqual([]);
      expect(await ids(`_lastUpdated=lt${stamp}`), `${path} lt`).toEqual([]);
    }
    const bad = await fhirGet(t, '/Patient?_lastUpdated=yesterday', doctor.headers);
    expect(bad.status).toBe(400);
  });

  it('$everything: _since leaves out what has not changed since; _type keeps the types named', async () => {
    const before = await everything();
    const latest = Math.max(...before.map((r) => Date.parse(r.meta?.lastUpdated ?? '')));
    expect(await everything(`?_since=${new Date(latest + 1).toISOString()}`)).toEqual([]);
    const newest = await everything(`?_since=${new Date(latest).toISOString()}`);
    expect(newest.length).toBeGreaterThan(0);
    expect(newest.every((r) => Date.parse(r.meta?.lastUpdated ?? '') >= latest)).toBe(true);

    const typed = await everything('?_type=MedicationRequest,Practitioner');
    expect(new Set(typed.map((r) => r.resourceType))).toEqual(new Set(['MedicationRequest', 'Practitioner']));
    const unknown = await fhirGet(t, `/Patient/${ada.user.id}/$everything?_type=Basic`, doctor.headers);
    expect(unknown.status).toBe(400);
  });
});

describe('paging while data changes', () => {
  /**
   * Pages through a search two at a time, running `change` after each page, and answers the ids
   * of every page in order (the `next` links as given).
   */
  async function pageThrough(path: string, change: (page: number) => Promise<void>) {
    let res = await fhirGet<Bundle>(t, path, doctor.headers);
    const seen: string[] = [];
    for (let page = 0; page < 20; page += 1) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expectValidFhir(res.body);
      seen.push(...entries(res.body).map((r) => r.id ?? ''));
      await change(page);
      const next = await follow(t, res.body, 'next', doctor.headers);
      if (!next) return seen;
      res = next;
    }
    throw new Error('paging did not end');
  }

  const appointmentAt = (startsAt: string) => ({
    patientId: ada.user.id,
    doctorId: doctor.user.id,
    title: `Visit at ${startsAt}`,
    priority: 'Medium' as const,
    date: startsAt.slice(0, 10),
    time: startsAt.slice(11, 16),
    startsAt: new Date(startsAt),
    durationMinutes: 30,
    status: 'Confirmed' as const,
  });

  it('Appointment: rows added before the page neither repeat nor push a row past the next page', async () => {
    const made = await t.database.db
      .insert(appointments)
      .values(
        ['2031-03-01', '2031-03-02', '2031-03-03', '2031-03-04', '2031-03-05'].map((d) =>
          appointmentAt(`${d}T09:00:00Z`),
        ),
      )
      .returning({ id: appointments.id });
    const before = entries(
      (await fhirGet<Bundle>(t, '/Appointment?date=ge2031&_count=100', doctor.headers)).body,
    );
    expect(before).toHaveLength(5);
    let earlier = 0;
    const seen = await pageThrough('/Appointment?date=ge2031&_count=2', async () => {
      // Each one sorts before every row already seen (an offset would show the last row seen again).
      earlier += 1;
      await t.database.db
        .insert(appointments)
        .values(appointmentAt(`2031-02-${String(28 - earlier).padStart(2, '0')}T09:00:00Z`));
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(made.map((row) => row.id));
  });

  it('Observation (newest first): new measurements between pages repeat nothing and skip nothing', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Vera', lastName: 'Vitals' });
    const at = (day: number) => new Date(Date.UTC(2029, 0, day, 8));
    const rows = await t.database.db
      .insert(vitalSigns)
      .values(
        [1, 2, 3, 4, 5].map((day) => ({
          patientId: patient.id,
          recordedAt: at(day),
          source: 'chart' as const,
          heartRate: 60 + day,
        })),
      )
      .returning({ id: vitalSigns.id });
    let added = 0;
    const seen = await pageThrough(`/Observation?patient=${patient.id}&code=8867-4&_count=2`, async () => {
      added += 1;
      // Newer than all: with offsets every later page would start one row too early.
      await t.database.db
        .insert(vitalSigns)
        .values({ patientId: patient.id, recordedAt: at(10 + added), source: 'chart', heartRate: 90 });
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(rows.map((row) => `${row.id}-hr`).reverse());
  });

  it('Patient (a name search over two tiers): new patients between pages repeat nothing and skip nothing', async () => {
    const made: string[] = [];
    for (const [first, last] of [
      ['Zed', 'Pagingson'],
      ['Yan', 'Pagingson'],
      ['Pagingo', 'Adams'],
      ['Pagingo', 'Bello'],
      ['Pagingo', 'Cole'],
    ]) {
      made.push((await createUser(t, 'patient', { firstName: first, lastName: last })).id);
    }
    let added = 0;
    const seen = await pageThrough('/Patient?name=paging&_count=2', async () => {
      added += 1;
      // Sorts first in the surname tier: with offsets it would push the next page back by one.
      made.push((await createUser(t, 'patient', { firstName: 'Aaron', lastName: `Paging${added}` })).id);
    });
    expect(new Set(seen).size).toBe(seen.length);
    // The first five are seen in their order: surname tier (family name, given) then given-name tier.
    expect(seen.slice(0, 5)).toEqual([made[1], made[0], made[2], made[3], made[4]]);
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of [
      'not*base64',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["x"]').toString('base64url'),
    ]) {
      const res = await fhirGet(t, `/Appointment?_cursor=${cursor}`, doctor.headers);
      expect(res.status, cursor).toBe(400);
    }
  });
});

describe('_include and _revinclude', () => {
  const search = async (query: string, headers = doctor.headers) => {
    const res = await fhirGet<Bundle>(t, query, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectValidFhir(res.body);
    const byMode = (mode: string) =>
      (res.body.entry ?? [])
        .filter((e) => e.search?.mode === mode)
        .map((e) => `${e.resource?.resourceType}/${e.resource?.id}`);
    return { bundle: res.body, matches: byMode('match'), included: byMode('include') };
  };

  it('brings in what the matches reference, each once, marked include and not counted', async () => {
    const report = await search(`/DiagnosticReport?patient=${ada.user.id}&_include=DiagnosticReport:result`);
    expect(report.matches).toHaveLength(1);
    const [match] = entries<Resource>(report.bundle);
    const results =
      match?.resourceType === 'DiagnosticReport' ? (match.result ?? []).map((r) => r.reference) : [];
    expect(results.length).toBeGreaterThan(0);
    expect(report.included.sort()).toEqual([...results].sort());
    expect(report.bundle.total).toBe(1);
    expect(report.bundle.link?.find((l) => l.relation === 'self')?.url).toContain(
      '_include=DiagnosticReport%3Aresult',
    );

    const meds = await search(`/MedicationRequest?patient=${ada.user.id}&_include=MedicationRequest:patient`);
    expect(meds.included).toEqual([`Patient/${ada.user.id}`]);
    const visits = await search(`/Appointment?patient=${ada.user.id}&_include=Appointment:actor`);
    expect(visits.included.sort()).toEqual(
      [`Patient/${ada.user.id}`, `Practitioner/${doctor.user.id}`].sort(),
    );
    const onlyDoctors = await search(
      `/Appointment?patient=${ada.user.id}&_include=Appointment:actor:Practitioner`,
    );
    expect(onlyDoctors.included).toEqual([`Practitioner/${doctor.user.id}`]);
    const vitals = await search(
      `/Observation?patient=${ada.user.id}&code=8867-4&_include=Observation:patient`,
    );
    expect(vitals.included).toEqual([`Patient/${ada.user.id}`]);
  });

  it('_revinclude=Observation:patient brings each matched patient’s Observations', async () => {
    const res = await search(`/Patient?_id=${ada.user.id}&_revinclude=Observation:patient`);
    expect(res.matches).toEqual([`Patient/${ada.user.id}`]);
    const own = entries<Resource>(
      (await fhirGet<Bundle>(t, `/Observation?patient=${ada.user.id}&_count=100`, doctor.headers)).body,
    );
    expect(res.included.sort()).toEqual(own.map((o) => `Observation/${o.id}`).sort());
    expect(res.included.length).toBeGreaterThan(0);
  });

  it('keeps a patient to their compartment: unshared results are not included; unknown includes are ignored, or a 400 when strict', async () => {
    // The report is not shared with Ada: she does not see it, nor its results through an include.
    const [unshared] = await t.database.db
      .select()
      .from(diagnosisTests)
      .where(eq(diagnosisTests.patientId, ada.user.id));
    expect(unshared?.sharedWithPatient).toBe(false);
    const own = await search(`/Observation?code=8867-4&_include=Observation:patient`, ada.headers);
    expect(own.included).toEqual([`Patient/${ada.user.id}`]);
    const reports = await search('/DiagnosticReport?_include=DiagnosticReport:result', ada.headers);
    expect([...reports.matches, ...reports.included]).toEqual([]);
    const revinclude = await search(`/Patient?_revinclude=Observation:patient`, ada.headers);
    expect(revinclude.included.every((id) => id.startsWith('Observation/'))).toBe(true);
    expect(revinclude.included.some((id) => id.includes(unshared?.id ?? '-'))).toBe(false);

    const ignored = await search('/Appointment?_include=Appointment:location');
    expect(ignored.included).toEqual([]);
    const strict = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/Appointment?_include=Appointment:location',
      headers: { ...doctor.headers, prefer: 'handling=strict' },
    });
    expect(strict.statusCode).toBe(400);
  });

  it('declares them in the CapabilityStatement, with versioned reads and _lastUpdated', async () => {
    const res = await fhirGet<CapabilityStatement>(t, '/metadata');
    const resources = res.body.rest?.[0]?.resource ?? [];
    const of = (type: string) => resources.find((r) => r.type === type);
    expect(of('DiagnosticReport')?.searchInclude).toContain('DiagnosticReport:result');
    expect(of('MedicationRequest')?.searchInclude).toContain('MedicationRequest:patient');
    expect(of('Appointment')?.searchInclude).toContain('Appointment:actor');
    expect(of('Observation')?.searchInclude).toContain('Observation:patient');
    expect(of('Patient')?.searchRevInclude).toEqual(['Observation:patient']);
    for (const resource of resources) {
      expect(resource.versioning).toBe('versioned');
      expect(resource.conditionalRead).toBe('full-support');
      expect(resource.searchParam?.map((p) => p.name)).toContain('_lastUpdated');
    }
  });
});
