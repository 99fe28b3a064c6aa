import type { Bundle, Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, signedIn, signIn, type TestApp } from '../../../test/helpers';
import { type AdmittedStay, admittedStay } from '../../../test/inpatient';

/*
 * A ward observation set in FHIR: its values as vital-sign Observations (from its vital_signs row),
 * its NEWS2 total and its ACVPU (SNOMED CT, category survey); searchable by patient and code, in
 * the patient's $everything, valid R4.
 */

type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
let stay: AdmittedStay;
let setId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = (await signedIn(t, 'admin')).headers;
  const nurse = (await signedIn(t, 'nurse')).headers;
  stay = await admittedStay(t);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/stays/${stay.stayId}/observations`,
    headers: nurse,
    payload: {
      respiratoryRate: 26,
      oxygenSaturation: 93,
      spo2Scale: 1,
      airOrOxygen: 'Air',
      systolic: 122,
      pulse: 115,
      consciousness: 'New confusion',
      temperature: 37,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  setId = res.json<{ id: string }>().id;
  // The R4 definitions load on first use (seconds on a busy machine): here, within the hook's time.
  expectValidFhir({ resourceType: 'Patient' });
});
afterAll(() => t.close());

const observationsOf = async (path: string, headers: Headers = admin) => {
  const res = await fhirGet<Bundle>(t, path, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectValidFhir(res.body);
  return entries<Observation>(res.body);
};
const codesOf = (list: Observation[]) => list.map((o) => o.code.coding?.[0]?.code ?? o.code.text).sort();

describe('a ward observation set in FHIR', () => {
  it("leaves as the patient's vital signs, NEWS2 total and ACVPU", async () => {
    const list = await observationsOf(`/Observation?patient=${stay.patient.id}`);
    expect(codesOf(list)).toEqual(
      ['1104051000000101', '1104441000000107', '2708-6', '8310-5', '85354-9', '8867-4', '9279-1'].sort(),
    );
    const news2 = list.find((o) => o.id === `${setId}-news2`);
    expect(news2).toMatchObject({
      status: 'final',
      category: [{ coding: [{ code: 'survey' }] }],
      code: { coding: [{ system: 'http://snomed.info/sct', code: '1104051000000101' }] },
      valueQuantity: { value: 10, system: 'http://unitsofmeasure.org', code: '{score}' },
      interpretation: [{ text: 'High clinical risk' }],
      subject: { reference: `Patient/${stay.patient.id}` },
    });
    const acvpu = list.find((o) => o.id === `${setId}-acvpu`);
    expect(acvpu?.valueCodeableConcept).toEqual({ text: 'New confusion' });
    const bp = list.find((o) => o.code.coding?.[0]?.code === '85354-9');
    expect(bp?.component?.[0]?.valueQuantity?.value).toBe(122);
    expect(bp?.component?.[1]?.dataAbsentReason).toBeDefined();
  });

  it('is found by its SNOMED CT code and category, read by id, and in $everything', async () => {
    const byCode = await observationsOf('/Observation?code=http://snomed.info/sct|1104051000000101');
    expect(byCode.map((o) => o.id)).toContain(`${setId}-news2`);
    expect((await observationsOf('/Observation?category=survey')).map((o) => o.id).sort()).toEqual(
      [`${setId}-acvpu`, `${setId}-news2`].sort(),
    );
    const read = await fhirGet<Observation>(t, `/Observation/${setId}-acvpu`, admin);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    const patient = await signIn(t, stay.patient);
    const everything = await fhirGet<Bundle>(t, `/Patient/${stay.patient.id}/$everything`, patient);
    expect(everything.status).toBe(200);
    expect(entries(everything.body).map((r) => r.id)).toContain(`${setId}-news2`);
    const count = await fhirGet<Bundle>(t, `/Observation?patient=${stay.patient.id}&_summary=count`, admin);
    expect(count.body.total).toBe(7);
  });
});
