import {
  type Administration,
  type administrationInputSchema,
  DOSE_WINDOW_MINUTES,
  MEDICATION_ROUND_MESSAGES,
  prnIntervalMessage,
  prnLimitMessage,
  scheduledDoses,
  scheduleEnd,
} from '@carepoint/contract';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { medicationAdministrations, medicationOrders, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { violatedUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { iso } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import type { RateLimits } from '../../lib/rate-limits';
import { publishStock } from '../pharmacy-stock';
import type { OrderColumns } from './orders-read';
import { shareAdmittedStay } from './stay';
import { takeDoseStock } from './ward-stock';
import { verifyWitness } from './witness';

type AdministrationData = z.output<typeof administrationInputSchema>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------- reading

export const recordedBy = alias(users, 'recorded_by');
export const witness = alias(users, 'witness');

const selectAdministrations = (db: Executor) =>
  db
    .select({
      row: medicationAdministrations,
      byName: fullNameOf(recordedBy),
      witnessName: fullNameOf(witness),
    })
    .from(medicationAdministrations)
    .innerJoin(recordedBy, eq(recordedBy.id, medicationAdministrations.recordedBy))
    .leftJoin(witness, eq(witness.id, medicationAdministrations.witnessId));
type AdministrationRow = Awaited<ReturnType<ReturnType<typeof selectAdministrations>['execute']>>[number];

export function toAdministration({ row, byName, witnessName }: AdministrationRow): Administration {
  return {
    id: row.id,
    orderId: row.orderId,
    scheduledFor: row.scheduledFor ? iso(row.scheduledFor) : null,
    outcome: row.outcome,
    reason: row.reason,
    recordedAt: iso(row.recordedAt),
    givenAt: row.givenAt ? iso(row.givenAt) : null,
    by: { id: row.recordedBy, name: byName },
    witness: row.witnessId ? { id: row.witnessId, name: witnessName ?? '' } : null,
    stockShortfall: row.stockShortfall,
  };
}

// ---------------------------------------------------------------- the as-needed limits

/**
 * When an as-needed order allows its next dose, from its doses given in the 24 hours before
 * `now` (oldest first): after the minimum interval since the last, and once the oldest of a full
 * day's doses is 24 hours old. Null: now.
 */
export function prnNextAllowed(
  order: Pick<OrderColumns, 'minIntervalHours' | 'maxPerDay'>,
  givenLast24h: readonly Date[],
  now: Date,
): { at: Date; limit: boolean } | null {
  const last = givenLast24h.at(-1);
  const byInterval = last ? last.getTime() + (order.minIntervalHours ?? 0) * HOUR_MS : 0;
  const max = order.maxPerDay ?? Number.POSITIVE_INFINITY;
  const full = givenLast24h.length >= max;
  const oldest = givenLast24h[givenLast24h.length - max];
  const byLimit = full && oldest ? oldest.getTime() + DAY_MS : 0;
  const at = Math.max(byInterval, byLimit);
  return at > now.getTime() ? { at: new Date(at), limit: byLimit >= byInterval } : null;
}

/** The order's as-needed doses given in the 24 hours before `now`, oldest first. */
async function prnGivenSince(db: Executor, orderId: string, now: Date) {
  const rows = await db
    .select({ givenAt: medicationAdministrations.givenAt })
    .from(medicationAdministrations)
    .where(
      and(
        eq(medicationAdministrations.orderId, orderId),
        isNotNull(medicationAdministrations.givenAt),
        gt(medicationAdministrations.givenAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .orderBy(asc(medicationAdministrations.givenAt));
  return rows.flatMap((r) => (r.givenAt ? [r.givenAt] : []));
}

// ---------------------------------------------------------------- recording

/** Refuses a dose the order does not have at that time, or one not yet within the hour before it. */
function checkScheduled(order: OrderColumns, scheduledFor: Date, now: Date, timeZone: string) {
  const end = scheduleEnd(order);
  if (order.stoppedAt && scheduledFor >= order.stoppedAt)
    throw conflict('ORDER_STOPPED', MEDICATION_ROUND_MESSAGES.orderStopped, 'scheduledFor');
  if (end && scheduledFor >= end)
    throw conflict('ORDER_ENDED', MEDICATION_ROUND_MESSAGES.orderEnded, 'scheduledFor');
  const [match] = scheduledDoses(order, scheduledFor, new Date(scheduledFor.getTime() + 1), timeZone);
  if (!match) throw badRequest(MEDICATION_ROUND_MESSAGES.notAScheduledDose, 'scheduledFor');
  if (scheduledFor.getTime() - now.getTime() > DOSE_WINDOW_MINUTES * 60_000)
    throw conflict('DOSE_NOT_DUE', MEDICATION_ROUND_MESSAGES.notYetDue, 'scheduledFor');
}

/**
 * A dose given of a formulary medicine takes its units from the ward's store; when the store
 * holds too little in date, the dose is marked with its shortfall (it stands all the same).
 * Answers what the dose's audit record says of its stock (nothing for a dose that takes none).
 */
async function takeStock(
  ctx: ServiceContext,
  order: OrderColumns,
  wardId: string,
  administrationId: string,
  outcome: AdministrationData['outcome'],
) {
  if (outcome !== 'Given' || !order.medicineId || !order.unitsPerDose) return {};
  const stock = await takeDoseStock(ctx, {
    administrationId,
    wardId,
    medicineId: order.medicineId,
    units: order.unitsPerDose,
  });
  if (stock) return { stock };
  await ctx.db
    .update(medicationAdministrations)
    .set({ stockShortfall: true })
    .where(eq(medicationAdministrations.id, administrationId));
  return { stockShortfall: true };
}

/**
 * A nurse records one dose of an order: given, held, refused or not available. The order's row
 * is locked FOR UPDATE first, so the as-needed limits are counted with no other dose of the
 * order being written meanwhile; a scheduled dose is recorded once (the unique index answers the
 * second of two presses with 409). A controlled medicine's witness is checked before, outside
 * the transaction (a password check takes a moment and holds no lock). A dose given of a
 * formulary medicine takes its stock in the same transaction (takeStock).
 */
export async function recordDose(
  ctx: ServiceContext,
  limits: RateLimits,
  orderId: string,
  input: AdministrationData,
): Promise<Administration> {
  const actor = signedIn(ctx.actor);
  const tz = ctx.config.TIME_ZONE;
  const [peek] = await ctx.db
    .select({ controlled: medicationOrders.controlled })
    .from(medicationOrders)
    .where(eq(medicationOrders.id, orderId));
  if (!peek) throw notFoundWith(MEDICATION_ROUND_MESSAGES.orderNotFound);
  const witnessId = peek.controlled ? await verifyWitness(ctx, ctx.db, limits, input.witness) : null;
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;

  const { id, doctorId, tookStock } = await ctx.db
    .transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(medicationOrders)
        .where(eq(medicationOrders.id, orderId))
        .for('update');
      if (!order) throw notFoundWith(MEDICATION_ROUND_MESSAGES.orderNotFound);
      const stay = await shareAdmittedStay(tx, order.stayId);
      const now = ctx.now();
      if (order.stoppedAt && order.stoppedAt <= now && (!scheduledFor || scheduledFor >= order.stoppedAt))
        throw conflict('ORDER_STOPPED', MEDICATION_ROUND_MESSAGES.orderStopped);
      if (order.kind === 'prn') {
        if (scheduledFor) throw badRequest(MEDICATION_ROUND_MESSAGES.prnOnly, 'scheduledFor');
        if (order.startsAt > now)
          throw conflict('ORDER_NOT_STARTED', MEDICATION_ROUND_MESSAGES.orderNotStarted);
        if (order.endsAt && order.endsAt <= now)
          throw conflict('ORDER_ENDED', MEDICATION_ROUND_MESSAGES.orderEnded);
        if (input.outcome === 'Given') {
          const next = prnNextAllowed(order, await prnGivenSince(tx, orderId, now), now);
          if (next)
            throw conflict(
              'PRN_LIMIT',
              next.limit
                ? prnLimitMessage(order.maxPerDay ?? 0, next.at, tz)
                : prnIntervalMessage(next.at, tz),
            );
        }
      } else {
        if (!scheduledFor) throw badRequest(MEDICATION_ROUND_MESSAGES.scheduledOnly, 'scheduledFor');
        checkScheduled(order, scheduledFor, now, tz);
      }
      const [row] = await tx
        .insert(medicationAdministrations)
        .values({
          orderId,
          scheduledFor,
          outcome: input.outcome,
          reason: input.reason || null,
          recordedAt: now,
          givenAt: input.outcome === 'Given' ? now : null,
          recordedBy: actor.id,
          witnessId,
          updatedAt: now,
        })
        .returning({ id: medicationAdministrations.id });
      if (!row) throw new Error('administration not stored');
      const stock = await takeStock(inTransaction(ctx, tx), order, stay.wardId, row.id, input.outcome);
      await audit(inTransaction(ctx, tx), {
        action: 'medication-administration.create',
        entityType: 'medication-administration',
        entityId: row.id,
        patientId: order.patientId,
        details: {
          orderId,
          stayId: order.stayId,
          scheduledFor: scheduledFor ? iso(scheduledFor) : null,
          outcome: input.outcome,
          witnessId,
          ...stock,
        },
      });
      return { id: row.id, doctorId: stay.doctorId, tookStock: 'stock' in stock };
    })
    .catch((error: unknown) => {
      if (violatedUnique(error) === 'medication_administrations_dose_unique')
        throw conflict('DOSE_RECORDED', MEDICATION_ROUND_MESSAGES.alreadyRecorded, 'scheduledFor');
      throw error;
    });
  await ctx.publish('wards', { doctorIds: [doctorId] });
  if (tookStock) await publishStock(ctx);
  const [saved] = await selectAdministrations(ctx.db).where(eq(medicationAdministrations.id, id));
  if (!saved) throw notFoundWith(MEDICATION_ROUND_MESSAGES.orderNotFound);
  return toAdministration(saved);
}
