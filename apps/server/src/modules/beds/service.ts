import {
  BED_MESSAGES,
  type BED_SORTABLE,
  type Bed,
  type bedListQuerySchema,
  type createBedSchema,
  FRONT_DESK_MESSAGES,
  type updateBedSchema,
} from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { beds, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { findPatient, fullNameOf } from '../../lib/people';

/** Beds: unique labels; Free or Occupied; an occupied bed may name its patient (one bed per patient). */

type ListQuery = z.output<typeof bedListQuerySchema>;
type CreateInput = z.output<typeof createBedSchema>;
type UpdateInput = z.output<typeof updateBedSchema>;

const columns = {
  id: beds.id,
  label: beds.label,
  status: beds.status,
  patientId: beds.patientId,
  patientName: fullNameOf(),
  updatedAt: beds.updatedAt,
};
type Row = Omit<Bed, 'updatedAt'> & { updatedAt: Date };
const toBed = ({ updatedAt, ...row }: Row): Bed => ({ ...row, updatedAt: iso(updatedAt) });

const SORT: SortColumns<(typeof BED_SORTABLE)[number]> = {
  label: beds.label,
  status: [beds.status, beds.label],
  updatedAt: beds.updatedAt,
};

/** Both unique indexes answer 409 with their own message. */
const bedConflict = (constraint: string) =>
  constraint === 'beds_patient_unique'
    ? conflict('BED_PATIENT_TAKEN', BED_MESSAGES.patientInAnotherBed, 'patientId')
    : conflict('BED_LABEL_TAKEN', BED_MESSAGES.labelTaken, 'label');

async function loadBed(db: Executor, id: string): Promise<Bed> {
  const [row] = await db
    .select(columns)
    .from(beds)
    .leftJoin(users, eq(users.id, beds.patientId))
    .where(eq(beds.id, id));
  if (!row) throw notFoundWith(BED_MESSAGES.notFound);
  return toBed(row);
}

export async function listBeds(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = and(
    query.status ? eq(beds.status, query.status) : undefined,
    search(query.q, [beds.label, fullNameOf()]),
  );
  const result = await listPage(ctx, query, {
    rows: (select) => select(columns).from(beds).leftJoin(users, eq(users.id, beds.patientId)).where(where),
    order: orderBy(query, SORT, [asc(beds.label)], beds.id),
    count: matchingRows(db).from(beds).leftJoin(users, eq(users.id, beds.patientId)).where(where),
    map: toBed,
  });
  const patientIds = result.data.flatMap((b) => (b.patientId ? [b.patientId] : []));
  if (patientIds.length > 0) {
    await audit(ctx, { action: 'beds.list', entityType: 'bed', details: { query, patientIds } });
  }
  return result;
}

export async function createBed(ctx: ServiceContext, input: CreateInput) {
  const now = ctx.now();
  const id = await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(beds)
          .values({ label: input.label, status: 'Free', createdAt: now, updatedAt: now })
          .returning({ id: beds.id });
        if (!created) throw new Error('bed not created');
        await audit(inTransaction(ctx, tx), {
          action: 'bed.create',
          entityType: 'bed',
          entityId: created.id,
          details: input,
        });
        return created.id;
      }),
    bedConflict,
  );
  return loadBed(ctx.db, id);
}

/** The Edit Bed dialog saves the whole bed; a Free bed never keeps a patient. */
export async function updateBed(ctx: ServiceContext, id: string, input: UpdateInput) {
  const { db } = ctx;
  const now = ctx.now();
  const patientId = input.status === 'Occupied' ? (input.patientId ?? null) : null;
  await mapUnique(
    () =>
      db.transaction(async (tx) => {
        if (patientId && !(await findPatient(tx, patientId))) {
          throw badRequest(BED_MESSAGES.patientNotFound, 'patientId');
        }
        const [before] = await tx.select().from(beds).where(eq(beds.id, id)).for('update');
        if (!before) throw notFoundWith(BED_MESSAGES.notFound);
        await tx
          .update(beds)
          .set({ label: input.label, status: input.status, patientId, updatedAt: now })
          .where(eq(beds.id, id));
        await audit(inTransaction(ctx, tx), {
          action: 'bed.update',
          entityType: 'bed',
          entityId: id,
          // Placing a patient in a bed (or taking them out) is a change to their care record.
          patientId: patientId ?? before.patientId,
          details: {
            label: input.label,
            status: input.status,
            patientId,
            previousPatientId: before.patientId,
          },
        });
      }),
    bedConflict,
  );
  return loadBed(db, id);
}

/**
 * Puts a patient in a Free bed inside the caller's transaction (the ER's admit). The update
 * takes the bed only while it is still Free, so of two admits to one bed exactly one wins; the
 * one-bed-per-patient index refuses a patient who already has a bed.
 */
export async function occupyFreeBed(ctx: ServiceContext, bedId: string, patientId: string) {
  const [taken] = await mapUnique(
    () =>
      ctx.db
        .update(beds)
        .set({ status: 'Occupied', patientId, updatedAt: ctx.now() })
        .where(and(eq(beds.id, bedId), eq(beds.status, 'Free')))
        .returning({ id: beds.id, label: beds.label }),
    bedConflict,
  );
  if (!taken) {
    const [exists] = await ctx.db.select({ id: beds.id }).from(beds).where(eq(beds.id, bedId));
    if (!exists) throw badRequest(FRONT_DESK_MESSAGES.bedRequired, 'bedId');
    throw conflict('BED_TAKEN', FRONT_DESK_MESSAGES.bedNotFree, 'bedId');
  }
  await audit(ctx, {
    action: 'bed.update',
    entityType: 'bed',
    entityId: bedId,
    patientId,
    details: { label: taken.label, status: 'Occupied', patientId, by: 'admit' },
  });
  return taken;
}

/** Only a Free bed can be removed, so nobody loses their bed by accident. */
export async function deleteBed(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [bed] = await tx.select().from(beds).where(eq(beds.id, id)).for('update');
    if (!bed) throw notFoundWith(BED_MESSAGES.notFound);
    if (bed.status !== 'Free') throw conflict('BED_OCCUPIED', BED_MESSAGES.occupiedCannotBeRemoved);
    await tx.delete(beds).where(eq(beds.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'bed.delete',
      entityType: 'bed',
      entityId: id,
      details: { label: bed.label },
    });
  });
  return { ok: true as const };
}
