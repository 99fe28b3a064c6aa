import { BED_MESSAGES, WARD_MESSAGES } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
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
      'Status must be Free, Occupied, Reserved or Cleaning',
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

const addWard = async (name: string, fields: { kind?: string; sexRule?: string } = {}) => {
  const res = await admin.post('/api/admin/wards', { name, kind: 'General', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{
    id: string;
    name: string;
    kind: string;
    sexRule: string;
    beds: number;
    freeBeds: number;
  }>();
};
const bedIn = async (label: string, wardId: string) => {
  const res = await admin.post('/api/admin/beds', { label, wardId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; label: string; wardId: string; wardName: string }>();
};
const put = (bed: { id: string; label: string }, status: string, patientId?: string, wardId?: string) =>
  admin.put(`/api/admin/beds/${bed.id}`, { label: bed.label, status, patientId, wardId });

describe('wards', () => {
  it('a bed added without a ward goes to the default General Ward', async () => {
    const bed = await addBed('Ward Default-1');
    expect(bed).toMatchObject({ wardName: 'General Ward' });
    const general = (await admin.get('/api/admin/wards?q=general%20ward')).json().data[0];
    expect(general).toMatchObject({
      name: 'General Ward',
      kind: 'General',
      sexRule: 'Mixed',
      isDefault: true,
    });
  });

  it('validates, keeps names unique whatever their case, and records each change', async () => {
    expectInvalid(
      await admin.post('/api/admin/wards', { name: ' ', kind: 'General' }),
      WARD_MESSAGES.nameRequired,
    );
    expectInvalid(
      await admin.post('/api/admin/wards', { name: 'X', kind: 'Cardiac' }),
      /Kind must be one of: General, Maternity/,
    );
    expectInvalid(
      await admin.post('/api/admin/wards', { name: 'X', kind: 'General', sexRule: 'Women' }),
      /Sex rule must be one of/,
    );
    const ward = await addWard('  Maternity East ', { kind: 'Maternity', sexRule: 'Female only' });
    expect(ward).toMatchObject({
      name: 'Maternity East',
      kind: 'Maternity',
      sexRule: 'Female only',
      beds: 0,
    });
    const dup = await admin.post('/api/admin/wards', { name: 'MATERNITY EAST', kind: 'General' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: WARD_MESSAGES.nameTaken,
      fieldErrors: { name: [WARD_MESSAGES.nameTaken] },
    });
    const edited = await admin.put(`/api/admin/wards/${ward.id}`, {
      name: 'Maternity West',
      kind: 'Maternity',
      sexRule: 'Mixed',
    });
    expect(edited.json()).toMatchObject({ name: 'Maternity West', sexRule: 'Mixed' });
    const missing = await admin.put('/api/admin/wards/00000000-0000-4000-8000-000000000002', {
      name: 'Z',
      kind: 'General',
    });
    expect(missing.statusCode).toBe(404);
    const trail = (await admin.get('/api/admin/audit?action=ward.update')).json();
    expect(trail.data[0]).toMatchObject({ action: 'ward.update', entityId: ward.id });
  });

  it('lists with bed counts, filters by kind, sorts and searches on the server', async () => {
    const icu = await addWard('Intensive Care North', { kind: 'Intensive care' });
    const [one] = [await bedIn('ICU-N1', icu.id), await bedIn('ICU-N2', icu.id)];
    if (!one) throw new Error('no bed');
    await put(one, 'Occupied');
    const listed = (await admin.get('/api/admin/wards?kind=Intensive%20care')).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ name: 'Intensive Care North', beds: 2, freeBeds: 1 }),
    ]);
    expect((await admin.get('/api/admin/wards?q=north')).json().pagination.total).toBe(1);
    const byKind = (await admin.get('/api/admin/wards?sort=kind&order=desc&limit=1')).json();
    // Kinds sort in the order the contract lists them, Intensive care last.
    expect(byKind.data[0].kind).toBe('Intensive care');
  });

  it('removes only an empty ward, and never the default one', async () => {
    const ward = await addWard('Side Room', { kind: 'Surgical' });
    const bed = await bedIn('Side-1', ward.id);
    const refused = await admin.delete(`/api/admin/wards/${ward.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(WARD_MESSAGES.notEmpty);
    await admin.delete(`/api/admin/beds/${bed.id}`);
    expect((await admin.delete(`/api/admin/wards/${ward.id}`)).json()).toEqual({ ok: true });
    expect((await admin.delete(`/api/admin/wards/${ward.id}`)).statusCode).toBe(404);
    const general = (await admin.get('/api/admin/wards?q=general%20ward')).json().data[0];
    const kept = await admin.delete(`/api/admin/wards/${general.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toBe(WARD_MESSAGES.defaultCannotBeRemoved);
  });

  it('beds name their ward; Manage Beds filters by ward and a bed moves between wards', async () => {
    const [east, west] = [await addWard('Filter East'), await addWard('Filter West')];
    const bed = await bedIn('FE-1', east.id);
    expect(bed).toMatchObject({ wardId: east.id, wardName: 'Filter East' });
    await bedIn('FW-1', west.id);
    const filtered = (await admin.get(`/api/admin/beds?wardId=${east.id}`)).json();
    expect(filtered.data.map((b: { label: string }) => b.label)).toEqual(['FE-1']);
    const moved = await put(bed, 'Free', undefined, west.id);
    expect(moved.json()).toMatchObject({ wardId: west.id, wardName: 'Filter West' });
    expect((await admin.get(`/api/admin/beds?wardId=${east.id}`)).json().pagination.total).toBe(0);
    expectInvalid(
      await admin.post('/api/admin/beds', {
        label: 'Nowhere',
        wardId: '00000000-0000-4000-8000-000000000009',
      }),
      BED_MESSAGES.wardNotFound,
    );
    expectInvalid(
      await admin.post('/api/admin/beds', { label: 'Nowhere', wardId: 'x' }),
      BED_MESSAGES.wardNotFound,
    );
  });
});

describe('bed states', () => {
  it('Reserved holds a bed for a patient on the way; Cleaning takes nobody until made ready', async () => {
    const patient = await createUser(t, 'patient');
    const bed = await addBed('State-1');
    const reserved = await put(bed, 'Reserved', patient.id);
    expect(reserved.json()).toMatchObject({ status: 'Reserved', patientId: patient.id });
    // The patient arrives: the reserved bed becomes theirs.
    expect((await put(bed, 'Occupied', patient.id)).json()).toMatchObject({ status: 'Occupied' });
    // Discharged: the bed is cleaned, without a patient, and nobody goes in meanwhile.
    expect((await put(bed, 'Cleaning', patient.id)).json()).toMatchObject({
      status: 'Cleaning',
      patientId: null,
    });
    for (const status of ['Occupied', 'Reserved']) {
      const refused = await put(bed, status, patient.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(BED_MESSAGES.cleaningFirst);
    }
    expect((await admin.delete(`/api/admin/beds/${bed.id}`)).statusCode).toBe(409);
    // Made ready.
    expect((await put(bed, 'Free')).json()).toMatchObject({ status: 'Free' });
    // Reserved and Cleaning beds are not free on the dashboard.
    await put(bed, 'Reserved');
    const free = (await admin.get('/api/admin/beds?status=Free&limit=100')).json();
    expect(free.data.some((b: { id: string }) => b.id === bed.id)).toBe(false);
  });

  it('a bed that names a patient takes no other one', async () => {
    const [first, second] = [await createUser(t, 'patient'), await createUser(t, 'patient')];
    const bed = await addBed('State-2');
    await put(bed, 'Reserved', first.id);
    const taken = await put(bed, 'Occupied', second.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(BED_MESSAGES.bedTaken);
  });

  it('the database refuses a patient on a Free or Cleaning bed, whatever writes it', async () => {
    const patient = await createUser(t, 'patient');
    await expect(
      t.database.db.insert(beds).values({ label: 'Raw-1', status: 'Cleaning', patientId: patient.id }),
    ).rejects.toThrow();
  });
});

describe('sex rule', () => {
  it('a single-sex ward refuses a patient of the other sex, however the bed gets there', async () => {
    const ward = await addWard('Female Surgical', { kind: 'Surgical', sexRule: 'Female only' });
    const male = await createUser(t, 'patient', { gender: 'male' });
    const female = await createUser(t, 'patient', { gender: 'female' });
    const bed = await bedIn('FS-1', ward.id);
    for (const status of ['Occupied', 'Reserved']) {
      const refused = await put(bed, status, male.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: BED_MESSAGES.femaleOnly,
        fieldErrors: { patientId: [BED_MESSAGES.femaleOnly] },
      });
    }
    expect((await put(bed, 'Occupied', female.id)).statusCode).toBe(200);
    // A bed with a man in it cannot move into the ward either.
    const other = await addBed('FS-outside');
    await put(other, 'Occupied', male.id);
    const moved = await put(other, 'Occupied', male.id, ward.id);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toBe(BED_MESSAGES.femaleOnly);
  });

  it('a ward cannot turn single-sex while a patient of the other sex lies in it', async () => {
    const ward = await addWard('Mixed Medical');
    const male = await createUser(t, 'patient', { gender: 'male' });
    await put(await bedIn('MM-1', ward.id), 'Occupied', male.id);
    const refused = await admin.put(`/api/admin/wards/${ward.id}`, {
      name: 'Mixed Medical',
      kind: 'General',
      sexRule: 'Female only',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(WARD_MESSAGES.sexRuleConflict);
    const male2 = await admin.put(`/api/admin/wards/${ward.id}`, {
      name: 'Mixed Medical',
      kind: 'General',
      sexRule: 'Male only',
    });
    expect(male2.statusCode).toBe(200);
  });
});

describe('parallel requests', () => {
  it('two patients sent to one bed at once: one gets it, the other is refused', async () => {
    const [a, b] = [await createUser(t, 'patient'), await createUser(t, 'patient')];
    const bed = await addBed('Race-1');
    const results = await Promise.all([put(bed, 'Occupied', a.id), put(bed, 'Occupied', b.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().error).toBe(BED_MESSAGES.bedTaken);
    const [row] = await t.database.db.select().from(beds).where(eq(beds.id, bed.id));
    const winner = results.find((r) => r.statusCode === 200)?.json().patientId;
    expect(row?.patientId).toBe(winner);
  });

  it('one patient sent to two beds at once: one bed gets them, the other is refused', async () => {
    const patient = await createUser(t, 'patient');
    const [one, two] = [await addBed('Race-2'), await addBed('Race-3')];
    const results = await Promise.all([put(one, 'Occupied', patient.id), put(two, 'Reserved', patient.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe(BED_MESSAGES.patientInAnotherBed);
    expect(await t.database.db.$count(beds, eq(beds.patientId, patient.id))).toBe(1);
  });
});
