import { BED_MESSAGES } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { beds } from '../../db/schema';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const addBed = async (label: string) => {
  const res = await admin.post('/api/admin/beds', { label });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; label: string; status: string }>();
};

describe('adding a bed', () => {
  it('needs a label after trimming', async () => {
    for (const body of [{}, { label: '' }, { label: '   ' }, { label: null }]) {
      expectInvalid(await admin.post('/api/admin/beds', body), BED_MESSAGES.labelRequired);
    }
  });

  it('creates a Free bed with the trimmed label', async () => {
    const bed = await addBed('  Ward A-1  ');
    expect(bed).toMatchObject({ label: 'Ward A-1', status: 'Free', patientId: null, patientName: null });
  });

  it('refuses a label another bed has, whatever its case', async () => {
    await addBed('Ward Dup');
    const res = await admin.post('/api/admin/beds', { label: 'ward dup' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: BED_MESSAGES.labelTaken,
      fieldErrors: { label: [BED_MESSAGES.labelTaken] },
    });
  });
});

describe('editing a bed', () => {
  it('validates the label and the status', async () => {
    const bed = await addBed('Ward E-1');
    expectInvalid(
      await admin.put(`/api/admin/beds/${bed.id}`, { label: ' ', status: 'Free' }),
      BED_MESSAGES.labelRequired,
    );
    expectInvalid(
      await admin.put(`/api/admin/beds/${bed.id}`, { label: 'X', status: 'Broken' }),
      'Status must be Free or Occupied',
    );
    await addBed('Ward E-2');
    const taken = await admin.put(`/api/admin/beds/${bed.id}`, { label: 'WARD E-2', status: 'Free' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(BED_MESSAGES.labelTaken);
    const missing = await admin.put('/api/admin/beds/00000000-0000-4000-8000-000000000002', {
      label: 'Z',
      status: 'Free',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(BED_MESSAGES.notFound);
  });

  it('an occupied bed may name its patient; freeing it clears the patient', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Bola', lastName: 'Bed' });
    const bed = await addBed('Ward O-1');
    const occupied = await admin.put(`/api/admin/beds/${bed.id}`, {
      label: 'Ward O-1',
      status: 'Occupied',
      patientId: patient.id,
    });
    expect(occupied.statusCode).toBe(200);
    expect(occupied.json()).toMatchObject({
      status: 'Occupied',
      patientId: patient.id,
      patientName: 'Bola Bed',
    });
    const patients = (await admin.get('/api/admin/patients?q=bola')).json();
    expect(patients.data[0]).toMatchObject({ status: 'Inpatient', bed: 'Ward O-1' });

    const freed = await admin.put(`/api/admin/beds/${bed.id}`, {
      label: 'Ward O-1',
      status: 'Free',
      patientId: patient.id,
    });
    expect(freed.json()).toMatchObject({ status: 'Free', patientId: null, patientName: null });
    expect((await admin.get('/api/admin/patients?q=bola')).json().data[0].status).toBe('Outpatient');

    // Occupied without naming anyone is allowed (a patient not registered yet).
    const anonymous = await admin.put(`/api/admin/beds/${bed.id}`, { label: 'Ward O-1', status: 'Occupied' });
    expect(anonymous.json()).toMatchObject({ status: 'Occupied', patientId: null });
  });

  it('names only existing patients, each in one bed at a time', async () => {
    const patient = await createUser(t, 'patient');
    const doctor = await createUser(t, 'doctor');
    const [one, two] = [await addBed('Ward P-1'), await addBed('Ward P-2')];
    expectInvalid(
      await admin.put(`/api/admin/beds/${one.id}`, {
        label: 'Ward P-1',
        status: 'Occupied',
        patientId: doctor.id,
      }),
      BED_MESSAGES.patientNotFound,
    );
    expectInvalid(
      await admin.put(`/api/admin/beds/${one.id}`, {
        label: 'Ward P-1',
        status: 'Occupied',
        patientId: 'nobody',
      }),
      BED_MESSAGES.patientNotFound,
    );
    await admin.put(`/api/admin/beds/${one.id}`, {
      label: 'Ward P-1',
      status: 'Occupied',
      patientId: patient.id,
    });
    const second = await admin.put(`/api/admin/beds/${two.id}`, {
      label: 'Ward P-2',
      status: 'Occupied',
      patientId: patient.id,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(BED_MESSAGES.patientInAnotherBed);
  });

  it('records who placed which patient in a bed', async () => {
    const patient = await createUser(t, 'patient');
    const bed = await addBed('Ward Q-1');
    await admin.put(`/api/admin/beds/${bed.id}`, {
      label: 'Ward Q-1',
      status: 'Occupied',
      patientId: patient.id,
    });
    const trail = (await admin.get(`/api/admin/audit?patientId=${patient.id}`)).json();
    expect(trail.data[0]).toMatchObject({ action: 'bed.update', entityId: bed.id, actorRole: 'admin' });
  });
});

describe('removing a bed', () => {
  it('removes a Free bed and refuses an Occupied one', async () => {
    const bed = await addBed('Ward R-1');
    await admin.put(`/api/admin/beds/${bed.id}`, { label: 'Ward R-1', status: 'Occupied' });
    const refused = await admin.delete(`/api/admin/beds/${bed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(BED_MESSAGES.occupiedCannotBeRemoved);
    await admin.put(`/api/admin/beds/${bed.id}`, { label: 'Ward R-1', status: 'Free' });
    expect((await admin.delete(`/api/admin/beds/${bed.id}`)).json()).toEqual({ ok: true });
    expect((await admin.delete(`/api/admin/beds/${bed.id}`)).statusCode).toBe(404);
  });
});

describe('listing beds', () => {
  it('pages, filters by status and searches labels and patient names', async () => {
    await t.database.db
      .insert(beds)
      .values(Array.from({ length: 21 }, (_, i) => ({ label: `Zeta ${String(i).padStart(2, '0')}` })));
    const page2 = (await admin.get('/api/admin/beds?q=zeta&page=2')).json();
    expect(page2.data.map((b: { label: string }) => b.label)).toEqual(['Zeta 20']);
    expect(page2.pagination).toMatchObject({ total: 21, totalPages: 2 });
    const occupied = (await admin.get('/api/admin/beds?status=Occupied')).json();
    expect(occupied.data.every((b: { status: string }) => b.status === 'Occupied')).toBe(true);
    expect((await admin.get('/api/admin/beds?q=bola')).json().pagination.total).toBe(0);
    const byStatus = (await admin.get('/api/admin/beds?sort=status&order=desc&limit=1')).json();
    expect(byStatus.data[0].status).toBe('Occupied');
  });
});
