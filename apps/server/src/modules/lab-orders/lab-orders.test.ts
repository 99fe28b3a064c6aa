import {
  LAB_DUPLICATE_CODE,
  LAB_ORDER_MESSAGES,
  type LabOrder,
  type LabOrderList,
  type LabRequisition,
  type LabWorklistPage,
  labDuplicateMessage,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, signIn, type TestApp, type TestUser } from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { labTest } from '../../../test/lab';
import { auditEvents, labPanelMembers, labSpecimens, nurses, nurseWards } from '../../db/schema';

/*
 * Ordering to specimen through the API: grouping by container, the duplicate check, collection
 * with accession numbers (also under parallel presses), receipt, rejection back to Ordered (the
 * doctor sees why), cancelling, the nurse's ward, the label, and who may reach what.
 */

let t: TestApp;
type As = Client & { user: TestUser };
let doctor: As;
let otherDoctor: As;
let scientist: As;
let admin: As;
let patientClient: As;
let potassium: Awaited<ReturnType<typeof labTest>>;
let sodium: Awaited<ReturnType<typeof labTest>>;
let glucose: Awaited<ReturnType<typeof labTest>>;
let fbc: Awaited<ReturnType<typeof labTest>>;

const as = async (user: TestUser): Promise<As> => Object.assign(client(t, await signIn(t, user)), { user });

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await as(await createUser(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' }));
  otherDoctor = await as(await createUser(t, 'doctor'));
  scientist = await as(await createUser(t, 'lab'));
  admin = await as(await createUser(t, 'admin'));
  patientClient = await as(await createUser(t, 'patient'));
  potassium = await labTest(t);
  sodium = await labTest(t, {
    code: `NA-${Date.now()}`,
    name: 'Sodium',
    loincCode: '2951-2',
    turnaroundMinutes: 90,
  });
  glucose = await labTest(t, {
    code: `GLU-${Date.now()}`,
    name: 'Glucose, fasting',
    loincCode: '1558-6',
    specimenType: 'PLAS',
    container: 'Fluoride oxalate (grey top)',
    unit: 'mmol/L',
  });
  const haemoglobin = await labTest(t, {
    code: `HB-${Date.now()}`,
    name: 'Haemoglobin',
    loincCode: '718-7',
    specimenType: 'BLD',
    container: 'EDTA (purple top)',
    unit: 'g/dL',
  });
  fbc = await labTest(
    t,
    {
      code: `FBC-${Date.now()}`,
      name: 'Full blood count',
      loincCode: '58410-2',
      kind: 'panel',
      specimenType: 'BLD',
      container: 'EDTA (purple top)',
      resultType: null,
      unit: null,
      turnaroundMinutes: 60,
    },
    [],
  );
  await t.database.db
    .insert(labPanelMembers)
    .values({ panelId: fbc.id, testId: haemoglobin.id, position: 1 });
});
afterAll(() => t.close());

const newPatient = () => createUser(t, 'patient', { dateOfBirth: '1980-03-02', gender: 'female' });

async function order(
  patientId: string,
  testIds: string[],
  body: Record<string, unknown> = {},
  by: As = doctor,
) {
  const res = await by.post('/api/lab/orders', { patientId, testIds, priority: 'Routine', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LabRequisition>();
}
const ok = <T>(res: { statusCode: number; body: string; json: <U>() => U }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const collect = (by: Client, id: string) => by.post(`/api/lab/orders/${id}/collect`);
const chart = async (patientId: string, by: Client = doctor) =>
  ok<LabOrderList>(await by.get(`/api/lab/patients/${patientId}/orders`)).data;

describe('ordering', () => {
  it('groups the tests by specimen and container into orders of one requisition', async () => {
    const patient = await newPatient();
    const made = await order(patient.id, [potassium.id, glucose.id, fbc.id, sodium.id], {
      priority: 'Urgent',
      clinicalNote: 'Vomiting for two days',
    });
    expect(made.orders).toHaveLength(3);
    expect(new Set(made.orders.map((o) => o.requisitionId))).toEqual(new Set([made.requisitionId]));
    const byContainer = Object.fromEntries(made.orders.map((o) => [o.container, o]));
    expect(byContainer['Plain (red top)']?.tests.map((x) => x.name).sort()).toEqual(['Potassium', 'Sodium']);
    expect(byContainer['Plain (red top)']?.targetMinutes).toBe(90);
    expect(byContainer['Fluoride oxalate (grey top)']?.specimenType).toBe('PLAS');
    // A panel goes in the panel's container, as one entry.
    expect(byContainer['EDTA (purple top)']?.tests.map((x) => x.name)).toEqual(['Full blood count']);
    for (const o of made.orders) {
      expect(o).toMatchObject({
        state: 'Ordered',
        priority: 'Urgent',
        clinicalNote: 'Vomiting for two days',
        requester: { id: doctor.user.id, name: 'Ngozi Eze' },
        patient: { id: patient.id, recordNumber: patient.recordNumber, gender: 'female', age: 49 },
        specimen: null,
      });
    }
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'lab-order.create'), eq(auditEvents.patientId, patient.id)));
    expect(audited?.entityId).toBe(made.requisitionId);
  });

  it('asks before ordering a test already pending for the patient, then orders it when confirmed', async () => {
    const patient = await newPatient();
    await order(patient.id, [potassium.id]);
    const asked = await doctor.post('/api/lab/orders', {
      patientId: patient.id,
      testIds: [potassium.id, glucose.id],
      priority: 'STAT',
    });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: LAB_DUPLICATE_CODE,
      error: labDuplicateMessage(['Potassium']),
      fieldErrors: { confirmDuplicates: [labDuplicateMessage(['Potassium'])] },
    });
    expect(await chart(patient.id)).toHaveLength(1);
    const confirmed = await order(patient.id, [potassium.id, glucose.id], { confirmDuplicates: true });
    expect(confirmed.orders).toHaveLength(2);
    expect(await chart(patient.id)).toHaveLength(3);
  });

  it('asks once for two orderings sent at the same moment', async () => {
    const patient = await newPatient();
    const body = { patientId: patient.id, testIds: [sodium.id], priority: 'Routine' };
    const answers = await Promise.all([
      doctor.post('/api/lab/orders', body),
      doctor.post('/api/lab/orders', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses inactive and unknown tests, and checks where it was ordered', async () => {
    const patient = await newPatient();
    const retired = await labTest(t, { code: `OLD-${Date.now()}`, active: false });
    const url = '/api/lab/orders';
    const base = { patientId: patient.id, priority: 'Routine' };
    expectInvalid(
      await doctor.post(url, { ...base, testIds: [retired.id] }),
      LAB_ORDER_MESSAGES.testInactive,
      'testIds',
    );
    expectInvalid(
      await doctor.post(url, { ...base, testIds: ['00000000-0000-4000-8000-000000000009'] }),
      LAB_ORDER_MESSAGES.testNotFound,
      'testIds',
    );
    expectInvalid(await doctor.post(url, { ...base, testIds: [] }), LAB_ORDER_MESSAGES.tests, 'testIds');
    expectInvalid(
      await doctor.post(url, { ...base, testIds: [potassium.id, potassium.id] }),
      LAB_ORDER_MESSAGES.testTwice,
      'testIds',
    );
    expectInvalid(
      await doctor.post(url, { ...base, testIds: [potassium.id], priority: 'Soon' }),
      LAB_ORDER_MESSAGES.priority,
      'priority',
    );
    // Another patient's stay is no stay of this patient.
    const stay = await admittedStay(t);
    const wrongStay = await doctor.post(url, { ...base, testIds: [potassium.id], stayId: stay.stayId });
    expect(wrongStay.statusCode).toBe(404);
    const fromStay = await order(stay.patient.id, [potassium.id], { stayId: stay.stayId });
    expect(fromStay.orders[0]?.stayId).toBe(stay.stayId);
    const staff = await doctor.post(url, {
      ...base,
      patientId: otherDoctor.user.id,
      testIds: [potassium.id],
    });
    expect(staff.statusCode).toBe(404);
  });

  it('meets NUL characters and huge values with 400', async () => {
    const patient = await newPatient();
    const url = '/api/lab/orders';
    const base = { patientId: patient.id, testIds: [sodium.id], priority: 'Routine' };
    expectInvalid(await doctor.post(url, { ...base, clinicalNote: 'a\u0000b' }), /NUL/, 'clinicalNote');
    expectInvalid(
      await doctor.post(url, { ...base, clinicalNote: 'x'.repeat(100_000) }),
      LAB_ORDER_MESSAGES.clinicalNote,
      'clinicalNote',
    );
    expect((await scientist.get('/api/lab/tests?search=%00')).statusCode).toBe(400);
    expect((await scientist.get(`/api/lab/tests?search=${'k'.repeat(5000)}`)).statusCode).toBe(400);
    const made = await order(patient.id, [sodium.id]);
    const id = made.orders[0]?.id ?? '';
    await collect(scientist, id);
    expectInvalid(
      await scientist.post(`/api/lab/orders/${id}/reject`, { reason: 'Haemolysed', note: 'a\u0000' }),
      /NUL/,
      'note',
    );
    expectInvalid(
      await scientist.post(`/api/lab/orders/${id}/reject`, { reason: 'Dropped' }),
      LAB_ORDER_MESSAGES.rejectionReason,
      'reason',
    );
    expectInvalid(
      await scientist.post(`/api/lab/orders/${id}/cancel`, { reason: 'z'.repeat(10_000) }),
      /at most/,
      'reason',
    );
  });
});

describe('collection', () => {
  it('gives accession numbers of a yearly sequence, LAB-YYYY-NNNNNN', async () => {
    const patient = await newPatient();
    const made = await order(patient.id, [potassium.id, glucose.id]);
    const [first, second] = made.orders;
    const a = ok<LabOrder>(await collect(scientist, first?.id ?? ''));
    const b = ok<LabOrder>(await collect(scientist, second?.id ?? ''));
    expect(a.state).toBe('Collected');
    expect(a.specimen?.accession).toMatch(/^LAB-2030-\d{6}$/);
    const n = Number(a.specimen?.accession.slice(-6));
    expect(b.specimen?.accession).toBe(`LAB-2030-${String(n + 1).padStart(6, '0')}`);
    expect(a.specimen?.collectedBy.id).toBe(scientist.user.id);
    // A new year starts again at 1 (the facility's year: Lagos is already in 2031 here).
    const saved = t.clock.now();
    t.clock.set('2030-12-31T23:30:00Z');
    try {
      // Sessions do not last a year: both sign in again on New Year's Eve.
      const next = await order(patient.id, [fbc.id], {}, await as(doctor.user));
      const c = ok<LabOrder>(await collect(await as(scientist.user), next.orders[0]?.id ?? ''));
      expect(c.specimen?.accession).toBe('LAB-2031-000001');
    } finally {
      t.clock.set(saved);
    }
  });

  it('makes exactly one specimen when the order is collected twice at the same moment', async () => {
    const patient = await newPatient();
    const id = (await order(patient.id, [sodium.id])).orders[0]?.id ?? '';
    const second = await as(await createUser(t, 'lab'));
    const answers = await Promise.all([collect(scientist, id), collect(second, id), collect(scientist, id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({
      code: 'SPECIMEN_COLLECTED',
      error: LAB_ORDER_MESSAGES.alreadyCollected,
    });
    const specimens = await t.database.db.select().from(labSpecimens).where(eq(labSpecimens.orderId, id));
    expect(specimens).toHaveLength(1);
  });

  it('receives, and rejects back to Ordered: the doctor sees the reason and is told', async () => {
    const patient = await newPatient();
    const id = (await order(patient.id, [potassium.id])).orders[0]?.id ?? '';
    expect((await scientist.post(`/api/lab/orders/${id}/receive`)).statusCode).toBe(409);
    const collected = ok<LabOrder>(await collect(scientist, id));
    const received = ok<LabOrder>(await scientist.post(`/api/lab/orders/${id}/receive`));
    expect(received.state).toBe('Received');
    expect(received.specimen?.receivedAt).toBe(t.clock.now().toISOString());
    const rejected = ok<LabOrder>(
      await scientist.post(`/api/lab/orders/${id}/reject`, { reason: 'Haemolysed', note: 'Pink serum' }),
    );
    expect(rejected).toMatchObject({
      state: 'Ordered',
      specimen: null,
      lastRejection: {
        accession: collected.specimen?.accession,
        reason: 'Haemolysed',
        note: 'Pink serum',
        rejectedBy: { id: scientist.user.id },
      },
    });
    const [onChart] = await chart(patient.id);
    expect(onChart?.lastRejection?.reason).toBe('Haemolysed');
    const told = ok<LabOrderList>(await doctor.get('/api/lab/recollections')).data;
    expect(told.map((o) => o.id)).toContain(id);
    expect(ok<LabOrderList>(await otherDoctor.get('/api/lab/recollections')).data).toEqual([]);
    // Recollected: a new specimen with a new accession; the notice is gone.
    const again = ok<LabOrder>(await collect(scientist, id));
    expect(again.specimen?.accession).not.toBe(collected.specimen?.accession);
    expect(ok<LabOrderList>(await doctor.get('/api/lab/recollections')).data.map((o) => o.id)).not.toContain(
      id,
    );
  });

  it('lets the ordering doctor or the lab cancel before a result', async () => {
    const patient = await newPatient();
    const [first, second] = (await order(patient.id, [potassium.id, glucose.id])).orders;
    const url = (id = '') => `/api/lab/orders/${id}/cancel`;
    expect((await otherDoctor.post(url(first?.id), { reason: 'Not needed' })).statusCode).toBe(403);
    expectInvalid(
      await doctor.post(url(first?.id), { reason: ' ' }),
      LAB_ORDER_MESSAGES.cancelReason,
      'reason',
    );
    const cancelled = ok<LabOrder>(await doctor.post(url(first?.id), { reason: 'Not needed' }));
    expect(cancelled).toMatchObject({
      state: 'Cancelled',
      cancelled: { by: { id: doctor.user.id }, reason: 'Not needed' },
    });
    expect((await collect(scientist, first?.id ?? '')).json()).toMatchObject({ code: 'ORDER_STATE' });
    await collect(scientist, second?.id ?? '');
    expect(ok<LabOrder>(await scientist.post(url(second?.id), { reason: 'Duplicate' })).state).toBe(
      'Cancelled',
    );
    expect((await doctor.post(url(second?.id), { reason: 'Again' })).statusCode).toBe(409);
  });
});

describe('the nurse on the ward', () => {
  it('collects and prints for a patient on their ward; another ward answers 404', async () => {
    const stay = await admittedStay(t);
    const other = await admittedStay(t);
    const nurseUser = await createUser(t, 'nurse');
    await t.database.db.insert(nurses).values({ id: nurseUser.id, department: 'Medicine' });
    await t.database.db.insert(nurseWards).values({ nurseId: nurseUser.id, wardId: stay.wardId });
    const nurse = await as(nurseUser);
    const mine = (await order(stay.patient.id, [potassium.id], { stayId: stay.stayId })).orders[0]?.id ?? '';
    const theirs = (await order(other.patient.id, [potassium.id])).orders[0]?.id ?? '';
    expect((await nurse.get(`/api/lab/patients/${other.patient.id}/orders`)).statusCode).toBe(404);
    expect((await collect(nurse, theirs)).statusCode).toBe(404);
    expect((await nurse.get(`/api/lab/orders/${theirs}/label.pdf`)).statusCode).toBe(404);
    const pending = ok<LabOrderList>(
      await nurse.get(`/api/lab/patients/${stay.patient.id}/orders?open=true`),
    ).data;
    expect(pending.map((o) => o.id)).toEqual([mine]);
    const collected = ok<LabOrder>(await collect(nurse, mine));
    expect(collected.specimen?.collectedBy.id).toBe(nurseUser.id);
    expect((await nurse.get(`/api/lab/orders/${mine}/label.pdf`)).statusCode).toBe(200);
    // Receiving and rejecting stay with the laboratory.
    expect((await nurse.post(`/api/lab/orders/${mine}/receive`)).statusCode).toBe(403);
    expect((await nurse.get('/api/lab/worklist')).statusCode).toBe(403);
  });
});

describe('the label', () => {
  it('is a 50 × 25 mm PDF with the accession and the patient', async () => {
    const patient = await createUser(t, 'patient', {
      firstName: 'Amaka',
      lastName: 'Obi',
      dateOfBirth: '1990-05-04',
    });
    const id = (await order(patient.id, [potassium.id, sodium.id])).orders[0]?.id ?? '';
    expect((await scientist.get(`/api/lab/orders/${id}/label.pdf`)).json()).toMatchObject({
      error: LAB_ORDER_MESSAGES.noSpecimen,
    });
    const accession = ok<LabOrder>(await collect(scientist, id)).specimen?.accession ?? '';
    const res = await scientist.get(`/api/lab/orders/${id}/label.pdf?disposition=inline`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^inline; filename="label-${accession}\\.pdf"`),
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    expect(Math.round(((width ?? 0) * 25.4) / 72)).toBe(50);
    expect(Math.round(((height ?? 0) * 25.4) / 72)).toBe(25);
    const text = (await extractText(pdf, { mergePages: true })).text;
    expect(text).toContain(accession);
    expect(text).toContain('Amaka Obi');
    expect(text).toContain(patient.recordNumber ?? '');
    expect(text).toContain(potassium.code);
  });
});

describe('the worklist', () => {
  it('lists open orders by priority then age, filtered by state, and audits the read', async () => {
    const patient = await newPatient();
    const routine = (await order(patient.id, [potassium.id])).orders[0];
    t.clock.advance(60_000);
    const stat = (await order(patient.id, [glucose.id], { priority: 'STAT' })).orders[0];
    t.clock.advance(60_000);
    const urgent = (await order(patient.id, [fbc.id], { priority: 'Urgent' })).orders[0];
    const page = ok<LabWorklistPage>(await scientist.get('/api/lab/worklist?limit=100'));
    const ids = page.data.map((o) => o.id);
    const rank = (id = '') => ids.indexOf(id);
    expect(rank(stat?.id)).toBeLessThan(rank(urgent?.id));
    expect(rank(urgent?.id)).toBeLessThan(rank(routine?.id));
    const priorities = page.data.map((o) => o.priority);
    expect(priorities).toEqual(
      [...priorities].sort(
        (a, b) => ['STAT', 'Urgent', 'Routine'].indexOf(a) - ['STAT', 'Urgent', 'Routine'].indexOf(b),
      ),
    );
    const row = page.data.find((o) => o.id === routine?.id);
    expect(row).toMatchObject({ waitedMinutes: 2, targetMinutes: 120, patient: { age: 49 } });
    expect(page.data.every((o) => o.state !== 'Cancelled' && o.state !== 'Verified')).toBe(true);
    await collect(scientist, stat?.id ?? '');
    const collected = ok<LabWorklistPage>(await scientist.get('/api/lab/worklist?state=Collected&limit=100'));
    expect(collected.data.map((o) => o.id)).toContain(stat?.id);
    expect(collected.data.every((o) => o.state === 'Collected')).toBe(true);
    const urgentOnly = ok<LabWorklistPage>(await admin.get('/api/lab/worklist?priority=Urgent&limit=100'));
    expect(urgentOnly.data.every((o) => o.priority === 'Urgent')).toBe(true);
    const paged = ok<LabWorklistPage>(await scientist.get('/api/lab/worklist?limit=2&page=2'));
    expect(paged.data.map((o) => o.id)).toEqual(ids.slice(2, 4));
    expect(paged.pagination.total).toBe(page.pagination.total);
    expectInvalid(await scientist.get('/api/lab/worklist?state=Lost'), LAB_ORDER_MESSAGES.state, 'state');
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'lab-orders.worklist'));
    expect(reads.length).toBeGreaterThan(0);
  });

  it('is closed to patients, doctors and nurses; ordering is for doctors', async () => {
    const someId = '00000000-0000-4000-8000-000000000001';
    for (const [method, url] of [
      ['GET', '/api/lab/worklist'],
      ['GET', '/api/lab/tests'],
      ['POST', '/api/lab/orders'],
      ['GET', `/api/lab/patients/${patientClient.user.id}/orders`],
      ['POST', `/api/lab/orders/${someId}/collect`],
      ['POST', `/api/lab/orders/${someId}/receive`],
      ['POST', `/api/lab/orders/${someId}/reject`],
      ['POST', `/api/lab/orders/${someId}/cancel`],
      ['GET', `/api/lab/orders/${someId}/label.pdf`],
      ['GET', '/api/lab/recollections'],
      ['GET', '/api/lab/events'],
    ] as const)
      expect(
        (await patientClient.send(method, url, method === 'POST' ? {} : undefined)).statusCode,
        url,
      ).toBe(403);
    expect((await doctor.get('/api/lab/worklist')).statusCode).toBe(403);
    expect((await scientist.post('/api/lab/orders', {})).statusCode).toBe(403);
    expect((await admin.post(`/api/lab/orders/${someId}/collect`)).statusCode).toBe(403);
    expect((await client(t).get('/api/lab/worklist')).statusCode).toBe(401);
  });
});
