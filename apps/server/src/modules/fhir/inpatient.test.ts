import type { Bundle, DocumentReference, Encounter, Resource } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp, type TestUser, testClock } from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { stayLocations, stays } from '../../db/schema';

/* Inpatient stays as Encounter (class IMP) and their signed discharge summaries as DocumentReference. */

type Headers = { cookie: string };
const NOW = '2030-01-09T10:00:00Z';
const ADMIT_SOURCE = 'http://terminology.hl7.org/CodeSystem/admit-source';
const DISPOSITION = 'http://terminology.hl7.org/CodeSystem/discharge-disposition';
const DIAGNOSIS_ROLE = 'http://terminology.hl7.org/CodeSystem/diagnosis-role';

let t: TestApp;
let doctor: { user: TestUser; headers: Headers };
let patient: { user: TestUser; headers: Headers };
let stranger: { user: TestUser; headers: Headers };
let stayId: string;
let bedId: string;
let summaryId: string;

const summary = {
  principalDiagnosis: { code: 'J18.9', text: 'Community-acquired pneumonia' },
  secondaryDiagnoses: [
    { code: 'E11.9', text: 'Type 2 diabetes' },
    { code: '', text: 'Anaemia, not yet coded' },
  ],
  procedures: 'IV antibiotics',
  course: 'Improved steadily',
  medicines: [],
  followUpInstructions: 'Review in clinic in two weeks',
};

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(new Date(NOW)), env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await signedIn(t, 'doctor');
  patient = await signedIn(t, 'patient');
  stranger = await signedIn(t, 'patient');
  const stay = await admittedStay(t, {
    doctor: doctor.user,
    patient: patient.user,
    admittedAt: new Date('2030-01-05T08:00:00Z'),
  });
  stayId = stay.stayId;
  bedId = stay.bedId;
  await t.database.db
    .update(stays)
    .set({ diagnosisCode: 'J18.9', diagnosisTitle: 'Pneumonia, unspecified organism' })
    .where(eq(stays.id, stayId));
});
// The R4 definitions are indexed once, here, with a budget for a busy machine (the tests then validate at once).
beforeAll(() => expectValidFhir({ resourceType: 'Basic', code: { text: 'warm-up' } }), 180_000);
afterAll(() => t.close());

const encounter = async (headers: Headers = doctor.headers) => {
  const res = await fhirGet<Encounter>(t, `/Encounter/${stayId}`, headers);
  expect(res.status).toBe(200);
  expectValidFhir(res.body);
  return res.body;
};

describe('Encounter of an inpatient stay', () => {
  it('is class IMP, in progress, with the bed, the admit source and the admission diagnosis', async () => {
    const body = await encounter();
    expect(body).toMatchObject({
      resourceType: 'Encounter',
      id: stayId,
      status: 'in-progress',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'IMP' },
      subject: { reference: `Patient/${patient.user.id}` },
      participant: [{ individual: { reference: `Practitioner/${doctor.user.id}` } }],
      period: { start: '2030-01-05T09:00:00+01:00' },
      hospitalization: { admitSource: { coding: [{ system: ADMIT_SOURCE, code: 'emd' }] } },
      location: [
        {
          location: { reference: `Location/${bedId}` },
          status: 'active',
          period: { start: '2030-01-05T09:00:00+01:00' },
        },
      ],
      diagnosis: [
        { condition: { reference: '#admission' }, use: { coding: [{ system: DIAGNOSIS_ROLE, code: 'AD' }] } },
      ],
    });
    expect(body.contained?.[0]).toMatchObject({
      resourceType: 'Condition',
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'J18.9' }], text: 'Pneumonia' },
    });
    expect(body.period?.end).toBeUndefined();
  });

  it('a signed summary adds the discharge diagnoses and a DocumentReference; a discharge finishes it', async () => {
    const headers = doctor.headers;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/stays/${stayId}/discharge-summary`,
      headers,
      payload: summary,
    });
    expect(put.statusCode, put.body).toBe(200);
    // A draft is not a document yet.
    expect(
      (await fhirGet<Bundle>(t, `/DocumentReference?patient=${patient.user.id}`, headers)).body.total,
    ).toBe(0);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/stays/${stayId}/discharge-summary/sign`,
      headers,
    });
    summaryId = signed.json().summary.id;
    await t.database.db
      .update(stays)
      .set({ status: 'Discharged', dischargedAt: new Date(NOW), dischargeDisposition: 'Died', bedId: null })
      .where(eq(stays.id, stayId));
    await t.database.db
      .update(stayLocations)
      .set({ toAt: new Date(NOW) })
      .where(eq(stayLocations.stayId, stayId));
    const body = await encounter();
    expect(body).toMatchObject({
      status: 'finished',
      period: { start: '2030-01-05T09:00:00+01:00', end: '2030-01-09T11:00:00+01:00' },
      hospitalization: {
        dischargeDisposition: { coding: [{ system: DISPOSITION, code: 'exp', display: 'Expired' }] },
      },
      location: [{ status: 'completed', period: { end: '2030-01-09T11:00:00+01:00' } }],
    });
    expect(body.diagnosis?.map((d) => [d.condition.reference, d.use?.coding?.[0]?.code, d.rank])).toEqual([
      ['#admission', 'AD', undefined],
      ['#discharge-1', 'DD', 1],
      ['#discharge-2', 'DD', 2],
      ['#discharge-3', 'DD', 3],
    ]);
    expect(body.contained?.[3]).toMatchObject({ code: { text: 'Anaemia, not yet coded' } });

    const doc = await fhirGet<DocumentReference>(t, `/DocumentReference/${summaryId}`, headers);
    expect(doc.status).toBe(200);
    expectValidFhir(doc.body);
    expect(doc.body).toMatchObject({
      status: 'current',
      docStatus: 'final',
      type: { coding: [{ system: 'http://loinc.org', code: '18842-5', display: 'Discharge summary' }] },
      subject: { reference: `Patient/${patient.user.id}` },
      author: [{ reference: `Practitioner/${doctor.user.id}` }],
      date: new Date(NOW).toISOString(),
      context: { encounter: [{ reference: `Encounter/${stayId}` }] },
      content: [{ attachment: { contentType: 'application/pdf' } }],
    });
    // The attachment is the very PDF the app serves, whole.
    const pdf = await t.app.inject({ url: `/api/stays/${stayId}/discharge-summary.pdf`, headers });
    const data = Buffer.from(doc.body.content[0]?.attachment.data ?? '', 'base64');
    expect(data.equals(pdf.rawPayload)).toBe(true);
    expect(doc.body.content[0]?.attachment.size).toBe(data.length);
  });

  it('searches by patient, class and status; DocumentReference by patient and encounter, with _include', async () => {
    const headers = doctor.headers;
    const found = await fhirGet<Bundle>(
      t,
      `/Encounter?patient=${patient.user.id}&class=IMP&status=finished`,
      headers,
    );
    expectValidFhir(found.body);
    expect(entries(found.body).map((r) => r.id)).toEqual([stayId]);
    expect(
      (await fhirGet<Bundle>(t, `/Encounter?patient=${patient.user.id}&class=AMB`, headers)).body.total,
    ).toBe(0);
    expect(
      (await fhirGet<Bundle>(t, `/Encounter?patient=${patient.user.id}&status=in-progress`, headers)).body
        .total,
    ).toBe(0);
    const docs = await fhirGet<Bundle>(
      t,
      `/DocumentReference?encounter=Encounter/${stayId}&_include=DocumentReference:encounter`,
      headers,
    );
    expectValidFhir(docs.body);
    expect(entries<Resource>(docs.body).map((r) => `${r.resourceType}/${r.id}`)).toEqual([
      `DocumentReference/${summaryId}`,
      `Encounter/${stayId}`,
    ]);
    expect(
      (await fhirGet<Bundle>(t, `/DocumentReference?patient=${stranger.user.id}`, headers)).body.total,
    ).toBe(0);
  });

  it('a patient reads their own; another patient gets 404 and finds nothing', async () => {
    expect((await fhirGet(t, `/Encounter/${stayId}`, patient.headers)).status).toBe(200);
    expect((await fhirGet(t, `/DocumentReference/${summaryId}`, patient.headers)).status).toBe(200);
    expect((await fhirGet(t, `/Encounter/${stayId}`, stranger.headers)).status).toBe(404);
    expect((await fhirGet(t, `/DocumentReference/${summaryId}`, stranger.headers)).status).toBe(404);
    expect((await fhirGet<Bundle>(t, '/DocumentReference', stranger.headers)).body.total).toBe(0);
    const everything = await fhirGet<Bundle>(t, `/Patient/${patient.user.id}/$everything`, patient.headers);
    expectValidFhir(everything.body);
    const types = entries(everything.body).map((r) => r.resourceType);
    expect(types).toEqual(expect.arrayContaining(['Encounter', 'DocumentReference']));
  });

  it('a planned admission is planned, elective, with its reserved bed', async () => {
    const planned = await admittedStay(t, { doctor: doctor.user });
    await t.database.db.delete(stayLocations).where(eq(stayLocations.stayId, planned.stayId));
    await t.database.db
      .update(stays)
      .set({
        status: 'Planned',
        admitSource: 'Planned',
        admittedAt: null,
        plannedFor: '2030-01-10',
      })
      .where(eq(stays.id, planned.stayId));
    const res = await fhirGet<Encounter>(t, `/Encounter/${planned.stayId}`, doctor.headers);
    expectValidFhir(res.body);
    expect(res.body).toMatchObject({
      status: 'planned',
      priority: { coding: [{ code: 'EL' }] },
      hospitalization: {
        admitSource: { coding: [{ system: ADMIT_SOURCE, code: 'other' }], text: 'Planned admission' },
      },
      location: [{ location: { reference: `Location/${planned.bedId}` }, status: 'reserved' }],
    });
    const capability = (
      await fhirGet<{
        rest: Array<{ resource: Array<{ type: string; searchParam?: Array<{ name: string }> }> }>;
      }>(t, '/metadata')
    ).body;
    const documentType = capability.rest[0]?.resource.find((r) => r.type === 'DocumentReference');
    expect(documentType?.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      '_lastUpdated',
      'patient',
      'encounter',
      'date',
    ]);
  });
});
