import {
  type admitErEntrySchema,
  canMoveErEntry,
  type createErEntrySchema,
  ER_MESSAGES,
  type ER_SORTABLE,
  type ErEntry,
  type ErStatus,
  type erListQuerySchema,
  erWaitMinutes,
  FRONT_DESK_MESSAGES,
  type linkErEntrySchema,
  type updateErEntrySchema,
} from '@carepoint/contract';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { erEntries } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { iso, isoOrNull, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { resolvePatient } from '../../lib/people';
import { admitIntoBed } from '../stays';
import { attachIntakesOfArrival } from './intakes';

/** Emergency room entries: arrivals, when they were seen and when they left; every change is announced live. */

type ListQuery = z.output<typeof erListQuerySchema>;
type CreateInput = z.output<typeof createErEntrySchema>;
type UpdateInput = z.output<typeof updateErEntrySchema>;
type AdmitInput = z.output<typeof admitErEntrySchema>;
type LinkInput = z.output<typeof linkErEntrySchema>;
type Row = typeof erEntries.$inferSelect;

const toErEntry = (row: Row, now: Date): ErEntry => ({
  id: row.id,
  patientName: row.patientName,
  patientId: row.patientId,
  triageLevel: row.triageLevel,
  status: row.status,
  complaint: row.complaint,
  arrivedAt: iso(row.arrivedAt),
  seenAt: isoOrNull(row.seenAt),
  leftAt: isoOrNull(row.leftAt),
  waitMinutes: erWaitMinutes(row, now),
});

/**
 * Within a triage level, those still Waiting come before those In Treatment (and those who left
 * after), whichever way the level is sorted: the board's reader looks for who still needs seeing.
 * The statuses' enum order is that order.
 */
const waitingFirst = asc(erEntries.status);

const SORT: SortColumns<(typeof ER_SORTABLE)[number]> = {
  arrivedAt: erEntries.arrivedAt,
  patientName: erEntries.patientName,
  triageLevel: (order) => {
    const way = order === 'asc' ? asc : desc;
    return [way(erEntries.triageLevel), waitingFirst, way(erEntries.arrivedAt)];
  },
  status: [erEntries.status, erEntries.arrivedAt],
};

/**
 * Default order (index er_triage_order_idx): still in the ER first, most severe triage, Waiting
 * before In Treatment, longest wait.
 */
const ER_ORDER: SQL[] = [
  asc(sql`(${erEntries.leftAt} is not null)`),
  desc(erEntries.triageLevel),
  waitingFirst,
  asc(erEntries.arrivedAt),
];

export async function listErEntries(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const now = ctx.now();
  const where = and(
    query.status ? eq(erEntries.status, query.status) : undefined,
    query.triageLevel ? eq(erEntries.triageLevel, query.triageLevel) : undefined,
    search(query.q, [erEntries.patientName]),
  );
  const result = await listPage(ctx, query, {
    rows: (select) => select(getTableColumns(erEntries)).from(erEntries).where(where),
    order: orderBy(query, SORT, ER_ORDER, erEntries.id),
    count: matchingRows(db).from(erEntries).where(where),
    map: (row) => toErEntry(row, now),
  });
  await audit(ctx, {
    action: 'er.list',
    entityType: 'er_entry',
    details: { query, entryIds: result.data.map((e) => e.id) },
  });
  return result;
}

export async function createErEntry(ctx: ServiceContext, input: CreateInput) {
  const now = ctx.now();
  const arrivedAt = input.arrivedAt ? new Date(input.arrivedAt) : now;
  if (arrivedAt > now) throw badRequest(ER_MESSAGES.arrivalInFuture, 'arrivedAt');
  const patient = await resolvePatient(ctx.db, input.patientName, input.patientId);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(erEntries)
      .values({
        ...patient,
        triageLevel: input.triageLevel,
        complaint: input.complaint,
        arrivedAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('ER entry not created');
    await audit(inTransaction(ctx, tx), {
      action: 'er.create',
      entityType: 'er_entry',
      entityId: created.id,
      patientId: created.patientId,
      details: { triageLevel: created.triageLevel },
    });
    return created;
  });
  await ctx.publish('emergency');
  return toErEntry(row, now);
}

/** Times that a move to `to` records: seen when treatment (or admission) starts, left when the ER visit ends. */
function timesFor(row: Row, to: ErStatus, now: Date) {
  const seen = to === 'In Treatment' || to === 'Admitted';
  const leaving = to === 'Admitted' || to === 'Discharged';
  return {
    seenAt: seen && !row.seenAt ? now : row.seenAt,
    leftAt: leaving && !row.leftAt ? now : row.leftAt,
  };
}

/** Locks an entry for a move to `to`, refusing a move the ER's rules do not allow. */
async function lockForMove(tx: Executor, id: string, to: ErStatus | undefined) {
  const [current] = await tx.select().from(erEntries).where(eq(erEntries.id, id)).for('update');
  if (!current) throw notFoundWith(ER_MESSAGES.notFound);
  const next = to ?? current.status;
  if (!canMoveErEntry(current.status, next)) {
    throw conflict('INVALID_TRANSITION', `Cannot move an entry from ${current.status} to ${next}`, 'status');
  }
  return { current, to: next };
}

export async function updateErEntry(ctx: ServiceContext, id: string, input: UpdateInput) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const { current, to } = await lockForMove(tx, id, input.status);
    // A registered patient's name is their record's; a different one here would name someone else.
    if (current.patientId && input.patientName !== undefined && input.patientName !== current.patientName)
      throw badRequest(FRONT_DESK_MESSAGES.linkedNameFixed, 'patientName');
    const [updated] = await tx
      .update(erEntries)
      .set({ ...input, status: to, ...timesFor(current, to, now), updatedAt: now })
      .where(eq(erEntries.id, id))
      .returning();
    if (!updated) throw notFoundWith(ER_MESSAGES.notFound);
    await audit(inTransaction(ctx, tx), {
      action: 'er.update',
      entityType: 'er_entry',
      entityId: id,
      patientId: updated.patientId,
      details: { from: current.status, to, fields: Object.keys(input) },
    });
    return updated;
  });
  await ctx.publish('emergency');
  return toErEntry(row, now);
}

/**
 * POST /api/admin/emergency-room/:id/admit: Admitted, with an inpatient stay in a Free bed under
 * a doctor in charge, in one transaction, so the visit is never Admitted without its stay and bed
 * (or the other way round). Only an arrival linked to a registered patient can be admitted.
 */
export async function admitErEntry(ctx: ServiceContext, id: string, input: AdmitInput) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const { current } = await lockForMove(tx, id, 'Admitted');
    if (!current.patientId) throw badRequest(FRONT_DESK_MESSAGES.admitNeedsPatient, 'bedId');
    const txCtx = inTransaction(ctx, tx);
    const { bedId, ...details } = input;
    const stay = await admitIntoBed(txCtx, {
      patientId: current.patientId,
      bedId,
      details,
      source: 'Emergency',
      erEntryId: id,
    });
    const [updated] = await tx
      .update(erEntries)
      .set({ status: 'Admitted', ...timesFor(current, 'Admitted', now), updatedAt: now })
      .where(eq(erEntries.id, id))
      .returning();
    if (!updated) throw notFoundWith(ER_MESSAGES.notFound);
    await audit(txCtx, {
      action: 'er.update',
      entityType: 'er_entry',
      entityId: id,
      patientId: updated.patientId,
      details: { from: current.status, to: 'Admitted', bedId, stayId: stay.id },
    });
    return { updated, stay };
  });
  await ctx.publish('emergency');
  await ctx.publish('wards', { doctorIds: [row.stay.doctorId] });
  return toErEntry(row.updated, now);
}

/**
 * POST /api/admin/emergency-room/:id/link: a walk-in still in the ER is matched to a registered
 * patient (the admin confirmed name, date of birth and phone). The arrival takes their name; the
 * name typed at the desk stays in the audit trail. The triage intake that sent them here becomes
 * part of the patient's record in the same transaction (intakes.ts).
 */
export async function linkErEntry(ctx: ServiceContext, id: string, input: LinkInput) {
  const now = ctx.now();
  const patient = await resolvePatient(ctx.db, '', input.patientId);
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(erEntries).where(eq(erEntries.id, id)).for('update');
    if (!current) throw notFoundWith(ER_MESSAGES.notFound);
    if (current.patientId) throw conflict('ALREADY_LINKED', FRONT_DESK_MESSAGES.alreadyLinked, 'patientId');
    if (current.leftAt) {
      throw conflict('INVALID_TRANSITION', `Cannot link an entry that is ${current.status}`, 'patientId');
    }
    const [updated] = await tx
      .update(erEntries)
      .set({ ...patient, updatedAt: now })
      .where(eq(erEntries.id, id))
      .returning();
    if (!updated) throw notFoundWith(ER_MESSAGES.notFound);
    const txCtx = inTransaction(ctx, tx);
    await attachIntakesOfArrival(txCtx, { id, typedName: current.patientName }, patient);
    await audit(txCtx, {
      action: 'er.link',
      entityType: 'er_entry',
      entityId: id,
      patientId: patient.patientId,
      details: { typedName: current.patientName, patientName: updated.patientName },
    });
    return updated;
  });
  await ctx.publish('emergency');
  return toErEntry(row, now);
}

/* What other modules use of the queues (they reach this module only through service.ts): the
 * triage intake places a patient in a department queue. */
export { addToQueue } from './queues';
/* And a completed appointment ends the patient's waits (appointments' status changes). */
export { endWaitsOfCompletedVisit } from './visit-end';
