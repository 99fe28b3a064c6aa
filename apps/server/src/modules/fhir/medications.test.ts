import type { Prescription, PrescriptionInput } from '@carepoint/contract';
import type {
  AllergyIntolerance,
  Bundle,
  CapabilityStatement,
  MedicationRequest,
  Practitioner,
} from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet, follow, versionedMeta } from '../../../test/fhir';
import {
  createTestApp,
  serviceContext,
  signedIn,
  signIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../test/helpers';
import { auditEvents } from '../../db/schema';
import { allergyIntolerances } from './allergy';
import { medicationRequests } from './medication-request';
import type { FhirContext } from './resource-type';

type Headers = Record<string, string>;
interface Session {
  user: TestUser;
  headers: Headers;
}

const FIRST = new Date('2030-01-07T10:00:00Z'); // 11:00 in Lagos
const SECOND = new Date('2030-01-08T22:30:00Z'); // 23:30 on the 8th in Lagos
const THIRD = new Date('2030-01-09T23:30:00Z'); // 00:30 on the 10th in Lagos
const clock = testClock(FIRST);

let t: TestApp;
let admin: Session;
let doctor: Session;
let colleague: Session;
let grace: Session;
let tunde: Session;
/** Grace's first prescription (two lines), her second (one line, turned off), Tunde's (one line). */
let first: Prescription;
let second: Prescription;
let tundes: Prescription;

const CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const VERIFICATION = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const MR_STATUS = 'http://hl7.org/fhir/CodeSystem/medicationrequest-status';

async function recordAllergies(patient: TestUser, allergies: string[]) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/doctor/patients/${patient.id}/medical-details`,
    headers: doctor.headers,
    payload: { allergies },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function prescribe(who: Session, body: PrescriptionInput) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doctor/prescriptions',
    headers: who.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ prescription: Prescription }>().prescription;
}

const line = (name: string, extra: Partial<PrescriptionInput['medicines'][number]> = {}) => ({
  name,
  dosage: '2 tablets',
  duration: '3 Days' as const,
  time: 'After Meal' as const,
  interval: 'Morning and evening' as const,
  comment: '',
  ...extra,
});

/** A search as the caller: the Bundle, validated whole. */
async function search<R extends AllergyIntolerance | MedicationRequest>(query: string, headers: Headers) {
  const res = await fhirGet<Bundle>(t, query, headers);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  expectValidFhir(res.body);
  return { bundle: res.body, resources: entries<R>(res.body) };
}
const ids = async (query: string, headers: Headers = admin.headers) =>
  (await search(query, headers)).resources.map((r) => r.id);

/** Every page from `_count=size` to the end and back to the start: the ids in order, and each page's total. */
async function pageThrough(query: string, size: number, headers: Headers = admin.headers) {
  const pages: Bundle[] = [(await search(`${query}&_count=${size}`, headers)).bundle];
  for (;;) {
    const next = await follow(t, pages.at(-1) as Bundle, 'next', headers);
    if (!next) break;
    expectValidFhir(next.body);
    pages.push(next.body);
  }
  const back: Bundle[] = [pages.at(-1) as Bundle];
  for (;;) {
    const previous = await follow(t, back.at(-1) as Bundle, 'previous', headers);
    if (!previous) break;
    expectValidFhir(previous.body);
    back.push(previous.body);
  }
  return {
    forward: pages.flatMap((p) => entries(p).map((r) => r.id)),
    backward: back.reverse().flatMap((p) => entries(p).map((r) => r.id)),
    totals: [...pages, ...back].map((p) => p.total),
  };
}

/** Sessions end when idle: after the clock jumps a day, everyone signs in again. */
async function signInAgain() {
  for (const session of [admin, doctor, colleague, grace, tunde])
    session.headers = await signIn(t, session.user);
}

const fhirContext = (patientScope?: string): FhirContext => ({
  ctx: serviceContext(t),
  patientScope,
  timeZone: 'Africa/Lagos',
});

beforeAll(async () => {
  t = await createTestApp({ clock, env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = await signedIn(t, 'admin');
  doctor = await signedIn(t, 'doctor', { firstName: 'Daniel', lastName: 'Adeyemi' });
  colleague = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' });
  grace = await signedIn(t, 'patient', { firstName: 'Grace', lastName: 'Nwosu' });
  tunde = await signedIn(t, 'patient', { firstName: 'Tunde', lastName: 'Bakare' });

  await recordAllergies(grace.user, ['Penicillin', 'Peanuts']);
  await recordAllergies(tunde.user, ['NSAIDs']);

  first = await prescribe(doctor, {
    patientId: grace.user.id,
    physicalInfo: { problemDescription: 'Sore throat and fever for two days' },
    medicines: [
      line('Amoxicillin 500 mg', {
        dosage: '500 mg',
        duration: '7 Days',
        time: 'After Meal',
        interval: 'Morning and evening',
        comment: 'Finish the course',
      }),
      line('Paracetamol 500 mg', {
        dosage: 'half a tablet',
        duration: 'Only one day',
        time: 'Before Meal',
        interval: 'Daily evening',
      }),
    ],
    advice: 'Rest and drink plenty of fluids',
    acknowledgeAllergies: true,
  });
  clock.set(SECOND);
  await signInAgain();
  second = await prescribe(colleague, {
    patientId: grace.user.id,
    medicines: [
      line('Vitamin C 1000 mg', { duration: '30 Days', interval: 'Daily morning', time: 'Before Meal' }),
    ],
  });
  const off = await t.app.inject({
    method: 'PATCH',
    url: `/api/doctor/prescriptions/${second.id}/status`,
    headers: colleague.headers,
    payload: { status: false },
  });
  expect(off.statusCode, off.body).toBe(200);
  clock.set(THIRD);
  await signInAgain();
  tundes = await prescribe(doctor, {
    patientId: tunde.user.id,
    medicines: [line('Loratadine 10 mg', { dosage: '1 tab', interval: 'Daily morning' })],
  });
});
afterAll(() => t.close());

const lineId = (p: Prescription, index: number) => p.medicines[index]?.id as string;

/** The audit rows routes.ts wrote for FHIR reads of one resource. */
const readAudits = (id: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'fhir.read'), eq(auditEvents.entityId, id)));

it('lists both types with exactly their search parameters in the CapabilityStatement', async () => {
  const res = await fhirGet<CapabilityStatement>(t, '/metadata');
  expectValidFhir(res.body);
  const params = (type: string) =>
    res.body.rest?.[0]?.resource?.find((r) => r.type === type)?.searchParam?.map((p) => p.name);
  expect(params('AllergyIntolerance')).toEqual([
    '_id',
    '_lastUpdated',
    'patient',
    'clinical-status',
    'verification-status',
  ]);
  expect(params('MedicationRequest')).toEqual([
    '_id',
    '_lastUpdated',
    'patient',
    'authoredon',
    'status',
    'requester',
  ]);
});

// -------------------------------------------------------------------------------------------------
// AllergyIntolerance
// -------------------------------------------------------------------------------------------------

describe('AllergyIntolerance', () => {
  const allergiesOf = async (patient: TestUser, headers: Headers = admin.headers) =>
    (await search<AllergyIntolerance>(`/AllergyIntolerance?patient=Patient/${patient.id}`, headers))
      .resources;

  it('answers each recorded allergy as its own resource, active and confirmed, a known drug as medication', async () => {
    const [penicillin, peanuts] = await allergiesOf(grace.user);
    expect(penicillin).toEqual({
      resourceType: 'AllergyIntolerance',
      meta: versionedMeta(),
      id: expect.stringMatching(new RegExp(`^${grace.user.id}-[0-9a-f]{16}$`)),
      clinicalStatus: { coding: [{ system: CLINICAL, code: 'active', display: 'Active' }] },
      verificationStatus: { coding: [{ system: VERIFICATION, code: 'confirmed', display: 'Confirmed' }] },
      category: ['medication'],
      code: { text: 'Penicillin' },
      patient: { reference: `Patient/${grace.user.id}` },
    });
    // A food: we cannot tell its category from free text, so it is left out.
    expect(peanuts?.code).toEqual({ text: 'Peanuts' });
    expect(peanuts?.category).toBeUndefined();
    expect(peanuts?.id?.length).toBeLessThanOrEqual(64);

    const read = await fhirGet<AllergyIntolerance>(t, `/AllergyIntolerance/${penicillin?.id}`, admin.headers);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toEqual(penicillin);
    const audited = await readAudits(penicillin?.id as string);
    expect(audited.map((row) => [row.entityType, row.patientId])).toEqual([
      ['AllergyIntolerance', grace.user.id],
    ]);
  });

  it('keeps an allergy’s id while others are added and removed, and when only its case changes', async () => {
    const before = await allergiesOf(grace.user);
    const penicillinId = before[0]?.id as string;
    const peanutsId = before[1]?.id as string;
    await recordAllergies(grace.user, ['Latex', 'penicillin']);
    const after = await allergiesOf(grace.user);
    expect(after.map((a) => a.code?.text)).toEqual(['Latex', 'penicillin']);
    expect(after[1]?.id).toBe(penicillinId);
    expect((await fhirGet(t, `/AllergyIntolerance/${penicillinId}`, admin.headers)).status).toBe(200);
    expect((await fhirGet(t, `/AllergyIntolerance/${peanutsId}`, admin.headers)).status).toBe(404);
    await recordAllergies(grace.user, ['Penicillin', 'Peanuts']);
    expect((await allergiesOf(grace.user)).map((a) => a.id)).toEqual([penicillinId, peanutsId]);
  });

  it('answers 404 for ids that are not an allergy of ours', async () => {
    const [penicillin] = await allergiesOf(grace.user);
    const id = penicillin?.id as string;
    for (const bad of [
      grace.user.id,
      `${grace.user.id}-0000000000000000`,
      id.toUpperCase(),
      `${tunde.user.id}-${id.slice(-16)}`,
      'not-an-id',
    ]) {
      expect((await fhirGet(t, `/AllergyIntolerance/${bad}`, admin.headers)).status, bad).toBe(404);
    }
  });

  it('searches by patient, _id, clinical-status and verification-status', async () => {
    const graces = (await allergiesOf(grace.user)).map((a) => a.id as string);
    const [tundesNsaids] = (await allergiesOf(tunde.user)).map((a) => a.id as string);
    expect(await ids(`/AllergyIntolerance?patient=${tunde.user.id}`)).toEqual([tundesNsaids]);
    expect(new Set(await ids(`/AllergyIntolerance?patient=${grace.user.id},${tunde.user.id}`))).toEqual(
      new Set([...graces, tundesNsaids]),
    );
    expect(await ids(`/AllergyIntolerance?patient=Practitioner/${grace.user.id}`)).toEqual([]);
    expect(await ids(`/AllergyIntolerance?_id=${graces[1]},${tundesNsaids}`)).toEqual(
      [graces[1], tundesNsaids].sort(),
    );
    expect(await ids(`/AllergyIntolerance?_id=${graces[1]}&_id=${graces[0]}`)).toEqual([]);
    expect(await ids(`/AllergyIntolerance?_id=${graces[1]}&patient=${tunde.user.id}`)).toEqual([]);
    expect(await ids('/AllergyIntolerance?_id=whatever')).toEqual([]);
    const { bundle } = await search(`/AllergyIntolerance?_id=${graces.join(',')}&_count=1`, admin.headers);
    expect(bundle.total).toBe(2);
    expect(entries(bundle)).toHaveLength(1);

    const all = await ids('/AllergyIntolerance');
    expect(all).toHaveLength(3);
    expect(await ids('/AllergyIntolerance?clinical-status=active')).toEqual(all);
    expect(await ids(`/AllergyIntolerance?clinical-status=${CLINICAL}|active`)).toEqual(all);
    expect(await ids('/AllergyIntolerance?clinical-status=resolved')).toEqual([]);
    expect(await ids('/AllergyIntolerance?clinical-status=http://example.org|active')).toEqual([]);
    expect(await ids(`/AllergyIntolerance?verification-status=${VERIFICATION}|confirmed`)).toEqual(all);
    expect(await ids('/AllergyIntolerance?verification-status=unconfirmed')).toEqual([]);
  });

  it('pages one at a time to the end and back, with the total on every page', async () => {
    const all = await ids('/AllergyIntolerance');
    const paged = await pageThrough('/AllergyIntolerance?clinical-status=active', 1);
    expect(paged.forward).toEqual(all);
    expect(paged.backward).toEqual(all);
    expect(new Set(paged.totals)).toEqual(new Set([3]));
    const two = await pageThrough(`/AllergyIntolerance?patient=${grace.user.id}`, 1);
    expect(two.forward).toHaveLength(2);
    expect(new Set(two.totals)).toEqual(new Set([2]));
  });

  it('keeps a patient to their own allergies; anonymous callers get 401', async () => {
    const [tundesNsaids] = await allergiesOf(tunde.user);
    const graces = (await allergiesOf(grace.user)).map((a) => a.id);
    expect((await fhirGet(t, `/AllergyIntolerance/${graces[0]}`, grace.headers)).status).toBe(200);
    expect((await fhirGet(t, `/AllergyIntolerance/${tundesNsaids?.id}`, grace.headers)).status).toBe(404);
    const own = await search('/AllergyIntolerance', grace.headers);
    expect(own.resources.map((r) => r.id)).toEqual(graces);
    expect(own.bundle.total).toBe(2);
    for (const query of [
      `/AllergyIntolerance?patient=${tunde.user.id}`,
      `/AllergyIntolerance?_id=${tundesNsaids?.id}`,
    ]) {
      const other = await search(query, grace.headers);
      expect(other.resources, query).toEqual([]);
      expect(other.bundle.total, query).toBe(0);
    }
    expect((await fhirGet(t, '/AllergyIntolerance', {})).status).toBe(401);
    expect((await fhirGet(t, `/AllergyIntolerance/${graces[0]}`, {})).status).toBe(401);
  });

  it('gives a patient’s allergies to $everything, and none of another’s to a patient', async () => {
    const graces = (await allergiesOf(grace.user)).map((a) => a.id);
    const everything = await allergyIntolerances.everything?.(fhirContext(), grace.user.id);
    expect(everything?.map((a) => a.id)).toEqual(graces);
    for (const resource of everything ?? []) expectValidFhir(resource);
    expect(await allergyIntolerances.everything?.(fhirContext(grace.user.id), tunde.user.id)).toEqual([]);
  });
});

// -------------------------------------------------------------------------------------------------
// MedicationRequest
// -------------------------------------------------------------------------------------------------

describe('MedicationRequest', () => {
  const read = async (id: string, headers: Headers = admin.headers) => {
    const res = await fhirGet<MedicationRequest>(t, `/MedicationRequest/${id}`, headers);
    expect(res.status).toBe(200);
    expectValidFhir(res.body);
    return res.body;
  };

  it('answers each medicine line with its prescription’s patient, doctor, date, reason and advice', async () => {
    const amoxicillin = await read(lineId(first, 0));
    expect(amoxicillin).toMatchObject({
      resourceType: 'MedicationRequest',
      id: lineId(first, 0),
      status: 'active',
      intent: 'order',
      groupIdentifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${first.id}` },
      medicationCodeableConcept: { text: 'Amoxicillin 500 mg' },
      subject: { reference: `Patient/${grace.user.id}` },
      requester: { reference: `Practitioner/${doctor.user.id}` },
      authoredOn: '2030-01-07T11:00:00+01:00',
      reasonCode: [{ text: 'Sore throat and fever for two days' }],
    });
    // The acknowledged allergy warning is on the line it was about, the advice on every line.
    // Who confirmed it and when: the printed prescription's sentence, the prescriber as its author.
    expect(amoxicillin.note).toEqual([
      {
        authorReference: { reference: `Practitioner/${doctor.user.id}`, display: 'Dr Daniel Adeyemi' },
        time: '2030-01-07T11:00:00+01:00',
        text: 'Prescribed despite the recorded allergy to Penicillin: Dr Daniel Adeyemi was warned and confirmed on 7 Jan 2030, 11:00.',
      },
      { text: 'Advice: Rest and drink plenty of fluids' },
    ]);
    const audited = await readAudits(lineId(first, 0));
    expect(audited.map((row) => [row.entityType, row.patientId])).toEqual([
      ['MedicationRequest', grace.user.id],
    ]);
    const paracetamol = await read(lineId(first, 1));
    expect(paracetamol.groupIdentifier).toEqual(amoxicillin.groupIdentifier);
    expect(paracetamol.note).toEqual([{ text: 'Advice: Rest and drink plenty of fluids' }]);

    const vitaminC = await read(lineId(second, 0));
    expect(vitaminC.groupIdentifier?.value).toBe(`urn:uuid:${second.id}`);
    expect(vitaminC.requester).toEqual({ reference: `Practitioner/${colleague.user.id}` });
    expect(vitaminC.authoredOn).toBe('2030-01-08T23:30:00+01:00');
    expect(vitaminC.reasonCode).toBeUndefined();
    expect(vitaminC.note).toBeUndefined();
  });

  it('gives the dosage as printed, with structured timing, duration and (where it reads as one) dose', async () => {
    const [amoxicillin] = (await read(lineId(first, 0))).dosageInstruction ?? [];
    expect(amoxicillin).toEqual({
      text: '500 mg, 7 Days, After Meal, Morning and evening, Finish the course',
      timing: {
        repeat: {
          boundsDuration: { value: 7, unit: 'days', system: 'http://unitsofmeasure.org', code: 'd' },
          frequency: 2,
          period: 1,
          periodUnit: 'd',
          when: ['PCM', 'PCV'],
        },
      },
      doseAndRate: [
        { doseQuantity: { value: 500, unit: 'mg', system: 'http://unitsofmeasure.org', code: 'mg' } },
      ],
    });
    const [paracetamol] = (await read(lineId(first, 1))).dosageInstruction ?? [];
    expect(paracetamol?.text).toBe('half a tablet, Only one day, Before Meal, Daily evening');
    expect(paracetamol?.timing?.repeat).toMatchObject({
      boundsDuration: { value: 1, unit: 'day', code: 'd' },
      frequency: 1,
      when: ['ACV'],
    });
    expect(paracetamol?.doseAndRate).toBeUndefined();
    const [vitaminC] = (await read(lineId(second, 0))).dosageInstruction ?? [];
    expect(vitaminC?.timing?.repeat).toMatchObject({ boundsDuration: { value: 30 }, when: ['ACM'] });
    expect(vitaminC?.doseAndRate?.[0]?.doseQuantity).toEqual({
      value: 2,
      unit: 'tablet',
      system: 'http://terminology.hl7.org/CodeSystem/v3-orderableDrugForm',
      code: 'TAB',
    });
    const [loratadine] = (await read(lineId(tundes, 0))).dosageInstruction ?? [];
    expect(loratadine?.doseAndRate?.[0]?.doseQuantity).toMatchObject({ value: 1, code: 'TAB' });
    expect(loratadine?.asNeededBoolean).toBeUndefined();
  });

  it('maps our status toggle: on is active, off is stopped', async () => {
    expect((await read(lineId(first, 0))).status).toBe('active');
    expect((await read(lineId(second, 0))).status).toBe('stopped');
  });

  it('references a requester any caller, the patient too, can read as a Practitioner', async () => {
    const amoxicillin = await read(lineId(first, 0), grace.headers);
    const res = await fhirGet<Practitioner>(t, `/${amoxicillin.requester?.reference}`, grace.headers);
    expect(res.status).toBe(200);
    expectValidFhir(res.body);
    expect(res.body.name?.[0]?.family).toBe('Adeyemi');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const bad of ['00000000-0000-4000-8000-000000000000', first.id, 'abc']) {
      expect((await fhirGet(t, `/MedicationRequest/${bad}`, admin.headers)).status, bad).toBe(404);
    }
  });

  it('searches newest prescription first, its lines in order, by patient, requester, status and _id', async () => {
    const everyLine = [lineId(tundes, 0), lineId(second, 0), lineId(first, 0), lineId(first, 1)];
    expect(await ids('/MedicationRequest')).toEqual(everyLine);
    expect(await ids(`/MedicationRequest?patient=Patient/${grace.user.id}`)).toEqual(everyLine.slice(1));
    expect(await ids(`/MedicationRequest?patient=${tunde.user.id}`)).toEqual([lineId(tundes, 0)]);
    expect(await ids(`/MedicationRequest?requester=Practitioner/${colleague.user.id}`)).toEqual([
      lineId(second, 0),
    ]);
    expect(await ids(`/MedicationRequest?requester=${doctor.user.id}&patient=${grace.user.id}`)).toEqual(
      everyLine.slice(2),
    );
    expect(await ids('/MedicationRequest?status=stopped')).toEqual([lineId(second, 0)]);
    expect(await ids(`/MedicationRequest?status=${MR_STATUS}|active`)).toEqual([
      lineId(tundes, 0),
      lineId(first, 0),
      lineId(first, 1),
    ]);
    expect(await ids('/MedicationRequest?status=active,stopped')).toEqual(everyLine);
    expect(await ids('/MedicationRequest?status=completed')).toEqual([]);
    expect(await ids('/MedicationRequest?status=http://example.org|active')).toEqual([]);
    expect(await ids(`/MedicationRequest?_id=${lineId(first, 1)},${lineId(second, 0)}`)).toEqual([
      lineId(second, 0),
      lineId(first, 1),
    ]);
    expect(await ids(`/MedicationRequest?_id=${first.id}`)).toEqual([]);
  });

  it('searches by date (authoredOn) with every prefix, on the facility’s calendar', async () => {
    const [t1, t2, t3] = [lineId(tundes, 0), lineId(second, 0), lineId(first, 0)];
    const f2 = lineId(first, 1);
    const cases: Array<[string, string[]]> = [
      ['2030-01-07', [t3, f2]],
      ['eq2030-01-08', [t2]],
      // 22:30 UTC on the 8th is the 8th in Lagos; 23:30 UTC on the 9th is the 10th there.
      ['2030-01-09', []],
      ['2030-01-10', [t1]],
      ['ge2030-01-08', [t1, t2]],
      ['gt2030-01-08', [t1]],
      ['le2030-01-08', [t2, t3, f2]],
      ['lt2030-01-08', [t3, f2]],
      ['2030-01', [t1, t2, t3, f2]],
      ['2029', []],
      ['2030-01-07T11:00', [t3, f2]],
      ['2030-01-07T10:00:00Z', [t3, f2]],
      ['gt2030-01-07T11:00:00+01:00', [t1, t2]],
      ['lt2030-01-08T23:30', [t3, f2]],
      ['le2030-01-08T23:30', [t2, t3, f2]],
    ];
    for (const [value, expected] of cases) {
      expect(await ids(`/MedicationRequest?authoredon=${encodeURIComponent(value)}`), value).toEqual(
        expected,
      );
    }
    expect(await ids('/MedicationRequest?authoredon=ge2030-01-08&authoredon=lt2030-01-10')).toEqual([t2]);
    expect(await ids('/MedicationRequest?authoredon=2030-01-07,2030-01-10')).toEqual([t1, t3, f2]);
    expect((await fhirGet(t, '/MedicationRequest?authoredon=2030-13-01', admin.headers)).status).toBe(400);
    expect((await fhirGet(t, '/MedicationRequest?authoredon=sa2030-01-01', admin.headers)).status).toBe(400);
  });

  it('pages one at a time to the end and back, with the total on every page', async () => {
    const all = await ids('/MedicationRequest');
    const paged = await pageThrough('/MedicationRequest?authoredon=ge2030-01-01', 1);
    expect(paged.forward).toEqual(all);
    expect(paged.backward).toEqual(all);
    expect(new Set(paged.totals)).toEqual(new Set([4]));
    const graces = await pageThrough(`/MedicationRequest?patient=${grace.user.id}`, 2);
    expect(graces.forward).toEqual(all.slice(1));
    expect(new Set(graces.totals)).toEqual(new Set([3]));
  });

  it('keeps a patient to their own prescriptions; anonymous callers get 401', async () => {
    const own = await search('/MedicationRequest', grace.headers);
    expect(own.resources.map((r) => r.id)).toEqual([lineId(second, 0), lineId(first, 0), lineId(first, 1)]);
    expect(own.bundle.total).toBe(3);
    expect((await fhirGet(t, `/MedicationRequest/${lineId(tundes, 0)}`, grace.headers)).status).toBe(404);
    for (const query of [
      `/MedicationRequest?patient=${tunde.user.id}`,
      `/MedicationRequest?_id=${lineId(tundes, 0)}`,
      `/MedicationRequest?requester=${doctor.user.id}&authoredon=2030-01-10`,
    ]) {
      const other = await search(query, grace.headers);
      expect(other.resources, query).toEqual([]);
      expect(other.bundle.total, query).toBe(0);
    }
    const tundesOwn = await search(`/MedicationRequest?patient=${tunde.user.id}`, tunde.headers);
    expect(tundesOwn.resources.map((r) => r.id)).toEqual([lineId(tundes, 0)]);
    expect((await fhirGet(t, '/MedicationRequest', {})).status).toBe(401);
    expect((await fhirGet(t, `/MedicationRequest/${lineId(first, 0)}`, {})).status).toBe(401);
  });

  it('gives a patient’s medicine lines to $everything, and none of another’s to a patient', async () => {
    const everything = await medicationRequests.everything?.(fhirContext(), grace.user.id);
    expect(everything?.map((r) => r.id)).toEqual([lineId(second, 0), lineId(first, 0), lineId(first, 1)]);
    for (const resource of everything ?? []) expectValidFhir(resource);
    expect(await medicationRequests.everything?.(fhirContext(grace.user.id), tunde.user.id)).toEqual([]);
  });

  it('gives a medicine taken as needed asNeededBoolean and no daily frequency', async () => {
    // Written last: the searches above count every line.
    const asNeeded = await prescribe(doctor, {
      patientId: tunde.user.id,
      medicines: [line('Paracetamol 500 mg', { dosage: '500 mg', interval: 'As needed' })],
    });
    const resource = await read(lineId(asNeeded, 0));
    expectValidFhir(resource);
    const [paracetamol] = resource.dosageInstruction ?? [];
    expect(paracetamol).toMatchObject({
      text: '500 mg, 3 Days, After Meal, As needed',
      asNeededBoolean: true,
      timing: { repeat: { boundsDuration: { value: 3, unit: 'days' }, when: ['PC'] } },
    });
    expect(paracetamol?.timing?.repeat?.frequency).toBeUndefined();
    expect(paracetamol?.timing?.repeat?.periodUnit).toBeUndefined();
  });

  it('times three and four times daily per day, every 6, 8 and 12 hours per hours, any number of days', async () => {
    // Written last: the searches above count every line.
    const p = await prescribe(doctor, {
      patientId: tunde.user.id,
      medicines: [
        line('Amoxicillin 500 mg', {
          interval: 'Three times daily',
          duration: '5 Days',
          time: 'Before Meal',
        }),
        line('Paracetamol 1 g', { interval: 'Four times daily', duration: '14 Days' }),
        line('Ibuprofen 400 mg', { interval: 'Every 6 hours', duration: 'Only one day' }),
        line('Ciprofloxacin 500 mg', { interval: 'Every 8 hours', duration: '10 Days' }),
        line('Metronidazole 400 mg', {
          interval: 'Every 12 hours',
          duration: 'Other number of days',
          durationDays: '21',
        }),
      ],
      acknowledgeAllergies: true,
    });
    const repeats = [];
    for (const [index] of p.medicines.entries()) {
      const resource = await read(lineId(p, index));
      expectValidFhir(resource);
      repeats.push(resource.dosageInstruction?.[0]?.timing?.repeat);
    }
    const days = (value: number) => ({
      value,
      unit: value === 1 ? 'day' : 'days',
      system: 'http://unitsofmeasure.org',
      code: 'd',
    });
    expect(repeats).toEqual([
      { boundsDuration: days(5), frequency: 3, period: 1, periodUnit: 'd', when: ['AC'] },
      // A fourth dose at bedtime and doses by the clock are not at meals: no `when`.
      { boundsDuration: days(14), frequency: 4, period: 1, periodUnit: 'd' },
      { boundsDuration: days(1), frequency: 1, period: 6, periodUnit: 'h' },
      { boundsDuration: days(10), frequency: 1, period: 8, periodUnit: 'h' },
      { boundsDuration: days(21), frequency: 1, period: 12, periodUnit: 'h' },
    ]);
    expect((await read(lineId(p, 4))).dosageInstruction?.[0]?.text).toBe(
      '2 tablets, 21 Days, After Meal, Every 12 hours',
    );
  });
});
