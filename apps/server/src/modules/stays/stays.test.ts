import { FRONT_DESK_MESSAGES, STAY_MESSAGES, type Stay, type WardBoard } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { signedDischargeSummary } from '../../../test/inpatient';
import { auditEvents, beds, reports } from '../../db/schema';

type Headers = { cookie: string };
let t: TestApp;
let admin: Headers;
let doctor: { user: TestUser; headers: Headers };
let nurse: Headers;
let wardId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
  doctor = await signedIn(t, 'doctor', { firstName: 'Daniel', lastName: 'Adeyemi' });
  nurse = (await signedIn(t, 'nurse')).headers;
  const ward = await t.app.inject({
    method: 'POST',
    url: '/api/admin/wards',
    headers: admin,
    payload: { name: 'Stays Ward', kind: 'General', sexRule: 'Mixed' },
  });
  wardId = ward.json<{ id: string }>().id;
});
afterAll(() => t.close());

let bedCount = 0;
async function freeBed(ward = wardId) {
  bedCount += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/beds',
    headers: admin,
    payload: { label: `S-${String(bedCount).padStart(2, '0')}`, wardId: ward },
  });
  return res.json<{ id: string; label: string }>();
}

const post = (url: string, payload: Record<string, unknown>, headers: Headers = doctor.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const details = () => ({ doctorId: doctor.user.id, reason: 'Fever and cough', diagnosisCode: 'J18.9' });
const admit = (patientId: string, bedId: string, headers?: Headers) =>
  post('/api/stays', { ...details(), patientId, bedId }, headers);
const readStay = async (id: string, headers: Headers = nurse) => {
  const res = await t.app.inject({ url: `/api/stays/${id}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<Stay>();
};
const bedNow = async (id: string) => (await t.database.db.select().from(beds).where(eq(beds.id, id)))[0];

describe('admitting a patient', () => {
  it('admits into a free bed under the doctor in charge, with the coded diagnosis and the board showing them', async () => {
    const patient = await createUser(t, 'patient', {
      firstName: 'Ngozi',
      lastName: 'Eze',
      dateOfBirth: '1980-01-01',
    });
    const bed = await freeBed();
    const res = await admit(patient.id, bed.id);
    expect(res.statusCode).toBe(201);
    const stay = await readStay(res.json<{ id: string }>().id);
    expect(stay).toMatchObject({
      status: 'Admitted',
      patient: { id: patient.id, name: 'Ngozi Eze', age: 50 },
      ward: { id: wardId, name: 'Stays Ward' },
      bed: { id: bed.id, label: bed.label, status: 'Occupied' },
      doctor: { id: doctor.user.id, name: 'Daniel Adeyemi' },
      admitSource: 'Outpatient',
      diagnosis: { code: 'J18.9', title: 'Pneumonia, unspecified organism' },
      daysSinceAdmission: 0,
    });
    expect(stay.locations).toEqual([
      { wardName: 'Stays Ward', bedLabel: bed.label, fromAt: stay.admittedAt, toAt: null },
    ]);
    const board = await t.app.inject({ url: `/api/wards/${wardId}/board`, headers: nurse });
    const card = board.json<WardBoard>().beds.find((b) => b.id === bed.id);
    expect(card).toMatchObject({
      status: 'Occupied',
      stay: { id: stay.id, patientName: 'Ngozi Eze', doctorName: 'Daniel Adeyemi', daysSinceAdmission: 0 },
    });
    const trail = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, stay.id));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['stay.admit', 'stay.read']));
  });

  it('says what is missing on each field, and refuses a code that is not in the classification', async () => {
    const bare = await post('/api/stays', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors).toMatchObject({
      patientId: [STAY_MESSAGES.patientRequired],
      bedId: [STAY_MESSAGES.bedRequired],
      doctorId: [STAY_MESSAGES.doctorRequired],
      reason: [STAY_MESSAGES.reasonRequired],
    });
    const patient = await createUser(t, 'patient');
    const unknown = await post('/api/stays', {
      ...details(),
      diagnosisCode: 'Z99.999',
      patientId: patient.id,
      bedId: (await freeBed()).id,
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fieldErrors)).toEqual(['diagnosisCode']);
    const huge = await post('/api/stays', { ...details(), reason: `a\u0000${'x'.repeat(100_000)}` });
    expect(huge.statusCode).toBe(400);
  });

  it('lets doctors and admins admit; nurses move patients but do not admit; patients see nothing', async () => {
    const patient = await createUser(t, 'patient');
    expect((await admit(patient.id, (await freeBed()).id, nurse)).statusCode).toBe(403);
    const patientHeaders = (await signedIn(t, 'patient')).headers;
    expect(
      (await t.app.inject({ url: `/api/wards/${wardId}/board`, headers: patientHeaders })).statusCode,
    ).toBe(403);
    expect((await admit(patient.id, (await freeBed()).id, admin)).statusCode).toBe(201);
  });

  it('gives a patient one open stay and a bed one patient, whatever runs in parallel', async () => {
    const patient = await createUser(t, 'patient');
    const [a, b] = [await freeBed(), await freeBed()];
    const twoBeds = await Promise.all([admit(patient.id, a.id), admit(patient.id, b.id)]);
    expect(twoBeds.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(twoBeds.find((r) => r.statusCode === 409)?.json().error).toBe(STAY_MESSAGES.openStay);

    const bed = await freeBed();
    const people = await Promise.all([1, 2, 3].map(() => createUser(t, 'patient')));
    const oneBed = await Promise.all(people.map((p) => admit(p.id, bed.id)));
    expect(oneBed.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const winner = people[oneBed.findIndex((r) => r.statusCode === 201)];
    expect((await bedNow(bed.id))?.patientId).toBe(winner?.id);
  });
});

describe('a planned admission', () => {
  it('reserves a bed for the day, then admits the patient into it when they arrive', async () => {
    const patient = await createUser(t, 'patient');
    const bed = await freeBed();
    const past = await post(
      '/api/stays/planned',
      { ...details(), patientId: patient.id, wardId, plannedFor: '2020-01-01' },
      admin,
    );
    expect(past.json().fieldErrors).toEqual({ plannedFor: [STAY_MESSAGES.plannedForPast] });
    const planned = await post(
      '/api/stays/planned',
      { ...details(), patientId: patient.id, wardId, bedId: bed.id, plannedFor: '2030-01-08' },
      admin,
    );
    expect(planned.statusCode).toBe(201);
    const id = planned.json<{ id: string }>().id;
    expect(await bedNow(bed.id)).toMatchObject({ status: 'Reserved', patientId: patient.id });
    expect(await readStay(id)).toMatchObject({
      status: 'Planned',
      plannedFor: '2030-01-08',
      admitSource: 'Planned',
    });

    const arrived = await post(`/api/stays/${id}/admit`, {}, nurse);
    expect(arrived.statusCode).toBe(200);
    expect(await bedNow(bed.id)).toMatchObject({ status: 'Occupied', patientId: patient.id });
    expect(await readStay(id)).toMatchObject({ status: 'Admitted', bed: { id: bed.id } });
    expect((await post(`/api/stays/${id}/admit`, {}, nurse)).json().error).toBe(STAY_MESSAGES.notPlanned);
  });

  it('frees the reserved bed when the plan is cancelled', async () => {
    const patient = await createUser(t, 'patient');
    const bed = await freeBed();
    const planned = await post(
      '/api/stays/planned',
      { ...details(), patientId: patient.id, wardId, bedId: bed.id, plannedFor: '2030-01-09' },
      admin,
    );
    const id = planned.json<{ id: string }>().id;
    expect((await post(`/api/stays/${id}/cancel`, {}, admin)).statusCode).toBe(200);
    expect(await bedNow(bed.id)).toMatchObject({ status: 'Free', patientId: null });
    // Cancelled, the patient may be admitted again.
    expect((await admit(patient.id, bed.id)).statusCode).toBe(201);
  });
});

const signSummary = (stayId: string) => signedDischargeSummary(t, stayId, doctor.user);

describe('on the ward', () => {
  async function admitted() {
    const patient = await createUser(t, 'patient');
    const bed = await freeBed();
    const res = await admit(patient.id, bed.id);
    return { patient, bed, id: res.json<{ id: string }>().id };
  }

  it('transfers to another bed, keeping the history; the old bed is cleaned before it takes anyone', async () => {
    const { bed, id } = await admitted();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/admin/wards',
      headers: admin,
      payload: { name: 'Transfer Ward', kind: 'Surgical', sexRule: 'Mixed' },
    });
    const target = await freeBed(other.json<{ id: string }>().id);
    expect((await post(`/api/stays/${id}/transfer`, { bedId: bed.id }, nurse)).json().error).toBe(
      STAY_MESSAGES.sameBed,
    );
    t.clock.advance(60 * 60_000);
    expect((await post(`/api/stays/${id}/transfer`, { bedId: target.id }, nurse)).statusCode).toBe(200);
    const stay = await readStay(id);
    expect(stay).toMatchObject({ ward: { name: 'Transfer Ward' }, bed: { id: target.id } });
    expect(stay.locations.map((l) => [l.wardName, l.bedLabel, l.toAt === null])).toEqual([
      ['Stays Ward', bed.label, false],
      ['Transfer Ward', target.label, true],
    ]);
    expect(await bedNow(bed.id)).toMatchObject({ status: 'Cleaning', patientId: null });
    const someone = await createUser(t, 'patient');
    expect((await admit(someone.id, bed.id)).json().error).toBe(FRONT_DESK_MESSAGES.bedNotFree);
    expect((await post(`/api/beds/${bed.id}/ready`, {}, nurse)).statusCode).toBe(200);
    expect((await post(`/api/beds/${bed.id}/ready`, {}, nurse)).json().error).toBe(
      STAY_MESSAGES.bedNotCleaning,
    );
    expect((await admit(someone.id, bed.id)).statusCode).toBe(201);
  });

  it('completes a discharge: the bed goes to Cleaning; results still pending are confirmed first', async () => {
    const { patient, bed, id } = await admitted();
    await t.database.db.insert(reports).values({
      kind: 'investigation',
      caseId: `INV-${id.slice(0, 8)}`,
      patientId: patient.id,
      doctorId: doctor.user.id,
      authorId: doctor.user.id,
      occurredOn: '2030-01-07',
      title: 'Full blood count',
      status: 'Pending',
    });
    const unsigned = await post(
      `/api/stays/${id}/discharge`,
      { disposition: 'Home', confirmed: true },
      nurse,
    );
    expect(unsigned.json()).toMatchObject({
      code: 'DISCHARGE_NOT_READY',
      error: STAY_MESSAGES.summaryRequired,
    });
    await signSummary(id);
    const asked = await post(`/api/stays/${id}/discharge`, { disposition: 'Home' }, nurse);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'DISCHARGE_CONFIRM', error: STAY_MESSAGES.confirmOpenItems });
    expect(await bedNow(bed.id)).toMatchObject({ status: 'Occupied' });
    expect(
      (await post(`/api/stays/${id}/discharge`, { disposition: 'Home' }, doctor.headers)).statusCode,
    ).toBe(403);
    const done = await post(`/api/stays/${id}/discharge`, { disposition: 'Home', confirmed: true }, nurse);
    expect(done.statusCode).toBe(200);
    expect(await readStay(id)).toMatchObject({
      status: 'Discharged',
      dischargeDisposition: 'Home',
      bed: null,
    });
    expect(await bedNow(bed.id)).toMatchObject({ status: 'Cleaning', patientId: null });
    expect(
      (await post(`/api/stays/${id}/transfer`, { bedId: (await freeBed()).id }, nurse)).json().error,
    ).toBe(STAY_MESSAGES.notAdmitted);
  });

  it('ends a stay with a death only once the death report is recorded', async () => {
    const { patient, id } = await admitted();
    const refused = await post(`/api/stays/${id}/discharge`, { disposition: 'Died' }, nurse);
    expect(refused.json()).toMatchObject({
      code: 'DEATH_REPORT_REQUIRED',
      error: STAY_MESSAGES.deathReportRequired,
    });
    await t.database.db.insert(reports).values({
      kind: 'death',
      caseId: `DTH-${id.slice(0, 8)}`,
      patientId: patient.id,
      doctorId: doctor.user.id,
      authorId: doctor.user.id,
      occurredOn: '2030-01-07',
      occurredTime: '10:00',
      cause: 'Cardiac arrest',
    });
    expect((await post(`/api/stays/${id}/discharge`, { disposition: 'Died' }, nurse)).statusCode).toBe(200);
  });

  it('runs one of a transfer and a discharge pressed together on the locked stay, never both halves', async () => {
    const { id } = await admitted();
    await signSummary(id);
    const target = await freeBed();
    const [moved, left] = await Promise.all([
      post(`/api/stays/${id}/transfer`, { bedId: target.id }, nurse),
      post(`/api/stays/${id}/discharge`, { disposition: 'Home' }, nurse),
    ]);
    expect(left.statusCode).toBe(200);
    const stay = await readStay(id);
    expect(stay.status).toBe('Discharged');
    // Whichever ran first, the patient holds no bed now: a transfer first left the target bed to be
    // cleaned after the discharge; a discharge first refused the transfer and left the target Free.
    const after = await bedNow(target.id);
    if (moved.statusCode === 200) expect(after).toMatchObject({ status: 'Cleaning', patientId: null });
    else {
      expect(moved.json().error).toBe(STAY_MESSAGES.notAdmitted);
      expect(after).toMatchObject({ status: 'Free', patientId: null });
    }
  });

  it('answers 404 for a stay that does not exist', async () => {
    const res = await t.app.inject({
      url: '/api/stays/00000000-0000-4000-8000-000000000000',
      headers: nurse,
    });
    expect(res.statusCode).toBe(404);
  });
});
