import {
  type activeMedicineListQuerySchema,
  FORMULARY_MESSAGES,
  type MEDICINE_SORTABLE,
  type Medicine,
  type medicineListQuerySchema,
  type saveMedicineSchema,
} from '@carepoint/contract';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { medicines } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';

/*
 * The formulary (docs/areas/pharmacy-formulary.md): the administrator adds, edits, deactivates and
 * reactivates medicines; every member of staff reads the active ones. Medicines are never
 * deleted: prescriptions, batches and the stock ledger name them.
 */

type AdminListQuery = z.output<typeof medicineListQuerySchema>;
type ActiveListQuery = z.output<typeof activeMedicineListQuerySchema>;
type SaveInput = z.output<typeof saveMedicineSchema>;
type MedicineRow = typeof medicines.$inferSelect;

const M = FORMULARY_MESSAGES;

const SORT: SortColumns<(typeof MEDICINE_SORTABLE)[number]> = {
  genericName: [sql`lower(${medicines.genericName})`, medicines.strength],
  form: [medicines.form, sql`lower(${medicines.genericName})`],
  reorderLevel: [medicines.reorderLevel, sql`lower(${medicines.genericName})`],
  price: [medicines.price, sql`lower(${medicines.genericName})`],
  updatedAt: medicines.updatedAt,
};

const toMedicine = (row: MedicineRow): Medicine => ({
  id: row.id,
  genericName: row.genericName,
  brandName: row.brandName,
  strength: row.strength,
  form: row.form,
  route: row.route,
  dispensingUnit: row.dispensingUnit,
  reorderLevel: row.reorderLevel,
  controlled: row.controlled,
  atcCode: row.atcCode,
  price: row.price,
  active: row.active,
  updatedAt: iso(row.updatedAt),
});

const unique = <T>(write: () => Promise<T>) =>
  mapUnique(write, () => conflict('MEDICINE_TAKEN', M.taken, 'genericName'));

async function listWith(ctx: ServiceContext, query: AdminListQuery | ActiveListQuery, extra?: SQL) {
  // The trigram indexes of migration 0057 serve the substring search on names.
  const where = and(extra, search(query.q, [medicines.genericName, medicines.brandName, medicines.atcCode]));
  return listPage(ctx, query, {
    rows: (select) => select(getTableColumns(medicines)).from(medicines).where(where),
    order: orderBy(
      query,
      SORT,
      [asc(sql`lower(${medicines.genericName})`), asc(medicines.strength)],
      medicines.id,
    ),
    count: matchingRows(ctx.db).from(medicines).where(where),
    map: toMedicine,
  });
}

/** The admin's list: every medicine, or the active or inactive ones. */
export function listMedicines(ctx: ServiceContext, query: AdminListQuery) {
  const status =
    query.status === 'active'
      ? eq(medicines.active, true)
      : query.status === 'inactive'
        ? eq(medicines.active, false)
        : undefined;
  return listWith(ctx, query, status);
}

/** What staff prescribe from: the active medicines only. */
export const listActiveMedicines = (ctx: ServiceContext, query: ActiveListQuery) =>
  listWith(ctx, query, eq(medicines.active, true));

async function loadMedicine(db: Executor, id: string, activeOnly = false): Promise<Medicine> {
  const [row] = await db
    .select()
    .from(medicines)
    .where(and(eq(medicines.id, id), activeOnly ? eq(medicines.active, true) : undefined));
  if (!row) throw notFoundWith(M.notFound);
  return toMedicine(row);
}

export const getMedicine = (ctx: ServiceContext, id: string) => loadMedicine(ctx.db, id);
export const getActiveMedicine = (ctx: ServiceContext, id: string) => loadMedicine(ctx.db, id, true);

export async function createMedicine(ctx: ServiceContext, input: SaveInput) {
  const now = ctx.now();
  const row = await unique(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(medicines)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('medicine not created');
      await audit(inTransaction(ctx, tx), {
        action: 'medicine.create',
        entityType: 'medicine',
        entityId: created.id,
        details: { ...input },
      });
      return created;
    }),
  );
  return toMedicine(row);
}

export async function updateMedicine(ctx: ServiceContext, id: string, input: SaveInput) {
  const now = ctx.now();
  const row = await unique(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(medicines).where(eq(medicines.id, id)).for('update');
      if (!before) throw notFoundWith(M.notFound);
      const [after] = await tx
        .update(medicines)
        .set({ ...input, updatedAt: now })
        .where(eq(medicines.id, id))
        .returning();
      if (!after) throw new Error('medicine not updated');
      await audit(inTransaction(ctx, tx), {
        action: 'medicine.update',
        entityType: 'medicine',
        entityId: id,
        details: {
          ...input,
          previous: {
            genericName: before.genericName,
            strength: before.strength,
            form: before.form,
            price: before.price,
          },
        },
      });
      return after;
    }),
  );
  return toMedicine(row);
}

/** Deactivating takes a medicine off the prescription picker; prescriptions and stock keep it. */
export async function setMedicineActive(ctx: ServiceContext, id: string, active: boolean) {
  const row = await ctx.db.transaction(async (tx) => {
    const [medicine] = await tx.select().from(medicines).where(eq(medicines.id, id)).for('update');
    if (!medicine) throw notFoundWith(M.notFound);
    if (medicine.active === active) return medicine;
    const [changed] = await tx
      .update(medicines)
      .set({ active, updatedAt: ctx.now() })
      .where(eq(medicines.id, id))
      .returning();
    if (!changed) throw new Error('medicine not updated');
    await audit(inTransaction(ctx, tx), {
      action: active ? 'medicine.reactivate' : 'medicine.deactivate',
      entityType: 'medicine',
      entityId: id,
      details: { genericName: medicine.genericName, strength: medicine.strength, form: medicine.form },
    });
    return changed;
  });
  return toMedicine(row);
}

/**
 * For a prescription's or a ward order's save: every named formulary medicine must exist and be
 * active. They are locked FOR SHARE until the save commits, so none is deactivated meanwhile
 * (deactivating locks FOR UPDATE). A wrong one is refused on its line's field (400), a
 * prescription line's by default.
 */
export async function checkPrescribable(
  tx: Executor,
  medicineIds: ReadonlyArray<string | null>,
  field: (index: number) => string = (index) => `medicines.${index}.medicineId`,
) {
  const ids = [...new Set(medicineIds.flatMap((id) => (id ? [id] : [])))];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: medicines.id, active: medicines.active })
    .from(medicines)
    .where(inArray(medicines.id, ids))
    .orderBy(asc(medicines.id))
    .for('share');
  const active = new Set(rows.filter((r) => r.active).map((r) => r.id));
  const index = medicineIds.findIndex((id) => id !== null && !active.has(id));
  if (index >= 0) throw badRequest(M.inactive, field(index));
}
