import type { Bundle, CapabilityStatement, OperationOutcome, Practitioner } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet, fhirProblems, follow } from '../../../test/fhir';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';

type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
let patient: Headers;
let doctors: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
  patient = (await signedIn(t, 'patient')).headers;
  doctors = [];
  for (const [firstName, lastName, specialty] of [
    ['Amaka', 'Obi', 'Cardiology'],
    ['Bola', 'Obiora', 'Paediatrics'],
    ['Chidi', 'Adeyemi', null],
    ['Obinna', 'Eze', 'Surgery'],
    ['Dayo', 'Bello', 'Dermatology'],
  ] as const) {
    doctors.push(
      await createUser(t, 'doctor', { firstName, lastName, specialty, phone: '+234 803 000 0000' }),
    );
  }
});
afterAll(() => t.close());

describe('the validator the FHIR tests rely on', () => {
  it('refuses what R4 refuses: a wrong code, a missing required element, an unknown element, a bad entry', () => {
    expect(fhirProblems({ resourceType: 'Patient', id: 'a', gender: 'woman' as 'female' })).not.toEqual([]);
    expect(fhirProblems({ resourceType: 'Observation', id: 'a', status: 'final' } as never)).not.toEqual([]);
    expect(fhirProblems({ resourceType: 'Patient', id: 'a', nickname: 'x' } as never)).not.toEqual([]);
    expect(
      fhirProblems({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [{ resource: { resourceType: 'Patient', birthDate: '1990-1-2' } }],
      }),
    ).not.toEqual([]);
    expect(
      fhirProblems({ resourceType: 'Patient', id: 'a', gender: 'female', birthDate: '1990-01-02' }),
    ).toEqual([]);
  });
});

describe('GET /fhir/R4/metadata', () => {
  it('answers a valid CapabilityStatement without signing in, listing exactly what is supported', async () => {
    const res = await fhirGet<CapabilityStatement>(t, '/metadata');
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/fhir+json; charset=utf-8');
    expectValidFhir(res.body);
    expect(res.body.fhirVersion).toBe('4.0.1');
    const practitioner = res.body.rest?.[0]?.resource?.find((r) => r.type === 'Practitioner');
    expect(practitioner?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
    expect(practitioner?.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      '_lastUpdated',
      'name',
      'family',
      'given',
    ]);
  });
});

describe('errors as OperationOutcome', () => {
  it('answers 401 to an anonymous read or search', async () => {
    for (const path of ['/Practitioner', `/Practitioner/${doctors[0]?.id}`]) {
      const res = await fhirGet<OperationOutcome>(t, path);
      expect(res.status).toBe(401);
      expect(res.contentType).toBe('application/fhir+json; charset=utf-8');
      expect(res.body.resourceType).toBe('OperationOutcome');
      expect(res.body.issue[0]?.code).toBe('login');
      expectValidFhir(res.body);
    }
  });

  it('answers 404 for an unknown id, a malformed id and an unknown resource type', async () => {
    for (const path of [
      '/Practitioner/00000000-0000-4000-8000-000000000000',
      '/Practitioner/not-a-uuid',
      '/Practitioner/has$dollar',
      '/Spaceship',
      '/Spaceship/1',
    ]) {
      const res = await fhirGet<OperationOutcome>(t, path, admin);
      expect(res.status, path).toBe(404);
      expect(res.body.resourceType).toBe('OperationOutcome');
      expectValidFhir(res.body);
    }
  });

  it('is read-only: a write answers 405', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/fhir/R4/Practitioner',
      headers: { ...admin, 'content-type': 'application/fhir+json' },
      payload: '{"resourceType":"Practitioner"}',
    });
    expect(res.statusCode).toBe(405);
    expect(res.json<OperationOutcome>().issue[0]?.code).toBe('not-supported');
  });

  it('answers 400 for a malformed value, a bad _count and NUL or huge values; never 5xx', async () => {
    for (const path of [
      '/Practitioner?_count=-1',
      '/Practitioner?_count=abc',
      '/Practitioner?name:fuzzy=x',
    ]) {
      const res = await fhirGet<OperationOutcome>(t, path, admin);
      expect(res.status, path).toBe(400);
      expect(res.body.issue[0]?.code).toBe('invalid');
      expectValidFhir(res.body);
    }
    expect((await fhirGet(t, '/Practitioner?name=a%00b', admin)).status).toBe(400);
    expect((await fhirGet(t, `/Practitioner?name=${'a'.repeat(5000)}`, admin)).status).toBe(400);
  });

  it('ignores an unknown parameter, unless the client asks for strict handling', async () => {
    const lenient = await fhirGet<Bundle>(t, '/Practitioner?colour=blue', admin);
    expect(lenient.status).toBe(200);
    expect(lenient.body.total).toBe(doctors.length);
    expect(lenient.body.link?.find((l) => l.relation === 'self')?.url).not.toContain('colour');
    const strict = await fhirGet<OperationOutcome>(t, '/Practitioner?colour=blue', {
      ...admin,
      prefer: 'handling=strict',
    });
    expect(strict.status).toBe(400);
    expect(strict.body.issue[0]?.diagnostics).toContain('colour');
  });
});

describe('Practitioner', () => {
  it('reads a doctor with name, telecom and specialty as a qualification; audited', async () => {
    const doctor = doctors[0] as TestUser;
    const res = await fhirGet<Practitioner>(t, `/Practitioner/${doctor.id}`, patient);
    expect(res.status).toBe(200);
    expectValidFhir(res.body);
    expect(res.body).toMatchObject({
      resourceType: 'Practitioner',
      id: doctor.id,
      active: true,
      name: [{ family: 'Obi', given: ['Amaka'] }],
      qualification: [{ code: { text: 'Cardiology' } }],
    });
    expect(res.body.telecom).toContainEqual({ system: 'email', value: doctor.email, use: 'home' });
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fhir.read'), eq(auditEvents.entityId, doctor.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.entityType).toBe('Practitioner');
  });

  it('does not answer a patient or an admin as a Practitioner', async () => {
    const someone = await createUser(t, 'patient');
    expect((await fhirGet(t, `/Practitioner/${someone.id}`, admin)).status).toBe(404);
  });

  it('searches by name, family and given from the start of the name, case-insensitively', async () => {
    const names = async (query: string) =>
      entries<Practitioner>((await fhirGet<Bundle>(t, `/Practitioner?${query}`, admin)).body).map(
        (p) => `${p.name?.[0]?.given?.[0]} ${p.name?.[0]?.family}`,
      );
    expect(await names('name=obi')).toEqual(['Obinna Eze', 'Amaka Obi', 'Bola Obiora']);
    expect(await names('family=OBI')).toEqual(['Amaka Obi', 'Bola Obiora']);
    expect(await names('family:exact=Obi')).toEqual(['Amaka Obi']);
    expect(await names('given=chi')).toEqual(['Chidi Adeyemi']);
    expect(await names('name=bello,eze')).toEqual(['Dayo Bello', 'Obinna Eze']);
    expect(await names('name=obi&given=bola')).toEqual(['Bola Obiora']);
    expect(await names(`_id=${doctors[3]?.id},${doctors[4]?.id}`)).toEqual(['Dayo Bello', 'Obinna Eze']);
    expect(await names('name=50%25')).toEqual([]);
  });

  it('pages with _count through next to the end and back through previous, with the total', async () => {
    const first = await fhirGet<Bundle>(t, '/Practitioner?_count=2', admin);
    expectValidFhir(first.body);
    expect(first.body.total).toBe(5);
    const seen = entries(first.body).map((r) => r.id);
    let page: Bundle = first.body;
    for (;;) {
      const next = await follow(t, page, 'next', admin);
      if (!next) break;
      expect(next.body.total).toBe(5);
      seen.push(...entries(next.body).map((r) => r.id));
      page = next.body;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const back = await follow(t, page, 'previous', admin);
    expect(entries(back?.body as Bundle).map((r) => r.id)).toEqual(seen.slice(2, 4));
    expect(first.body.link?.find((l) => l.relation === 'previous')).toBeUndefined();
  });

  it('caps _count at 100, answers only the total for _count=0, and omits it for _total=none', async () => {
    const capped = await fhirGet<Bundle>(t, '/Practitioner?_count=5000', admin);
    expect(capped.body.link?.find((l) => l.relation === 'self')?.url).toContain('_count=100');
    const onlyTotal = await fhirGet<Bundle>(t, '/Practitioner?_count=0', admin);
    expect(onlyTotal.body.total).toBe(5);
    expect(onlyTotal.body.entry).toEqual([]);
    const noTotal = await fhirGet<Bundle>(t, '/Practitioner?_total=none&_count=2', admin);
    expect(noTotal.body.total).toBeUndefined();
    expect(noTotal.body.link?.find((l) => l.relation === 'next')).toBeDefined();
  });
});
