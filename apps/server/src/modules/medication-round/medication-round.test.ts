import { type Mar, MEDICATION_ROUND_MESSAGES, type MedicationOrder } from '@carepoint/contract';
import type { Bundle, MedicationAdministration, MedicationRequest } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { type AdmittedStay, admittedStay } from '../../../test/inpatient';
import { auditEvents, patientMedicalDetails, stays } from '../../db/schema';
import { doseCounts, openDoses } from '.';

/*
 * The medication round through its API, on the facility's clock (Africa/Lagos, UTC+1; the test
 * clock starts at 2030-01-07 10:00 there).
 */

let t: TestApp;
type As = Client & { user: TestUser; headers: Record<string, string> };
let doctor: As;
let nurse: As;
let nurse2: TestUser;
let admin: Client;
let patientClient: Client;
let stay: AdmittedStay;

const as = async (user: TestUser) => {
  const headers = await signIn(t, user);
  return Object.assign(client(t, headers), { user, headers });
};

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await as(await createUser(t, 'doctor'));
  nurse = await as(await createUser(t, 'nurse'));
  nurse2 = await createUser(t, 'nurse');
  admin = client(t, (await signedIn(t, 'admin')).headers);
  patientClient = client(t, (await signedIn(t, 'patient')).headers);
  stay = await admittedStay(t, { doctor: doctor.user });
});
afterAll(() => t.close());

const ORDER = {
  medicine: 'Paracetamol',
  dose: '1 g',
  route: 'Oral',
  kind: 'times',
  times: '08:00, 20:00',
  startsAt: '2030-01-07T06:00',
};

async function order(body: Record<string, unknown> = {}, stayId = stay.stayId) {
  const res = await doctor.post(`/api/stays/${stayId}/medication-orders`, { ...ORDER, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MedicationOrder>();
}
const give = (c: Client, orderId: string, body: Record<string, unknown>) =>
  c.post(`/api/medication-orders/${orderId}/administrations`, { outcome: 'Given', ...body });
async function mar(stayId = stay.stayId, date = '2030-01-07', c: Client = nurse) {
  const res = await c.get(`/api/stays/${stayId}/mar?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Mar>();
}

describe('ordering', () => {
  it('validates with the contract’s messages', async () => {
    const url = `/api/stays/${stay.stayId}/medication-orders`;
    expectInvalid(
      await doctor.post(url, { ...ORDER, medicine: ' ' }),
      MEDICATION_ROUND_MESSAGES.medicine,
      'medicine',
    );
    expectInvalid(await doctor.post(url, { ...ORDER, dose: '' }), MEDICATION_ROUND_MESSAGES.dose, 'dose');
    expectInvalid(
      await doctor.post(url, { ...ORDER, route: 'Ear' }),
      MEDICATION_ROUND_MESSAGES.route,
      'route',
    );
    expectInvalid(
      await doctor.post(url, { ...ORDER, times: '8 o’clock' }),
      MEDICATION_ROUND_MESSAGES.times,
      'times',
    );
    expectInvalid(
      await doctor.post(url, { ...ORDER, kind: 'interval', everyHours: 0 }),
      MEDICATION_ROUND_MESSAGES.everyHours,
      'everyHours',
    );
    expectInvalid(
      await doctor.post(url, { ...ORDER, kind: 'prn', minIntervalHours: 4 }),
      MEDICATION_ROUND_MESSAGES.maxPerDay,
      'maxPerDay',
    );
    expectInvalid(
      await doctor.post(url, { ...ORDER, endsAt: '2030-01-07T05:00' }),
      MEDICATION_ROUND_MESSAGES.endsBeforeStart,
      'endsAt',
    );
    expectInvalid(await doctor.post(url, { ...ORDER, medicine: 'A\u0000' }), /NUL/, 'medicine');
  });

  it('is for doctors only, and on an Admitted stay', async () => {
    const url = `/api/stays/${stay.stayId}/medication-orders`;
    expect((await nurse.post(url, ORDER)).statusCode).toBe(403);
    expect((await admin.post(url, ORDER)).statusCode).toBe(403);
    expect((await patientClient.get(`/api/stays/${stay.stayId}/mar`)).statusCode).toBe(403);
    const missing = await doctor.post(
      '/api/stays/00000000-0000-4000-8000-000000000001/medication-orders',
      ORDER,
    );
    expect(missing.statusCode).toBe(404);
    const other = await admittedStay(t, { doctor: doctor.user });
    await t.database.db
      .update(stays)
      .set({ status: 'Discharged', dischargedAt: t.clock.now(), dischargeDisposition: 'Home' })
      .where(eq(stays.id, other.stayId));
    const res = await doctor.post(`/api/stays/${other.stayId}/medication-orders`, ORDER);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MEDICATION_ROUND_MESSAGES.stayNotAdmitted);
  });

  it('warns of a recorded allergy and keeps the doctor’s override', async () => {
    const allergic = await admittedStay(t, { doctor: doctor.user });
    await t.database.db
      .insert(patientMedicalDetails)
      .values({ patientId: allergic.patient.id, allergies: ['Penicillin'] });
    const body = { ...ORDER, medicine: 'Amoxicillin' };
    const url = `/api/stays/${allergic.stayId}/medication-orders`;
    const warned = await doctor.post(url, body);
    expect(warned.statusCode).toBe(400);
    expect(warned.json()).toMatchObject({
      code: 'ALLERGY_WARNING',
      fieldErrors: {
        acknowledgeAllergies: [MEDICATION_ROUND_MESSAGES.acknowledgeAllergies],
        medicine: ['Allergy: the patient is allergic to Penicillin'],
      },
    });
    const res = await doctor.post(url, { ...body, acknowledgeAllergies: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().acknowledgedAllergies).toEqual(['Penicillin']);
  });
});

describe('the MAR', () => {
  it('lists each scheduled dose of the facility day with due and overdue on the test clock', async () => {
    const s = await admittedStay(t, { doctor: doctor.user });
    const o = await order({}, s.stayId);
    // 10:00 Lagos: 08:00 is two hours late, 20:00 later.
    let record = await mar(s.stayId);
    const doses = record.orders.find((x) => x.id === o.id)?.doses;
    expect(doses?.map((d) => [d.scheduledFor, d.state])).toEqual([
      ['2030-01-07T07:00:00.000Z', 'Overdue'],
      ['2030-01-07T19:00:00.000Z', 'Scheduled'],
    ]);
    expect((await doseCounts(serviceContext(t), [s.stayId])).get(s.stayId)).toEqual({ due: 1, overdue: 1 });
    expect(await openDoses(serviceContext(t), s.stayId)).toBe(1);
    t.clock.set('2030-01-07T18:30:00Z');
    try {
      record = await mar(s.stayId);
      expect(record.orders[0]?.doses.map((d) => d.state)).toEqual(['Overdue', 'Due']);
      expect((await doseCounts(serviceContext(t), [s.stayId])).get(s.stayId)).toEqual({ due: 2, overdue: 1 });
    } finally {
      t.clock.set('2030-01-07T09:00:00Z');
    }
    // Doctors and admins read it too; the read is audited with the patient.
    expect((await mar(s.stayId, '2030-01-07', doctor)).orders).toHaveLength(1);
    expect((await mar(s.stayId, '2030-01-07', admin)).orders).toHaveLength(1);
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'mar.read'));
    expect(rows.some((r) => r.patientId === s.patient.id)).toBe(true);
  });

  it('computes every-N-hours doses from the start', async () => {
    const s = await admittedStay(t, { doctor: doctor.user });
    await order(
      { kind: 'interval', everyHours: 6, startsAt: '2030-01-06T22:00', times: undefined },
      s.stayId,
    );
    const record = await mar(s.stayId);
    expect(record.orders[0]?.scheduleText).toBe('Every 6 hours from 22:00');
    expect(record.orders[0]?.doses.map((d) => d.scheduledFor)).toEqual([
      '2030-01-07T03:00:00.000Z',
      '2030-01-07T09:00:00.000Z',
      '2030-01-07T15:00:00.000Z',
      '2030-01-07T21:00:00.000Z',
    ]);
  });
});

describe('recording a dose', () => {
  it('needs a reason for anything not given, and only nurses record', async () => {
    const o = await order();
    const body = { scheduledFor: '2030-01-07T07:00:00.000Z' };
    expectInvalid(
      await give(nurse, o.id, { ...body, outcome: 'Held' }),
      MEDICATION_ROUND_MESSAGES.reasonRequired,
      'reason',
    );
    expectInvalid(
      await give(nurse, o.id, { ...body, outcome: 'Lost' }),
      MEDICATION_ROUND_MESSAGES.outcome,
      'outcome',
    );
    expect((await give(doctor, o.id, body)).statusCode).toBe(403);
    const wrongTime = await give(nurse, o.id, { scheduledFor: '2030-01-07T07:30:00.000Z' });
    expectInvalid(wrongTime, MEDICATION_ROUND_MESSAGES.notAScheduledDose, 'scheduledFor');
    const early = await give(nurse, o.id, { scheduledFor: '2030-01-07T19:00:00.000Z' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(MEDICATION_ROUND_MESSAGES.notYetDue);
    const held = await give(nurse, o.id, { ...body, outcome: 'Held', reason: 'Nil by mouth before theatre' });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({
      outcome: 'Held',
      givenAt: null,
      reason: 'Nil by mouth before theatre',
    });
  });

  it('records a dose once when two nurses press at the same moment', async () => {
    const o = await order();
    const other = await as(nurse2);
    const body = { scheduledFor: '2030-01-07T07:00:00.000Z' };
    const answers = await Promise.all([give(nurse, o.id, body), give(other, o.id, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json().error).toBe(MEDICATION_ROUND_MESSAGES.alreadyRecorded);
    const dose = (await mar()).orders.find((x) => x.id === o.id)?.doses[0];
    expect(dose?.state).toBe('Given');
    expect(dose?.administration?.givenAt).toBe('2030-01-07T09:00:00.000Z');
  });

  it('holds the as-needed interval and daily limit under parallel requests', async () => {
    const o = await order({ kind: 'prn', minIntervalHours: 4, maxPerDay: 2, times: undefined });
    const answers = await Promise.all([give(nurse, o.id, {}), give(nurse, o.id, {}), give(nurse, o.id, {})]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'PRN_LIMIT',
      error: 'Too soon after the last dose: the next is allowed at 7 Jan 2030, 14:00',
    });
    t.clock.advance(4 * 3_600_000);
    try {
      expect((await give(nurse, o.id, {})).statusCode).toBe(201);
      t.clock.advance(5 * 3_600_000);
      const over = await give(nurse, o.id, {});
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toBe('At most 2 doses in 24 hours: the next is allowed at 8 Jan 2030, 10:00');
      const record = await mar();
      const prn = record.orders.find((x) => x.id === o.id);
      expect(prn?.prn).toEqual({ nextAllowedAt: '2030-01-08T09:00:00.000Z', givenLast24h: 2 });
      expect(prn?.doses).toHaveLength(2);
      expectInvalid(
        await give(nurse, o.id, { scheduledFor: '2030-01-07T07:00:00.000Z' }),
        MEDICATION_ROUND_MESSAGES.prnOnly,
        'scheduledFor',
      );
    } finally {
      t.clock.set('2030-01-07T09:00:00Z');
    }
  });

  it('stopping an order stops its future doses', async () => {
    const s = await admittedStay(t, { doctor: doctor.user });
    const o = await order(
      { kind: 'interval', everyHours: 2, startsAt: '2030-01-07T06:00', times: undefined },
      s.stayId,
    );
    expectInvalid(
      await doctor.post(`/api/medication-orders/${o.id}/stop`, { reason: ' ' }),
      MEDICATION_ROUND_MESSAGES.stopReason,
      'reason',
    );
    expect((await nurse.post(`/api/medication-orders/${o.id}/stop`, { reason: 'x' })).statusCode).toBe(403);
    const stopped = await doctor.post(`/api/medication-orders/${o.id}/stop`, { reason: 'Switched to IV' });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().stopped).toMatchObject({
      at: '2030-01-07T09:00:00.000Z',
      reason: 'Switched to IV',
    });
    const again = await doctor.post(`/api/medication-orders/${o.id}/stop`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    // 06:00 and 08:00 Lagos stay (before the stop, 10:00); 10:00 onwards are gone.
    const doses = (await mar(s.stayId)).orders[0]?.doses.map((d) => d.scheduledFor);
    expect(doses).toEqual(['2030-01-07T05:00:00.000Z', '2030-01-07T07:00:00.000Z']);
    const future = await give(nurse, o.id, { scheduledFor: '2030-01-07T09:00:00.000Z' });
    expect(future.statusCode).toBe(409);
    expect(future.json().error).toBe(MEDICATION_ROUND_MESSAGES.orderStopped);
    // A dose before the stop may still be recorded late.
    expect((await give(nurse, o.id, { scheduledFor: '2030-01-07T07:00:00.000Z' })).statusCode).toBe(201);
  });

  it('a controlled medicine needs another active nurse as witness', async () => {
    const o = await order({ medicine: 'Morphine', dose: '5 mg', route: 'Subcutaneous', controlled: true });
    const body = { scheduledFor: '2030-01-07T07:00:00.000Z' };
    expectInvalid(
      await give(nurse, o.id, body),
      MEDICATION_ROUND_MESSAGES.witnessRequired,
      'witness.password',
    );
    const wrong = { email: nurse2.email, password: 'not-it' };
    expectInvalid(
      await give(nurse, o.id, { ...body, witness: wrong }),
      MEDICATION_ROUND_MESSAGES.witnessInvalid,
      'witness.password',
    );
    const self = { email: nurse.user.email, password: TEST_PASSWORD };
    expectInvalid(
      await give(nurse, o.id, { ...body, witness: self }),
      MEDICATION_ROUND_MESSAGES.witnessSelf,
      'witness.password',
    );
    const notNurse = { email: doctor.user.email, password: TEST_PASSWORD };
    expectInvalid(
      await give(nurse, o.id, { ...body, witness: notNurse }),
      MEDICATION_ROUND_MESSAGES.witnessInvalid,
      'witness.password',
    );
    const ok = await give(nurse, o.id, {
      ...body,
      witness: { email: nurse2.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().witness).toMatchObject({ id: nurse2.id });
  });
});

describe('FHIR', () => {
  it('serves orders as inpatient MedicationRequests and doses as MedicationAdministrations, valid R4', async () => {
    const s = await admittedStay(t, { doctor: doctor.user });
    const o = await order({ medicine: 'Morphine', dose: '5 mg', controlled: true }, s.stayId);
    const prn = await order({ kind: 'prn', minIntervalHours: 4, maxPerDay: 4, times: undefined }, s.stayId);
    const witness = { email: nurse2.email, password: TEST_PASSWORD };
    expect((await give(nurse, o.id, { scheduledFor: '2030-01-07T07:00:00.000Z', witness })).statusCode).toBe(
      201,
    );
    const held = await give(nurse, prn.id, { outcome: 'Refused', reason: 'Pain settled' });
    expect(held.statusCode).toBe(201);
    const headers = doctor.headers;
    const request = await fhirGet<MedicationRequest>(t, `/MedicationRequest/${o.id}`, headers);
    expect(request.status).toBe(200);
    expectValidFhir(request.body);
    expect(request.body).toMatchObject({
      status: 'active',
      category: [{ coding: [{ code: 'inpatient' }] }],
      dosageInstruction: [{ timing: { repeat: { timeOfDay: ['08:00:00', '20:00:00'], periodUnit: 'd' } } }],
    });
    const asNeeded = await fhirGet<MedicationRequest>(t, `/MedicationRequest/${prn.id}`, headers);
    expectValidFhir(asNeeded.body);
    expect(asNeeded.body.dosageInstruction?.[0]).toMatchObject({
      asNeededBoolean: true,
      maxDosePerPeriod: { numerator: { value: 4 }, denominator: { value: 24, code: 'h' } },
    });
    const search = await fhirGet<Bundle>(
      t,
      `/MedicationAdministration?patient=Patient/${s.patient.id}`,
      headers,
    );
    expect(search.status).toBe(200);
    const found = entries<MedicationAdministration>(search.body);
    for (const r of found) expectValidFhir(r);
    expect(found.map((r) => r.status).sort()).toEqual(['completed', 'not-done']);
    const notDone = found.find((r) => r.status === 'not-done');
    expect(notDone?.statusReason?.[0]?.text).toBe('Refused: Pain settled');
    const given = found.find((r) => r.status === 'completed');
    expect(given?.performer?.map((p) => p.function?.coding?.[0]?.code)).toEqual(['performer', 'witness']);
    expect(given?.request?.reference).toBe(`MedicationRequest/${o.id}`);
    // The patient reads their own; another patient's search finds none of them.
    const own = await signIn(t, s.patient);
    const mine = await fhirGet<Bundle>(t, '/MedicationAdministration', own);
    expect(entries(mine.body)).toHaveLength(2);
    const requests = await fhirGet<Bundle>(t, `/MedicationRequest?patient=Patient/${s.patient.id}`, own);
    expect(
      entries(requests.body)
        .map((r) => r.id)
        .sort(),
    ).toEqual([o.id, prn.id].sort());
    const other = await signIn(t, await createUser(t, 'patient'));
    expect(entries((await fhirGet<Bundle>(t, '/MedicationAdministration', other)).body)).toHaveLength(0);
  });
});
