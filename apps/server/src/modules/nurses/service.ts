import {
  type createNurseSchema,
  NURSE_MESSAGES,
  type NURSE_SORTABLE,
  type Nurse,
  type nurseListQuerySchema,
  type updateNurseSchema,
} from '@carepoint/contract';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import { nurses } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';

/** Nurses are staff records (they do not sign in); new ones are Active. */

type ListQuery = z.output<typeof nurseListQuerySchema>;
type CreateInput = z.output<typeof createNurseSchema>;
type UpdateInput = z.output<typeof updateNurseSchema>;
type Row = typeof nurses.$inferSelect;

const toNurse = ({ id, fullName, email, department, status, createdAt }: Row): Nurse => ({
  id,
  fullName,
  email,
  department,
  status,
  createdAt: iso(createdAt),
});

const SORT: SortColumns<(typeof NURSE_SORTABLE)[number]> = {
  fullName: nurses.fullName,
  email: nurses.email,
  department: [nurses.department, nurses.fullName],
  status: [nurses.status, nurses.fullName],
  createdAt: nurses.createdAt,
};

const uniqueEmail = <T>(write: () => Promise<T>) =>
  mapUnique(write, () => conflict('NURSE_EMAIL_TAKEN', NURSE_MESSAGES.emailTaken, 'email'));

export async function listNurses(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = and(
    query.status ? eq(nurses.status, query.status) : undefined,
    search(query.q, [nurses.fullName, nurses.email, nurses.department]),
  );
  return listPage(ctx, query, {
    rows: (select) => select(getTableColumns(nurses)).from(nurses).where(where),
    order: orderBy(query, SORT, [asc(nurses.fullName)], nurses.id),
    count: matchingRows(db).from(nurses).where(where),
    map: toNurse,
  });
}

export async function createNurse(ctx: ServiceContext, input: CreateInput) {
  const now = ctx.now();
  const row = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(nurses)
        .values({ ...input, status: 'Active', createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('nurse not created');
      await audit(inTransaction(ctx, tx), {
        action: 'nurse.create',
        entityType: 'nurse',
        entityId: created.id,
      });
      return created;
    }),
  );
  return toNurse(row);
}

/** PUT (every field) and PATCH (some fields) both end here. */
export async function updateNurse(ctx: ServiceContext, id: string, input: UpdateInput) {
  const now = ctx.now();
  const row = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(nurses)
        .set({ ...input, updatedAt: now })
        .where(eq(nurses.id, id))
        .returning();
      if (!updated) throw notFoundWith(NURSE_MESSAGES.notFound);
      await audit(inTransaction(ctx, tx), {
        action: 'nurse.update',
        entityType: 'nurse',
        entityId: id,
        details: { fields: Object.keys(input) },
      });
      return updated;
    }),
  );
  return toNurse(row);
}
