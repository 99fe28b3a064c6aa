import type { Bundle, Coverage } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverage, hmo } from '../../../test/billing';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, createUser, serviceContext, signedIn, type TestApp } from '../../../test/helpers';
import { exportableTypes, resourcesOfPatients } from './bulk/contents';
import { coveragesType } from './coverage';

/*
 * A patient's coverage as FHIR R4 Coverage (docs/fhir.md): valid, its fields, search by patient,
 * beneficiary, payor and status, the patient compartment and the bulk export.
 */

let t: TestApp;
let nhia: Awaited<ReturnType<typeof hmo>>;
let hmoPayer: Awaited<ReturnType<typeof hmo>>;

beforeAll(async () => {
  t = await createTestApp();
  nhia = await hmo(t, { kind: 'nhia', name: 'NHIA' });
  hmoPayer = await hmo(t, { name: 'Cover HMO' });
});
afterAll(() => t.close());

describe('FHIR Coverage', () => {
  it('reads and searches valid R4 Coverages by patient, beneficiary, payor and status', async () => {
    const someone = await createUser(t, 'patient');
    const pct = await coverage(t, someone.id, nhia.id, {
      plan: 'Formal sector',
      validFrom: '2029-01-01',
      shareBp: 1_050,
      validTo: '2030-12-31',
    });
    const copay = await coverage(t, someone.id, hmoPayer.id, {
      validFrom: '2029-03-01',
      shareKind: 'copay',
      shareBp: null,
      copayAmount: 123_456,
    });
    const { headers } = await signedIn(t, 'admin');
    const read = await fhirGet<Coverage>(t, `/Coverage/${pct.id}`, headers);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toMatchObject({
      status: 'active',
      type: { coding: [{ code: 'PUBLICPOL' }] },
      beneficiary: { reference: `Patient/${someone.id}` },
      subscriber: { reference: `Patient/${someone.id}` },
      subscriberId: pct.memberNumber,
      payor: [{ reference: `Organization/${nhia.id}`, display: 'NHIA' }],
      period: { start: '2029-01-01', end: '2030-12-31' },
      class: [{ value: 'Formal sector' }],
      costToBeneficiary: [
        { valueQuantity: { value: 10.5, unit: '%', system: 'http://unitsofmeasure.org', code: '%' } },
      ],
    });
    const money = (await fhirGet<Coverage>(t, `/Coverage/${copay.id}`, headers)).body;
    expectValidFhir(money);
    expect(money.type?.coding?.[0]?.code).toBe('HMO');
    expect(money.costToBeneficiary?.[0]?.valueMoney).toEqual({ value: 1234.56, currency: 'NGN' });

    const search = async (query: string) => {
      const res = await fhirGet<Bundle>(t, `/Coverage?${query}`, headers);
      expect(res.status).toBe(200);
      return entries<Coverage>(res.body).map((c) => c.id);
    };
    expect(await search(`patient=${someone.id}`)).toEqual([copay.id, pct.id]);
    expect(await search(`beneficiary=Patient/${someone.id}`)).toEqual([copay.id, pct.id]);
    expect(await search(`beneficiary=${someone.id}&payor=Organization/${hmoPayer.id}`)).toEqual([copay.id]);
    expect(await search(`patient=${someone.id}&status=active`)).toEqual([copay.id, pct.id]);
    expect(await search(`patient=${someone.id}&status=cancelled`)).toEqual([]);

    // A patient reads their own coverage only.
    const own = { cookie: (await signedIn(t, 'patient')).headers.cookie };
    expect((await fhirGet(t, `/Coverage/${pct.id}`, own)).status).toBe(404);
    const everything = await fhirGet<Bundle>(t, `/Patient/${someone.id}/$everything`, headers);
    expect(entries(everything.body).filter((r) => r.resourceType === 'Coverage')).toHaveLength(2);

    // In a patient-level bulk export, read through the same search.
    expect(exportableTypes('patient').map((type) => type.type)).toContain('Coverage');
    const fhir = { ctx: serviceContext(t), patientScope: undefined, timeZone: t.app.config.TIME_ZONE };
    const exported = await resourcesOfPatients(fhir, coveragesType, [someone.id], null);
    expect(exported.map((c) => c.id).sort()).toEqual([copay.id, pct.id].sort());
  });
});
