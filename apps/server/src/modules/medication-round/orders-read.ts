import { type MedicationOrder, scheduleText } from '@carepoint/contract';
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { medicationOrders, users } from '../../db/schema';
import { iso } from '../../lib/list';
import { fullNameOf } from '../../lib/people';

/*
 * Orders as the API answers them, with the ordering and stopping doctors' names: one query for
 * any number of orders.
 */

export const orderedBy = alias(users, 'ordered_by');
export const stoppedBy = alias(users, 'stopped_by');

const selectOrders = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      row: medicationOrders,
      orderedByName: fullNameOf(orderedBy),
      stoppedByName: fullNameOf(stoppedBy),
    })
    .from(medicationOrders)
    .innerJoin(orderedBy, eq(orderedBy.id, medicationOrders.doctorId))
    .leftJoin(stoppedBy, eq(stoppedBy.id, medicationOrders.stoppedBy))
    .where(where);
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];
export type OrderColumns = OrderRow['row'];

const doctorName = (name: string) => `Dr ${name}`;

export function toOrder({ row, orderedByName, stoppedByName }: OrderRow, timeZone: string): MedicationOrder {
  return {
    id: row.id,
    stayId: row.stayId,
    patientId: row.patientId,
    medicine: row.medicine,
    medicineId: row.medicineId,
    unitsPerDose: row.unitsPerDose,
    dose: row.dose,
    route: row.route,
    kind: row.kind,
    times: row.times,
    everyHours: row.everyHours,
    minIntervalHours: row.minIntervalHours,
    maxPerDay: row.maxPerDay,
    controlled: row.controlled,
    startsAt: iso(row.startsAt),
    endsAt: row.endsAt ? iso(row.endsAt) : null,
    scheduleText: scheduleText(row, timeZone),
    orderedBy: { id: row.doctorId, name: doctorName(orderedByName) },
    orderedAt: iso(row.createdAt),
    acknowledgedAllergies: row.acknowledgedAllergies,
    stopped:
      row.stoppedAt && row.stoppedBy && row.stopReason
        ? {
            at: iso(row.stoppedAt),
            by: { id: row.stoppedBy, name: doctorName(stoppedByName ?? '') },
            reason: row.stopReason,
          }
        : null,
  };
}

export async function loadOrder(db: Executor, id: string, timeZone: string) {
  const [row] = await selectOrders(db, eq(medicationOrders.id, id));
  return row ? toOrder(row, timeZone) : undefined;
}
