import {
  AMBULANCE_MESSAGES,
  type AMBULANCE_SORTABLE,
  type Ambulance,
  type ambulanceListQuerySchema,
  type createAmbulanceSchema,
  type updateAmbulanceSchema,
} from '@carepoint/contract';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import { ambulances } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';

/** Ambulances: unit code (unique), driver and status; new ones are Available. */

type ListQuery = z.output<typeof ambulanceListQuerySchema>;
type CreateInput = z.output<typeof createAmbulanceSchema>;
type UpdateInput = z.output<typeof updateAmbulanceSchema>;
type Row = typeof ambulances.$inferSelect;

const toAmbulance = ({ id, code, driverName, status, createdAt }: Row): Ambulance => ({
  id,
  code,
  driverName,
  status,
  createdAt: iso(createdAt),
});

const SORT: SortColumns<(typeof AMBULANCE_SORTABLE)[number]> = {
  code: ambulances.code,
  driverName: ambulances.driverName,
  status: [ambulances.status, ambulances.code],
  createdAt: ambulances.createdAt,
};

const uniqueCode = <T>(write: () => Promise<T>) =>
  mapUnique(write, () => conflict('AMBULANCE_CODE_TAKEN', AMBULANCE_MESSAGES.codeTaken, 'code'));

export async function listAmbulances(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = and(
    query.status ? eq(ambulances.status, query.status) : undefined,
    search(query.q, [ambulances.code, ambulances.driverName]),
  );
  return listPage(ctx, query, {
    rows: (select) => select(getTableColumns(ambulances)).from(ambulances).where(where),
    order: orderBy(query, SORT, [asc(ambulances.code)], ambulances.id),
    count: matchingRows(db).from(ambulances).where(where),
    map: toAmbulance,
  });
}

export async function createAmbulance(ctx: ServiceContext, input: CreateInput) {
  const now = ctx.now();
  const row = await uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(ambulances)
        .values({ ...input, status: 'Available', createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('ambulance not created');
      await audit(inTransaction(ctx, tx), {
        action: 'ambulance.create',
        entityType: 'ambulance',
        entityId: created.id,
      });
      return created;
    }),
  );
  return toAmbulance(row);
}

/** PUT (every field) and PATCH (some fields) both end here. */
export async function updateAmbulance(ctx: ServiceContext, id: string, input: UpdateInput) {
  const now = ctx.now();
  const row = await uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(ambulances)
        .set({ ...input, updatedAt: now })
        .where(eq(ambulances.id, id))
        .returning();
      if (!updated) throw notFoundWith(AMBULANCE_MESSAGES.notFound);
      await audit(inTransaction(ctx, tx), {
        action: 'ambulance.update',
        entityType: 'ambulance',
        entityId: id,
        details: { fields: Object.keys(input) },
      });
      return updated;
    }),
  );
  return toAmbulance(row);
}
