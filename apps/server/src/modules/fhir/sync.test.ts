import type { Bundle, Patient, Resource } from '@medplum/fhirtypes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { appointments, users } from '../../db/schema';

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
  await t.database.db.insert(appointments).values({
    patientId: ada.user.id,
    doctorId: doctor.user.id,
    title: 'Follow-up',
    priority: 'Medium',
    date: '2030-01-06',
    time: '10:00',
    startsAt: new Date('2030-01-06T09:00:00Z'),
    durationMinutes: 30,
    status: 'Completed',
  });
  await send('/api/doctor/triage', { patientId: ada.user.id, heartRate: 88, systolic: 128, temperature: 37.1 });
  await send(`/api/doctor/patients/${ada.user.id}/medical-details`, { allergies: ['Penicillin'] }, 'PUT');
  await send('/api/doctor/prescriptions', {
    patientId: ada.user.id,
    problem: 'Sore throat',
    medicines: [
      {
        name: 'Paracetamol 500 mg',
        dosage: '2 tablets',
        duration: '3 Days',
        time: 'After Meal',
        interval: 'Morning and evening',
        comment: '',
      },
    ],
    advice: 'Rest',
    status: true,
  });
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
    const other = await t.app.inject({ method: 'GET', url, headers: { ...doctor.headers, 'if-none-match': '"1"' } });
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
