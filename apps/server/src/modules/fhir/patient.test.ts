import type { Bundle, CapabilityStatement, OperationOutcome, Patient } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet, follow, versionedMeta } from '../../../test/fhir';
import {
  createTestApp,
  createUser,
  signedIn,
  signIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { auditEvents } from '../../db/schema';

type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
let doctor: Headers;
/** A signed-in patient with no birth date: never in the birthdate searches below. */
let me: TestUser;
let myHeaders: Headers;
const named: Record<string, TestUser> = {};

// A low count cap, so the test can see a total left out past it (docs/fhir.md: totals).
const COUNT_CAP = 8;

beforeAll(async () => {
  t = await createTestApp({ env: { LIST_COUNT_CAP: String(COUNT_CAP) } });
  admin = (await signedIn(t, 'admin')).headers;
  doctor = (await signedIn(t, 'doctor', { firstName: 'Okanga', lastName: 'Doctor' })).headers;
  const signed = await signedIn(t, 'patient', { firstName: 'Mimi', lastName: 'Self' });
  me = signed.user;
  myHeaders = signed.headers;
  for (const [firstName, lastName, fields] of [
    [
      'Ngozi',
      'Okafor',
      {
        email: 'ngozi.okafor@test.example',
        phone: '+234 803 123 4567',
        gender: 'female',
        dateOfBirth: '1990-05-17',
        address: '12 Allen Avenue, Ikeja, Lagos',
      },
    ],
    ['Chidi', 'Okafor', { gender: 'male', dateOfBirth: '1990-12-01', phone: '0809 555 0000' }],
    ['Amaka', 'Okafor', { dateOfBirth: '1985-01-01', status: 'Inactive' }],
    ['Okala', 'Bello', { dateOfBirth: '2000-02-29' }],
    ['Derek', 'Van', {}],
    ['Ade', 'Van der Berg', {}],
  ] as const) {
    named[`${firstName} ${lastName}`] = await createUser(t, 'patient', { firstName, lastName, ...fields });
  }
});
afterAll(() => t.close());

const idOf = (name: string) => (named[name] as TestUser).id;
const recordNumberOf = (name: string) => (named[name] as TestUser).recordNumber ?? '';
const SYSTEM = 'http://localhost:3000/fhir/identifiers/patient';
const fullName = (p: Patient) => `${p.name?.[0]?.given?.[0]} ${p.name?.[0]?.family}`;

/** A search as `headers`, checked as valid R4 (the Bundle and every entry). */
async function search(query: string, headers: Headers = admin) {
  const res = await fhirGet<Bundle>(t, `/Patient?${query}`, headers);
  expect(res.status, query).toBe(200);
  expectValidFhir(res.body);
  return res.body;
}
const names = async (query: string, headers: Headers = admin) =>
  entries<Patient>(await search(query, headers)).map(fullName);

describe('Patient read', () => {
  it('maps a patient: name, telecom, gender, birth date, address, active; valid R4; audited', async () => {
    const id = idOf('Ngozi Okafor');
    const res = await fhirGet<Patient>(t, `/Patient/${id}`, doctor);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/fhir+json; charset=utf-8');
    expectValidFhir(res.body);
    expect(recordNumberOf('Ngozi Okafor')).toMatch(/^CP-\d{6}$/);
    expect(res.body).toEqual({
      resourceType: 'Patient',
      id,
      meta: versionedMeta(),
      identifier: [
        {
          use: 'usual',
          type: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
                code: 'MR',
                display: 'Medical record number',
              },
            ],
          },
          system: SYSTEM,
          value: recordNumberOf('Ngozi Okafor'),
        },
      ],
      active: true,
      name: [{ use: 'official', text: 'Ngozi Okafor', family: 'Okafor', given: ['Ngozi'] }],
      telecom: [
        { system: 'email', value: 'ngozi.okafor@test.example', use: 'home' },
        { system: 'phone', value: '+234 803 123 4567', use: 'mobile' },
      ],
      gender: 'female',
      birthDate: '1990-05-17',
      address: [{ use: 'home', text: '12 Allen Avenue, Ikeja, Lagos' }],
    });
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fhir.read'), eq(auditEvents.entityId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: 'Patient', patientId: id });
  });

  it('leaves out what is not recorded, and shows a deactivated account as inactive', async () => {
    const res = await fhirGet<Patient>(t, `/Patient/${idOf('Amaka Okafor')}`, admin);
    expectValidFhir(res.body);
    expect(res.body.active).toBe(false);
    expect(res.body).not.toHaveProperty('gender');
    expect(res.body).not.toHaveProperty('address');
    expect(res.body.telecom?.map((c) => c.system)).toEqual(['email']);
  });

  it('answers 404 for an unknown id, a doctor or admin id; 401 anonymous', async () => {
    const doctorUser = await createUser(t, 'doctor');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', doctorUser.id]) {
      const res = await fhirGet<OperationOutcome>(t, `/Patient/${id}`, admin);
      expect(res.status, id).toBe(404);
      expectValidFhir(res.body);
    }
    expect((await fhirGet(t, `/Patient/${me.id}`)).status).toBe(401);
    expect((await fhirGet(t, '/Patient?name=oka')).status).toBe(401);
  });

  it('is listed first in the CapabilityStatement with its search parameters', async () => {
    const res = await fhirGet<CapabilityStatement>(t, '/metadata');
    const resources = res.body.rest?.[0]?.resource ?? [];
    expect(resources[0]?.type).toBe('Patient');
    expect(resources[0]?.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      '_lastUpdated',
      'name',
      'family',
      'given',
      'birthdate',
      'identifier',
      'email',
      'phone',
    ]);
    const identifier = resources[0]?.searchParam?.find((p) => p.name === 'identifier');
    expect(identifier).toMatchObject({
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Patient-identifier',
    });
  });
});

describe('Patient search', () => {
  it('name: the start of the family name first (by family, given), then of the given name or whole name', async () => {
    expect(await names('name=oka')).toEqual(['Amaka Okafor', 'Chidi Okafor', 'Ngozi Okafor', 'Okala Bello']);
    expect(await names('name=OKAFOR')).toEqual(['Amaka Okafor', 'Chidi Okafor', 'Ngozi Okafor']);
    expect(await names('name=ngozi%20oka')).toEqual(['Ngozi Okafor']);
    expect(await names('name=chidi,bello')).toEqual(['Okala Bello', 'Chidi Okafor']);
    expect(await names('name=oka&name=ng')).toEqual(['Ngozi Okafor']);
    expect(await names('name:exact=Okafor')).toEqual(['Amaka Okafor', 'Chidi Okafor', 'Ngozi Okafor']);
    expect(await names('name:exact=okafor')).toEqual([]);
    expect(await names('name=kafor')).toEqual([]);
    expect(await names('name=50%25')).toEqual([]);
    // Patients only: the doctor named Okanga is not a Patient.
    expect(await names('name=okan')).toEqual([]);
  });

  it('family and given: the start of that part only; a space does not run on into the other part', async () => {
    expect(await names('family=okaf')).toEqual(['Amaka Okafor', 'Chidi Okafor', 'Ngozi Okafor']);
    expect(await names('family=oka&given=c')).toEqual(['Chidi Okafor']);
    expect(await names('family=van')).toEqual(['Derek Van', 'Ade Van der Berg']);
    expect(await names('family=van%20der')).toEqual(['Ade Van der Berg']);
    expect(await names('family:exact=Van')).toEqual(['Derek Van']);
    expect(await names('given=oka')).toEqual(['Okala Bello']);
    expect(await names('given=ngozi%20o')).toEqual([]);
    expect(await names('given=a,c')).toEqual(['Ade Van der Berg', 'Amaka Okafor', 'Chidi Okafor']);
    expect(await names('given:exact=Ngozi&name=oka')).toEqual(['Ngozi Okafor']);
    expect(await names('given:exact=ngozi')).toEqual([]);
    expect(await names('family=van&given=a')).toEqual(['Ade Van der Berg']);
    expect(await names('family=van%20der&given=d')).toEqual([]);
  });

  it('birthdate: eq, gt, lt, ge, le at year, month and day precision', async () => {
    const cases: Array<[string, string[]]> = [
      ['1990', ['Chidi Okafor', 'Ngozi Okafor']],
      ['eq1990-05', ['Ngozi Okafor']],
      ['eq1990-05-17', ['Ngozi Okafor']],
      ['1990-05-18', []],
      ['gt1990', ['Okala Bello']],
      ['gt1990-05', ['Okala Bello', 'Chidi Okafor']],
      ['gt1990-12-01', ['Okala Bello']],
      ['lt1990', ['Amaka Okafor']],
      ['lt1990-12', ['Amaka Okafor', 'Ngozi Okafor']],
      ['lt1990-05-17', ['Amaka Okafor']],
      ['ge1990', ['Okala Bello', 'Chidi Okafor', 'Ngozi Okafor']],
      ['ge1990-06', ['Okala Bello', 'Chidi Okafor']],
      ['ge2000-02-29', ['Okala Bello']],
      ['le1985', ['Amaka Okafor']],
      ['le1990-05', ['Amaka Okafor', 'Ngozi Okafor']],
      ['le1990-12-01', ['Amaka Okafor', 'Chidi Okafor', 'Ngozi Okafor']],
    ];
    for (const [value, expected] of cases) {
      expect(await names(`birthdate=${value}`), value).toEqual(expected);
    }
    expect(await names('birthdate=ge1990&birthdate=lt1991')).toEqual(['Chidi Okafor', 'Ngozi Okafor']);
    expect(await names('birthdate=1985,2000')).toEqual(['Okala Bello', 'Amaka Okafor']);
    const bad = await fhirGet<OperationOutcome>(t, '/Patient?birthdate=1990-13', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.issue[0]?.expression).toEqual(['birthdate']);
  });

  it('email: the whole address in any case; phone: the same digits, a leading 0 also finds +234', async () => {
    expect(await names('email=NGOZI.Okafor@test.example')).toEqual(['Ngozi Okafor']);
    expect(await names('email=ngozi')).toEqual([]);
    expect(await names('phone=%2B2348031234567')).toEqual(['Ngozi Okafor']);
    expect(await names('phone=0803%20123%204567')).toEqual(['Ngozi Okafor']);
    expect(await names('phone=(234)%20803-123-4567')).toEqual(['Ngozi Okafor']);
    expect(await names('phone=08095550000')).toEqual(['Chidi Okafor']);
    expect(await names('phone=803123')).toEqual([]);
    expect(await names('phone=08031234567,08095550000')).toEqual(['Chidi Okafor', 'Ngozi Okafor']);
  });

  it('identifier: the record number with our system or none, in any case; another system or |value finds nobody', async () => {
    const number = recordNumberOf('Chidi Okafor');
    const other = recordNumberOf('Okala Bello');
    const query = (value: string) => `identifier=${encodeURIComponent(value)}`;
    expect(await names(query(`${SYSTEM}|${number}`))).toEqual(['Chidi Okafor']);
    expect(await names(query(number))).toEqual(['Chidi Okafor']);
    expect(await names(query(number.toLowerCase()))).toEqual(['Chidi Okafor']);
    expect(await names(query(`${number},${other}`))).toEqual(['Okala Bello', 'Chidi Okafor']);
    // Our identifiers carry a system: `|value` asks for one without.
    expect(await names(query(`|${number}`))).toEqual([]);
    expect(await names(query(`http://other.example/mrn|${number}`))).toEqual([]);
    expect(await names(query(idOf('Chidi Okafor')))).toEqual([]);
    expect(await names(query('CP-999999'))).toEqual([]);
    // With the system alone: every patient has one.
    expect((await search(`${query(`${SYSTEM}|`)}&_count=1`)).total).toBe((await search('_count=1')).total);
    // Each Patient found carries the number it was found by.
    const found = entries<Patient>(await search(query(number)));
    expect(found[0]?.identifier?.[0]).toMatchObject({ system: SYSTEM, value: number });
  });

  it('_id: one or several ids; ids that are not ours find nothing', async () => {
    expect(await names(`_id=${idOf('Okala Bello')},${idOf('Derek Van')}`)).toEqual([
      'Okala Bello',
      'Derek Van',
    ]);
    expect(await names('_id=not-a-uuid')).toEqual([]);
  });

  it('pages name=oka with _count to the end and back, across the family and given tiers, with the total', async () => {
    const first = await search('name=oka&_count=3');
    expect(first.total).toBe(4);
    expect(entries<Patient>(first).map(fullName)).toEqual(['Amaka Okafor', 'Chidi Okafor', 'Ngozi Okafor']);
    const next = await follow(t, first, 'next', admin);
    expectValidFhir(next?.body as Bundle);
    expect(next?.body.total).toBe(4);
    expect(entries<Patient>(next?.body as Bundle).map(fullName)).toEqual(['Okala Bello']);
    expect(next?.body.link?.find((l) => l.relation === 'next')).toBeUndefined();
    const back = await follow(t, next?.body as Bundle, 'previous', admin);
    expect(entries<Patient>(back?.body as Bundle).map(fullName)).toEqual([
      'Amaka Okafor',
      'Chidi Okafor',
      'Ngozi Okafor',
    ]);
    expect(await names('name=oka&_count=2&_offset=2')).toEqual(['Ngozi Okafor', 'Okala Bello']);
    const onlyTotal = await search('name=oka&_count=0');
    expect(onlyTotal.total).toBe(4);
    expect(onlyTotal.entry).toEqual([]);
    expect((await search('name=oka&_total=none')).total).toBeUndefined();
  });

  it('leaves the total out past the count cap and pages on while pages fill', async () => {
    for (let i = 0; i < 4; i += 1) await createUser(t, 'patient');
    // Eleven patients: more than the cap of eight.
    const everyone = await search('_count=5');
    expect(everyone.total).toBeUndefined();
    const seen = entries(everyone).map((p) => p.id);
    let page = everyone;
    for (;;) {
      const next = await follow(t, page, 'next', admin);
      if (!next) break;
      expectValidFhir(next.body);
      seen.push(...entries(next.body).map((p) => p.id));
      page = next.body;
    }
    expect(seen.length).toBeGreaterThan(COUNT_CAP);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(me.id);
    // Near the end the count reaches the last match, and the total is known again.
    expect(page.total).toBe(seen.length);
  });
});

describe('a patient reads only their own Patient', () => {
  it('reads themselves; another patient answers 404, even by _id; name finds only themselves', async () => {
    const own = await fhirGet<Patient>(t, `/Patient/${me.id}`, myHeaders);
    expect(own.status).toBe(200);
    expectValidFhir(own.body);
    expect((await fhirGet(t, `/Patient/${idOf('Ngozi Okafor')}`, myHeaders)).status).toBe(404);
    const byId = await search(`_id=${idOf('Ngozi Okafor')}`, myHeaders);
    expect(byId.total).toBe(0);
    expect(await names('name=oka', myHeaders)).toEqual([]);
    const all = await search('', myHeaders);
    expect(all.total).toBe(1);
    expect(entries(all).map((p) => p.id)).toEqual([me.id]);
    expect(await names('name=mimi', myHeaders)).toEqual(['Mimi Self']);
  });

  it("finds only themselves by identifier: another patient's record number finds nobody", async () => {
    const own = await search(`identifier=${me.recordNumber}`, myHeaders);
    expect(entries<Patient>(own).map((p) => p.identifier?.[0]?.value)).toEqual([me.recordNumber]);
    expect(await names(`identifier=${recordNumberOf('Ngozi Okafor')}`, myHeaders)).toEqual([]);
    expect((await fhirGet(t, `/Patient/${idOf('Ngozi Okafor')}`, myHeaders)).status).toBe(404);
  });
});

describe('Patient/{id}/$everything', () => {
  const everything = (id: string, headers: Headers, query = '') =>
    t.app.inject({ method: 'GET', url: `/fhir/R4/Patient/${id}/$everything${query}`, headers });

  it('gives a patient their own record as a valid Bundle, starting with their Patient; audited', async () => {
    const res = await everything(me.id, myHeaders);
    expect(res.statusCode).toBe(200);
    const bundle = res.json<Bundle>();
    expectValidFhir(bundle);
    expect(bundle.type).toBe('searchset');
    expect(entries(bundle)[0]).toMatchObject({ resourceType: 'Patient', id: me.id });
    expect(entries(bundle).every((r) => r.resourceType !== 'Practitioner')).toBe(true);
    expect(bundle.total).toBe(entries(bundle).length);
    expect(res.headers['content-disposition']).toBeUndefined();
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fhir.everything'), eq(auditEvents.entityId, me.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: 'Patient', patientId: me.id, actorId: me.id });
  });

  it('downloads as a file with ?download=1', async () => {
    const res = await everything(me.id, myHeaders, '?download=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="carepoint-record-${me.id}.json"; filename*=UTF-8''carepoint-record-${me.id}.json`,
    );
    expectValidFhir(res.json<Bundle>());
  });

  it("answers 404 to a patient asking for another patient's; a doctor gets anyone's; anonymous 401", async () => {
    const other = idOf('Ngozi Okafor');
    const refused = await everything(other, myHeaders);
    expect(refused.statusCode).toBe(404);
    expectValidFhir(refused.json<OperationOutcome>());
    const byDoctor = await everything(other, doctor);
    expect(byDoctor.statusCode).toBe(200);
    expectValidFhir(byDoctor.json<Bundle>());
    expect(entries(byDoctor.json<Bundle>())[0]?.id).toBe(other);
    expect((await everything(other, {})).statusCode).toBe(401);
    expect((await everything('00000000-0000-4000-8000-000000000000', doctor)).statusCode).toBe(404);
  });

  it('works with a Bearer token from the login as well as the cookie', async () => {
    const cookie = await signIn(t, named['Okala Bello'] as TestUser);
    const token = cookie.cookie.replace(/^token=/, '');
    const res = await everything(idOf('Okala Bello'), { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
  });
});

describe('Patient string search ignores accents and case, as FHIR string search does', () => {
  it('name, family and given match Adébáyọ̀ and Adebayo alike; :exact compares as written', async () => {
    await createUser(t, 'patient', { firstName: 'Fúnmiláyọ̀', lastName: 'Adébáyọ̀' });
    await createUser(t, 'patient', { firstName: 'Tolu', lastName: 'Adebayo' });
    const both = ['Fúnmiláyọ̀ Adébáyọ̀', 'Tolu Adebayo'];
    expect(await names('name=adebayo')).toEqual(both);
    expect(await names(`name=${encodeURIComponent('ADÉBÁYỌ̀')}`)).toEqual(both);
    expect(await names(`family=${encodeURIComponent('Adébáyọ̀'.normalize('NFD'))}`)).toEqual(both);
    expect(await names('family=adeb')).toEqual(both);
    expect(await names('given=funmilayo')).toEqual(['Fúnmiláyọ̀ Adébáyọ̀']);
    expect(await names(`given=${encodeURIComponent('FÚNMI')}&family=adebayo`)).toEqual(['Fúnmiláyọ̀ Adébáyọ̀']);
    expect(await names('name=funmilayo%20adeb')).toEqual(['Fúnmiláyọ̀ Adébáyọ̀']);
    expect(await names(`family:exact=${encodeURIComponent('Adébáyọ̀')}`)).toEqual(['Fúnmiláyọ̀ Adébáyọ̀']);
    expect(await names('family:exact=Adebayo')).toEqual(['Tolu Adebayo']);
    // "Starts with" stays FHIR's: a part must start with the value, words in another order do not match.
    expect(await names('name=bayo')).toEqual([]);
    expect(await names('name=adebayo%20tolu')).toEqual(['Tolu Adebayo']);
    expect(await names('name=tolu%20adebayo')).toEqual(['Tolu Adebayo']);
  });
});
