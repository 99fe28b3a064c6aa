import type { DiagnosisTest } from '@carepoint/contract';
import type { Bundle, DiagnosticReport, Observation, OperationOutcome } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet, follow } from '../../../test/fhir';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { diagnosisCategories, vitalSigns } from '../../db/schema';
import { diagnosticReports } from './diagnostic-report';
import { observationsType } from './observation';

type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
let doctor: { user: TestUser; headers: Headers };
let ada: { user: TestUser; headers: Headers };
let bayo: { user: TestUser; headers: Headers };
/** A patient whose vitals the tests insert at known moments, for dates and paging. */
let cyra: TestUser;
let haematology: string;

// Lagos: one hour ahead of UTC all year, so offsets show and day boundaries differ from UTC's.
const TIME_ZONE = 'Africa/Lagos';

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE } });
  admin = (await signedIn(t, 'admin')).headers;
  doctor = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' });
  ada = await signedIn(t, 'patient', { firstName: 'Ada', lastName: 'Okafor' });
  bayo = await signedIn(t, 'patient', { firstName: 'Bayo', lastName: 'Adewale' });
  cyra = await createUser(t, 'patient', { firstName: 'Cyra', lastName: 'Bello' });
  const categories = await t.database.db.select().from(diagnosisCategories);
  haematology = categories.find((c) => c.name === 'Haematology')?.id ?? '';
});
afterAll(() => t.close());

const search = async (path: string, headers: Headers = admin) => {
  const res = await fhirGet<Bundle>(t, path, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectValidFhir(res.body);
  return res.body;
};
const observationsOf = async (path: string, headers: Headers = admin) =>
  entries<Observation>(await search(path, headers));
const post = async (url: string, payload: object, headers: Headers = doctor.headers) => {
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res;
};
const codeOf = (o: Observation) => o.code.coding?.[0]?.code;
const byCode = (list: Observation[]) => new Map(list.map((o) => [codeOf(o) ?? o.code.text, o]));

/** GETs a relative reference as the same caller: it must resolve to a valid resource of that id. */
async function expectResolves(reference: string | undefined, headers: Headers) {
  const id = (reference ?? '').split('/')[1];
  const res = await fhirGet(t, `/${reference}`, headers);
  expect(res.status, reference).toBe(200);
  expect(res.body.id).toBe(id);
  expectValidFhir(res.body);
}

describe('a triage saved in the app', () => {
  it('appears as Observations with LOINC codes, UCUM units, values, the doctor and the facility time', async () => {
    t.clock.set('2030-01-07T09:30:00Z');
    await post('/api/doctor/triage', {
      patientId: ada.user.id,
      heartRate: 96,
      systolic: 142,
      diastolic: 91,
      temperature: '38.4',
      respiratoryRate: 22,
      oxygenSaturation: 95,
      complaint: 'Fever',
    });
    // A walk-in without an account is nobody's record: it never leaves as an Observation.
    await post('/api/doctor/triage', {
      patientName: 'Walk In',
      heartRate: 70,
      systolic: 110,
      temperature: 36.8,
    });

    const found = await observationsOf(`/Observation?patient=${ada.user.id}`);
    expect(found).toHaveLength(5);
    const codes = byCode(found);
    const expectations: Array<[string, string, number, string, string]> = [
      ['8867-4', 'Heart rate', 96, '/min', 'bpm'],
      ['8310-5', 'Body temperature', 38.4, 'Cel', '°C'],
      ['9279-1', 'Respiratory rate', 22, '/min', 'breaths/min'],
      ['2708-6', 'Oxygen saturation in Arterial blood', 95, '%', '%'],
    ];
    for (const [code, display, value, ucum, unit] of expectations) {
      const o = codes.get(code);
      expect(o, code).toMatchObject({
        resourceType: 'Observation',
        status: 'final',
        category: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                code: 'vital-signs',
                display: 'Vital Signs',
              },
            ],
          },
        ],
        subject: { reference: `Patient/${ada.user.id}` },
        effectiveDateTime: '2030-01-07T10:30:00+01:00',
        performer: [{ reference: `Practitioner/${doctor.user.id}` }],
        valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: ucum },
      });
      expect(o?.code.coding?.[0]).toEqual({ system: 'http://loinc.org', code, display });
      expect(o?.id).toMatch(/^[0-9a-f-]{36}-[a-z0-9-]+$/);
      await expectResolves(o?.performer?.[0]?.reference, admin);
    }
    // Blood pressure is one panel, systolic and diastolic its components (R4's bp profile).
    const bp = codes.get('85354-9');
    expect(bp).toMatchObject({
      id: expect.stringMatching(/-bp$/),
      meta: {
        profile: [
          'http://hl7.org/fhir/StructureDefinition/vitalsigns',
          'http://hl7.org/fhir/StructureDefinition/bp',
        ],
      },
      category: [{ coding: [{ code: 'vital-signs' }] }],
      code: {
        coding: [
          {
            system: 'http://loinc.org',
            code: '85354-9',
            display: 'Blood pressure panel with all children optional',
          },
        ],
        text: 'Blood pressure',
      },
      effectiveDateTime: '2030-01-07T10:30:00+01:00',
      performer: [{ reference: `Practitioner/${doctor.user.id}` }],
      component: [
        {
          code: {
            coding: [{ system: 'http://loinc.org', code: '8480-6', display: 'Systolic blood pressure' }],
          },
          valueQuantity: { value: 142, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
        },
        {
          code: {
            coding: [{ system: 'http://loinc.org', code: '8462-4', display: 'Diastolic blood pressure' }],
          },
          valueQuantity: { value: 91, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
        },
      ],
    });
    expect(bp?.valueQuantity).toBeUndefined();
    expect((await fhirGet<Observation>(t, `/Observation/${bp?.id}`, ada.headers)).body).toEqual(bp);
    // Pulse oximetry is coded both ways.
    expect(codes.get('2708-6')?.code.coding?.[1]).toEqual({
      system: 'http://loinc.org',
      code: '59408-5',
      display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
    });
  });

  it('and a chart entry of the medical details too, blood glucose as a laboratory value', async () => {
    t.clock.set('2030-01-07T10:00:00Z');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/doctor/patients/${ada.user.id}/medical-details`,
      headers: doctor.headers,
      payload: { weight: '71.25', systolic: '128', diastolic: '82', bloodGlucose: '105', allergies: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = await observationsOf(`/Observation?patient=${ada.user.id}&date=2030-01-07T11:00`);
    const codes = byCode(found);
    expect([...codes.keys()].sort()).toEqual(['2339-0', '29463-7', '85354-9']);
    expect(codes.get('85354-9')?.component?.map((c) => c.valueQuantity?.value)).toEqual([128, 82]);
    expect(codes.get('29463-7')).toMatchObject({
      code: { coding: [{ code: '29463-7', display: 'Body weight' }] },
      valueQuantity: { value: 71.3, unit: 'kg', code: 'kg' },
      effectiveDateTime: '2030-01-07T11:00:00+01:00',
    });
    expect(codes.get('2339-0')).toMatchObject({
      category: [{ coding: [{ code: 'laboratory' }] }],
      code: { coding: [{ code: '2339-0', display: 'Glucose [Mass/volume] in Blood' }] },
      valueQuantity: { value: 105, unit: 'mg/dL', code: 'mg/dL', system: 'http://unitsofmeasure.org' },
    });
    // Newest first, then by id.
    const all = await observationsOf(`/Observation?patient=${ada.user.id}&_count=100`);
    expect(all.slice(0, 3).every((o) => o.effectiveDateTime === '2030-01-07T11:00:00+01:00')).toBe(true);
    expect(all[3]?.effectiveDateTime).not.toBe('2030-01-07T11:00:00+01:00');
    const ids = all.slice(0, 3).map((o) => o.id ?? '');
    expect(ids).toEqual([...ids].sort());
  });
});

describe('a diagnosis test', () => {
  let test: DiagnosisTest;

  beforeAll(async () => {
    t.clock.set('2030-01-07T10:15:00Z');
    const res = await post('/api/doctor/diagnosis-tests', {
      patientId: bayo.user.id,
      name: 'Full blood count',
      categoryId: haematology,
      bloodSugar: 140,
      averageGlucose: 130,
      cholesterol: 210,
      systolic: 135,
      diastolic: 85,
      diabetes: 'Type 2',
      properties: [
        { name: 'Haemoglobin', value: '13.2 g/dL' },
        { name: 'Platelets', value: 'Normal' },
      ],
    });
    test = res.json<DiagnosisTest>();
    // Shared, so its patient reads it too (a patient's record holds the tests shared with them).
    const shared = await t.app.inject({
      method: 'PUT',
      url: `/api/doctor/diagnosis-tests/${test.id}/share`,
      headers: doctor.headers,
      payload: { shared: true },
    });
    expect(shared.statusCode, shared.body).toBe(200);
  });

  it('is a DiagnosticReport whose results are its Observations, every reference resolving', async () => {
    const res = await fhirGet<DiagnosticReport>(t, `/DiagnosticReport/${test.id}`, admin);
    expect(res.status).toBe(200);
    expectValidFhir(res.body);
    expect(res.body).toMatchObject({
      resourceType: 'DiagnosticReport',
      id: test.id,
      identifier: [
        { system: 'http://localhost:3000/fhir/identifiers/report-number', value: test.reportNumber },
      ],
      status: 'final',
      category: [
        {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'HM', display: 'Hematology' },
          ],
          text: 'Haematology',
        },
      ],
      code: { text: 'Full blood count' },
      subject: { reference: `Patient/${bayo.user.id}` },
      effectiveDateTime: '2030-01-07T11:15:00+01:00',
      // Sharing it with the patient (same test clock) is a change: the database moves it a millisecond on.
      issued: expect.stringMatching(/^2030-01-07T10:15:00\.\d{3}Z$/),
      performer: [{ reference: `Practitioner/${doctor.user.id}` }],
      conclusion: 'Diabetes: Type 2',
    });
    expect(res.body.identifier?.[0]?.value).toMatch(/^DX-2030-\d{6}$/);
    const results = res.body.result ?? [];
    expect(results).toHaveLength(6);
    const observations: Observation[] = [];
    for (const ref of results) {
      const got = await fhirGet<Observation>(t, `/${ref.reference}`, bayo.headers);
      expect(got.status, ref.reference).toBe(200);
      expectValidFhir(got.body);
      expect(got.body.subject?.reference).toBe(`Patient/${bayo.user.id}`);
      observations.push(got.body);
    }
    await expectResolves(res.body.performer?.[0]?.reference, bayo.headers);
    const byText = new Map(observations.map((o) => [o.code.text, o]));
    expect(byText.get('Blood sugar')).toMatchObject({
      code: { coding: [{ system: 'http://loinc.org', code: '2339-0' }] },
      category: [{ coding: [{ code: 'laboratory' }] }],
      valueQuantity: { value: 140, code: 'mg/dL' },
    });
    expect(byText.get('Total cholesterol')?.code.coding?.[0]?.code).toBe('2093-3');
    // No LOINC code clearly applies to our "average glucose": text only.
    expect(byText.get('Average glucose')?.code).toEqual({ text: 'Average glucose' });
    expect(byText.get('Blood pressure')).toMatchObject({
      id: `${test.id}-bp`,
      category: [{ coding: [{ code: 'vital-signs' }] }],
      code: { coding: [{ code: '85354-9' }] },
      component: [{ valueQuantity: { value: 135 } }, { valueQuantity: { value: 85 } }],
    });
    expect(byText.get('Haemoglobin')).toMatchObject({
      category: [{ coding: [{ code: 'laboratory' }] }],
      code: { text: 'Haemoglobin' },
      valueString: '13.2 g/dL',
      effectiveDateTime: '2030-01-07T11:15:00+01:00',
    });
  });

  it('searches reports by patient, date, category and _id', async () => {
    const ids = async (query: string) =>
      entries<DiagnosticReport>(await search(`/DiagnosticReport?${query}`)).map((r) => r.id);
    expect(await ids(`patient=${bayo.user.id}`)).toEqual([test.id]);
    expect(await ids(`subject=Patient/${bayo.user.id}`)).toEqual([test.id]);
    expect(await ids(`patient=${ada.user.id}`)).toEqual([]);
    expect(await ids('date=2030-01-07')).toEqual([test.id]);
    expect(await ids('date=ge2030-01-07T11:15:00%2B01:00')).toEqual([test.id]);
    expect(await ids('date=gt2030-01-07')).toEqual([]);
    expect(await ids('date=lt2030-01-07')).toEqual([]);
    expect(await ids('date=le2030-01-07')).toEqual([test.id]);
    expect(await ids('category=HM')).toEqual([test.id]);
    expect(await ids('category=http://terminology.hl7.org/CodeSystem/v2-0074|HM')).toEqual([test.id]);
    expect(await ids('category=CH')).toEqual([]);
    expect(await ids(`_id=${test.id}`)).toEqual([test.id]);
    expect(await ids('_id=nope')).toEqual([]);
  });

  it('pages reports to the end and back with totals, newest first', async () => {
    const dayo = await createUser(t, 'patient', { firstName: 'Dayo', lastName: 'Ade' });
    const made: string[] = [];
    for (const minute of ['20', '25', '30']) {
      t.clock.set(`2030-01-07T10:${minute}:00Z`);
      const res = await post('/api/doctor/diagnosis-tests', {
        patientId: dayo.id,
        name: `Lipid profile ${minute}`,
        categoryId: haematology,
        cholesterol: 190,
      });
      made.unshift(res.json<DiagnosisTest>().id);
    }
    const first = await search(`/DiagnosticReport?patient=${dayo.id}&_count=2`);
    expect(first.total).toBe(3);
    const next = await follow(t, first, 'next', admin);
    expect(next?.status).toBe(200);
    expectValidFhir(next?.body as Bundle);
    expect(next?.body.total).toBe(3);
    expect(next?.body.link?.some((l) => l.relation === 'next')).toBe(false);
    const back = await follow(t, next?.body as Bundle, 'previous', admin);
    expect(entries(back?.body as Bundle).map((r) => r.id)).toEqual(made.slice(0, 2));
    expect([...entries(first), ...entries(next?.body as Bundle)].map((r) => r.id)).toEqual(made);
  });

  it('leaves its Observations findable by code and category, and gives them to $everything', async () => {
    const laboratory = await observationsOf(`/Observation?patient=${bayo.user.id}&category=laboratory`);
    expect(laboratory.map((o) => o.code.text).sort()).toEqual(
      ['Average glucose', 'Blood sugar', 'Haemoglobin', 'Platelets', 'Total cholesterol'].sort(),
    );
    const glucose = await observationsOf('/Observation?code=http://loinc.org|2339-0');
    expect(glucose.map((o) => o.subject?.reference).sort()).toEqual(
      [`Patient/${ada.user.id}`, `Patient/${bayo.user.id}`].sort(),
    );
    const fhir = { ctx: serviceContext(t), patientScope: undefined, timeZone: TIME_ZONE };
    const everything = await observationsType.everything?.(fhir, bayo.user.id);
    expect(everything?.map((o) => o.id).sort()).toEqual(
      laboratory
        .map((o) => o.id)
        .concat([`${test.id}-bp`])
        .sort(),
    );
    const reports = await diagnosticReports.everything?.(fhir, bayo.user.id);
    expect(reports?.map((r) => r.id)).toEqual([test.id]);
  });
});

describe('Observation search', () => {
  beforeAll(async () => {
    // Three rows of two measurements each, one a day at noon in Lagos.
    for (const day of ['01', '02', '03']) {
      await t.database.db.insert(vitalSigns).values({
        patientId: cyra.id,
        recordedAt: new Date(`2030-02-${day}T11:00:00Z`),
        recordedBy: doctor.user.id,
        source: 'chart',
        heartRate: 60 + Number(day),
        height: 170.5,
      });
    }
  });
  const of = (query: string) => `/Observation?patient=${cyra.id}&${query}`;
  const count = async (query: string) => (await search(of(query))).total;

  it('finds by code with or without its system, never under another system', async () => {
    expect(await count('code=8867-4')).toBe(3);
    expect(await count('code=http://loinc.org|8867-4')).toBe(3);
    expect(await count('code=http://snomed.info/sct|8867-4')).toBe(0);
    expect(await count('code=http://loinc.org|')).toBe(6);
    expect(await count('code=8867-4,8302-2')).toBe(6);
    expect(await count('code=8867-4&code=8302-2')).toBe(0);
    expect(await count('code=9999-9')).toBe(0);
    const height = await observationsOf(of('code=8302-2'));
    expect(height[0]).toMatchObject({
      code: { coding: [{ code: '8302-2', display: 'Body height' }] },
      valueQuantity: { value: 170.5, unit: 'cm', code: 'cm' },
      effectiveDateTime: '2030-02-03T12:00:00+01:00',
    });
  });

  it('finds blood pressure by its panel code and by either component’s, as `code` or `component-code`', async () => {
    const dana = await createUser(t, 'patient', { firstName: 'Dana', lastName: 'Ike' });
    // One reading with both values, one with only the systolic (then the diastolic says why it has none).
    for (const [day, diastolic] of [
      ['01', 80],
      ['02', null],
    ] as const) {
      await t.database.db.insert(vitalSigns).values({
        patientId: dana.id,
        recordedAt: new Date(`2030-03-${day}T11:00:00Z`),
        recordedBy: doctor.user.id,
        source: 'chart',
        systolic: 120,
        diastolic,
      });
    }
    const danas = (query: string) => `/Observation?patient=${dana.id}&${query}`;
    const total = async (query: string) => (await search(danas(query))).total;
    expect(await total('code=85354-9')).toBe(2);
    expect(await total('code=http://loinc.org|85354-9')).toBe(2);
    expect(await total('code=8480-6')).toBe(2);
    expect(await total('code=8462-4')).toBe(1);
    expect(await total('code=8462-4,8480-6')).toBe(2);
    expect(await total('code=85354-9&code=8462-4')).toBe(1);
    expect(await total('component-code=8480-6')).toBe(2);
    expect(await total('component-code=http://loinc.org|8462-4')).toBe(1);
    expect(await total('component-code=85354-9')).toBe(0);
    expect(await total('component-code=8867-4')).toBe(0);
    expect(await total('category=vital-signs')).toBe(2);
    // The pages agree with the totals.
    expect((await observationsOf(danas('code=8462-4'))).map((o) => o.effectiveDateTime)).toEqual([
      '2030-03-01T12:00:00+01:00',
    ]);
    const [systolicOnly] = await observationsOf(danas('date=2030-03-02'));
    expect(systolicOnly?.component).toEqual([
      {
        code: {
          coding: [{ system: 'http://loinc.org', code: '8480-6', display: 'Systolic blood pressure' }],
          text: 'Systolic blood pressure',
        },
        valueQuantity: { value: 120, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
      },
      {
        code: {
          coding: [{ system: 'http://loinc.org', code: '8462-4', display: 'Diastolic blood pressure' }],
          text: 'Diastolic blood pressure',
        },
        dataAbsentReason: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
              code: 'unknown',
              display: 'Unknown',
            },
          ],
        },
      },
    ]);
    expect((await fhirGet(t, `/Observation/${systolicOnly?.id}`, admin)).status).toBe(200);
    // The two Observations blood pressure used to be (`-sys`, `-dia`) are gone: the panel replaced them.
    const rowId = systolicOnly?.id?.replace(/-bp$/, '');
    for (const suffix of ['sys', 'dia']) {
      expect((await fhirGet(t, `/Observation/${rowId}-${suffix}`, admin)).status).toBe(404);
    }
  });

  it('finds by category, subject, _id and every date prefix', async () => {
    expect(await count('category=vital-signs')).toBe(6);
    expect(
      await count('category=http://terminology.hl7.org/CodeSystem/observation-category|vital-signs'),
    ).toBe(6);
    expect(await count('category=laboratory')).toBe(0);
    expect((await search(`/Observation?subject=Patient/${cyra.id}`)).total).toBe(6);
    expect(await count('date=2030-02-02')).toBe(2);
    expect(await count('date=eq2030-02-02')).toBe(2);
    expect(await count('date=ge2030-02-02')).toBe(4);
    expect(await count('date=gt2030-02-02')).toBe(2);
    expect(await count('date=le2030-02-02')).toBe(4);
    expect(await count('date=lt2030-02-02')).toBe(2);
    expect(await count('date=ge2030-02-02&date=lt2030-02-03')).toBe(2);
    expect(await count('date=2030-02-02T12:00:00%2B01:00')).toBe(2);
    expect(await count('date=2030-02')).toBe(6);
    const [first] = await observationsOf(of('code=8867-4&_count=1'));
    const byId = await observationsOf(`/Observation?_id=${first?.id}`);
    expect(byId.map((o) => o.id)).toEqual([first?.id]);
    expect(await count(`_id=${first?.id}a`)).toBe(0);
    expect(await count('_id=not-an-id')).toBe(0);
    expect((await fhirGet(t, '/Observation?date=2030-13', admin)).status).toBe(400);
  });

  it('pages to the end and back with totals and links', async () => {
    const pages: Observation[][] = [];
    let bundle = await search(of('_count=4'));
    expect(bundle.total).toBe(6);
    pages.push(entries(bundle));
    for (
      let next = await follow(t, bundle, 'next', admin);
      next;
      next = await follow(t, bundle, 'next', admin)
    ) {
      expectValidFhir(next.body);
      bundle = next.body;
      expect(bundle.total).toBe(6);
      pages.push(entries(bundle));
    }
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    const seen = pages.flat().map((o) => o.id);
    expect(new Set(seen).size).toBe(6);
    const back = await follow(t, bundle, 'previous', admin);
    expect(back?.body.total).toBe(6);
    expect(entries<Observation>(back?.body as Bundle).map((o) => o.id)).toEqual(seen.slice(0, 4));
    // Newest first.
    expect(pages[0]?.[0]?.effectiveDateTime).toBe('2030-02-03T12:00:00+01:00');
    expect(pages[1]?.[1]?.effectiveDateTime).toBe('2030-02-01T12:00:00+01:00');
    const untotalled = await search(of('_count=4&_total=none'));
    expect(untotalled.total).toBeUndefined();
  });

  it('answers 404 for ids that name nothing', async () => {
    for (const id of [
      `${cyra.id}-hr`,
      `${cyra.id}-zz`,
      'not-an-id',
      '00000000-0000-4000-8000-000000000000-hr',
    ]) {
      const res = await fhirGet<OperationOutcome>(t, `/Observation/${id}`, admin);
      expect(res.status, id).toBe(404);
      expectValidFhir(res.body);
    }
    expect((await fhirGet(t, '/DiagnosticReport/00000000-0000-4000-8000-000000000000', admin)).status).toBe(
      404,
    );
  });
});

describe('a patient reading their own record', () => {
  it('sees only their own Observations and reports; another’s answer 404 and never appear', async () => {
    const own = await search('/Observation?_count=100', ada.headers);
    expect(own.total).toBe(8);
    expect(entries<Observation>(own).every((o) => o.subject?.reference === `Patient/${ada.user.id}`)).toBe(
      true,
    );
    for (const path of [
      `/Observation?patient=${bayo.user.id}`,
      `/Observation?subject=Patient/${cyra.id}`,
      `/DiagnosticReport?patient=${bayo.user.id}`,
      '/DiagnosticReport',
    ]) {
      expect((await search(path, ada.headers)).total, path).toBe(0);
    }
    const bayosReport = entries<DiagnosticReport>(
      await search(`/DiagnosticReport?patient=${bayo.user.id}`),
    )[0];
    const bayosObservation = entries<Observation>(await search(`/Observation?patient=${bayo.user.id}`))[0];
    for (const path of [`/DiagnosticReport/${bayosReport?.id}`, `/Observation/${bayosObservation?.id}`]) {
      const res = await fhirGet<OperationOutcome>(t, path, ada.headers);
      expect(res.status, path).toBe(404);
      expectValidFhir(res.body);
      expect((await fhirGet(t, path, bayo.headers)).status, path).toBe(200);
    }
    const ownObservation = entries<Observation>(own)[0];
    expect((await fhirGet(t, `/Observation/${ownObservation?.id}`, ada.headers)).status).toBe(200);
  });

  it('is refused anonymously', async () => {
    for (const path of ['/Observation', `/Observation/${ada.user.id}-hr`, '/DiagnosticReport']) {
      const res = await fhirGet<OperationOutcome>(t, path);
      expect(res.status, path).toBe(401);
      expectValidFhir(res.body);
    }
  });
});
