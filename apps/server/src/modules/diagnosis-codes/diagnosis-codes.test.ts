import { DIAGNOSIS_CODE_MESSAGES, type DiagnosisCodePage } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectInvalid } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { ICD10CM_SYSTEM, loadDiagnosisCodes, parseIcd10cm, shippedIcd10cm } from '../../db/code-systems';
import { codeSystemLoads, diagnosisCodes } from '../../db/schema';

let t: TestApp;
let doctor: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  doctor = client(t, (await signedIn(t, 'doctor')).headers);
});
afterAll(() => t.close());

const search = async (q: string, extra = '') => {
  const res = await doctor.get(`/api/diagnosis-codes?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DiagnosisCodePage>();
};
const codes = (page: DiagnosisCodePage) => page.data.map((c) => c.code);

describe('the shipped table', () => {
  it('is loaded into every new database, with its version recorded', async () => {
    const shipped = shippedIcd10cm();
    const [load] = await t.database.db
      .select()
      .from(codeSystemLoads)
      .where(eq(codeSystemLoads.system, ICD10CM_SYSTEM));
    expect(load?.version).toBe(shipped.version);
    const rows = await t.database.db.select().from(diagnosisCodes);
    expect(rows).toHaveLength(shipped.rows().length);
    expect(rows.find((r) => r.code === 'E11.9')).toMatchObject({
      title: 'Type 2 diabetes mellitus without complications',
      billable: true,
      category: 'E11',
      chapter: 4,
      codeCompact: 'E119',
    });
    expect(rows.find((r) => r.code === 'G51.0')).toMatchObject({ title: "Bell's palsy", chapter: 6 });
  });

  it('parses the CDC layout: dotted codes, categories, chapters; a malformed line is refused', () => {
    expect(
      parseIcd10cm(
        'E11A    Type 2 diabetes mellitus without complications in remission\nG441    Vascular headache, not elsewhere classified\n',
      ),
    ).toEqual([
      {
        code: 'E11.A',
        title: 'Type 2 diabetes mellitus without complications in remission',
        billable: true,
        category: 'E11',
        chapter: 4,
      },
      {
        code: 'G44.1',
        title: 'Vascular headache, not elsewhere classified',
        billable: true,
        category: 'G44',
        chapter: 6,
      },
    ]);
    expect(() => parseIcd10cm('not a code line')).toThrow(/line 1/);
  });

  it('loads again only when the version changed, and concurrent loads load it once', async () => {
    const db = t.database.db;
    // The same version: nothing to do.
    expect(await loadDiagnosisCodes(db)).toBe(false);
    // A new edition (here: the same rows under another version), started by three instances at once.
    const table = { version: 'test-edition', rows: () => shippedIcd10cm().rows() };
    const results = await Promise.all([
      loadDiagnosisCodes(db, table),
      loadDiagnosisCodes(db, table),
      loadDiagnosisCodes(db, table),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [load] = await db.select().from(codeSystemLoads).where(eq(codeSystemLoads.system, ICD10CM_SYSTEM));
    expect(load).toMatchObject({ version: 'test-edition', rowCount: table.rows().length });
    expect(await db.$count(diagnosisCodes)).toBe(table.rows().length);
    // Back to the shipped one for the other tests.
    expect(await loadDiagnosisCodes(db)).toBe(true);
  });
});

describe('GET /api/diagnosis-codes', () => {
  it('puts the exact code first, then codes that start with it, then titles', async () => {
    expect(codes(await search('E11.9'))).toEqual(['E11.9']);
    // A three-character code that is billable on its own.
    expect((await search('i10')).data[0]).toEqual({
      code: 'I10',
      title: 'Essential (primary) hypertension',
      billable: true,
    });
    // Typed without the dot, in lower case: the same code.
    expect(codes(await search('e119'))[0]).toBe('E11.9');
    const e11 = await search('E11', '&limit=50');
    expect(e11.data.every((c) => c.code.startsWith('E11'))).toBe(true);
    expect(codes(e11)).toEqual([...codes(e11)].sort());
    // E11.6 is no code of its own here: its subcodes, in order.
    expect(codes(await search('E11.6')).slice(0, 3)).toEqual(['E11.610', 'E11.618', 'E11.620']);
  });

  it('finds titles by the start of their words, in any order, case ignored', async () => {
    const palsy = await search('bell');
    expect(palsy.data[0]).toEqual({ code: 'G51.0', title: "Bell's palsy", billable: true });
    const page = await search('apnea sleep');
    expect(codes(page)).toEqual(['G47.30', 'G47.33']);
    // Inside a word does not match ("somnia" is in no word's start).
    expect((await search('somnia')).data).toEqual([]);
    // Titles that start with the words as typed come before those that merely have them all:
    // "2" also starts "Stage 2" in "Type 1 diabetes mellitus, presymptomatic, Stage 2".
    const diabetes = codes(await search('type 2 diabetes', '&limit=50'));
    expect(diabetes[0]).toBe('E11.00');
    expect(diabetes.indexOf('E10.A2')).toBeGreaterThan(diabetes.indexOf('E11.A'));
    // The phrase inside a title ranks after titles starting with it.
    const apnea = codes(await search('sleep apnea'));
    expect(apnea).toEqual(['G47.30', 'G47.33']);
    expect(codes(await search("bell's"))).toEqual(['G51.0']);
    // Titles starting with the word, then those holding it ("Hypertensive …" is another word).
    expect(codes(await search('hypertension'))).toEqual([
      'I15.1',
      'I15.2',
      'I10',
      'I15.0',
      'I15.8',
      'I15.9',
      'I1A.0',
    ]);
    // A title starting with the word comes before one that has it later.
    const migraine = codes(await search('migraine'));
    expect(migraine[0]).toBe('G43.009');
    expect(migraine).toContain('G43.909');
    // A word later in the title is found too: malaria, among the codes added for everyday use.
    const malaria = await search('malaria', '&limit=50');
    expect(malaria.data).toContainEqual({ code: 'B54', title: 'Unspecified malaria', billable: true });
    expect(codes(malaria)[0]).toBe('B53.1');
  });

  it('pages the matches', async () => {
    const first = await search('diabetes', '&limit=5');
    const second = await search('diabetes', '&limit=5&page=2');
    expect(first.data).toHaveLength(5);
    expect(first.pagination.total).toBeGreaterThan(10);
    expect(codes(second).some((c) => codes(first).includes(c))).toBe(false);
  });

  it('answers an empty search with no codes, and LIKE wildcards match only themselves', async () => {
    expect((await search('')).data).toEqual([]);
    expect((await search('%')).data).toEqual([]);
    expect((await search('_11')).data).toEqual([]);
  });

  it('refuses a search too long or with a NUL character (400, never 500)', async () => {
    expectInvalid(
      await doctor.get(`/api/diagnosis-codes?q=${'a'.repeat(101)}`),
      DIAGNOSIS_CODE_MESSAGES.searchTooLong,
      'q',
    );
    const nul = await doctor.get('/api/diagnosis-codes?q=E11%00');
    expect(nul.statusCode).toBe(400);
    expect((await doctor.get('/api/diagnosis-codes?q=E11&limit=51')).statusCode).toBe(400);
  });

  it('is open to doctors, admins and cashiers (who code a claim’s encounters) only', async () => {
    const admin = client(t, (await signedIn(t, 'admin')).headers);
    expect((await admin.get('/api/diagnosis-codes?q=E11')).statusCode).toBe(200);
    const cashier = client(t, (await signedIn(t, 'cashier')).headers);
    expect((await cashier.get('/api/diagnosis-codes?q=E11')).statusCode).toBe(200);
    const patient = client(t, (await signedIn(t, 'patient')).headers);
    expect((await patient.get('/api/diagnosis-codes?q=E11')).statusCode).toBe(403);
    expect((await client(t).get('/api/diagnosis-codes?q=E11')).statusCode).toBe(401);
  });
});
