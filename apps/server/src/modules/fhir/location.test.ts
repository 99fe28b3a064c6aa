import type { Bundle, Location } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client } from '../../../test/admin';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../test/helpers';

/* Wards and beds as FHIR Location: shape, read, search and who may read them. */

type Headers = Record<string, string>;
let t: TestApp;
let admin: Client & { headers: Headers };
let patientHeaders: Headers;
const ids: Record<string, string> = {};

const V2_BED_STATUS = 'http://terminology.hl7.org/CodeSystem/v2-0116';
const PHYSICAL_TYPE = 'http://terminology.hl7.org/CodeSystem/location-physical-type';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  patientHeaders = (await signedIn(t, 'patient')).headers;
  const ward = (await admin.post('/api/admin/wards', { name: 'Loc Maternity', kind: 'Maternity' })).json();
  ids.ward = ward.id;
  const patient = await createUser(t, 'patient', { gender: 'female' });
  for (const [label, status, patientId] of [
    ['Loc-1', 'Free', undefined],
    ['Loc-2', 'Occupied', patient.id],
    ['Loc-3', 'Reserved', undefined],
    ['Loc-4', 'Cleaning', undefined],
  ] as const) {
    const bed = (await admin.post('/api/admin/beds', { label, wardId: ward.id })).json();
    ids[label] = bed.id;
    if (status !== 'Free') await admin.put(`/api/admin/beds/${bed.id}`, { label, status, patientId });
  }
});
afterAll(() => t.close());

const search = (query: string, headers: Headers = admin.headers) =>
  fhirGet<Bundle>(t, `/Location?${query}`, headers);
const names = (bundle: Bundle) => entries<Location>(bundle).map((l) => l.name);

describe('Location', () => {
  it('reads a ward (physicalType wa) and a bed (bd, partOf its ward, operationalStatus), valid R4', async () => {
    const ward = await fhirGet<Location>(t, `/Location/${ids.ward}`, admin.headers);
    expect(ward.status).toBe(200);
    expectValidFhir(ward.body);
    expect(ward.body).toMatchObject({
      resourceType: 'Location',
      id: ids.ward,
      status: 'active',
      mode: 'instance',
      name: 'Loc Maternity',
      type: [{ text: 'Maternity' }],
      physicalType: { coding: [{ system: PHYSICAL_TYPE, code: 'wa', display: 'Ward' }] },
    });
    expect(ward.body.operationalStatus).toBeUndefined();
    const bed = await fhirGet<Location>(t, `/Location/${ids['Loc-2']}`, admin.headers);
    expectValidFhir(bed.body);
    expect(bed.body).toMatchObject({
      name: 'Loc-2',
      physicalType: { coding: [{ system: PHYSICAL_TYPE, code: 'bd', display: 'Bed' }] },
      partOf: { reference: `Location/${ids.ward}`, display: 'Loc Maternity' },
      operationalStatus: { system: V2_BED_STATUS, code: 'O', display: 'Occupied' },
    });
    // A bed names no patient: Location is outside every patient's compartment.
    expect(JSON.stringify(bed.body)).not.toContain('Patient/');
  });

  it('maps each bed state to its operationalStatus, Reserved to our own code', async () => {
    const bundle = (await search(`partof=Location/${ids.ward}`)).body;
    expectValidFhir(bundle);
    const byName = Object.fromEntries(entries<Location>(bundle).map((l) => [l.name, l.operationalStatus]));
    expect(byName).toEqual({
      'Loc-1': { system: V2_BED_STATUS, code: 'U', display: 'Unoccupied' },
      'Loc-2': { system: V2_BED_STATUS, code: 'O', display: 'Occupied' },
      'Loc-3': {
        system: 'http://localhost:3000/fhir/CodeSystem/bed-status',
        code: 'reserved',
        display: 'Reserved',
      },
      'Loc-4': { system: V2_BED_STATUS, code: 'H', display: 'Housekeeping' },
    });
  });

  it('searches by name, partof and operational-status, with totals', async () => {
    expect(names((await search('name=loc')).body)).toEqual([
      'Loc Maternity',
      'Loc-1',
      'Loc-2',
      'Loc-3',
      'Loc-4',
    ]);
    const free = (await search(`partof=${ids.ward}&operational-status=U`)).body;
    expect(names(free)).toEqual(['Loc-1']);
    expect(free.total).toBe(1);
    expect(names((await search(`partof=${ids.ward}&operational-status=${V2_BED_STATUS}|H,O`)).body)).toEqual([
      'Loc-2',
      'Loc-4',
    ]);
    expect(names((await search(`partof=${ids.ward}&operational-status=reserved`)).body)).toEqual(['Loc-3']);
    expect((await search(`partof=${ids.ward}&operational-status=http://other.example|U`)).body.total).toBe(0);
    expect(names((await search(`_id=${ids.ward}`)).body)).toEqual(['Loc Maternity']);
  });

  it('pages wards and beds in one order', async () => {
    const first = (await search('name=loc&_count=2')).body;
    expect(names(first)).toEqual(['Loc Maternity', 'Loc-1']);
    const next = first.link?.find((l) => l.relation === 'next')?.url;
    expect(next).toBeDefined();
    const path = next ? new URL(next).pathname.replace(/^\/fhir\/R4/, '') + new URL(next).search : '';
    expect(names((await fhirGet<Bundle>(t, path, admin.headers)).body)).toEqual(['Loc-2', 'Loc-3']);
  });

  it('a patient reads the wards and beds as they read the doctors; anonymous callers do not', async () => {
    expect((await fhirGet<Location>(t, `/Location/${ids['Loc-1']}`, patientHeaders)).status).toBe(200);
    expect((await fhirGet<Location>(t, `/Location/${ids['Loc-1']}`)).status).toBe(401);
    expect(
      (await fhirGet<Location>(t, '/Location/00000000-0000-4000-8000-000000000000', admin.headers)).status,
    ).toBe(404);
  });

  it('is in the CapabilityStatement with its search parameters', async () => {
    const capability = (
      await fhirGet<{
        rest: Array<{ resource: Array<{ type: string; searchParam?: Array<{ name: string }> }> }>;
      }>(t, '/metadata')
    ).body;
    const location = capability.rest[0]?.resource.find((r) => r.type === 'Location');
    expect(location?.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      '_lastUpdated',
      'name',
      'partof',
      'operational-status',
    ]);
  });
});
