import {
  type createQueueEntrySchema,
  currentEtaMinutes,
  DEPARTMENTS,
  type Department,
  QUEUE_BOARD_ENTRIES,
  QUEUE_MESSAGES,
  type QUEUE_SORTABLE,
  type QueueBoard,
  type QueueEntry,
  type queueListQuerySchema,
  type updateQueueEntrySchema,
} from '@carepoint/contract';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { queueEntries, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { AppError, conflict, notFoundWith } from '../../lib/errors';
import { independentReads } from '../../lib/independent-reads';
import { iso, isoOrNull, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { fullNameOf, resolvePatient } from '../../lib/people';

/**
 * Department queues. The ETA is stored as minutes plus when they were set and derived at read
 * time, so every reader at the same instant sees the same value and a reload loses nothing.
 */

type ListQuery = z.output<typeof queueListQuerySchema>;
type CreateInput = z.output<typeof createQueueEntrySchema>;
type UpdateInput = z.output<typeof updateQueueEntrySchema>;
type Row = typeof queueEntries.$inferSelect;

const q = queueEntries;

/**
 * `eta`: the ETA that follows queue position (see waitingOrder); the entry's own countdown when not
 * given. `calledBy`: the caller's name, for an entry that was called (see withCaller).
 */
const toQueueEntry = (row: Row, now: Date, eta?: number, calledBy: string | null = null): QueueEntry => ({
  id: row.id,
  patient: row.patientName,
  patientId: row.patientId,
  department: row.department,
  triage: row.triage,
  etaMinutes: eta ?? currentEtaMinutes(row.etaMinutes, row.etaSetAt, now),
  etaSetMinutes: row.etaMinutes,
  etaSetAt: iso(row.etaSetAt),
  joinedAt: iso(row.joinedAt),
  status: row.status,
  calledAt: isoOrNull(row.calledAt),
  calledBy,
  seenAt: isoOrNull(row.seenAt),
});

const caller = alias(users, 'caller');
/** An entry with the name of whoever called it in (none for an entry never called). */
const withCaller = (db: Executor) =>
  db
    .select({ entry: q, calledBy: fullNameOf(caller) })
    .from(q)
    .leftJoin(caller, eq(caller.id, q.calledBy));

async function entryWithCaller(db: Executor, id: string, now: Date) {
  const [row] = await withCaller(db).where(eq(q.id, id));
  if (!row) throw notFoundWith(QUEUE_MESSAGES.notFound);
  return toQueueEntry(row.entry, now, undefined, row.calledBy);
}

/** Queue order: the most urgent first, then whoever joined first. */
const QUEUE_ORDER = [desc(q.triage), asc(q.joinedAt)];

const SORT: SortColumns<(typeof QUEUE_SORTABLE)[number]> = {
  position: (order) => (order === 'asc' ? QUEUE_ORDER : [asc(q.triage), desc(q.joinedAt)]),
  joinedAt: q.joinedAt,
  triage: [q.triage, q.joinedAt],
  patient: q.patientName,
  department: (order) => [order === 'asc' ? asc(q.department) : desc(q.department), ...QUEUE_ORDER],
};

const waiting = eq(q.status, 'Waiting');
const alreadyWaiting = () => conflict('ALREADY_WAITING', QUEUE_MESSAGES.alreadyWaiting, 'patientId');

/**
 * Every waiting entry with its place in its department's queue (rank), the department's count
 * and its ETA: the entry's own countdown at `now`, raised to the ETA of whoever is ahead (a
 * running max in queue order, the contract's queueEtas in SQL).
 */
function waitingOrder(db: Executor, now: Date) {
  const inQueue = sql`partition by ${q.department} order by ${q.triage} desc, ${q.joinedAt}, ${q.id}`;
  const elapsed = sql`greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - ${q.etaSetAt})) / 60))`;
  const own = sql`greatest(0, ${q.etaMinutes} - ${elapsed})`;
  return db
    .select({
      id: q.id,
      rank: sql<number>`row_number() over (${inQueue})`.as('rank'),
      waiting: sql<number>`count(*) over (partition by ${q.department})`.as('waiting'),
      eta: sql<number>`max(${own}) over (${inQueue} rows between unbounded preceding and current row)`.as(
        'eta',
      ),
    })
    .from(q)
    .where(waiting)
    .as('ranked');
}

/** The ETA of one waiting entry in its queue (undefined when it no longer waits). */
async function etaOf(db: Executor, now: Date, id: string) {
  const ranked = waitingOrder(db, now);
  const [row] = await db.select({ eta: ranked.eta }).from(ranked).where(eq(ranked.id, id));
  return row ? Number(row.eta) : undefined;
}

/** Queue reads show patient names: each one is recorded in the audit trail. */
const auditRead = (ctx: ServiceContext, action: string, details: Record<string, unknown>) =>
  audit(ctx, { action, entityType: 'queue_entry', details });

export async function listQueue(ctx: ServiceContext, query: ListQuery) {
  const { db } = ctx;
  const now = ctx.now();
  const where = and(
    waiting,
    query.department ? eq(q.department, query.department) : undefined,
    search(query.q, [q.patientName]),
  );
  const ranked = waitingOrder(db, now);
  const result = await listPage(ctx, query, {
    rows: (select) =>
      select({ entry: q, eta: ranked.eta }).from(q).innerJoin(ranked, eq(ranked.id, q.id)).where(where),
    order: orderBy(query, SORT, QUEUE_ORDER, q.id),
    count: matchingRows(db).from(q).where(where),
    map: ({ entry, eta }) => toQueueEntry(entry, now, Number(eta)),
  });
  await auditRead(ctx, 'queues.list', { query, entryIds: result.data.map((e) => e.id) });
  return result;
}

/** Each department's patients called in and not yet seen, newest call first (queue_called_idx). */
function calledNotSeen(db: Executor) {
  const called = db
    .select({
      id: q.id,
      rank: sql<number>`row_number() over (partition by ${q.department} order by ${q.calledAt} desc, ${q.id})`.as(
        'called_rank',
      ),
    })
    .from(q)
    .where(eq(q.status, 'Called'))
    .as('called');
  return db
    .select({ entry: q, calledBy: fullNameOf(caller) })
    .from(called)
    .innerJoin(q, eq(q.id, called.id))
    .leftJoin(caller, eq(caller.id, q.calledBy))
    .where(lte(called.rank, QUEUE_BOARD_ENTRIES))
    .orderBy(asc(called.rank));
}

/**
 * Every department: its waiting count, its first entries in queue order, and who was called in
 * and is not yet seen (so a call leaves a trace on every screen until the patient is seen).
 */
export async function queueBoard(ctx: ServiceContext): Promise<QueueBoard> {
  const { db } = ctx;
  const now = ctx.now();
  const ranked = waitingOrder(db, now);
  const [rows, calledRows] = await independentReads(db, [
    () =>
      db
        .select({ entry: q, waiting: ranked.waiting, eta: ranked.eta })
        .from(ranked)
        .innerJoin(q, eq(q.id, ranked.id))
        .where(lte(ranked.rank, QUEUE_BOARD_ENTRIES))
        .orderBy(asc(ranked.rank)),
    () => calledNotSeen(db),
  ]);
  const byDepartment = new Map<Department, QueueBoard['departments'][number]>(
    DEPARTMENTS.map((department) => [department, { department, waiting: 0, entries: [], called: [] }]),
  );
  for (const { entry, waiting: count, eta } of rows) {
    const board = byDepartment.get(entry.department);
    if (!board) continue;
    board.waiting = Number(count);
    board.entries.push(toQueueEntry(entry, now, Number(eta)));
  }
  for (const { entry, calledBy } of calledRows) {
    byDepartment.get(entry.department)?.called.push(toQueueEntry(entry, now, undefined, calledBy));
  }
  const departments = [...byDepartment.values()];
  await auditRead(ctx, 'queues.board', {
    entryIds: departments.flatMap((d) => [...d.entries, ...d.called].map((e) => e.id)),
  });
  return { departments };
}

export async function addToQueue(ctx: ServiceContext, input: CreateInput) {
  const now = ctx.now();
  const patient = await resolvePatient(ctx.db, input.patient, input.patientId);
  const row = await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(q)
          .values({
            ...patient,
            department: input.department,
            triage: input.triage,
            etaMinutes: input.etaMinutes,
            etaSetAt: now,
            joinedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!created) throw new Error('queue entry not created');
        await audit(inTransaction(ctx, tx), {
          action: 'queue.add',
          entityType: 'queue_entry',
          entityId: created.id,
          patientId: created.patientId,
          details: { department: created.department, triage: created.triage, etaMinutes: created.etaMinutes },
        });
        return created;
      }),
    alreadyWaiting,
  );
  await ctx.publish('queues');
  return toQueueEntry(row, now, await etaOf(ctx.db, now, row.id));
}

/** Re-triage, re-estimate (the countdown restarts now) or take a waiting patient out of the queue. */
export async function updateQueueEntry(ctx: ServiceContext, id: string, input: UpdateInput) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(q).where(eq(q.id, id)).for('update');
    if (!current) throw notFoundWith(QUEUE_MESSAGES.notFound);
    if (current.status !== 'Waiting') throw conflict('NOT_WAITING', QUEUE_MESSAGES.notWaiting);
    const [updated] = await tx
      .update(q)
      .set({
        triage: input.triage,
        status: input.status,
        ...(input.etaMinutes === undefined ? {} : { etaMinutes: input.etaMinutes, etaSetAt: now }),
        updatedAt: now,
      })
      .where(eq(q.id, id))
      .returning();
    if (!updated) throw notFoundWith(QUEUE_MESSAGES.notFound);
    await audit(inTransaction(ctx, tx), {
      action: 'queue.update',
      entityType: 'queue_entry',
      entityId: id,
      patientId: updated.patientId,
      details: { fields: Object.keys(input) },
    });
    return updated;
  });
  await ctx.publish('queues');
  return toQueueEntry(row, now, await etaOf(ctx.db, now, row.id));
}

/**
 * Calls the first waiting patient of a department (highest triage, then earliest). The row is
 * locked with SKIP LOCKED, so two staff calling at once call two different patients.
 */
export async function callNext(ctx: ServiceContext, department: Department) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: q.id })
      .from(q)
      .where(and(waiting, eq(q.department, department)))
      .orderBy(...QUEUE_ORDER, asc(q.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) throw new AppError(404, 'QUEUE_EMPTY', QUEUE_MESSAGES.nobodyWaiting);
    const [called] = await tx
      .update(q)
      .set({ status: 'Called', calledAt: now, calledBy: ctx.actor?.id ?? null, updatedAt: now })
      .where(eq(q.id, next.id))
      .returning();
    if (!called) throw notFoundWith(QUEUE_MESSAGES.notFound);
    await audit(inTransaction(ctx, tx), {
      action: 'queue.call',
      entityType: 'queue_entry',
      entityId: called.id,
      patientId: called.patientId,
      details: { department },
    });
    return called;
  });
  await ctx.publish('queues');
  const { actor } = ctx;
  return toQueueEntry(row, now, undefined, actor ? `${actor.firstName} ${actor.lastName}` : null);
}

/** A called patient was seen: they leave the board's called list, on every screen. */
export async function markSeen(ctx: ServiceContext, id: string) {
  const now = ctx.now();
  const entry = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(q).where(eq(q.id, id)).for('update');
    if (!current) throw notFoundWith(QUEUE_MESSAGES.notFound);
    if (current.status !== 'Called') throw conflict('NOT_CALLED', QUEUE_MESSAGES.notCalled);
    await tx
      .update(q)
      .set({ status: 'Seen', seenAt: now, seenBy: ctx.actor?.id ?? null, updatedAt: now })
      .where(eq(q.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'queue.seen',
      entityType: 'queue_entry',
      entityId: id,
      patientId: current.patientId,
      details: { department: current.department, calledAt: isoOrNull(current.calledAt) },
    });
    return entryWithCaller(tx, id, now);
  });
  await ctx.publish('queues');
  return entry;
}
