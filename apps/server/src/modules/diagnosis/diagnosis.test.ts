import {
  DIAGNOSIS_CATEGORY_MESSAGES,
  DIAGNOSIS_MESSAGES,
  type DiagnosisCategory,
  type DiagnosisCategoryPage,
  type DiagnosisTest,
  type DiagnosisTestInput,
  type DiagnosisTestPage,
  diagnosisTestInputSchema,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { auditEvents, diagnosisCategories, users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { createTest } from './service';

let t: TestApp;
let doctor: Client & { id: string };
let colleague: Client & { id: string };
let ada: TestUser;
let bayo: TestUser;
let haematology: string;
let chemistry: string;

const asDoctor = async () => {
  const signed = await signedIn(t, 'doctor');
  return Object.assign(client(t, signed.headers), { id: signed.user.id });
};

beforeAll(async () => {
  t = await createTestApp();
  doctor = await asDoctor();
  colleague = await asDoctor();
  ada = await createUser(t, 'patient', { firstName: 'Ada', lastName: 'Okafor' });
  bayo = await createUser(t, 'patient', { firstName: 'Bayo', lastName: 'Adewale' });
  const categories = await t.database.db.select().from(diagnosisCategories);
  const idOf = (name: string) => categories.find((c) => c.name === name)?.id ?? '';
  haematology = idOf('Haematology');
  chemistry = idOf('Clinical Chemistry');
});
afterAll(() => t.close());

const input = (fields: Partial<DiagnosisTestInput> = {}): DiagnosisTestInput => ({
  patientId: ada.id,
  name: 'Full blood count',
  categoryId: haematology,
  ...fields,
});

const create = async (fields: Partial<DiagnosisTestInput> = {}, as: Client = doctor) => {
  const res = await as.post('/api/doctor/diagnosis-tests', input(fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DiagnosisTest>();
};

const list = async (query = '', as: Client = doctor) => {
  const res = await as.get(`/api/doctor/diagnosis-tests${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DiagnosisTestPage>();
};

const numberOf = (reportNumber: string) => Number(reportNumber.slice(-6));

describe('the initial categories', () => {
  it('are the twenty the migration inserts', async () => {
    const res = await doctor.get('/api/doctor/diagnosis-categories?limit=100');
    const page = res.json<DiagnosisCategoryPage>();
    expect(page.pagination.total).toBe(20);
    expect(page.data[0]).toMatchObject({ name: 'Blood Transfusion', testCount: 0 });
    const options = await doctor.get('/api/doctor/diagnosis-categories/options');
    expect(options.json<{ data: unknown[] }>().data).toHaveLength(20);
  });
});

describe('a diagnosis test', () => {
  it('is stored with its measurements and properties, numbered DX-<year>-<n>, and audited', async () => {
    const saved = await create({
      age: '34',
      height: 172.46,
      weight: '81.25',
      averageGlucose: 126,
      bloodSugar: 140,
      urinSugar: 0,
      systolic: 128,
      diastolic: 84,
      diabetes: 'Type 2',
      cholesterol: 210,
      properties: [
        { name: 'Haemoglobin', value: '13.2 g/dL' },
        { name: 'Platelets', value: '250 x10^9/L' },
      ],
    });
    expect(saved).toMatchObject({
      reportNumber: expect.stringMatching(/^DX-2030-\d{6}$/),
      name: 'Full blood count',
      patient: { id: ada.id, fullName: 'Ada Okafor', email: ada.email },
      doctor: { id: doctor.id },
      category: { id: haematology, name: 'Haematology' },
      age: 34,
      height: 172.5,
      weight: 81.3,
      urinSugar: 0,
      systolic: 128,
      diastolic: 84,
      diabetes: 'Type 2',
      properties: [
        { name: 'Haemoglobin', value: '13.2 g/dL' },
        { name: 'Platelets', value: '250 x10^9/L' },
      ],
      editable: true,
    });
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, saved.id), eq(auditEvents.action, 'diagnosis.create')));
    expect(trail).toEqual([
      expect.objectContaining({
        actorId: doctor.id,
        patientId: ada.id,
        details: { reportNumber: saved.reportNumber },
      }),
    ]);
  });

  it('gets distinct consecutive report numbers from parallel saves', async () => {
    const before = await create();
    const saved = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? doctor : colleague).post('/api/doctor/diagnosis-tests', input({ name: `Parallel ${i}` })),
      ),
    );
    const numbers = saved
      .map((res) => {
        expect(res.statusCode, res.body).toBe(201);
        return numberOf(res.json<DiagnosisTest>().reportNumber);
      })
      .sort((a, b) => a - b);
    const first = numberOf(before.reportNumber) + 1;
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
  });

  it('never gives a deleted test’s number again', async () => {
    const last = await create();
    expect((await doctor.delete(`/api/doctor/diagnosis-tests/${last.id}`)).statusCode).toBe(200);
    const next = await create();
    expect(numberOf(next.reportNumber)).toBe(numberOf(last.reportNumber) + 1);
  });

  it('refuses values outside their range, saying the unit and range', async () => {
    const post = (fields: Partial<DiagnosisTestInput>) =>
      doctor.post('/api/doctor/diagnosis-tests', input(fields));
    expectInvalid(
      await post({ bloodSugar: 5000 }),
      'Blood sugar must be between 10 and 1000 mg/dL',
      'bloodSugar',
    );
    expectInvalid(await post({ urinSugar: -1 }), 'Urine sugar must be between 0 and 2000 mg/dL', 'urinSugar');
    expectInvalid(
      await post({ cholesterol: 20 }),
      'Total cholesterol must be between 50 and 1000 mg/dL',
      'cholesterol',
    );
    expectInvalid(await post({ age: 200 }), 'Age must be between 0 and 150 years', 'age');
    expectInvalid(await post({ height: 400 }), 'Height must be between 20 and 260 cm', 'height');
    expectInvalid(
      await post({ systolic: 400, diastolic: 80 }),
      'Systolic blood pressure must be between 30 and 300 mmHg',
      'systolic',
    );
    expectInvalid(await post({ systolic: 120 }), DIAGNOSIS_MESSAGES.bothPressures, 'diastolic');
    expectInvalid(
      await post({ systolic: 80, diastolic: 90 }),
      DIAGNOSIS_MESSAGES.diastolicBelowSystolic,
      'diastolic',
    );
    expectInvalid(await post({ name: '  ' }), DIAGNOSIS_MESSAGES.nameRequired, 'name');
    expectInvalid(await post({ categoryId: '' }), DIAGNOSIS_MESSAGES.categoryRequired, 'categoryId');
    expectInvalid(await post({ patientId: '' }), DIAGNOSIS_MESSAGES.patientRequired, 'patientId');
    expectInvalid(
      await post({ properties: Array.from({ length: 21 }, (_, i) => ({ name: `P${i}`, value: 'x' })) }),
      DIAGNOSIS_MESSAGES.tooManyProperties,
      'properties',
    );
    const twice = await post({
      properties: [
        { name: 'Colour', value: 'Amber' },
        { name: 'colour', value: 'Clear' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['properties.1.name']).toEqual([
      DIAGNOSIS_MESSAGES.propertyNameTaken,
    ]);
  });

  it('must be for a registered patient and an existing category', async () => {
    const staff = await createUser(t, 'doctor');
    expectInvalid(
      await doctor.post('/api/doctor/diagnosis-tests', input({ patientId: staff.id })),
      DIAGNOSIS_MESSAGES.patientRequired,
      'patientId',
    );
    expectInvalid(
      await doctor.post(
        '/api/doctor/diagnosis-tests',
        input({ categoryId: '00000000-0000-4000-8000-000000000000' }),
      ),
      DIAGNOSIS_MESSAGES.categoryRequired,
      'categoryId',
    );
  });

  it('is read by any doctor (audited) but changed and deleted only by its own', async () => {
    const mine = await create({ patientId: bayo.id });
    const read = await colleague.get(`/api/doctor/diagnosis-tests/${mine.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json<DiagnosisTest>()).toMatchObject({ id: mine.id, editable: false });
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, mine.id), eq(auditEvents.action, 'diagnosis.read')));
    expect(trail).toEqual([expect.objectContaining({ actorId: colleague.id, patientId: bayo.id })]);

    const put = await colleague.put(`/api/doctor/diagnosis-tests/${mine.id}`, input({ name: 'Changed' }));
    // 404, not 403: the app treats a 403 as a lost session.
    expect(put.statusCode).toBe(404);
    expect(put.json<{ error: string }>().error).toBe(DIAGNOSIS_MESSAGES.notYours);
    expect((await colleague.delete(`/api/doctor/diagnosis-tests/${mine.id}`)).statusCode).toBe(404);
    expect((await doctor.get(`/api/doctor/diagnosis-tests/${mine.id}`)).json<DiagnosisTest>().name).toBe(
      mine.name,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await doctor.get(`/api/doctor/diagnosis-tests/${unknown}`)).statusCode).toBe(404);
    expect((await doctor.put(`/api/doctor/diagnosis-tests/${unknown}`, input())).statusCode).toBe(404);
    expect((await doctor.delete(`/api/doctor/diagnosis-tests/${unknown}`)).statusCode).toBe(404);

    const patient = await signedIn(t, 'patient');
    expect((await client(t, patient.headers).get('/api/doctor/diagnosis-tests')).statusCode).toBe(403);
    expect((await client(t).get(`/api/doctor/diagnosis-tests/${mine.id}`)).statusCode).toBe(401);
  });

  it('is edited by its doctor: fields and properties replaced, the report number kept, the change audited', async () => {
    const saved = await create({ properties: [{ name: 'Ketones', value: 'Negative' }], bloodSugar: 90 });
    const res = await doctor.put(
      `/api/doctor/diagnosis-tests/${saved.id}`,
      input({ name: 'Lipid profile', categoryId: chemistry, cholesterol: 190, properties: [] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DiagnosisTest>()).toMatchObject({
      reportNumber: saved.reportNumber,
      name: 'Lipid profile',
      category: { name: 'Clinical Chemistry' },
      cholesterol: 190,
      bloodSugar: null,
      properties: [],
    });
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, saved.id), eq(auditEvents.action, 'diagnosis.update')));
    expect(event?.details).toEqual({
      reportNumber: saved.reportNumber,
      changed: ['categoryId', 'name', 'bloodSugar', 'cholesterol'],
    });
  });

  it('is deleted by its doctor, audited', async () => {
    const saved = await create({ patientId: bayo.id });
    expect((await doctor.delete(`/api/doctor/diagnosis-tests/${saved.id}`)).json()).toEqual({ ok: true });
    expect((await doctor.get(`/api/doctor/diagnosis-tests/${saved.id}`)).statusCode).toBe(404);
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, saved.id), eq(auditEvents.action, 'diagnosis.delete')));
    expect(trail).toEqual([expect.objectContaining({ patientId: bayo.id })]);
  });
});

describe('the list of tests', () => {
  it('shows every doctor’s tests newest first, and says which are the caller’s', async () => {
    t.clock.advance(60_000);
    const newest = await create({ name: 'Newest', patientId: bayo.id }, colleague);
    const page = await list();
    expect(page.data[0]).toMatchObject({
      id: newest.id,
      reportNumber: newest.reportNumber,
      patientName: 'Bayo Adewale',
      patientEmail: bayo.email,
      doctorName: expect.stringMatching(/^Dr /),
      categoryName: 'Haematology',
      editable: false,
    });
    expect(page.pagination.limit).toBe(10);
  });

  it('finds a test by its report number, the patient, the category or the test name', async () => {
    const target = await create({
      name: 'Malaria parasite smear',
      patientId: bayo.id,
      categoryId: chemistry,
    });
    const byNumber = await list(`?q=${target.reportNumber}`);
    expect(byNumber.data.map((r) => r.id)).toEqual([target.id]);
    expect((await list(`?q=${target.reportNumber.toLowerCase()}`)).data.map((r) => r.id)).toEqual([
      target.id,
    ]);
    expect((await list(`?q=${target.reportNumber.slice(-6)}`)).data.map((r) => r.id)).toContain(target.id);
    expect((await list('?q=malaria')).data.map((r) => r.id)).toEqual([target.id]);
    const byPatient = await list('?q=bayo%20adewale&limit=100');
    expect(byPatient.data.every((r) => r.patientName === 'Bayo Adewale')).toBe(true);
    expect(byPatient.data.map((r) => r.id)).toContain(target.id);
    const byCategory = await list('?q=clinical%20chem&limit=100');
    expect(byCategory.data.every((r) => r.categoryName === 'Clinical Chemistry')).toBe(true);
    expect((await list('?q=no-such-test')).data).toEqual([]);
  });

  it('sorts on the server from an allow-list, and audits what it showed', async () => {
    const byNumber = await list('?sort=reportNumber&order=asc&limit=100');
    const numbers = byNumber.data.map((r) => r.reportNumber);
    expect(numbers).toEqual([...numbers].sort());
    const byPatient = await list('?sort=patientName&order=desc&limit=100');
    expect(byPatient.data[0]?.patientName).toBe('Ada Okafor');
    expectInvalid(await doctor.get('/api/doctor/diagnosis-tests?sort=password'), /Sort must be one of/);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, doctor.id), eq(auditEvents.action, 'diagnosis.list')))
      .limit(1);
    expect(event?.details).toMatchObject({ testIds: expect.any(Array) });
  });
});

describe('diagnosis categories', () => {
  const post = (body: object, as: Client = doctor) => as.post('/api/doctor/diagnosis-categories', body);

  it('are created, renamed and deleted by any doctor, audited', async () => {
    const res = await post({ name: 'Audiology', description: 'Hearing tests' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<DiagnosisCategory>();
    expect(made).toMatchObject({ name: 'Audiology', description: 'Hearing tests', testCount: 0 });
    const renamed = await colleague.put(`/api/doctor/diagnosis-categories/${made.id}`, {
      name: 'Audiology and Balance',
      description: '',
    });
    expect(renamed.json<DiagnosisCategory>()).toMatchObject({
      name: 'Audiology and Balance',
      description: null,
    });
    expect((await colleague.delete(`/api/doctor/diagnosis-categories/${made.id}`)).json()).toEqual({
      ok: true,
    });
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, made.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'diagnosis-category.create',
      'diagnosis-category.delete',
      'diagnosis-category.update',
    ]);
    expect((await doctor.delete(`/api/doctor/diagnosis-categories/${made.id}`)).statusCode).toBe(404);
  });

  it('have names unique in any case, even when two are saved at once', async () => {
    const taken = await post({ name: 'haematology' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: DIAGNOSIS_CATEGORY_MESSAGES.nameTaken,
      fieldErrors: { name: [DIAGNOSIS_CATEGORY_MESSAGES.nameTaken] },
    });
    const both = await Promise.all([post({ name: 'Allergy Testing' }), post({ name: 'ALLERGY TESTING' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = await post({ name: 'Dermatology' });
    const rename = await doctor.put(`/api/doctor/diagnosis-categories/${made.json<DiagnosisCategory>().id}`, {
      name: 'Clinical chemistry',
    });
    expect(rename.statusCode).toBe(409);
    expectInvalid(await post({ name: '' }), DIAGNOSIS_CATEGORY_MESSAGES.nameRequired, 'name');
    expectInvalid(await post({ name: 'x'.repeat(81) }), 'Must be at most 80 characters', 'name');
  });

  it('cannot be deleted while a test uses one, saying how many', async () => {
    const made = (await post({ name: 'Nephrology' })).json<DiagnosisCategory>();
    const first = await create({ categoryId: made.id });
    await create({ categoryId: made.id }, colleague);
    const refused = await doctor.delete(`/api/doctor/diagnosis-categories/${made.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(
      'This category is used by 2 diagnosis tests and cannot be deleted',
    );
    const listed = (
      await doctor.get('/api/doctor/diagnosis-categories?q=nephro')
    ).json<DiagnosisCategoryPage>();
    expect(listed.data).toEqual([expect.objectContaining({ id: made.id, testCount: 2 })]);
    await doctor.delete(`/api/doctor/diagnosis-tests/${first.id}`);
    expect((await doctor.delete(`/api/doctor/diagnosis-categories/${made.id}`)).statusCode).toBe(409);
  });
});

describe('report numbers', () => {
  it('numbers from 1 again in a new facility year', async () => {
    // Through the service: a year's jump would end the test sessions. Lagos is UTC+1.
    const [me] = await t.database.db.select().from(users).where(eq(users.id, doctor.id));
    if (!me) throw new Error('no doctor');
    const ctx = serviceContext(t, {
      now: () => new Date('2030-12-31T23:30:00Z'),
      config: { ...t.app.config, TIME_ZONE: 'Africa/Lagos' },
      actor: { ...me, mustChangePassword: false },
    });
    const saved = await createTest(ctx, diagnosisTestInputSchema.parse(input()));
    expect(saved.reportNumber).toBe('DX-2031-000001');
  });
});

describe('the demo data', () => {
  it('gives the demo doctor numbered tests of several patients, and a colleague’s to read', async () => {
    const demo = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
    try {
      await seedDemoData(serviceContext(demo));
      const login = await demo.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'doctor@carepoint.example', password: 'carepoint-demo' },
      });
      const headers = { cookie: `token=${login.json<{ token: string }>().token}` };
      const page = (
        await demo.app.inject({ url: '/api/doctor/diagnosis-tests?limit=100', headers })
      ).json<DiagnosisTestPage>();
      const mine = page.data.filter((r) => r.editable);
      expect(mine.length).toBeGreaterThanOrEqual(6);
      expect(new Set(mine.map((r) => r.patientId)).size).toBeGreaterThanOrEqual(5);
      expect(page.data.some((r) => !r.editable)).toBe(true);
      const numbers = page.data.map((r) => r.reportNumber);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers.every((n) => /^DX-\d{4}-\d{6}$/.test(n))).toBe(true);
    } finally {
      await demo.close();
    }
  });
});
