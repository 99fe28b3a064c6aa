import {
  isValidLoinc,
  type LabTest,
  LAB_CATALOGUE_MESSAGES as M,
  type SaveLabTest,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { LAB_CATALOGUE_SYSTEM, loadLabCatalogue } from '../../db/lab-catalogue-load';
import { auditEvents, codeSystemLoads, labTests } from '../../db/schema';
import { SHIPPED_LAB_CATALOGUE } from '../../db/shipped-lab-catalogue';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

let codes = 0;
const quantity = (fields: Partial<SaveLabTest> = {}): SaveLabTest => {
  codes += 1;
  return {
    code: `T${codes}`,
    name: `Test ${codes}`,
    loincCode: '2345-7',
    kind: 'test',
    specimenType: 'SER',
    container: 'Plain/SST (gold top)',
    resultType: 'quantity',
    unit: 'mg/dL',
    decimals: 0,
    turnaroundMinutes: 120,
    price: 250_000,
    ranges: [{ low: 70, high: 110, criticalLow: 40, criticalHigh: 400 }],
    ...fields,
  };
};

const add = async (body: SaveLabTest) => {
  const res = await admin.post('/api/admin/lab-tests', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LabTest>();
};

const panelOf = (memberIds: string[], fields: Partial<SaveLabTest> = {}) =>
  quantity({ kind: 'panel', resultType: null, unit: null, decimals: null, ranges: [], memberIds, ...fields });

describe('the shipped catalogue', () => {
  it('is in a fresh database, every LOINC code with a good check digit', async () => {
    const res = await admin.get('/api/admin/lab-tests?limit=100');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ data: LabTest[]; pagination: { total: number } }>();
    for (const shipped of SHIPPED_LAB_CATALOGUE) {
      expect(isValidLoinc(shipped.loincCode), `${shipped.code} ${shipped.loincCode}`).toBe(true);
      const found = page.data.find((row) => row.code === shipped.code);
      expect(found, shipped.code).toMatchObject({ loincCode: shipped.loincCode, active: true });
    }
    const fbc = page.data.find((row) => row.code === 'FBC');
    expect(fbc?.kind).toBe('panel');
    expect(fbc?.members.map((m) => m.code)).toEqual(
      SHIPPED_LAB_CATALOGUE.find((e) => e.code === 'FBC')?.members,
    );
    const hb = page.data.find((row) => row.code === 'HB');
    expect(hb).toMatchObject({ unit: 'g/dL', specimenType: 'BLD', container: 'EDTA (purple top)' });
    expect(hb?.ranges).toContainEqual(
      expect.objectContaining({ sex: 'female', low: 12, high: 15, criticalLow: 7 }),
    );
    expect(page.data.find((row) => row.code === 'GENO')?.choices).toEqual([
      'AA',
      'AS',
      'SS',
      'AC',
      'SC',
      'CC',
    ]);
  });

  it("loads only once, and a new release never overwrites the administrator's edits", async () => {
    const { db } = t.database;
    expect(await loadLabCatalogue(db)).toBe(false);
    const [k] = await db.select().from(labTests).where(eq(labTests.code, 'K'));
    if (!k) throw new Error('no shipped potassium');
    await db.update(labTests).set({ price: 1 }).where(eq(labTests.id, k.id));
    // A later release (another digest) adds what is missing and leaves the rest alone.
    const next = [
      ...SHIPPED_LAB_CATALOGUE,
      { ...quantity(), code: 'NEW-1', ranges: [], result: { type: 'text' as const } },
    ] as typeof SHIPPED_LAB_CATALOGUE;
    expect(await loadLabCatalogue(db, next)).toBe(true);
    const [after] = await db.select().from(labTests).where(eq(labTests.id, k.id));
    expect(after?.price).toBe(1);
    expect(await db.$count(labTests, eq(labTests.code, 'NEW-1'))).toBe(1);
    expect(await db.$count(labTests, eq(labTests.code, 'K'))).toBe(1);
    const [load] = await db
      .select()
      .from(codeSystemLoads)
      .where(eq(codeSystemLoads.system, LAB_CATALOGUE_SYSTEM));
    expect(load?.rowCount).toBe(1);
  });
});

describe('adding a test', () => {
  it('saves the test with its ranges and audits it', async () => {
    const test = await add(
      quantity({
        code: ' glu-x ',
        ranges: [
          { sex: 'male', ageFromDays: 6570, low: 70, high: 110 },
          { sex: 'female', ageFromDays: 6570, low: 65, high: 105 },
        ],
      }),
    );
    expect(test).toMatchObject({ code: 'glu-x', loincCode: '2345-7', active: true, members: [] });
    expect(test.ranges).toHaveLength(2);
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, test.id), eq(auditEvents.action, 'lab_test.create')));
    expect(trail).toHaveLength(1);
    expect((await admin.get(`/api/admin/lab-tests/${test.id}`)).json()).toEqual(test);
  });

  it('checks the LOINC code, its check digit and the UCUM unit', async () => {
    expectInvalid(
      await admin.post('/api/admin/lab-tests', quantity({ loincCode: '2345' })),
      M.loincFormat,
      'loincCode',
    );
    expectInvalid(
      await admin.post('/api/admin/lab-tests', quantity({ loincCode: '2345-6' })),
      M.loincCheckDigit,
      'loincCode',
    );
    expectInvalid(
      await admin.post('/api/admin/lab-tests', quantity({ unit: 'mg per dL' })),
      M.unitFormat,
      'unit',
    );
    expectInvalid(await admin.post('/api/admin/lab-tests', quantity({ unit: null })), M.unitRequired, 'unit');
  });

  it('checks ranges: low <= high, critical limits outside them, ages in order, no overlap', async () => {
    const bad = (range: object, message: string) =>
      admin.post('/api/admin/lab-tests', quantity({ ranges: [range] })).then((res) => {
        expect(res.statusCode, res.body).toBe(400);
        expect(JSON.stringify(res.json().fieldErrors)).toContain(message);
      });
    await bad({ low: 5, high: 4 }, M.rangeBounds);
    await bad({ low: 5, high: 6, criticalLow: 5.5 }, M.criticalLowAboveLow);
    await bad({ low: 5, high: 6, criticalHigh: 5.5 }, M.criticalHighBelowHigh);
    await bad({ ageFromDays: 30, ageToDays: 30, low: 1 }, M.rangeAges);
    const overlap = await admin.post(
      '/api/admin/lab-tests',
      quantity({
        ranges: [
          { low: 1, high: 2 },
          { ageFromDays: 365, low: 1, high: 3 },
        ],
      }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(JSON.stringify(overlap.json().fieldErrors)).toContain(M.rangesOverlap);
  });

  it('checks choice answers', async () => {
    const choice = (choices: string[], abnormalChoices: string[]) =>
      quantity({ resultType: 'choice', unit: null, ranges: [], choices, abnormalChoices });
    expectInvalid(
      await admin.post('/api/admin/lab-tests', choice(['Positive'], [])),
      M.choicesRequired,
      'choices',
    );
    expectInvalid(
      await admin.post('/api/admin/lab-tests', choice(['Negative', 'Positive'], ['Reactive'])),
      M.abnormalNotAChoice,
      'abnormalChoices',
    );
    const ok = await add(choice(['Negative', 'Positive'], ['Positive']));
    expect(ok).toMatchObject({ resultType: 'choice', unit: null, abnormalChoices: ['Positive'] });
  });

  it('meets NUL bytes and huge strings with a 400', async () => {
    for (const body of [
      quantity({ name: 'Glu\u0000cose' }),
      quantity({ code: 'X\u0000' }),
      quantity({ container: 'x'.repeat(100_000) }),
      quantity({ name: 'n'.repeat(1_000_000) }),
      quantity({ unit: 'm\u0000g' }),
      quantity({ resultType: 'choice', unit: null, ranges: [], choices: ['A\u0000', 'B'] }),
    ]) {
      const res = await admin.post('/api/admin/lab-tests', body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    }
    expect((await admin.get(`/api/admin/lab-tests?q=${'%00'}`)).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/lab-tests?q=${'a'.repeat(5000)}`)).statusCode).toBe(400);
  });

  it('refuses a code another entry has, whatever its case, with one 201 of parallel adds', async () => {
    await add(quantity({ code: 'DUP-1' }));
    const taken = await admin.post('/api/admin/lab-tests', quantity({ code: 'dup-1' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: M.codeTaken, fieldErrors: { code: [M.codeTaken] } });

    const results = await Promise.all(
      Array.from({ length: 6 }, () => admin.post('/api/admin/lab-tests', quantity({ code: 'RACE-1' }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe(M.codeTaken);
  });
});

describe('panels', () => {
  it('holds tests in order; never a panel, itself or an inactive test', async () => {
    const a = await add(quantity());
    const b = await add(quantity());
    const panel = await add(panelOf([b.id, a.id]));
    expect(panel.members.map((m) => m.id)).toEqual([b.id, a.id]);
    expect(panel.resultType).toBeNull();

    const nested = await admin.post('/api/admin/lab-tests', panelOf([panel.id]));
    expect(nested.statusCode).toBe(409);
    expect(nested.json().error).toBe(M.memberNotATest);

    const itself = await admin.put(`/api/admin/lab-tests/${panel.id}`, panelOf([panel.id, a.id]));
    expect(itself.statusCode).toBe(409);
    expect(itself.json().error).toBe(M.memberNotATest);

    expectInvalid(await admin.post('/api/admin/lab-tests', panelOf([])), M.membersRequired, 'memberIds');
    expectInvalid(
      await admin.post('/api/admin/lab-tests', panelOf([a.id], { resultType: 'quantity', unit: 'g/L' })),
      M.panelHasNoResult,
      'resultType',
    );
  });

  it('refuses to deactivate a test an active panel holds, and a panel is edited whole', async () => {
    const a = await add(quantity());
    const b = await add(quantity());
    const panel = await add(panelOf([a.id]));
    const refused = await admin.put(`/api/admin/lab-tests/${a.id}/status`, { active: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(M.usedByPanel);

    const edited = await admin.put(`/api/admin/lab-tests/${panel.id}`, panelOf([b.id], { code: panel.code }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<LabTest>().members.map((m) => m.id)).toEqual([b.id]);

    const off = await admin.put(`/api/admin/lab-tests/${a.id}/status`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<LabTest>().active).toBe(false);
    const withInactive = await admin.post('/api/admin/lab-tests', panelOf([a.id]));
    expect(withInactive.statusCode).toBe(409);
    expect(withInactive.json().error).toBe(M.memberInactive);
    const on = await admin.put(`/api/admin/lab-tests/${a.id}/status`, { active: true });
    expect(on.json<LabTest>().active).toBe(true);
  });

  it('keeps a test a test', async () => {
    const a = await add(quantity());
    const b = await add(quantity());
    const res = await admin.put(`/api/admin/lab-tests/${a.id}`, panelOf([b.id], { code: a.code }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(M.kindFixed);
  });
});

describe('listing and reading', () => {
  it('searches by name, code or LOINC code and filters by status', async () => {
    const test = await add(quantity({ code: 'SRCH-1', name: 'Zinc protoporphyrin', loincCode: '2823-3' }));
    for (const q of ['protopor', 'srch-1', '2823-3']) {
      const page = (await admin.get(`/api/admin/lab-tests?q=${q}`)).json<{ data: LabTest[] }>();
      expect(
        page.data.map((row) => row.id),
        q,
      ).toContain(test.id);
    }
    await admin.put(`/api/admin/lab-tests/${test.id}/status`, { active: false });
    const inactive = (await admin.get('/api/admin/lab-tests?status=inactive&q=SRCH')).json<{
      data: LabTest[];
    }>();
    expect(inactive.data.map((row) => row.id)).toEqual([test.id]);
    const active = (await admin.get('/api/admin/lab-tests?status=active&q=SRCH')).json<{ data: LabTest[] }>();
    expect(active.data).toEqual([]);
  });

  it('lets every member of staff read active entries, a doctor never write, a patient not at all', async () => {
    const inactive = await add(quantity({ code: 'HIDDEN-1' }));
    await admin.put(`/api/admin/lab-tests/${inactive.id}/status`, { active: false });
    for (const role of ['doctor', 'nurse', 'lab'] as const) {
      const staff = client(t, (await signedIn(t, role)).headers);
      const page = await staff.get('/api/lab-tests?q=FBC');
      expect(page.statusCode, role).toBe(200);
      const fbc = page.json<{ data: LabTest[] }>().data.find((row) => row.code === 'FBC');
      expect(fbc?.members.length, role).toBeGreaterThan(0);
      expect((await staff.get(`/api/lab-tests/${inactive.id}`)).statusCode, role).toBe(404);
      const all = (await staff.get('/api/lab-tests?q=HIDDEN')).json<{ data: LabTest[] }>();
      expect(all.data, role).toEqual([]);
      expect((await staff.post('/api/admin/lab-tests', quantity())).statusCode, role).toBe(403);
      expect((await staff.get('/api/admin/lab-tests')).statusCode, role).toBe(403);
    }
    const patient = client(t, (await signedIn(t, 'patient')).headers);
    expect((await patient.get('/api/lab-tests')).statusCode).toBe(403);
    expect((await patient.get(`/api/lab-tests/${inactive.id}`)).statusCode).toBe(403);
    expect((await client(t).get('/api/lab-tests')).statusCode).toBe(401);
  });

  it('answers 404 for an entry that is not there', async () => {
    const res = await admin.get('/api/admin/lab-tests/00000000-0000-4000-8000-000000000009');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(M.notFound);
    const status = await admin.put('/api/admin/lab-tests/00000000-0000-4000-8000-000000000009/status', {
      active: false,
    });
    expect(status.statusCode).toBe(404);
  });
});
