import {
  DIAGNOSIS_CATEGORY_MESSAGES,
  DIAGNOSIS_CATEGORY_OPTIONS_MAX,
  type DIAGNOSIS_CATEGORY_SORTABLE,
  DIAGNOSIS_MESSAGES,
  DIAGNOSIS_RANGES,
  DIAGNOSIS_REPORT_PREFIX,
  type DIAGNOSIS_TEST_SORTABLE,
  type DiagnosisCategory,
  type DiagnosisCategoryFields,
  type DiagnosisMeasure,
  type DiagnosisTest,
  type DiagnosisTestFields,
  type DiagnosisTestPage,
  type DiagnosisTestRow,
  formatBloodPressure,
  type PatientResult,
  type ResultLine,
  type Share,
} from '@carepoint/contract';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  diagnosisCategories,
  diagnosisTestProperties,
  diagnosisTests,
  userImages,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique, violatedForeignKey } from '../../lib/db-errors';
import { badRequest, conflict, notFound, notFoundWith, signedIn } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import {
  iso,
  type ListQuery,
  listPage,
  matchingRows,
  orderBy,
  type Select,
  type SortColumns,
  search,
  selectOf,
} from '../../lib/list';
import { findPatient, fullNameOf, profileImageUrl } from '../../lib/people';
import { formatYearlyNumber, nextYearlyNumber } from '../../lib/sequences';

/*
 * Diagnosis tests and their categories. Any doctor reads any test (as any doctor reads any
 * chart), and every read is audited with the patient's id; only the doctor who recorded a test
 * changes or deletes it. Categories are reference data any doctor manages; changes are audited.
 * Report numbers come from the yearly sequence SEQUENCE, taken inside the creating transaction.
 */

const SEQUENCE = 'diagnosis';
const WHOLE_REPORT_NUMBER = new RegExp(`^${DIAGNOSIS_REPORT_PREFIX}-\\d{4}-\\d{6}$`, 'i');
const TEST_RECORD = 'Diagnosis test';
const CATEGORY_RECORD = 'Diagnosis category';
const TEST_ENTITY = 'diagnosis-test';
const CATEGORY_ENTITY = 'diagnosis-category';

const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const patientName = fullNameOf(patient);
const doctorName = fullNameOf(doctor);

/**
 * Tests with their patient (and picture), doctor and category: what a row and a test show, with
 * the test's `fields`; the base query of the list and of single reads (lib/list.ts Select).
 */
const withPeople = <T extends SelectedFields>(select: Select, fields: T) =>
  select({
    ...fields,
    patientName,
    patientEmail: patient.email,
    imageVersion: userImages.updatedAt,
    doctorName,
    doctorEmail: doctor.email,
    categoryName: diagnosisCategories.name,
  })
    .from(diagnosisTests)
    .innerJoin(patient, eq(patient.id, diagnosisTests.patientId))
    .innerJoin(doctor, eq(doctor.id, diagnosisTests.doctorId))
    .innerJoin(diagnosisCategories, eq(diagnosisCategories.id, diagnosisTests.categoryId))
    .leftJoin(userImages, eq(userImages.userId, diagnosisTests.patientId));

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

const TEST_SORT: SortColumns<(typeof DIAGNOSIS_TEST_SORTABLE)[number]> = {
  reportNumber: diagnosisTests.reportNumber,
  patientName: [patient.lastName, patient.firstName],
  categoryName: sql`lower(${diagnosisCategories.name})`,
  name: diagnosisTests.name,
  createdAt: diagnosisTests.createdAt,
};

/**
 * The list's search as conditions on diagnosis_tests alone (each served by an index): the test
 * name or report number, or a patient or category whose name matches.
 */
function testSearch(db: Executor, q: string | undefined) {
  if (!q) return undefined;
  // A whole report number is one lookup in its unique index, however many tests there are.
  if (WHOLE_REPORT_NUMBER.test(q)) return eq(diagnosisTests.reportNumber, q.toUpperCase());
  return or(
    search(q, [diagnosisTests.name, diagnosisTests.reportNumber]),
    inArray(
      diagnosisTests.patientId,
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'patient'), search(q, [fullNameOf()]))),
    ),
    inArray(
      diagnosisTests.categoryId,
      db
        .select({ id: diagnosisCategories.id })
        .from(diagnosisCategories)
        .where(search(q, [diagnosisCategories.name])),
    ),
  );
}

/** A page of diagnosis tests of every doctor, newest first by default. Audited with the tests shown. */
export async function listTests(
  ctx: ServiceContext,
  query: ListQuery<(typeof DIAGNOSIS_TEST_SORTABLE)[number]>,
): Promise<DiagnosisTestPage> {
  const me = signedIn(ctx.actor);
  const where = testSearch(ctx.db, query.q);
  const result = await listPage(ctx, query, {
    rows: (select) =>
      withPeople(select, {
        id: diagnosisTests.id,
        reportNumber: diagnosisTests.reportNumber,
        name: diagnosisTests.name,
        patientId: diagnosisTests.patientId,
        doctorId: diagnosisTests.doctorId,
        createdAt: diagnosisTests.createdAt,
      }).where(where),
    order: orderBy(query, TEST_SORT, [desc(diagnosisTests.createdAt)], diagnosisTests.id),
    count: matchingRows(ctx.db).from(diagnosisTests).where(where),
    map: (row): DiagnosisTestRow => ({
      id: row.id,
      reportNumber: row.reportNumber,
      name: row.name,
      patientId: row.patientId,
      patientName: row.patientName,
      patientEmail: row.patientEmail,
      patientImageUrl: profileImageUrl(row.patientId, row.imageVersion),
      doctorName: `Dr ${row.doctorName}`,
      doctorEmail: row.doctorEmail,
      categoryName: row.categoryName,
      createdAt: iso(row.createdAt),
      editable: row.doctorId === me.id,
    }),
  });
  await audit(ctx, {
    action: 'diagnosis.list',
    entityType: TEST_ENTITY,
    details: { query, testIds: result.data.map((t) => t.id) },
  });
  return result;
}

const person = (id: string, fullName: string, email: string, imageVersion: Date | null) => ({
  id,
  fullName,
  email,
  imageUrl: profileImageUrl(id, imageVersion),
});

/** One test with its people, category and properties, without an audit row; undefined when there is none. */
async function loadTest(ctx: ServiceContext, id: string): Promise<DiagnosisTest | undefined> {
  const me = signedIn(ctx.actor);
  const [row] = await withPeople(selectOf(ctx.db), { test: diagnosisTests })
    .where(eq(diagnosisTests.id, id))
    .limit(1);
  if (!row) return undefined;
  const properties = await ctx.db
    .select({ name: diagnosisTestProperties.name, value: diagnosisTestProperties.value })
    .from(diagnosisTestProperties)
    .where(eq(diagnosisTestProperties.testId, id))
    .orderBy(asc(diagnosisTestProperties.position));
  const { test } = row;
  return {
    id: test.id,
    reportNumber: test.reportNumber,
    name: test.name,
    patient: person(test.patientId, row.patientName, row.patientEmail, row.imageVersion),
    doctor: person(test.doctorId, `Dr ${row.doctorName}`, row.doctorEmail, null),
    category: { id: test.categoryId, name: row.categoryName },
    age: test.age,
    height: test.height,
    weight: test.weight,
    averageGlucose: test.averageGlucose,
    bloodSugar: test.bloodSugar,
    urinSugar: test.urinSugar,
    systolic: test.systolic,
    diastolic: test.diastolic,
    cholesterol: test.cholesterol,
    diabetes: test.diabetes,
    properties,
    createdAt: iso(test.createdAt),
    updatedAt: iso(test.updatedAt),
    editable: test.doctorId === me.id,
    sharedWithPatient: test.sharedWithPatient,
  };
}

async function mustLoadTest(ctx: ServiceContext, id: string) {
  const test = await loadTest(ctx, id);
  if (!test) throw notFound(TEST_RECORD);
  return test;
}

/** GET one test (any doctor's). Audited with the patient's id. */
export async function readTest(ctx: ServiceContext, id: string) {
  const test = await mustLoadTest(ctx, id);
  await audit(ctx, {
    action: 'diagnosis.read',
    entityType: TEST_ENTITY,
    entityId: id,
    patientId: test.patient.id,
  });
  return test;
}

/** The stored columns of a test's fields (everything but the patient, name, category and properties). */
function measuredColumns(fields: DiagnosisTestFields) {
  const { patientId: _p, name: _n, categoryId: _c, properties: _props, ...measured } = fields;
  return measured;
}

const MEASURED_KEYS = [
  'age',
  'height',
  'weight',
  'averageGlucose',
  'bloodSugar',
  'urinSugar',
  'systolic',
  'diastolic',
  'cholesterol',
  'diabetes',
] as const satisfies ReadonlyArray<keyof ReturnType<typeof measuredColumns>>;

async function requirePatient(db: Executor, patientId: string) {
  if (!(await findPatient(db, patientId))) throw badRequest(DIAGNOSIS_MESSAGES.patientRequired, 'patientId');
}

async function writeProperties(db: Executor, testId: string, properties: DiagnosisTestFields['properties']) {
  await db.delete(diagnosisTestProperties).where(eq(diagnosisTestProperties.testId, testId));
  if (properties.length > 0)
    await db
      .insert(diagnosisTestProperties)
      .values(properties.map((p, position) => ({ testId, position, name: p.name, value: p.value })));
}

/**
 * A test whose category vanished in the meantime breaks the category's foreign key (the
 * transaction, its report number included, is rolled back): answered as a choice to make again.
 */
async function withCategoryCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedForeignKey(error) === 'diagnosis_tests_category_id_diagnosis_categories_id_fk')
      throw badRequest(DIAGNOSIS_MESSAGES.categoryRequired, 'categoryId');
    throw error;
  }
}

/** Records a test for the signed-in doctor, numbered "DX-YYYY-NNNNNN". One transaction, with its audit row. */
export async function createTest(ctx: ServiceContext, fields: DiagnosisTestFields): Promise<DiagnosisTest> {
  const me = signedIn(ctx.actor);
  const id = await withCategoryCheck(() =>
    ctx.db.transaction(async (tx) => {
      const inTx = inTransaction(ctx, tx);
      await requirePatient(tx, fields.patientId);
      const reportNumber = formatYearlyNumber(
        DIAGNOSIS_REPORT_PREFIX,
        await nextYearlyNumber(inTx, SEQUENCE),
      );
      const now = ctx.now();
      const [row] = await tx
        .insert(diagnosisTests)
        .values({
          reportNumber,
          patientId: fields.patientId,
          doctorId: me.id,
          categoryId: fields.categoryId,
          name: fields.name,
          ...measuredColumns(fields),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: diagnosisTests.id });
      if (!row) throw new Error('diagnosis test not stored');
      await writeProperties(tx, row.id, fields.properties);
      await audit(inTx, {
        action: 'diagnosis.create',
        entityType: TEST_ENTITY,
        entityId: row.id,
        patientId: fields.patientId,
        details: { reportNumber },
      });
      return row.id;
    }),
  );
  return mustLoadTest(ctx, id);
}

/**
 * The test locked for a change by its own doctor. Another doctor's test answers 404 like a
 * missing one (the convention for what one may not change), with a message that says why.
 */
async function ownTestForUpdate(ctx: ServiceContext, id: string) {
  const [test] = await ctx.db.select().from(diagnosisTests).where(eq(diagnosisTests.id, id)).for('update');
  if (!test) throw notFound(TEST_RECORD);
  if (test.doctorId !== signedIn(ctx.actor).id) throw notFoundWith(DIAGNOSIS_MESSAGES.notYours);
  return test;
}

/**
 * PUT share: the doctor who recorded the test shows it to the patient (My Results, their FHIR
 * record) or stops. One transaction with its audit row.
 */
export async function shareTest(ctx: ServiceContext, id: string, { shared }: Share): Promise<Share> {
  await ctx.db.transaction(async (tx) => {
    const inTx = inTransaction(ctx, tx);
    const test = await ownTestForUpdate(inTx, id);
    // Sharing changes who sees the test, not the test: its updatedAt (FHIR `issued`) stays.
    await tx
      .update(diagnosisTests)
      .set({ sharedWithPatient: shared, updatedAt: test.updatedAt })
      .where(eq(diagnosisTests.id, id));
    await audit(inTx, {
      action: shared ? 'diagnosis.share' : 'diagnosis.unshare',
      entityType: TEST_ENTITY,
      entityId: id,
      patientId: test.patientId,
    });
  });
  return { shared };
}

/** A test's measurements as a patient reads them, with their units; blood pressure as one line. */
function testLines(test: typeof diagnosisTests.$inferSelect, properties: ResultLine[]): ResultLine[] {
  const lines: ResultLine[] = [];
  for (const measure of Object.keys(DIAGNOSIS_RANGES) as DiagnosisMeasure[]) {
    const value = test[measure];
    if (measure === 'diastolic' || value === null) continue;
    lines.push(
      measure === 'systolic'
        ? { label: 'Blood pressure', value: formatBloodPressure(test.systolic, test.diastolic) }
        : { label: DIAGNOSIS_RANGES[measure].label, value: `${value} ${DIAGNOSIS_RANGES[measure].unit}` },
    );
  }
  if (test.diabetes) lines.push({ label: 'Diabetes', value: test.diabetes });
  return [...lines, ...properties];
}

/** These tests as My Results shows them, by id: only the patient's own shared ones, whatever ids are asked. */
export async function patientResultsByIds(ctx: ServiceContext, patientId: string, ids: string[]) {
  const byId = new Map<string, PatientResult>();
  if (ids.length === 0) return byId;
  const [rows, properties] = await independentReads(ctx.db, [
    () =>
      withPeople(selectOf(ctx.db), { test: diagnosisTests }).where(
        and(
          inArray(diagnosisTests.id, ids),
          eq(diagnosisTests.patientId, patientId),
          eq(diagnosisTests.sharedWithPatient, true),
        ),
      ),
    () =>
      ctx.db
        .select({
          testId: diagnosisTestProperties.testId,
          label: diagnosisTestProperties.name,
          value: diagnosisTestProperties.value,
        })
        .from(diagnosisTestProperties)
        .where(inArray(diagnosisTestProperties.testId, ids))
        .orderBy(asc(diagnosisTestProperties.position)),
  ]);
  for (const { test, categoryName, doctorName: doctorFullName } of rows) {
    const own = properties.filter((p) => p.testId === test.id).map(({ label, value }) => ({ label, value }));
    byId.set(test.id, {
      id: test.id,
      kind: 'test',
      date: iso(test.createdAt),
      title: test.name,
      reference: test.reportNumber,
      category: categoryName,
      doctor: `Dr ${doctorFullName}`,
      lines: testLines(test, own),
      files: [],
    });
  }
  return byId;
}

/** The patient's tests their doctor shares with them, for My Results' union (id, kind, `sort_at`). */
export const sharedTestsOf = (patientId: string) =>
  and(eq(diagnosisTests.patientId, patientId), eq(diagnosisTests.sharedWithPatient, true));

/** Changes the doctor's own test (its report number stays). Audited with the fields changed, not their values. */
export async function updateTest(
  ctx: ServiceContext,
  id: string,
  fields: DiagnosisTestFields,
): Promise<DiagnosisTest> {
  await withCategoryCheck(() =>
    ctx.db.transaction(async (tx) => {
      const inTx = inTransaction(ctx, tx);
      const before = await ownTestForUpdate(inTx, id);
      await requirePatient(tx, fields.patientId);
      const measured = measuredColumns(fields);
      await tx
        .update(diagnosisTests)
        .set({
          patientId: fields.patientId,
          categoryId: fields.categoryId,
          name: fields.name,
          ...measured,
          updatedAt: ctx.now(),
        })
        .where(eq(diagnosisTests.id, id));
      await writeProperties(tx, id, fields.properties);
      const changed = [
        ...(['patientId', 'categoryId', 'name'] as const).filter((k) => before[k] !== fields[k]),
        ...MEASURED_KEYS.filter((k) => before[k] !== measured[k]),
      ];
      await audit(inTx, {
        action: 'diagnosis.update',
        entityType: TEST_ENTITY,
        entityId: id,
        patientId: fields.patientId,
        details: {
          reportNumber: before.reportNumber,
          changed,
          ...(before.patientId !== fields.patientId ? { previousPatientId: before.patientId } : {}),
        },
      });
    }),
  );
  return mustLoadTest(ctx, id);
}

/** Deletes the doctor's own test; its report number is never given again (the sequence only moves on). */
export async function deleteTest(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const inTx = inTransaction(ctx, tx);
    const test = await ownTestForUpdate(inTx, id);
    await tx.delete(diagnosisTests).where(eq(diagnosisTests.id, id));
    await audit(inTx, {
      action: 'diagnosis.delete',
      entityType: TEST_ENTITY,
      entityId: id,
      patientId: test.patientId,
      details: { reportNumber: test.reportNumber },
    });
  });
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

/** How many tests use each listed category: one count down diagnosis_tests_category_idx per row. */
const usageOf = (db: Executor) =>
  db
    .select({ testCount: count().as('test_count') })
    .from(diagnosisTests)
    .where(eq(diagnosisTests.categoryId, diagnosisCategories.id))
    .as('usage');

/** How many tests use one category. */
async function testsUsing(db: Executor, categoryId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(diagnosisTests)
    .where(eq(diagnosisTests.categoryId, categoryId));
  return row?.n ?? 0;
}

const categoryLower = sql`lower(${diagnosisCategories.name})`;

const CATEGORY_SORT: SortColumns<(typeof DIAGNOSIS_CATEGORY_SORTABLE)[number]> = {
  name: categoryLower,
  createdAt: diagnosisCategories.createdAt,
};

const categoryColumns = {
  id: diagnosisCategories.id,
  name: diagnosisCategories.name,
  description: diagnosisCategories.description,
  createdAt: diagnosisCategories.createdAt,
};

type CategoryRow = {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  testCount: number;
};
const toCategory = (row: CategoryRow): DiagnosisCategory => ({ ...row, createdAt: iso(row.createdAt) });

/** A page of categories by name, each with how many tests use it. */
export async function listCategories(
  ctx: ServiceContext,
  query: ListQuery<(typeof DIAGNOSIS_CATEGORY_SORTABLE)[number]>,
) {
  const where = search(query.q, [diagnosisCategories.name]);
  const usage = usageOf(ctx.db);
  return listPage(ctx, query, {
    rows: (select) =>
      select({ ...categoryColumns, testCount: usage.testCount })
        .from(diagnosisCategories)
        .leftJoinLateral(usage, sql`true`)
        .where(where),
    order: orderBy(query, CATEGORY_SORT, [asc(categoryLower)], diagnosisCategories.id),
    count: matchingRows(ctx.db).from(diagnosisCategories).where(where),
    map: toCategory,
  });
}

/** Every category's id and name, by name: the test form's choice. */
export async function categoryOptions(ctx: ServiceContext) {
  return ctx.db
    .select({ id: diagnosisCategories.id, name: diagnosisCategories.name })
    .from(diagnosisCategories)
    .orderBy(asc(categoryLower))
    .limit(DIAGNOSIS_CATEGORY_OPTIONS_MAX);
}

const nameTaken = () => conflict('CATEGORY_NAME_TAKEN', DIAGNOSIS_CATEGORY_MESSAGES.nameTaken, 'name');

/** Names are unique in any case (diagnosis_categories_name_key on lower(name)): a taken one is a 409. */
export async function createCategory(ctx: ServiceContext, fields: DiagnosisCategoryFields) {
  return mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const [row] = await tx
          .insert(diagnosisCategories)
          .values({ ...fields, createdAt: now, updatedAt: now })
          .returning(categoryColumns);
        if (!row) throw new Error('category not stored');
        await audit(inTransaction(ctx, tx), {
          action: 'diagnosis-category.create',
          entityType: CATEGORY_ENTITY,
          entityId: row.id,
          details: { name: row.name },
        });
        return toCategory({ ...row, testCount: 0 });
      }),
    nameTaken,
  );
}

export async function updateCategory(ctx: ServiceContext, id: string, fields: DiagnosisCategoryFields) {
  return mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .update(diagnosisCategories)
          .set({ ...fields, updatedAt: ctx.now() })
          .where(eq(diagnosisCategories.id, id))
          .returning(categoryColumns);
        if (!row) throw notFound(CATEGORY_RECORD);
        await audit(inTransaction(ctx, tx), {
          action: 'diagnosis-category.update',
          entityType: CATEGORY_ENTITY,
          entityId: id,
          details: { name: row.name },
        });
        return toCategory({ ...row, testCount: await testsUsing(tx, id) });
      }),
    nameTaken,
  );
}

/**
 * Deletes a category no test uses. The foreign key refuses it while any test does (a pre-check
 * alone would race a test being saved); the answer then says how many.
 */
export async function deleteCategory(ctx: ServiceContext, id: string) {
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(diagnosisCategories)
        .where(eq(diagnosisCategories.id, id))
        .returning({ name: diagnosisCategories.name });
      if (!row) throw notFound(CATEGORY_RECORD);
      await audit(inTransaction(ctx, tx), {
        action: 'diagnosis-category.delete',
        entityType: CATEGORY_ENTITY,
        entityId: id,
        details: { name: row.name },
      });
    });
  } catch (error) {
    if (violatedForeignKey(error) === undefined) throw error;
    throw conflict('CATEGORY_IN_USE', DIAGNOSIS_CATEGORY_MESSAGES.inUse(await testsUsing(ctx.db, id)));
  }
  return { ok: true as const };
}
