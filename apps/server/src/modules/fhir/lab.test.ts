import type {
  Bundle,
  CapabilityStatement,
  DiagnosticReport,
  Observation,
  Resource,
  ServiceRequest,
  Specimen,
} from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet, follow, recordPrescriptionAndTest } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { type CollectedSpecimen, collectedSpecimen, labTest } from '../../../test/lab';
import { auditEvents, labOrders, labOrderTests, labResults, labSpecimens } from '../../db/schema';

/*
 * The laboratory in FHIR R4 (docs/fhir.md "The laboratory"): each order's tests as ServiceRequests,
 * specimens, result versions as Observations and orders with results as DiagnosticReports; valid
 * R4, searchable, in the patient's compartment only as far as their doctor shared verified
 * results, and in the bulk export.
 */

type Headers = Record<string, string>;
type Session = { user: TestUser; headers: Headers };

let t: TestApp;
let admin: Session;
let doctor: Session;
let patient: Session;
let stranger: Session;
let stayId: string;
/** Potassium, corrected: a final 6.8 (HH) replaced by a corrected 5.0, both shared. Order Verified. */
let verified: CollectedSpecimen;
/** Potassium preliminary 3.1 (L, shared) and a malaria RDT final "Positive" (A, not shared). */
let pending: CollectedSpecimen;
/** A rejected specimen (haemolysed). */
let rejected: CollectedSpecimen;
/** The stranger's own verified, shared result. */
let theirs: CollectedSpecimen;
let firstVersion: string;
let correction: string;
let pendingPotassium: string;
let malariaResult: string;

const LOINC = 'http://loinc.org';

async function orderTestIds(orderId: string) {
  const rows = await t.database.db
    .select({ id: labOrderTests.id })
    .from(labOrderTests)
    .where(eq(labOrderTests.orderId, orderId));
  return rows.map((r) => r.id);
}

async function addResult(
  specimen: CollectedSpecimen,
  testId: string,
  fields: Partial<typeof labResults.$inferInsert>,
) {
  const [row] = await t.database.db
    .insert(labResults)
    .values({
      orderId: specimen.orderId,
      specimenId: specimen.specimenId,
      testId,
      patientId: specimen.patient.id,
      source: 'manual',
      enteredBy: specimen.collector.id,
      enteredAt: t.clock.now(),
      ...fields,
    })
    .returning({ id: labResults.id });
  if (!row) throw new Error('result not filed');
  return row.id;
}

const verifiedBy = (specimen: CollectedSpecimen) => ({
  status: 'final' as const,
  verifiedBy: specimen.collector.id,
  verifiedAt: t.clock.now(),
});

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  // The R4 definitions load on first use (seconds on a busy machine): here, within the hook's time.
  expectValidFhir({ resourceType: 'Patient' });
  admin = await signedIn(t, 'admin');
  doctor = await signedIn(t, 'doctor');
  patient = await signedIn(t, 'patient');
  stranger = await signedIn(t, 'patient');
  const { db } = t.database;
  stayId = (await admittedStay(t, { patient: patient.user, doctor: doctor.user })).stayId;
  const potassium = await labTest(t);
  const malaria = await labTest(
    t,
    {
      name: 'Malaria RDT',
      loincCode: '50687-3',
      specimenType: 'BLD',
      container: 'EDTA (purple top)',
      resultType: 'choice',
      unit: null,
      decimals: null,
      choices: ['Negative', 'Positive'],
      abnormalChoices: ['Positive'],
    },
    [],
  );
  const mine = { patient: patient.user, doctor: doctor.user };

  verified = await collectedSpecimen(t, [potassium.id], { ...mine, priority: 'STAT' });
  await db
    .update(labOrders)
    .set({ state: 'Verified', stayId, clinicalNote: 'On furosemide' })
    .where(eq(labOrders.id, verified.orderId));
  await db
    .update(labSpecimens)
    .set({ receivedAt: t.clock.now(), receivedBy: verified.collector.id })
    .where(eq(labSpecimens.id, verified.specimenId));
  const range = { unit: 'mmol/L', rangeLow: 3.5, rangeHigh: 5.1 };
  firstVersion = await addResult(verified, potassium.id, {
    ...range,
    ...verifiedBy(verified),
    valueQuantity: 6.8,
    interpretation: 'HH',
    sharedWithPatient: true,
    supersededAt: t.clock.now(),
  });
  correction = await addResult(verified, potassium.id, {
    ...range,
    ...verifiedBy(verified),
    status: 'corrected',
    version: 2,
    correctionReason: 'Haemolysed sample; repeated on a new tube',
    valueQuantity: 5,
    interpretation: 'N',
    sharedWithPatient: true,
  });

  pending = await collectedSpecimen(t, [potassium.id, malaria.id], mine);
  await db.update(labOrders).set({ state: 'Resulted' }).where(eq(labOrders.id, pending.orderId));
  pendingPotassium = await addResult(pending, potassium.id, {
    ...range,
    valueQuantity: 3.1,
    interpretation: 'L',
    sharedWithPatient: true,
  });
  malariaResult = await addResult(pending, malaria.id, {
    ...verifiedBy(pending),
    valueText: 'Positive',
    interpretation: 'A',
  });

  rejected = await collectedSpecimen(t, [potassium.id], mine);
  await db
    .update(labSpecimens)
    .set({
      rejectedAt: t.clock.now(),
      rejectedBy: rejected.collector.id,
      rejectionReason: 'Haemolysed',
      rejectionNote: 'Pink serum',
    })
    .where(eq(labSpecimens.id, rejected.specimenId));
  await db.update(labOrders).set({ state: 'Ordered' }).where(eq(labOrders.id, rejected.orderId));

  theirs = await collectedSpecimen(t, [potassium.id], { patient: stranger.user, doctor: doctor.user });
  await addResult(theirs, potassium.id, {
    ...range,
    ...verifiedBy(theirs),
    valueQuantity: 4.2,
    interpretation: 'N',
    sharedWithPatient: true,
  });
});
afterAll(() => t.close());

const read = async <R extends Resource>(path: string, headers: Headers = admin.headers) => {
  const res = await fhirGet<R>(t, path, headers);
  if (res.status === 200) expectValidFhir(res.body);
  return res;
};
const search = async <R extends Resource>(path: string, headers: Headers = admin.headers) => {
  const res = await fhirGet<Bundle>(t, path, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectValidFhir(res.body);
  return entries<R>(res.body);
};
const ids = (resources: Resource[]) => resources.map((r) => r.id).sort();
const observation = (resultId: string) => `${resultId}-lab`;

describe('the laboratory in FHIR', () => {
  it('serves each order test as a ServiceRequest: LOINC, priority, requester, stay, note, specimen', async () => {
    const [requestId] = await orderTestIds(verified.orderId);
    const res = await read<ServiceRequest>(`/ServiceRequest/${requestId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'completed',
      intent: 'order',
      category: [{ coding: [{ system: 'http://snomed.info/sct', code: '108252007' }] }],
      priority: 'stat',
      code: { coding: [{ system: LOINC, code: '2823-3' }], text: 'Potassium' },
      subject: { reference: `Patient/${patient.user.id}` },
      encounter: { reference: `Encounter/${stayId}` },
      requester: { reference: `Practitioner/${doctor.user.id}` },
      specimen: [{ reference: `Specimen/${verified.specimenId}` }],
      note: [{ text: 'On furosemide' }],
      requisition: { value: expect.any(String) },
    });
    // A rejected specimen sends the order back: active again, no specimen until a new one.
    const [again] = await orderTestIds(rejected.orderId);
    const back = await read<ServiceRequest>(`/ServiceRequest/${again}`);
    expect(back.body.status).toBe('active');
    expect(back.body.specimen).toBeUndefined();
  });

  it('serves specimens with their accession number, type, collection, and a rejection as unsatisfactory', async () => {
    const res = await read<Specimen>(`/Specimen/${verified.specimenId}`);
    expect(res.body).toMatchObject({
      accessionIdentifier: { value: verified.accession },
      status: 'available',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0487', code: 'SER' }] },
      subject: { reference: `Patient/${patient.user.id}` },
      request: (await orderTestIds(verified.orderId)).map((id) => ({ reference: `ServiceRequest/${id}` })),
      collection: { collector: { display: expect.any(String) }, collectedDateTime: expect.any(String) },
      container: [{ description: 'Plain (red top)' }],
      receivedTime: expect.any(String),
    });
    const bad = await read<Specimen>(`/Specimen/${rejected.specimenId}`);
    expect(bad.body.status).toBe('unsatisfactory');
    expect(bad.body.condition?.[0]?.coding?.map((c) => c.code)).toEqual(['HEM', 'RH']);
  });

  it('serves every result version as an Observation; the correction names the value it replaces', async () => {
    const old = await read<Observation>(`/Observation/${observation(firstVersion)}`);
    expect(old.body).toMatchObject({
      status: 'final',
      category: [{ coding: [{ code: 'laboratory' }] }],
      code: { coding: [{ system: LOINC, code: '2823-3' }] },
      valueQuantity: { value: 6.8, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
      interpretation: [{ coding: [{ code: 'HH', display: 'Critical high' }] }],
      referenceRange: [{ low: { value: 3.5 }, high: { value: 5.1 } }],
      specimen: { reference: `Specimen/${verified.specimenId}` },
      basedOn: [{ reference: `ServiceRequest/${(await orderTestIds(verified.orderId))[0]}` }],
      note: [{ text: `Replaced by a corrected result (Observation/${observation(correction)})` }],
    });
    const fixed = await read<Observation>(`/Observation/${observation(correction)}`);
    expect(fixed.body).toMatchObject({
      status: 'corrected',
      valueQuantity: { value: 5 },
      extension: [
        {
          url: 'http://hl7.org/fhir/StructureDefinition/observation-replaces',
          valueReference: { reference: `Observation/${observation(firstVersion)}` },
        },
      ],
      note: [{ text: 'Corrected: Haemolysed sample; repeated on a new tube' }],
    });
    const choice = await read<Observation>(`/Observation/${observation(malariaResult)}`);
    expect(choice.body.valueCodeableConcept).toEqual({ text: 'Positive' });
    expect(choice.body.interpretation?.[0]?.coding?.[0]?.code).toBe('A');
  });

  it('serves an order with results as a DiagnosticReport of category LAB, its status following them', async () => {
    const done = await read<DiagnosticReport>(`/DiagnosticReport/${verified.orderId}`);
    expect(done.body).toMatchObject({
      status: 'corrected',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] }],
      code: { coding: [{ system: LOINC, code: '2823-3' }] },
      encounter: { reference: `Encounter/${stayId}` },
      // Only the current version.
      result: [{ reference: `Observation/${observation(correction)}` }],
      specimen: [{ reference: `Specimen/${verified.specimenId}` }],
    });
    const open = await read<DiagnosticReport>(`/DiagnosticReport/${pending.orderId}`);
    expect(open.body).toMatchObject({
      status: 'preliminary',
      code: { coding: [{ system: LOINC, code: '11502-2' }] },
    });
    // The tests ordered together, in the order they were added (one insert here: either order).
    expect(open.body.code.text?.split(', ').sort()).toEqual(['Malaria RDT', 'Potassium']);
    expect(open.body.result?.map((r) => r.reference).sort()).toEqual(
      [`Observation/${observation(malariaResult)}`, `Observation/${observation(pendingPotassium)}`].sort(),
    );
    // No result yet: no report.
    expect((await read(`/DiagnosticReport/${rejected.orderId}`)).status).toBe(404);
  });

  it('searches by patient, code, status, category, accession, type and date, audited', async () => {
    const me = patient.user.id;
    expect(await search(`/ServiceRequest?patient=${me}&code=${LOINC}|2823-3`)).toHaveLength(3);
    expect(ids(await search(`/ServiceRequest?patient=${me}&status=completed`))).toEqual(
      await orderTestIds(verified.orderId),
    );
    expect(
      await search(`/ServiceRequest?patient=${me}&priority=stat&encounter=Encounter/${stayId}`),
    ).toHaveLength(1);
    expect(ids(await search(`/Specimen?accession=${verified.accession}`))).toEqual([verified.specimenId]);
    expect(ids(await search(`/Specimen?subject=Patient/${me}&status=unsatisfactory`))).toEqual([
      rejected.specimenId,
    ]);
    expect(
      await search(`/Specimen?patient=${me}&type=http://terminology.hl7.org/CodeSystem/v2-0487|SER`),
    ).toHaveLength(3);
    expect(ids(await search(`/Observation?patient=${me}&category=laboratory`))).toEqual(
      [firstVersion, correction, pendingPotassium, malariaResult].map(observation).sort(),
    );
    expect(ids(await search(`/Observation?patient=${me}&code=50687-3`))).toEqual([
      observation(malariaResult),
    ]);
    expect(ids(await search(`/Observation?patient=${me}&status=preliminary`))).toEqual([
      observation(pendingPotassium),
    ]);
    expect(
      await search(`/Observation?patient=${me}&date=ge2030-01-01&_lastUpdated=ge2000-01-01`),
    ).toHaveLength(4);
    expect(ids(await search(`/DiagnosticReport?patient=${me}&category=LAB`))).toEqual(
      [verified.orderId, pending.orderId].sort(),
    );
    expect(ids(await search(`/DiagnosticReport?patient=${me}&status=corrected`))).toEqual([verified.orderId]);
    expect(ids(await search(`/DiagnosticReport?patient=${me}&code=${LOINC}|11502-2`))).toEqual([
      pending.orderId,
    ]);
    const withResults = await search(
      `/DiagnosticReport?_id=${verified.orderId}&_include=DiagnosticReport:result`,
    );
    expect(withResults.map((r) => `${r.resourceType}/${r.id}`)).toEqual([
      `DiagnosticReport/${verified.orderId}`,
      `Observation/${observation(correction)}`,
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fhir.read'), eq(auditEvents.entityId, verified.specimenId)));
    expect(audit?.patientId).toBe(me);
  });

  it('pages the diagnosis tests and then the laboratory reports without repeating or skipping', async () => {
    const other = await signedIn(t, 'patient');
    await recordPrescriptionAndTest(t, doctor.headers, other.user.id);
    const potassium = await labTest(t);
    const lab = await collectedSpecimen(t, [potassium.id], { patient: other.user });
    await addResult(lab, potassium.id, { ...verifiedBy(lab), valueQuantity: 4 });
    const seen: string[] = [];
    let page = await fhirGet<Bundle>(t, `/DiagnosticReport?patient=${other.user.id}&_count=1`, admin.headers);
    expect(page.body.total).toBe(2);
    while (page) {
      seen.push(...entries(page.body).map((r) => r.id ?? ''));
      const next = await follow(t, page.body, 'next', admin.headers);
      if (!next) break;
      page = next;
    }
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(lab.orderId);
  });

  it('lets a patient read their own, only verified results their doctor shared; others answer 404', async () => {
    const own = patient.headers;
    const [requestId] = await orderTestIds(verified.orderId);
    expect((await read(`/ServiceRequest/${requestId}`, own)).status).toBe(200);
    expect((await read(`/Specimen/${verified.specimenId}`, own)).status).toBe(200);
    expect((await read(`/Observation/${observation(correction)}`, own)).status).toBe(200);
    // Preliminary (though shared), and verified but not shared: not theirs to read yet.
    expect((await read(`/Observation/${observation(pendingPotassium)}`, own)).status).toBe(404);
    expect((await read(`/Observation/${observation(malariaResult)}`, own)).status).toBe(404);
    expect((await read(`/DiagnosticReport/${pending.orderId}`, own)).status).toBe(404);
    expect(ids(await search('/Observation?category=laboratory', own))).toEqual(
      [firstVersion, correction].map(observation).sort(),
    );
    expect(ids(await search('/DiagnosticReport', own))).toEqual([verified.orderId]);
    // Another patient's order, specimen, result and report.
    const [theirRequest] = await orderTestIds(theirs.orderId);
    expect((await read(`/ServiceRequest/${theirRequest}`, own)).status).toBe(404);
    expect((await read(`/Specimen/${theirs.specimenId}`, own)).status).toBe(404);
    expect((await read(`/DiagnosticReport/${theirs.orderId}`, own)).status).toBe(404);
    expect(await search(`/ServiceRequest?patient=${stranger.user.id}`, own)).toHaveLength(0);
    expect(await search(`/Specimen?accession=${theirs.accession}`, own)).toHaveLength(0);
    const everything = await search(`/Patient/${patient.user.id}/$everything`, own);
    expect(ids(everything.filter((r) => r.resourceType === 'Observation' && r.id?.endsWith('-lab')))).toEqual(
      [firstVersion, correction].map(observation).sort(),
    );
    expect(everything.map((r) => r.resourceType)).toEqual(
      expect.arrayContaining(['ServiceRequest', 'Specimen']),
    );
  });

  it('is in the bulk export and the CapabilityStatement', async () => {
    const kickOff = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/Patient/$export?_type=ServiceRequest,Specimen,DiagnosticReport,Observation',
      headers: { ...admin.headers, prefer: 'respond-async' },
    });
    expect(kickOff.statusCode, kickOff.body).toBe(202);
    while ((await t.app.bulkExports.runOnce()) > 0);
    const statusPath = new URL(String(kickOff.headers['content-location'])).pathname;
    const manifest = (await t.app.inject({ method: 'GET', url: statusPath, headers: admin.headers })).json<{
      output: Array<{ type: string; url: string }>;
    }>();
    expect(manifest.output.map((o) => o.type)).toEqual([
      'Observation',
      'DiagnosticReport',
      'ServiceRequest',
      'Specimen',
    ]);
    const exported = new Map<string, string[]>();
    for (const file of manifest.output) {
      const got = await t.app.inject({
        method: 'GET',
        url: new URL(file.url).pathname,
        headers: admin.headers,
      });
      const resources = got.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Resource);
      for (const resource of resources) expectValidFhir(resource);
      exported.set(
        file.type,
        resources.map((r) => r.id ?? ''),
      );
    }
    expect(exported.get('Specimen')).toEqual(
      expect.arrayContaining([verified.specimenId, rejected.specimenId]),
    );
    expect(exported.get('DiagnosticReport')).toEqual(
      expect.arrayContaining([verified.orderId, pending.orderId]),
    );
    expect(exported.get('Observation')).toEqual(
      expect.arrayContaining([observation(firstVersion), observation(malariaResult)]),
    );
    const capability = (await fhirGet<CapabilityStatement>(t, '/metadata')).body;
    const types = capability.rest?.[0]?.resource ?? [];
    expect(types.find((r) => r.type === 'Specimen')?.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      '_lastUpdated',
      'patient',
      'subject',
      'accession',
      'type',
      'status',
      'collected',
    ]);
    expect(types.find((r) => r.type === 'ServiceRequest')?.searchInclude).toEqual([
      'ServiceRequest:patient',
      'ServiceRequest:requester',
    ]);
  });
});
