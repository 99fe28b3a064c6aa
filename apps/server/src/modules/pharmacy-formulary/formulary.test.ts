import {
  FORMULARY_MESSAGES as M,
  type Medicine,
  type Prescription,
  type PrescriptionInput,
  type SaveMedicine,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../test/helpers';
import { FORMULARY_SYSTEM, loadFormulary } from '../../db/formulary-load';
import { auditEvents, codeSystemLoads } from '../../db/schema';
import { SHIPPED_FORMULARY } from '../../db/shipped-formulary';

let t: TestApp;
let admin: Client;
let doctor: Client;
let pharmacist: Client;

const as = async (role: 'doctor' | 'pharmacist' | 'nurse' | 'lab' | 'patient') =>
  client(t, (await signedIn(t, role)).headers);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  doctor = await as('doctor');
  pharmacist = await as('pharmacist');
});
afterAll(() => t.close());

let count = 0;
const entry = (fields: Partial<SaveMedicine> = {}): SaveMedicine => {
  count += 1;
  return {
    genericName: `Cefixime ${count}`,
    brandName: 'Suprax',
    strength: '200 mg',
    form: 'Tablet',
    route: 'Oral',
    dispensingUnit: 'tablet',
    reorderLevel: 100,
    controlled: false,
    atcCode: 'j01dd08',
    price: 45_000,
    ...fields,
  };
};

const add = async (body: SaveMedicine) => {
  const res = await admin.post('/api/admin/medicines', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Medicine>();
};

type Page = { data: Medicine[]; pagination: { total: number } };

describe('the shipped formulary', () => {
  it('is in a fresh database, prescribable by doctors', async () => {
    const res = await doctor.get('/api/medicines?q=amoxicillin&limit=50');
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json<Page>().data.map((m) => `${m.genericName} ${m.strength} ${m.form} ${m.atcCode}`);
    expect(names).toContain('Amoxicillin 500 mg Capsule J01CA04');
    expect(names).toContain('Amoxicillin/clavulanic acid 625 mg Tablet J01CR02');
    const all = await admin.get('/api/admin/medicines?limit=100');
    expect(all.json<Page>().pagination.total).toBe(SHIPPED_FORMULARY.length);
  });

  it('loads once per version, adds only what is missing, and changes nothing the hospital edited', async () => {
    const { db } = t.database;
    expect(await loadFormulary(db)).toBe(false);
    const list = await admin.get('/api/admin/medicines?q=metformin');
    const [metformin] = list.json<Page>().data;
    if (!metformin) throw new Error('no shipped metformin');
    const edited = await admin.put(`/api/admin/medicines/${metformin.id}`, {
      ...metformin,
      price: 3_000,
      brandName: 'Glucophage',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const next = [
      ...SHIPPED_FORMULARY,
      {
        ...entry({ genericName: 'Nystatin', strength: '100,000 IU/mL', form: 'Suspension', atcCode: null }),
        price: 90_000,
      },
    ];
    expect(await loadFormulary(db, next)).toBe(true);
    const [load] = await db
      .select()
      .from(codeSystemLoads)
      .where(eq(codeSystemLoads.system, FORMULARY_SYSTEM));
    expect(load?.rowCount).toBe(1);
    const again = await admin.get(`/api/admin/medicines/${metformin.id}`);
    expect(again.json<Medicine>()).toMatchObject({ price: 3_000, brandName: 'Glucophage' });
  });
});

describe('managing the formulary', () => {
  it('adds a medicine (ATC upper-cased), in the audit trail', async () => {
    const added = await add(entry());
    expect(added).toMatchObject({ atcCode: 'J01DD08', brandName: 'Suprax', active: true, price: 45_000 });
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'medicine.create'), eq(auditEvents.entityId, added.id)));
    expect(audits).toHaveLength(1);
  });

  it('refuses bad fields with the contract message on the field', async () => {
    expectInvalid(
      await admin.post('/api/admin/medicines', entry({ atcCode: 'J01' })),
      M.atcFormat,
      'atcCode',
    );
    expectInvalid(
      await admin.post('/api/admin/medicines', entry({ genericName: ' ' })),
      M.genericRequired,
      'genericName',
    );
    expectInvalid(
      await admin.post('/api/admin/medicines', entry({ strength: '' })),
      M.strengthRequired,
      'strength',
    );
    expectInvalid(
      await admin.post('/api/admin/medicines', entry({ reorderLevel: -1 })),
      M.reorderRange,
      'reorderLevel',
    );
    expectInvalid(await admin.post('/api/admin/medicines', entry({ price: 1.5 })), M.priceRange, 'price');
    expectInvalid(
      await admin.post('/api/admin/medicines', entry({ form: 'Elixir' as never })),
      M.formRequired,
      'form',
    );
    // NUL bytes and huge text answer 400, never 500.
    const nul = await admin.post('/api/admin/medicines', entry({ genericName: 'Bad\u0000name' }));
    expect(nul.statusCode).toBe(400);
    const huge = await admin.post('/api/admin/medicines', entry({ strength: 'x'.repeat(100_000) }));
    expect(huge.statusCode).toBe(400);
  });

  it('one medicine per generic, strength and form whatever the case: two adds at once give one 201 and one 409', async () => {
    const body = entry({ genericName: 'Loratadine', strength: '10 mg' });
    const results = await Promise.all([
      admin.post('/api/admin/medicines', body),
      admin.post('/api/admin/medicines', { ...body, genericName: 'LORATADINE', strength: '10 MG' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json<{ error: string }>().error).toBe(M.taken);
    // Another form of the same generic and strength is another medicine.
    await add({ ...body, form: 'Syrup', dispensingUnit: 'bottle' });
  });

  it('deactivating takes it off the staff list and reading; reactivating brings it back', async () => {
    const added = await add(entry({ genericName: 'Cetirizine', strength: '10 mg' }));
    const off = await admin.put(`/api/admin/medicines/${added.id}/status`, { active: false });
    expect(off.json<Medicine>().active).toBe(false);
    expect((await doctor.get(`/api/medicines/${added.id}`)).statusCode).toBe(404);
    expect((await doctor.get('/api/medicines?q=cetirizine')).json<Page>().data).toEqual([]);
    expect(
      (await admin.get('/api/admin/medicines?q=cetirizine&status=inactive')).json<Page>().data,
    ).toHaveLength(1);
    await admin.put(`/api/admin/medicines/${added.id}/status`, { active: true });
    expect((await doctor.get(`/api/medicines/${added.id}`)).statusCode).toBe(200);
  });

  it('is read by the staff who prescribe, give or dispense; managed by the admin only', async () => {
    const nurse = await as('nurse');
    const lab = await as('lab');
    const patient = await as('patient');
    expect((await nurse.get('/api/medicines?q=para')).statusCode).toBe(200);
    expect((await pharmacist.get('/api/medicines?q=para')).statusCode).toBe(200);
    expect((await lab.get('/api/medicines')).statusCode).toBe(403);
    expect((await patient.get('/api/medicines')).statusCode).toBe(403);
    expect((await pharmacist.post('/api/admin/medicines', entry())).statusCode).toBe(403);
    expect((await doctor.get('/api/admin/medicines')).statusCode).toBe(403);
  });
});

describe('prescribing from the formulary', () => {
  const line = (name: string, medicineId?: string | null) => ({
    name,
    medicineId,
    dosage: '1 capsule',
    duration: '5 Days' as const,
    time: 'After Meal' as const,
    interval: 'Morning and evening' as const,
    comment: '',
  });
  const prescription = (patientId: string, medicines: PrescriptionInput['medicines']): PrescriptionInput => ({
    patientId,
    physicalInfo: {},
    medicines,
  });

  it('keeps the picked medicine on its line and a medicine outside the formulary without one', async () => {
    const patient = await createUser(t, 'patient');
    const picked = await add(entry({ genericName: 'Cefpodoxime', strength: '100 mg' }));
    const res = await doctor.post(
      '/api/doctor/prescriptions',
      prescription(patient.id, [line('Cefpodoxime 100 mg Tablet', picked.id), line('Herbal tea')]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json<{ prescription: Prescription }>().prescription.medicines;
    expect(lines.map((l) => [l.name, l.medicineId])).toEqual([
      ['Cefpodoxime 100 mg Tablet', picked.id],
      ['Herbal tea', null],
    ]);
  });

  it('refuses an inactive or unknown medicine on its line', async () => {
    const patient = await createUser(t, 'patient');
    const gone = await add(entry({ genericName: 'Cefaclor', strength: '250 mg' }));
    await admin.put(`/api/admin/medicines/${gone.id}/status`, { active: false });
    expectInvalid(
      await doctor.post(
        '/api/doctor/prescriptions',
        prescription(patient.id, [line('Paracetamol'), line('Cefaclor', gone.id)]),
      ),
      M.inactive,
      'medicines.1.medicineId',
    );
    expectInvalid(
      await doctor.post(
        '/api/doctor/prescriptions',
        prescription(patient.id, [line('Cefaclor', '00000000-0000-4000-8000-000000000000')]),
      ),
      M.inactive,
      'medicines.0.medicineId',
    );
  });
});
