import { FRONT_DESK_MESSAGES, STAY_MESSAGES } from '@carepoint/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stayLocations, stays } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { conflict, notFoundWith } from '../../lib/errors';

/* The stays' writes every movement shares: the stay's row lock, its open-stay rules, its bed history. */

export type StayRow = typeof stays.$inferSelect;

/** A second open stay of a patient, or of a bed, is refused by the partial unique indexes. */
const openStayConflict = (constraint: string) =>
  constraint === 'stays_open_bed_unique'
    ? conflict('BED_TAKEN', FRONT_DESK_MESSAGES.bedNotFree, 'bedId')
    : conflict('STAY_OPEN', STAY_MESSAGES.openStay, 'patientId');

export async function insertStay(ctx: ServiceContext, values: typeof stays.$inferInsert) {
  const [row] = await mapUnique(() => ctx.db.insert(stays).values(values).returning(), openStayConflict);
  if (!row) throw new Error('stay not created');
  return row;
}

/** The stay's row, locked until the transaction ends: every change to a stay starts here. */
export async function lockStay(tx: Executor, stayId: string) {
  const [row] = await tx.select().from(stays).where(eq(stays.id, stayId)).for('update');
  if (!row) throw notFoundWith(STAY_MESSAGES.notFound);
  return row;
}

export async function updateStay(
  ctx: ServiceContext,
  stayId: string,
  values: Partial<typeof stays.$inferInsert>,
) {
  const [row] = await mapUnique(
    () =>
      ctx.db
        .update(stays)
        .set({ ...values, updatedAt: ctx.now() })
        .where(eq(stays.id, stayId))
        .returning(),
    openStayConflict,
  );
  if (!row) throw notFoundWith(STAY_MESSAGES.notFound);
  return row;
}

/** The patient now lies in this bed: the previous place (if any) ends at the same instant. */
export async function moveInto(
  ctx: ServiceContext,
  stayId: string,
  bed: { id: string; label: string; wardId: string },
  at: Date,
) {
  await leavePlace(ctx, stayId, at);
  await ctx.db
    .insert(stayLocations)
    .values({ stayId, wardId: bed.wardId, bedId: bed.id, bedLabel: bed.label, fromAt: at });
}

/** The stay's current place ends (a transfer or the discharge). */
export async function leavePlace(ctx: ServiceContext, stayId: string, at: Date) {
  await ctx.db
    .update(stayLocations)
    .set({ toAt: at })
    .where(and(eq(stayLocations.stayId, stayId), isNull(stayLocations.toAt)));
}

/** Who a board or a doctor's alert needs to hear of a change to this stay. */
export const publishStay = (ctx: ServiceContext, stay: Pick<StayRow, 'doctorId'>) =>
  ctx.publish('wards', { doctorIds: [stay.doctorId] });

/** Every stay change is a change to the patient's care record. */
export const auditStay = (
  ctx: ServiceContext,
  action: string,
  stay: StayRow,
  details: Record<string, unknown>,
) => audit(ctx, { action, entityType: 'stay', entityId: stay.id, patientId: stay.patientId, details });
