import type { PrescriptionResponse } from '@carepoint/contract';
import type {
  Bundle,
  CapabilityStatement,
  Medication,
  MedicationDispense,
  MedicationRequest,
  Resource,
} from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { batchWithStock, mainStore, medicine } from '../../../test/pharmacy';
import { backendToken, bearer } from '../../../test/smart';

/*
 * The pharmacy in FHIR R4 (docs/fhir.md "The pharmacy"): the formulary as Medication (outside
 * every patient's compartment) and each item handed over as a MedicationDispense authorised by
 * the prescription line's MedicationRequest; valid R4, searchable, kept to the patient's own
 * record, and in the bulk export.
 */

type Headers = Record<string, string>;
type Session = { user: TestUser; headers: Headers };

let t: TestApp;
let admin: Session;
let doctor: Session;
let pharmacist: Session;
let patient: Session;
let stranger: Session;
let amoxicillin: Awaited<ReturnType<typeof medicine>>;
let syrup: Awaited<ReturnType<typeof medicine>>;
let combination: Awaited<ReturnType<typeof medicine>>;
let batchNumber: string;
let lineIds: string[];
/** The first visit's amoxicillin, the second visit's amoxicillin, the second visit's syrup. */
let dispenseIds: string[];

const ATC = 'http://www.whocc.no/atc';
const UCUM = 'http://unitsofmeasure.org';

async function post(url: string, headers: Headers, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

const search = async (path: string, headers: Headers = admin.headers) => {
  const answer = await fhirGet<Bundle>(t, path, headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectValidFhir(answer.body);
  return answer.body;
};
const ids = (bundle: Bundle) => entries(bundle).map((r) => `${r.resourceType}/${r.id ?? ''}`);

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = await signedIn(t, 'admin');
  doctor = await signedIn(t, 'doctor');
  pharmacist = await signedIn(t, 'pharmacist', { firstName: 'Tolu', lastName: 'Bakare' });
  patient = await signedIn(t, 'patient');
  stranger = await signedIn(t, 'patient');
  amoxicillin = await medicine(t);
  syrup = await medicine(t, {
    genericName: `Paracetamol ${Date.now()}`,
    strength: '120 mg/5 mL',
    form: 'Syrup',
    dispensingUnit: 'bottle',
    atcCode: 'N02BE01',
  });
  // A combination whose ingredients' amounts the strength does not place; no ATC looked up.
  combination = await medicine(t, {
    genericName: `Artemether/Lumefantrine ${Date.now()}`,
    strength: '20/120 mg',
    form: 'Tablet',
    dispensingUnit: 'tablet',
    atcCode: null,
    active: false,
  });
  const main = await mainStore(t);
  const { batch } = await batchWithStock(t, { medicineId: amoxicillin.id, storeId: main.id, quantity: 50 });
  batchNumber = batch.batchNumber;
  await batchWithStock(t, { medicineId: syrup.id, storeId: main.id, quantity: 5 });
  const written = (
    await post('/api/doctor/prescriptions', doctor.headers, {
      patientId: patient.user.id,
      medicines: [amoxicillin, syrup].map((m) => ({
        name: `${m.genericName} ${m.strength}`,
        medicineId: m.id,
        dosage: '1 capsule',
        duration: '7 Days',
        time: 'After Meal',
        interval: 'Three times daily',
        comment: '',
      })),
      status: true,
    })
  ).json<PrescriptionResponse>().prescription;
  lineIds = written.medicines.map((m) => m.id);
  const [amoxicillinLine = '', syrupLine = ''] = lineIds;
  await post(`/api/pharmacy/dispensing/prescriptions/${written.id}`, pharmacist.headers, {
    lines: [{ lineId: amoxicillinLine, medicineId: amoxicillin.id, quantityPrescribed: 21, quantity: 10 }],
    counselled: true,
  });
  t.clock.advance(60 * 60_000);
  await post(`/api/pharmacy/dispensing/prescriptions/${written.id}`, pharmacist.headers, {
    lines: [
      { lineId: amoxicillinLine, medicineId: amoxicillin.id, quantityPrescribed: 21, quantity: 11 },
      { lineId: syrupLine, medicineId: syrup.id, quantityPrescribed: 1, quantity: 1 },
    ],
  });
  // The items by what they are: the first visit's 10 capsules, the second's 11 and the syrup.
  const items = entries<MedicationDispense>(await search(`/MedicationDispense?patient=${patient.user.id}`));
  const item = (medicineId: string, quantity: number) =>
    items.find(
      (d) =>
        d.medicationReference?.reference === `Medication/${medicineId}` && d.quantity?.value === quantity,
    )?.id ?? '';
  dispenseIds = [item(amoxicillin.id, 10), item(amoxicillin.id, 11), item(syrup.id, 1)];
  // Newest first: the second visit's two items (in id order), then the first's.
  expect(items.map((d) => d.id)).toEqual([...dispenseIds.slice(1).sort(), dispenseIds[0]]);
});
afterAll(() => t.close());

describe('Medication (the formulary)', () => {
  it('gives the ATC code, the name, the form and the strength as an ingredient amount, valid R4', async () => {
    const read = await fhirGet<Medication>(t, `/Medication/${amoxicillin.id}`, admin.headers);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toMatchObject({
      resourceType: 'Medication',
      id: amoxicillin.id,
      code: {
        coding: [{ system: ATC, code: 'J01CA04' }],
        text: `${amoxicillin.genericName} 500 mg Capsule`,
      },
      status: 'active',
      form: { text: 'Capsule' },
      ingredient: [
        {
          itemCodeableConcept: { text: amoxicillin.genericName },
          strength: {
            numerator: { value: 500, unit: 'mg', system: UCUM, code: 'mg' },
            denominator: { value: 1, unit: 'capsule' },
          },
        },
      ],
    });
    const perVolume = (await fhirGet<Medication>(t, `/Medication/${syrup.id}`, admin.headers)).body;
    expectValidFhir(perVolume);
    expect(perVolume.ingredient?.[0]?.strength).toEqual({
      numerator: { value: 120, unit: 'mg', system: UCUM, code: 'mg' },
      denominator: { value: 5, unit: 'mL', system: UCUM, code: 'mL' },
    });
    const unplaced = (await fhirGet<Medication>(t, `/Medication/${combination.id}`, admin.headers)).body;
    expectValidFhir(unplaced);
    expect(unplaced).toMatchObject({
      status: 'inactive',
      code: { text: `${combination.genericName} 20/120 mg Tablet` },
    });
    expect(unplaced.code?.coding).toBeUndefined();
    expect(unplaced.ingredient).toBeUndefined();
  });

  it('searches by ATC code and status', async () => {
    // The seeded formulary has its own paracetamols: every match is N02BE01, ours among them.
    const byCode = entries<Medication>(await search(`/Medication?code=${ATC}|N02BE01&_count=100`));
    expect(byCode.map((m) => m.id)).toContain(syrup.id);
    expect(new Set(byCode.map((m) => m.code?.coding?.[0]?.code))).toEqual(new Set(['N02BE01']));
    expect((await search('/Medication?code=http://other.example|N02BE01')).total).toBe(0);
    const inactive = entries<Medication>(await search('/Medication?status=inactive&_count=100'));
    expect(inactive.map((m) => m.id)).toContain(combination.id);
    expect(inactive.map((m) => m.id)).not.toContain(amoxicillin.id);
  });

  it('names no patient: a patient reads it as they read the doctors; anonymous callers do not', async () => {
    const read = await fhirGet<Medication>(t, `/Medication/${amoxicillin.id}`, stranger.headers);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain('Patient/');
    expect((await fhirGet(t, `/Medication/${amoxicillin.id}`)).status).toBe(401);
    expect((await fhirGet(t, '/Medication/00000000-0000-4000-8000-000000000000', admin.headers)).status).toBe(
      404,
    );
  });
});

describe('MedicationDispense', () => {
  it('gives each item handed over: medicine, prescription line, quantity, when and by whom, valid R4', async () => {
    expect(dispenseIds).toHaveLength(3);
    const first = dispenseIds[0] ?? '';
    const read = await fhirGet<MedicationDispense>(t, `/MedicationDispense/${first}`, admin.headers);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toMatchObject({
      resourceType: 'MedicationDispense',
      id: first,
      status: 'completed',
      medicationReference: {
        reference: `Medication/${amoxicillin.id}`,
        display: `${amoxicillin.genericName} 500 mg Capsule`,
      },
      subject: { reference: `Patient/${patient.user.id}` },
      performer: [{ actor: { display: 'Tolu Bakare' } }],
      authorizingPrescription: [{ reference: `MedicationRequest/${lineIds[0]}` }],
      quantity: { value: 10, unit: 'capsule' },
      whenHandedOver: '2030-01-07T10:00:00+01:00',
      substitution: { wasSubstituted: false },
      note: [
        { text: `Batch ${batchNumber}, expires 2031-01-07` },
        { text: 'The patient was counselled on how to take it' },
      ],
    });
    // The prescription it answers is the MedicationRequest the API serves for that line.
    const request = await fhirGet<MedicationRequest>(t, `/MedicationRequest/${lineIds[0]}`, admin.headers);
    expect(request.status).toBe(200);
  });

  it('searches by patient, prescription, medication and whenhandedover, and includes the Medication', async () => {
    expect(ids(await search(`/MedicationDispense?prescription=MedicationRequest/${lineIds[1]}`))).toEqual([
      `MedicationDispense/${dispenseIds[2]}`,
    ]);
    const amoxicillinItems = await search(`/MedicationDispense?medication=${amoxicillin.id}&_total=accurate`);
    expect(amoxicillinItems.total).toBe(2);
    expect(
      ids(
        await search(`/MedicationDispense?patient=${patient.user.id}&whenhandedover=lt2030-01-07T09:30:00Z`),
      ),
    ).toEqual([`MedicationDispense/${dispenseIds[0]}`]);
    const included = await search(
      `/MedicationDispense?_id=${dispenseIds[0]}&_include=MedicationDispense:medication&_include=MedicationDispense:prescription`,
    );
    expect(ids(included).sort()).toEqual(
      [
        `MedicationDispense/${dispenseIds[0]}`,
        `Medication/${amoxicillin.id}`,
        `MedicationRequest/${lineIds[0]}`,
      ].sort(),
    );
  });

  it("is in the patient's compartment: theirs to read, another patient's 404, in $everything", async () => {
    const own = await fhirGet<MedicationDispense>(
      t,
      `/MedicationDispense/${dispenseIds[0]}`,
      patient.headers,
    );
    expect(own.status).toBe(200);
    expect((await fhirGet(t, `/MedicationDispense/${dispenseIds[0]}`, stranger.headers)).status).toBe(404);
    expect((await search(`/MedicationDispense?_id=${dispenseIds[0]}`, stranger.headers)).entry ?? []).toEqual(
      [],
    );
    const everything = entries(await search(`/Patient/${patient.user.id}/$everything`, patient.headers));
    const types = everything.map((r) => r.resourceType);
    expect(types.filter((type) => type === 'MedicationDispense')).toHaveLength(3);
    expect(types).not.toContain('Medication');
  });

  it('is in the CapabilityStatement with its search parameters and includes', async () => {
    const capability = (await fhirGet<CapabilityStatement>(t, '/metadata')).body;
    const types = capability.rest?.[0]?.resource ?? [];
    expect(types.find((r) => r.type === 'Medication')?.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      '_lastUpdated',
      'code',
      'status',
    ]);
    const dispense = types.find((r) => r.type === 'MedicationDispense');
    expect(dispense?.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      '_lastUpdated',
      'patient',
      'subject',
      'prescription',
      'medication',
      'status',
      'whenhandedover',
    ]);
    expect(dispense?.searchInclude).toEqual([
      'MedicationDispense:patient',
      'MedicationDispense:prescription',
      'MedicationDispense:medication',
    ]);
  });
});

describe('bulk export', () => {
  /** Kicks off an export, runs it, and answers each output type's resource ids (each valid R4). */
  async function exported(path: string, headers: Headers) {
    const kickOff = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4${path}`,
      headers: { ...headers, prefer: 'respond-async' },
    });
    expect(kickOff.statusCode, kickOff.body).toBe(202);
    while ((await t.app.bulkExports.runOnce()) > 0);
    const statusPath = new URL(String(kickOff.headers['content-location'])).pathname;
    const manifest = (await t.app.inject({ method: 'GET', url: statusPath, headers })).json<{
      output: Array<{ type: string; url: string }>;
    }>();
    const found = new Map<string, string[]>();
    for (const file of manifest.output) {
      const got = await t.app.inject({ method: 'GET', url: new URL(file.url).pathname, headers });
      const resources = got.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Resource);
      for (const resource of resources) expectValidFhir(resource);
      found.set(
        file.type,
        resources.map((r) => r.id ?? ''),
      );
    }
    return found;
  }

  it("holds the dispenses in the patients' records and the formulary only at system level", async () => {
    const patientLevel = await exported('/Patient/$export', admin.headers);
    expect(patientLevel.get('MedicationDispense')).toEqual(expect.arrayContaining(dispenseIds));
    expect(patientLevel.has('Medication')).toBe(false);
    const service = await backendToken(
      t,
      admin.headers,
      ['system/Medication.rs', 'system/MedicationDispense.rs'],
      'system/Medication.rs system/MedicationDispense.rs',
    );
    const systemLevel = await exported(
      '/$export?_type=Medication,MedicationDispense',
      bearer(service.accessToken),
    );
    expect(systemLevel.get('Medication')).toEqual(
      expect.arrayContaining([amoxicillin.id, syrup.id, combination.id]),
    );
    expect(systemLevel.get('MedicationDispense')).toEqual(expect.arrayContaining(dispenseIds));
  });

  it('a backend service without a scope for MedicationDispense may not export it', async () => {
    const service = await backendToken(t, admin.headers, ['system/Medication.rs'], 'system/Medication.rs');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/$export?_type=MedicationDispense',
      headers: { ...bearer(service.accessToken), prefer: 'respond-async' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['www-authenticate']).toContain('error="insufficient_scope"');
  });
});
