import {
  type activeLabTestListQuerySchema,
  LAB_CATALOGUE_MESSAGES,
  type LAB_TEST_SORTABLE,
  type LabTest,
  type labTestListQuerySchema,
  type saveLabTestSchema,
} from '@carepoint/contract';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { labPanelMembers, labReferenceRanges, labTests } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { conflict, notFoundWith } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';

/*
 * The laboratory's test catalogue (docs/areas/lab-catalogue.md): the administrator adds, edits,
 * deactivates and reactivates tests and panels; every member of staff reads the active ones.
 * Entries are never deleted: orders and results name them.
 */

type AdminListQuery = z.output<typeof labTestListQuerySchema>;
type ActiveListQuery = z.output<typeof activeLabTestListQuerySchema>;
type SaveInput = z.output<typeof saveLabTestSchema>;

const M = LAB_CATALOGUE_MESSAGES;

const SORT: SortColumns<(typeof LAB_TEST_SORTABLE)[number]> = {
  name: labTests.name,
  code: sql`lower(${labTests.code})`,
  loincCode: [labTests.loincCode, labTests.name],
  turnaroundMinutes: [labTests.turnaroundMinutes, labTests.name],
  price: [labTests.price, labTests.name],
  updatedAt: labTests.updatedAt,
};

type TestRow = typeof labTests.$inferSelect;

const uniqueCode = <T>(write: () => Promise<T>) =>
  mapUnique(write, () => conflict('LAB_TEST_CODE_TAKEN', M.codeTaken, 'code'));

/** The entries whole: each row with its ranges and (a panel's) members, read in two statements. */
async function withDetails(db: Executor, rows: readonly TestRow[]): Promise<LabTest[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [ranges, members] = await independentReads(db, [
    () =>
      db
        .select()
        .from(labReferenceRanges)
        .where(inArray(labReferenceRanges.testId, ids))
        .orderBy(
          asc(labReferenceRanges.testId),
          sql`${labReferenceRanges.sex} nulls last`,
          asc(labReferenceRanges.ageFromDays),
        ),
    () =>
      db
        .select({
          panelId: labPanelMembers.panelId,
          id: labTests.id,
          code: labTests.code,
          name: labTests.name,
          active: labTests.active,
        })
        .from(labPanelMembers)
        .innerJoin(labTests, eq(labTests.id, labPanelMembers.testId))
        .where(inArray(labPanelMembers.panelId, ids))
        .orderBy(asc(labPanelMembers.panelId), asc(labPanelMembers.position)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    loincCode: row.loincCode,
    kind: row.kind,
    specimenType: row.specimenType,
    container: row.container,
    resultType: row.resultType,
    unit: row.unit,
    decimals: row.decimals,
    choices: row.choices,
    abnormalChoices: row.abnormalChoices,
    turnaroundMinutes: row.turnaroundMinutes,
    price: row.price,
    active: row.active,
    ranges: ranges
      .filter((r) => r.testId === row.id)
      .map((r) => ({
        sex: r.sex === 'male' || r.sex === 'female' ? r.sex : null,
        ageFromDays: r.ageFromDays,
        ageToDays: r.ageToDays,
        low: r.low,
        high: r.high,
        criticalLow: r.criticalLow,
        criticalHigh: r.criticalHigh,
      })),
    members: members.filter((m) => m.panelId === row.id).map(({ panelId: _panel, ...member }) => member),
    updatedAt: iso(row.updatedAt),
  }));
}

function listWhere(query: { q?: string; kind?: string }, extra?: SQL) {
  return and(
    extra,
    query.kind === 'test' || query.kind === 'panel' ? eq(labTests.kind, query.kind) : undefined,
    search(query.q, [labTests.name, labTests.code, labTests.loincCode]),
  );
}

async function listWith(
  ctx: ServiceContext,
  query: AdminListQuery | ActiveListQuery,
  where: SQL | undefined,
) {
  const page = await listPage(ctx, query, {
    rows: (select) => select(getTableColumns(labTests)).from(labTests).where(where),
    order: orderBy(query, SORT, [asc(labTests.name)], labTests.id),
    count: matchingRows(ctx.db).from(labTests).where(where),
    map: (row: TestRow) => row,
  });
  return { ...page, data: await withDetails(ctx.db, page.data) };
}

/** The admin's list: every entry, or the active or inactive ones; searched by name, code or LOINC code. */
export function listLabTests(ctx: ServiceContext, query: AdminListQuery) {
  const status =
    query.status === 'active'
      ? eq(labTests.active, true)
      : query.status === 'inactive'
        ? eq(labTests.active, false)
        : undefined;
  return listWith(ctx, query, listWhere(query, status));
}

/** What staff order from: the active entries only. */
export function listActiveLabTests(ctx: ServiceContext, query: ActiveListQuery) {
  return listWith(ctx, query, listWhere(query, eq(labTests.active, true)));
}

async function loadLabTest(db: Executor, id: string, activeOnly = false): Promise<LabTest> {
  const [row] = await db
    .select()
    .from(labTests)
    .where(and(eq(labTests.id, id), activeOnly ? eq(labTests.active, true) : undefined));
  const [test] = row ? await withDetails(db, [row]) : [];
  if (!test) throw notFoundWith(M.notFound);
  return test;
}

export const getLabTest = (ctx: ServiceContext, id: string) => loadLabTest(ctx.db, id);
export const getActiveLabTest = (ctx: ServiceContext, id: string) => loadLabTest(ctx.db, id, true);

/**
 * A panel's members must be active tests, never a panel nor the panel itself. They are locked
 * FOR SHARE until the save commits, so none is deactivated or changed meanwhile (deactivation
 * locks the test FOR UPDATE).
 */
async function checkMembers(tx: Executor, panelId: string | null, memberIds: readonly string[]) {
  if (memberIds.length === 0) return;
  if (panelId && memberIds.includes(panelId))
    throw conflict('LAB_PANEL_MEMBER', M.memberNotATest, 'memberIds');
  const rows = await tx
    .select({ id: labTests.id, kind: labTests.kind, active: labTests.active })
    .from(labTests)
    .where(inArray(labTests.id, [...memberIds]))
    .orderBy(asc(labTests.id))
    .for('share');
  if (rows.length !== memberIds.length || rows.some((r) => r.kind !== 'test'))
    throw conflict('LAB_PANEL_MEMBER', M.memberNotATest, 'memberIds');
  if (rows.some((r) => !r.active)) throw conflict('LAB_PANEL_MEMBER_INACTIVE', M.memberInactive, 'memberIds');
}

async function writeDetails(tx: Executor, testId: string, input: SaveInput) {
  await tx.delete(labReferenceRanges).where(eq(labReferenceRanges.testId, testId));
  if (input.ranges.length > 0)
    await tx.insert(labReferenceRanges).values(input.ranges.map((r) => ({ ...r, testId })));
  await tx.delete(labPanelMembers).where(eq(labPanelMembers.panelId, testId));
  if (input.memberIds.length > 0)
    await tx
      .insert(labPanelMembers)
      .values(input.memberIds.map((memberId, position) => ({ panelId: testId, testId: memberId, position })));
}

const fieldsOf = ({ ranges: _ranges, memberIds: _members, ...fields }: SaveInput) => fields;

export async function createLabTest(ctx: ServiceContext, input: SaveInput) {
  const now = ctx.now();
  const id = await uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      await checkMembers(tx, null, input.memberIds);
      const [created] = await tx
        .insert(labTests)
        .values({ ...fieldsOf(input), createdAt: now, updatedAt: now })
        .returning({ id: labTests.id });
      if (!created) throw new Error('lab test not created');
      await writeDetails(tx, created.id, input);
      await audit(inTransaction(ctx, tx), {
        action: 'lab_test.create',
        entityType: 'lab_test',
        entityId: created.id,
        details: { ...input },
      });
      return created.id;
    }),
  );
  return loadLabTest(ctx.db, id);
}

/**
 * The Edit dialog saves the whole entry, its ranges and members included. A test stays a test
 * and a panel a panel (orders and results name them as they were).
 */
export async function updateLabTest(ctx: ServiceContext, id: string, input: SaveInput) {
  const now = ctx.now();
  await uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(labTests).where(eq(labTests.id, id)).for('update');
      if (!before) throw notFoundWith(M.notFound);
      if (before.kind !== input.kind) throw conflict('LAB_TEST_KIND_FIXED', M.kindFixed, 'kind');
      if (before.active) await checkMembers(tx, id, input.memberIds);
      else if (input.memberIds.includes(id))
        throw conflict('LAB_PANEL_MEMBER', M.memberNotATest, 'memberIds');
      await tx
        .update(labTests)
        .set({ ...fieldsOf(input), updatedAt: now })
        .where(eq(labTests.id, id));
      await writeDetails(tx, id, input);
      await audit(inTransaction(ctx, tx), {
        action: 'lab_test.update',
        entityType: 'lab_test',
        entityId: id,
        details: {
          ...input,
          previous: {
            code: before.code,
            name: before.name,
            loincCode: before.loincCode,
            price: before.price,
          },
        },
      });
    }),
  );
  return loadLabTest(ctx.db, id);
}

/**
 * Deactivating takes a test off the order screen; a test an active panel holds is refused (the
 * panel could no longer be resulted whole). Reactivating a panel needs its members active.
 * The row is locked FOR UPDATE, so a panel saved meanwhile (which locks its members FOR SHARE)
 * waits and then sees the change.
 */
export async function setLabTestActive(ctx: ServiceContext, id: string, active: boolean) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [test] = await tx.select().from(labTests).where(eq(labTests.id, id)).for('update');
    if (!test) throw notFoundWith(M.notFound);
    if (test.active === active) return;
    if (!active) {
      const [panel] = await tx
        .select({ id: labTests.id })
        .from(labPanelMembers)
        .innerJoin(labTests, eq(labTests.id, labPanelMembers.panelId))
        .where(and(eq(labPanelMembers.testId, id), eq(labTests.active, true)))
        .limit(1);
      if (panel) throw conflict('LAB_TEST_IN_PANEL', M.usedByPanel);
    } else if (test.kind === 'panel') {
      const [inactive] = await tx
        .select({ id: labTests.id })
        .from(labPanelMembers)
        .innerJoin(labTests, eq(labTests.id, labPanelMembers.testId))
        .where(and(eq(labPanelMembers.panelId, id), eq(labTests.active, false)))
        .limit(1);
      if (inactive) throw conflict('LAB_PANEL_MEMBER_INACTIVE', M.panelMembersInactive);
    }
    await tx.update(labTests).set({ active, updatedAt: now }).where(eq(labTests.id, id));
    await audit(inTransaction(ctx, tx), {
      action: active ? 'lab_test.reactivate' : 'lab_test.deactivate',
      entityType: 'lab_test',
      entityId: id,
      details: { code: test.code, name: test.name },
    });
  });
  return loadLabTest(ctx.db, id);
}
