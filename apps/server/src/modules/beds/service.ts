import {
  BED_MESSAGES,
  type BED_SORTABLE,
  type Bed,
  type bedListQuerySchema,
  type createBedSchema,
  type updateBedSchema,
} from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { beds, users, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique, violatedForeignKey } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { findPatient, fullNameOf } from '../../lib/people';
import { checkNotHeldByStay, checkPlacement, checkSexRule, lockWard } from './placement';

/**
 * Beds: unique labels, each in a ward; Free, Occupied, Reserved or Cleaning; an Occupied or
 * Reserved bed may name its patient (one bed per patient, one patient per bed).
 */

type ListQuery = z.output<typeof bedListQuerySchema>;
type CreateInput = z.output<typeof createBedSchema>;
type UpdateInput = z.output<typeof updateBedSchema>;

const columns = {
  id: beds.id,
  label: beds.label,
  status: beds.status,
  patientId: beds.patientId,
  patientName: fullNameOf(),
  wardId: beds.wardId,
  wardName: wards.name,
  updatedAt: beds.updatedAt,
};
type Row = Omit<Bed, 'updatedAt'> & { updatedAt: Date };
const toBed = ({ updatedAt, ...row }: Row): Bed => ({ ...row, updatedAt: iso(updatedAt) });

const SORT: SortColumns<(typeof BED_SORTABLE)[number]> = {
  label: beds.label,
  status: [beds.status, beds.label],
  ward: [wards.name, beds.label],
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
    .innerJoin(wards, eq(wards.id, beds.wardId))
    .leftJoin(users, eq(users.id, beds.patientId))
    .where(eq(beds.id, id));
  if (!row) throw notFoundWith(BED_MESSAGES.notFound);
  return toBed(row);
}

export async function listBeds(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const where = and(
    query.status ? eq(beds.status, query.status) : undefined,
    query.wardId ? eq(beds.wardId, query.wardId) : undefined,
    search(query.q, [beds.label, fullNameOf()]),
  );
  const result = await listPage(ctx, query, {
    rows: (select) =>
      select(columns)
        .from(beds)
        .innerJoin(wards, eq(wards.id, beds.wardId))
        .leftJoin(users, eq(users.id, beds.patientId))
        .where(where),
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

/** A ward removed meanwhile (the foreign key) reads as the ward field's message. */
async function inExistingWard<T>(write: () => Promise<T>) {
  try {
    return await mapUnique(write, bedConflict);
  } catch (error) {
    if (violatedForeignKey(error) === 'beds_ward_id_wards_id_fk')
      throw badRequest(BED_MESSAGES.wardNotFound, 'wardId');
    throw error;
  }
}

export async function createBed(ctx: ServiceContext, input: CreateInput) {
  const now = ctx.now();
  const id = await inExistingWard(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(beds)
        .values({ label: input.label, status: 'Free', wardId: input.wardId, createdAt: now, updatedAt: now })
        .returning({ id: beds.id, wardId: beds.wardId });
      if (!created) throw new Error('bed not created');
      await audit(inTransaction(ctx, tx), {
        action: 'bed.create',
        entityType: 'bed',
        entityId: created.id,
        // Without a ward named, the column's default (the default ward) chose it.
        details: { label: input.label, wardId: created.wardId },
      });
      return created.id;
    }),
  );
  return loadBed(ctx.db, id);
}

/**
 * The Edit Bed dialog saves the whole bed. A Free or Cleaning bed never keeps a patient; a bed
 * being cleaned takes nobody until made ready; a bed naming a patient takes no other one; a
 * single-sex ward refuses the other sex. The bed's row is locked first, so of two requests
 * placing patients in one bed the second sees the first's patient and is refused.
 */
export async function updateBed(ctx: ServiceContext, id: string, input: UpdateInput) {
  const { db } = ctx;
  const now = ctx.now();
  const holds = input.status === 'Occupied' || input.status === 'Reserved';
  const patientId = holds ? (input.patientId ?? null) : null;
  await inExistingWard(() =>
    db.transaction(async (tx) => {
      if (patientId && !(await findPatient(tx, patientId))) {
        throw badRequest(BED_MESSAGES.patientNotFound, 'patientId');
      }
      const [before] = await tx.select().from(beds).where(eq(beds.id, id)).for('update');
      if (!before) throw notFoundWith(BED_MESSAGES.notFound);
      const wardId = input.wardId ?? before.wardId;
      const ward = await lockWard(tx, wardId);
      checkPlacement(before, input.status, patientId);
      await checkNotHeldByStay(tx, before, { status: input.status, patientId, wardId });
      if (patientId && (patientId !== before.patientId || wardId !== before.wardId)) {
        await checkSexRule(tx, ward.sexRule, patientId);
      }
      await tx
        .update(beds)
        .set({ label: input.label, status: input.status, patientId, wardId, updatedAt: now })
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
          wardId,
          previousStatus: before.status,
          previousPatientId: before.patientId,
        },
      });
    }),
  );
  return loadBed(db, id);
}

/** Only a Free bed can be removed (not Occupied, Reserved or Cleaning), so nobody loses their bed by accident. */
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
