import {
  type SaveWard,
  type saveWardSchema,
  WARD_MESSAGES,
  type WARD_SORTABLE,
  type Ward,
  type wardListQuerySchema,
} from '@carepoint/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { beds, users, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique, violatedForeignKey } from '../../lib/db-errors';
import { conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { refusedGender } from './placement';

/** Wards: unique names, a kind and a sex rule; each holds beds; the default ward is never removed. */

type ListQuery = z.output<typeof wardListQuerySchema>;
type SaveInput = z.output<typeof saveWardSchema>;

// Counted per ward through beds_ward_idx: a ward has tens of beds, not thousands. The ward's id is
// written out whole: drizzle names a column of the one table selected from without its table,
// which inside the subquery would read the bed's id.
const bedsOfWard = (extra: SQL = sql`true`) =>
  sql<number>`(select count(*) from ${beds} where ${beds.wardId} = "wards"."id" and ${extra})`.mapWith(
    Number,
  );

const columns = {
  id: wards.id,
  name: wards.name,
  kind: wards.kind,
  sexRule: wards.sexRule,
  isDefault: wards.isDefault,
  beds: bedsOfWard(),
  freeBeds: bedsOfWard(eq(beds.status, 'Free')),
  updatedAt: wards.updatedAt,
};
type Row = Omit<Ward, 'updatedAt'> & { updatedAt: Date };
const toWard = ({ updatedAt, ...row }: Row): Ward => ({ ...row, updatedAt: iso(updatedAt) });

const SORT: SortColumns<(typeof WARD_SORTABLE)[number]> = {
  name: wards.name,
  kind: [wards.kind, wards.name],
  updatedAt: wards.updatedAt,
};

const uniqueName = <T>(write: () => Promise<T>) =>
  mapUnique(write, () => conflict('WARD_NAME_TAKEN', WARD_MESSAGES.nameTaken, 'name'));

async function loadWard(db: Executor, id: string): Promise<Ward> {
  const [row] = await db.select(columns).from(wards).where(eq(wards.id, id));
  if (!row) throw notFoundWith(WARD_MESSAGES.notFound);
  return toWard(row);
}

export async function listWards(ctx: ServiceContext, query: ListQuery) {
  const where = and(query.kind ? eq(wards.kind, query.kind) : undefined, search(query.q, [wards.name]));
  return listPage(ctx, query, {
    rows: (select) => select(columns).from(wards).where(where),
    order: orderBy(query, SORT, [asc(wards.name)], wards.id),
    count: matchingRows(ctx.db).from(wards).where(where),
    map: toWard,
  });
}

/** These wards, by name, each with its beds counted: a nurse's own wards on their dashboard. */
export async function wardsWithIds(ctx: ServiceContext, ids: readonly string[]): Promise<Ward[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select(columns)
    .from(wards)
    .where(inArray(wards.id, [...ids]))
    .orderBy(asc(wards.name), asc(wards.id));
  return rows.map(toWard);
}

export async function createWard(ctx: ServiceContext, input: SaveInput) {
  const now = ctx.now();
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(wards)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning({ id: wards.id });
      if (!created) throw new Error('ward not created');
      await audit(inTransaction(ctx, tx), {
        action: 'ward.create',
        entityType: 'ward',
        entityId: created.id,
        details: input,
      });
      return created.id;
    }),
  );
  return loadWard(ctx.db, id);
}

/** Whether a patient of the sex a rule refuses lies (or is expected) in the ward. */
async function holdsRefusedSex(tx: Executor, wardId: string, rule: SaveWard['sexRule'] & {}) {
  const refused = refusedGender(rule);
  if (!refused) return false;
  const [row] = await tx
    .select({ n: count() })
    .from(beds)
    .innerJoin(users, eq(users.id, beds.patientId))
    .where(and(eq(beds.wardId, wardId), eq(users.gender, refused)));
  return (row?.n ?? 0) > 0;
}

/**
 * The Edit Ward dialog saves the whole ward. A sex rule that the patients already in it break is
 * refused; the ward's row is locked so no placement slips in while this checks (placements hold
 * it FOR SHARE).
 */
export async function updateWard(ctx: ServiceContext, id: string, input: SaveInput) {
  const now = ctx.now();
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(wards).where(eq(wards.id, id)).for('update');
      if (!before) throw notFoundWith(WARD_MESSAGES.notFound);
      if (input.sexRule !== before.sexRule && (await holdsRefusedSex(tx, id, input.sexRule))) {
        throw conflict('WARD_SEX_RULE', WARD_MESSAGES.sexRuleConflict, 'sexRule');
      }
      await tx
        .update(wards)
        .set({ ...input, updatedAt: now })
        .where(eq(wards.id, id));
      await audit(inTransaction(ctx, tx), {
        action: 'ward.update',
        entityType: 'ward',
        entityId: id,
        details: { ...input, previous: { name: before.name, kind: before.kind, sexRule: before.sexRule } },
      });
    }),
  );
  return loadWard(ctx.db, id);
}

/**
 * Only an empty ward is removed, and never the default one. A bed added meanwhile is caught by
 * the foreign key (ON DELETE RESTRICT), which answers the same refusal.
 */
export async function deleteWard(ctx: ServiceContext, id: string) {
  try {
    await ctx.db.transaction(async (tx) => {
      const [ward] = await tx.select().from(wards).where(eq(wards.id, id)).for('update');
      if (!ward) throw notFoundWith(WARD_MESSAGES.notFound);
      if (ward.isDefault) throw conflict('WARD_DEFAULT', WARD_MESSAGES.defaultCannotBeRemoved);
      if ((await tx.$count(beds, eq(beds.wardId, id))) > 0)
        throw conflict('WARD_NOT_EMPTY', WARD_MESSAGES.notEmpty);
      await tx.delete(wards).where(eq(wards.id, id));
      await audit(inTransaction(ctx, tx), {
        action: 'ward.delete',
        entityType: 'ward',
        entityId: id,
        details: { name: ward.name },
      });
    });
  } catch (error) {
    if (violatedForeignKey(error) === 'beds_ward_id_wards_id_fk')
      throw conflict('WARD_NOT_EMPTY', WARD_MESSAGES.notEmpty);
    throw error;
  }
  return { ok: true as const };
}

/** Every ward by name with its bed counts: the ward board's picker (a hospital has tens, not thousands). */
export async function allWards(ctx: ServiceContext): Promise<Ward[]> {
  const rows = await ctx.db.select(columns).from(wards).orderBy(asc(wards.name), asc(wards.id));
  return rows.map(toWard);
}
