import type { Bundle, Observation, Reference, Resource } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet, recordPrescriptionAndTest } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { appointments, auditEvents, diagnosisTests } from '../../db/schema';

/*
 * Patient/{id}/$everything across every resource type: one patient's record made through the
 * app (a completed visit, a triage, allergies, a prescription, a diagnosis test), read back as
 * one Bundle in which every reference to a patient-compartment resource resolves inside the
 * Bundle and every Practitioner reference resolves by GET.
 */

type Headers = Record<string, string>;
type Session = { user: TestUser; headers: Headers };

let t: TestApp;
let admin: Headers;
let doctor: Session;
let ada: Session;
let bayo: Session;

const post = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
  const res = await t.app.inject({ method, url, headers: doctor.headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
};

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = (await signedIn(t, 'admin')).headers;
  doctor = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze', specialty: 'Family medicine' });
  ada = await signedIn(t, 'patient', { firstName: 'Ada', lastName: 'Okafor', dateOfBirth: '1990-04-12' });
  bayo = await signedIn(t, 'patient', { firstName: 'Bayo', lastName: 'Adewale' });
  for (const patient of [ada, bayo]) {
    const startsAt = new Date('2030-01-06T09:00:00Z');
    await t.database.db.insert(appointments).values({
      patientId: patient.user.id,
      doctorId: doctor.user.id,
      title: 'Follow-up',
      priority: 'Medium',
      date: '2030-01-06',
      time: '10:00',
      startsAt,
      durationMinutes: 30,
      status: 'Completed',
    });
    await post('/api/doctor/triage', {
      patientId: patient.user.id,
      heartRate: 88,
      systolic: 128,
      temperature: 37.1,
    });
    await post(
      `/api/doctor/patients/${patient.user.id}/medical-details`,
      { allergies: ['Penicillin'] },
      'PUT',
    );
  }
  await recordPrescriptionAndTest(t, doctor.headers, ada.user.id);
  // A test is in the patient's own record once their doctor shares it (My Results shows the same).
  const [made] = await t.database.db
    .select()
    .from(diagnosisTests)
    .where(eq(diagnosisTests.patientId, ada.user.id));
  await post(`/api/doctor/diagnosis-tests/${made?.id}/share`, { shared: true }, 'PUT');
});
afterAll(() => t.close());

/** Every reference anywhere in a resource. */
function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value && typeof value === 'object') {
    const reference = (value as Reference).reference;
    return [
      ...(typeof reference === 'string' ? [reference] : []),
      ...Object.values(value).flatMap(referencesIn),
    ];
  }
  return [];
}

describe('Patient/{id}/$everything', () => {
  it('gives the patient their whole record, every type, valid, its references resolving', async () => {
    const res = await fhirGet<Bundle>(t, `/Patient/${ada.user.id}/$everything`, ada.headers);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/fhir+json; charset=utf-8');
    expectValidFhir(res.body);
    const resources = entries<Resource>(res.body);
    expect(res.body.total).toBe(resources.length);
    const types = new Set(resources.map((r) => r.resourceType));
    expect([...types].sort()).toEqual([
      'AllergyIntolerance',
      'Appointment',
      'DiagnosticReport',
      'Encounter',
      'MedicationRequest',
      'Observation',
      'Patient',
      'Practitioner',
    ]);
    expect(resources[0]).toMatchObject({ resourceType: 'Patient', id: ada.user.id, birthDate: '1990-04-12' });
    // Every reference resolves inside the Bundle: the doctors the record names come with it.
    const inBundle = new Set(resources.map((r) => `${r.resourceType}/${r.id}`));
    for (const reference of new Set(resources.flatMap(referencesIn))) {
      expect(inBundle.has(reference), `${reference} is in the Bundle`).toBe(true);
    }
    // The triage's blood pressure (systolic only) is one panel Observation, valid by R4's definitions above.
    const bloodPressure = resources.filter(
      (r): r is Observation => r.resourceType === 'Observation' && r.code.coding?.[0]?.code === '85354-9',
    );
    expect(
      bloodPressure.map((o) =>
        o.component?.map((c) => c.valueQuantity?.value ?? c.dataAbsentReason?.coding?.[0]?.code),
      ),
    ).toEqual([[128, 'unknown']]);
    // Nothing of Bayo's.
    expect(JSON.stringify(res.body)).not.toContain(bayo.user.id);
  });

  it('answers 404 to another patient and 401 to anonymous; a doctor and an admin read any', async () => {
    expect((await fhirGet(t, `/Patient/${ada.user.id}/$everything`, bayo.headers)).status).toBe(404);
    expect((await fhirGet(t, `/Patient/${ada.user.id}/$everything`)).status).toBe(401);
    for (const staff of [doctor.headers, admin]) {
      const res = await fhirGet<Bundle>(t, `/Patient/${bayo.user.id}/$everything`, staff);
      expect(res.status).toBe(200);
      expect(entries(res.body).some((r) => r.resourceType === 'AllergyIntolerance')).toBe(true);
    }
  });

  it('is audited, and downloads as a file when asked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/Patient/${ada.user.id}/$everything?download=1`,
      headers: ada.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="carepoint-record-[^"]+\.json"; filename\*=UTF-8''carepoint-record-[^"]+\.json$/,
    );
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fhir.everything'), eq(auditEvents.patientId, ada.user.id)));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.actorId !== null)).toBe(true);
  });
});
